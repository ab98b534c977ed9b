/**
 * Builders for small hand-made states in scenario tests. They start from a real setup (so every field is
 * valid) and then rearrange the board; nothing here bypasses rules that the test is about.
 */
import type { Faction, LeaderId, LetterId, MissionId, ObjectiveId, PlanetId } from '../../src/game/content';
import {
  apply, createState, legalActions, run, scriptedRng, seededRng, type Action, type GameState, type Rng, type Units,
} from '../../src/game/rules';
import { emptyUnits, total } from '../../src/game/rules/board';

/** A game after setup, paused at round 1 Planning (Rebel to plan). Grid, decks and starts come from `seed`. */
export function afterSetup(seed = 1, base: LetterId | null = null): GameState {
  const rng = seededRng(seed);
  const s = createState(rng);
  must(apply(s, 'I', { type: 'imperialSetup', capitalOn: 'IMP', fightersOnImperium: 3 }, rng), 'imperialSetup');
  const choices = legalActions(s, 'R');
  const pick = base ? choices.find((a) => a.type === 'chooseBase' && a.planet === base) : choices[0];
  must(pick && apply(s, 'R', pick, rng), 'chooseBase');
  run(s, rng); // enter Planning: draws, then the Rebel's plan decision
  return s;
}

export function must(ok: unknown, what: string): void {
  if (!ok) throw new Error(`builder step failed: ${what}`);
}

/** Return every unit on the board and the base card to supply and remove all tokens. Leaders go to pools. */
export function clearBoard(s: GameState): GameState {
  for (const p of s.grid) {
    const pl = s.planets[p];
    for (const f of ['R', 'I'] as Faction[]) {
      s.supply[f].f += pl[f].f;
      s.supply[f].c += pl[f].c;
      s.supply[f].s += pl[f].s;
      pl[f] = emptyUnits();
    }
    pl.loyalty = false;
    pl.disrupt = false;
    pl.destroyed = false;
  }
  s.supply.R.f += s.base.units.f;
  s.supply.R.c += s.base.units.c;
  s.base.units = emptyUnits();
  for (const id of Object.keys(s.leaders) as LeaderId[]) s.leaders[id] = { at: 'pool', captured: false };
  return s;
}

/** Put units from supply on a planet (or the base card with 'BASE'). */
export function put(s: GameState, where: PlanetId | 'BASE', f: Faction, units: Partial<Units>): void {
  const u = { ...emptyUnits(), ...units };
  s.supply[f].f -= u.f;
  s.supply[f].c -= u.c;
  s.supply[f].s -= u.s;
  const target = where === 'BASE' ? s.base.units : s.planets[where][f];
  target.f += u.f;
  target.c += u.c;
  target.s += u.s;
  if (s.supply[f].f < 0 || s.supply[f].c < 0 || s.supply[f].s < 0) throw new Error('put: supply exhausted');
}

/** Move the hidden base to `planet` (keeping the probe partition R6.2.1 intact). */
export function setBase(s: GameState, planet: LetterId, revealed = false): void {
  const old = s.base.planet;
  if (old === null) throw new Error('setBase: the base is not chosen yet (R3.9)');
  if (old !== planet) {
    const inDeck = s.probes.deck.indexOf(planet);
    const inHand = s.probes.hand.indexOf(planet);
    if (inDeck >= 0) s.probes.deck[inDeck] = old;
    else if (inHand >= 0) s.probes.hand[inHand] = old;
    s.base.planet = planet;
  }
  s.base.revealed = revealed;
}

/**
 * Jump to Operations of the current round with the given planned missions (cards taken from wherever they are),
 * `seat` to act. Extra cards can be put in hand with `hands`.
 */
export function operationsWith(
  s: GameState,
  planned: Partial<Record<Faction, { card: MissionId; leader: LeaderId }[]>>,
  seat: Faction = 'R',
): GameState {
  s.phase = 'operations';
  s.queue = [];
  s.combat = null;
  s.mission = null;
  s.passed = { R: false, I: false };
  s.turn = seat;
  for (const f of ['R', 'I'] as Faction[]) {
    s.planned[f] = [];
    for (const pm of planned[f] ?? []) {
      takeCard(s, f, pm.card);
      s.planned[f].push({ ...pm });
      s.leaders[pm.leader].at = 'plan';
    }
  }
  s.pending = { kind: 'turn', seat };
  return s;
}

