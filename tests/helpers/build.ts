/**
 * Builders for small hand-made states in scenario tests. They start from a real setup (so every field is
 * valid) and then rearrange the board; nothing here bypasses rules that the test is about.
 */
import type { Faction, LeaderId, LetterId, MissionId, PlanetId } from '../../src/game/content';
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