/** Remove a mission card from hand, deck or discard (so it can be placed elsewhere). */
export function takeCard(s: GameState, f: Faction, card: MissionId): void {
  s.hands[f] = s.hands[f].filter((c) => c !== card);
  s.decks[f] = s.decks[f].filter((c) => c !== card);
  s.discards[f] = s.discards[f].filter((c) => c !== card);
}

/** Apply an action for a seat and fail loudly if it is not legal. */
export function act(s: GameState, seat: Faction, a: Action, rng: Rng): void {
  if (!apply(s, seat, a, rng)) {
    const legal = legalActions(s, seat).map((x) => JSON.stringify(x)).slice(0, 20);
    throw new Error(`illegal for ${seat}: ${JSON.stringify(a)}; pending ${JSON.stringify(s.pending)}; legal: ${legal.join(' ')}`);
  }
}

/** Scripted dice: each value is a die face 1–6 (converted to rng.int's 0–5). */
export function dice(...faces: number[]): Rng & { used: number } {
  return scriptedRng(faces.map((f) => f - 1));
}

export const unitsOn = (s: GameState, p: PlanetId, f: Faction): number => total(s.planets[p][f]);
export { emptyUnits, seededRng, scriptedRng };

// ---------------------------------------------------------------------------------------------------------------
// Scenario helpers (missions / objectives scenario tests). They only arrange state or drive legal actions.
// ---------------------------------------------------------------------------------------------------------------

/**
 * A fixed grid for readable scenario tests (rows keep their own letters, so sectors stay right, R3.1):
 *   (1,·)  A  B  IMP C  D
 *   (2,·)  E  F  G   H  I
 *   (3,·)  J  K  L   M  N
 */
export const TEST_GRID: PlanetId[] = ['A', 'B', 'IMP', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M', 'N'];

/**
 * afterSetup(seed) → clearBoard → TEST_GRID, with the hidden base on `base`, an empty objective hand and the
 * probe hand holding only the public R3.8 card. Round 1, still in Planning (use operationsWith next).
 * With seed 1 the starting planets are Imperial G, Rebel H.
 */
export function scenario(base: LetterId = 'N', seed = 1): GameState {
  const s = afterSetup(seed, base === seedStartI(seed) ? null : base);
  clearBoard(s);
  s.grid = [...TEST_GRID];
  setBase(s, base);
  s.objectives.deck.push(...s.objectives.hand); // keep the 16 objectives conserved
  s.objectives.hand = [];
  return s;
}

function seedStartI(seed: number): LetterId {
  return createState(seededRng(seed)).start.I;
}

/** Mark a planet destroyed (R6.4), tokens off. */
export function destroy(s: GameState, p: PlanetId): void {
  s.planets[p].destroyed = true;
  s.planets[p].loyalty = false;
  s.planets[p].disrupt = false;
}

/** Put a leader on a planet (committed there, R4.2.7), optionally captured (Rebel only). */
export function placeLeader(s: GameState, leader: LeaderId, p: PlanetId, captured = false): void {
  s.leaders[leader] = { at: p, captured };
}

/** Reveal a planned mission (R4.2.4); `rng` serves any attempt / effect dice that follow immediately. */
export function reveal(s: GameState, f: Faction, card: MissionId, target: PlanetId, rng: Rng = dice()): void {
  act(s, f, { type: 'revealMission', card, target }, rng);
}

/** Answer the opposition window (R4.2.5): a leader id, or null to decline. */
export function answerOpposition(s: GameState, f: Faction, leader: LeaderId | null, rng: Rng = dice()): void {
  act(s, f, leader ? { type: 'oppose', leader } : { type: 'declineOpposition' }, rng);
}

/** Log events appended since `mark` (= s.log.length taken earlier). */
export function logSince(s: GameState, mark: number): GameState['log'] {
  return s.log.slice(mark);
}

/** R6.2.1 — deck + hand + base card hold each of the 14 letters exactly once. */
export function probePartition(s: GameState): string {
  return [...s.probes.deck, ...s.probes.hand, s.base.planet].sort().join('');
}

/**
 * Pass (and answer windows with "none") until `stop(s)` holds, a win, or a safety limit. Runs phase
 * boundaries with advance(). Used to reach the end-of-Operations / end-of-Refresh windows through the real
 * sequence of the round.
 */
export function driveUntil(s: GameState, stop: (s: GameState) => boolean, rng: Rng = dice()): void {
  for (let i = 0; i < 200 && !s.winner && !stop(s); i++) {
    const p = s.pending;
    if (!p) {
      run(s, rng);
      continue;
    }
    if (p.kind === 'turn') act(s, p.seat, { type: 'pass' }, rng);
    else if (p.kind === 'objective') act(s, 'R', { type: 'revealObjective', card: null }, rng);
    else if (p.kind === 'baseMoves') act(s, 'R', { type: 'endBaseMoves' }, rng);
    else if (p.kind === 'plan') act(s, p.seat, { type: 'endPlanning' }, rng);
    else throw new Error(`driveUntil: unexpected decision ${p.kind}`);
  }
  if (!s.winner && !stop(s)) throw new Error('driveUntil: did not reach the stop condition');
}

/** True when the Rebel is being asked at an objective window of this kind (R4.5.2). */
export const atWindow = (w: 'operations' | 'refresh' | 'combat') => (s: GameState): boolean =>
  s.pending?.kind === 'objective' && s.pending.window === w;

// ---------------------------------------------------------------------------------------------------------------
// Helpers for the combat, round-structure and property tests.
// ---------------------------------------------------------------------------------------------------------------

/**
 * Strict scripted dice: each value is a die face 1–6, consumed in order (white before black, attacker before
 * defender, R3 intro). Throws when the core asks for more values than scripted, so a test also proves how many
 * dice were rolled (and a mis-scripted combat cannot loop forever on misses).
 */
export function exactDice(...faces: number[]): Rng & { used: number; left: () => number } {
  const rng = {
    used: 0,
    left: () => faces.length - rng.used,
    int(n: number) {
      if (rng.used >= faces.length) throw new Error(`exactDice: out of scripted dice after ${faces.length}`);
      const v = faces[rng.used++] - 1;
      if (v < 0 || v >= n) throw new Error(`exactDice: face ${v + 1} out of range for int(${n})`);
      return v;
    },
  };
  return rng;
}

/**
 * An Rng that always returns n − 1 (Fisher–Yates then swaps nothing: every shuffle keeps id order) and records
 * every n asked for, in order.
 */
export function identityRng(): Rng & { calls: number[] } {
  const rng = {
    calls: [] as number[],
    int(n: number) {
      rng.calls.push(n);
      return n - 1;
    },
  };
  return rng;
}

/** Wrap an Rng and record every n asked for, in order. */
export function recordingRng(inner: Rng): Rng & { calls: number[] } {
  const rng = {
    calls: [] as number[],
    int(n: number) {
      rng.calls.push(n);
      return inner.int(n);
    },
  };
  return rng;
}

/**
 * Set the Rebel objective hand to exactly `cards`, keeping the 16 objectives conserved: the given cards leave
 * the deck / scoring / discard, the old hand goes to the bottom of the deck.
 */
export function giveObjectives(s: GameState, cards: ObjectiveId[]): void {
  const o = s.objectives;
  const old = o.hand.filter((c) => !cards.includes(c));
  o.deck = o.deck.filter((c) => !cards.includes(c));
  o.scoring = o.scoring.filter((c) => !cards.includes(c));
  o.discard = o.discard.filter((c) => !cards.includes(c));
  o.deck.push(...old);
  o.hand = [...cards];
}

/**
 * The state right after setup (R3.11): round 1 has begun but its Planning draws have not run yet; the queue
 * holds them. Call run(s, rng) to continue.
 */
export function beforeDraws(seed = 1, base: LetterId | null = null): GameState {
  const rng = seededRng(seed);
  const s = createState(rng);
  must(apply(s, 'I', { type: 'imperialSetup', capitalOn: 'IMP', fightersOnImperium: 3 }, rng), 'imperialSetup');
  const choices = legalActions(s, 'R');
  const pick = base ? choices.find((a) => a.type === 'chooseBase' && a.planet === base) : choices[0];
  must(pick && apply(s, 'R', pick, rng), 'chooseBase');
  return s;
}

/**
 * Jump to the start of the Refresh phase of the current round (R4.4): nothing pending, the queue holds
 * startRefresh. Call run(s, rng) to play the Refresh steps.
 */
export function toRefresh(s: GameState): GameState {
  s.phase = 'objective';
  s.pending = null;
  s.combat = null;
  s.mission = null;
  s.queue = [{ t: 'startRefresh' }];
  run(s, seededRng('toRefresh')); // startRefresh yields at once: no randomness used
  return s;
}
