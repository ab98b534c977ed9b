/**
 * RULES §8 — per-seat views. `viewFor(state, seat)` is a deep copy of the state cut down to exactly what that
 * seat (or a spectator, `null`) may see (R8.2, R8.3). Hidden things keep their shape: a hidden card id becomes the
 * placeholder `HIDDEN` and every array keeps its length, so the UI can draw card backs and counts, a bot can sample
 * the hidden part (src/game/rules/sample.ts), and `legalActions(view, seat)` lists exactly what it lists on the
 * full state for that seat.
 *
 * Representation decisions (each also noted where it is made):
 * - Opponent's mission hand (R8.2 "count only"): `[cards this seat knows are in that hand, sorted…, HIDDEN…]`.
 *   Hand order is not shown: it would tell when a card was drawn or which card left the hand.
 * - Imperial cards seen with R-08 (R8.3 items 4 and 10): `known.rebelKnowsImperial` (Rebel and Imperial views)
 *   lists them; the Rebel knows each is "in the Imperial hand or planned". Where exactly is only known in the round
 *   of the R-08 (no mission can be planned after it until the next Planning): in that round the Rebel's view shows
 *   every Imperial planned card and the known cards in the hand. In later rounds the known cards are shown nowhere
 *   but in `known`, since showing one in the hand would tell the Rebel it was not planned again (and vice versa).
 * - Planned missions keep their order and their public leader (R4.1.3); the card is HIDDEN for the non-owner.
 * - Mission decks: HIDDEN for everyone, the owner included (R8.2 "mission deck orders: no"); counts kept.
 * - Rebel objective hand for the Imperial and spectators: `['O1-8' if shown under R5.9, HIDDEN…]` (R8.3 item 2:
 *   holding Secret Plans is public once shown, so spectators see it too).
 * - Objective deck: HIDDEN except the bottom cards this seat knows (R8.3 item 10): R-09's card ('R') for the Rebel,
 *   I-09's card ('both') for both players. Spectators see neither: I-09 shows the card to the Imperial, it does not
 *   make it public. `bottomKnown` keeps its entries (its length and `by` are public) with `card` HIDDEN where unseen.
 * - Imperial probe hand for the Rebel and spectators (R8.3 items 5, 11): `[flagged cards in the hand, in flag
 *   order…, HIDDEN…]`. Flagged cards first, because the position of a card found in the hand by I-01/I-02 would
 *   tell when it was drawn.
 * - Probe deck (R8.2 "order: no; contents: no" except flagged cards): for every seat `[flagged cards in the deck, in
 *   flag order…, HIDDEN…]`. A flagged card's presence is public, its position is not.
 * - Hidden base (R8.3 item 1): `base.planet` is HIDDEN for the Imperial and spectators while `base.revealed` is false;
 *   before the Rebel chooses it (R3.9) it is null for every seat (absent, and publicly so).
 * - Pending decisions that carry cards (intercept R-08, council R-09, relocate R6.2.7): `cards` become HIDDEN (length
 *   kept: it is public) for everyone but the Rebel, by the `redact` hook of their card module (./cards/). R-08's
 *   cards are the Imperial's own planned cards, which its view shows in `planned` anyway.
 * - Objective backs (deck I / II) are not marked: they follow from the public counts (R3.3 stacks deck I on top).
 *   The sampler uses them.
 * - Log: events the seat may not see (`to`, src/game/rules/log.ts `canSee`) are dropped; spectators see public
 *   events only. The events themselves are shared with the state, not copied: log events are immutable records.
 * - `known.rebelKnowsImperial` is empty for spectators (it names Imperial cards).
 * - Solo (RULES §9): the bot deck is HIDDEN except its last `bottomKnown` cards (the skipped cards put under it
 *   faceup, R9.4 step 3); the bot discard and the last skipped row are public. A Rebel bot's base and objective
 *   hand are hidden from the human Imperial exactly as from an Imperial player.
 * Everything else is public (R8.2 last rows): board, units, leaders, combat, queues, supplies, time, the active
 * mission (revealed), `known` (cleared planets, announced sector, Secret Plans shown), `objectives.revealedThisWindow`,
 * stats, config. The task queue never carries a secret: its only card-carrying task (`revealMission`) runs in the
 * same apply() that queued it, before any decision can be pending, and names a card being revealed anyway.
 */
import {
  SECRET_PLANS, type Faction, type LeaderId, type LetterId, type MissionId, type ObjectiveId, type PlanetId,
} from '../content';
import { HIDDEN, hidden, isHidden, type Hidden } from './hidden';
import { cardDecision } from './cards';
import { rebelSawImperialPlansThisRound } from './cards/intercept';
import { copyJson } from './json';
import { canSee } from './log';
import type { GameState, LeaderState, PlannedMission, PlanetState, Units } from './state';

export { HIDDEN, isHidden, rebelSawImperialPlansThisRound, type Hidden };

/** How viewFor treats each top-level field. A new GameState field fails to compile until it is classified here. */
const FIELDS: Record<keyof GameState, 'public' | 'cut'> = {
  config: 'public', solo: 'cut', round: 'public', phase: 'public', grid: 'public', planets: 'public', start: 'public',
  time: 'public', objective: 'public', leaders: 'public', hands: 'cut', decks: 'cut', discards: 'public',
  planned: 'cut', mission: 'public', objectives: 'cut', probes: 'cut', base: 'cut', supply: 'public',
  queues: 'public', sfOut: 'public', turn: 'public', passed: 'public', arrivals: 'public', placedThisRound: 'public',
  combat: 'public', lastCombat: 'public', arrival: 'public', known: 'cut', pending: 'cut', queue: 'public',
  winner: 'public', log: 'cut', facts: 'public', stats: 'public', undo: 'cut',
};
export const VIEW_FIELDS = FIELDS;

const units = (u: Units): Units => ({ f: u.f, c: u.c, s: u.s });

function copyPlanets(ps: GameState['planets']): GameState['planets'] {
  const planets = {} as Record<PlanetId, PlanetState>;
  for (const id in ps) {
    const p = ps[id as PlanetId];
    planets[id as PlanetId] = { id: p.id, loyalty: p.loyalty, disrupt: p.disrupt, destroyed: p.destroyed, R: units(p.R), I: units(p.I) };
  }
  return planets;
}

function copyLeaders(ls: GameState['leaders']): GameState['leaders'] {
  const leaders = {} as Record<LeaderId, LeaderState>;
  for (const id in ls) {
    const l = ls[id as LeaderId];
    leaders[id as LeaderId] = { at: l.at, captured: l.captured };
  }
  return leaders;
}

/**
 * Deep copy of a state, fast (no JSON round trip, no structuredClone): the object literals are typed, so a new
 * required field anywhere fails to compile until it is copied here. The log is a new array sharing the events
 * (immutable records). With `shareConfig` the (never mutated) config object is shared too. The take-back stack
 * (`undo`) is not copied: it holds whole states (viewFor adds its owner's marker, sampleWorld copies that).
 * With `sharePublic` the fields every seat sees as they are (FIELDS 'public') are `s`'s own objects, not copies,
 * and the log is left empty: for a view nobody changes (the server's, which only encodes it: src/game/filter.ts
 * `filterStateShared`). A state's objects are never changed once it is made (a move copies what it changes:
 * ./moveCopy.ts), so its views may hold them.
 */
export function copyState(s: GameState, shareConfig = false, sharePublic = false): GameState {
  // Public fields are written `sh ? s.x : copy` (no closures: the bots' sampler copies states in its inner loop).
  const sh = sharePublic;
  const plans = (xs: PlannedMission[]): PlannedMission[] => xs.map((pm) => ({ card: pm.card, leader: pm.leader }));
  const o = s.objectives;
  const out: GameState = {
    config: shareConfig || sh ? s.config : copyJson(s.config),
    round: s.round,
    phase: s.phase,
    grid: sh ? s.grid : s.grid.slice(),
    planets: sh ? s.planets : copyPlanets(s.planets),
    start: sh ? s.start : { R: s.start.R, I: s.start.I },
    time: s.time,
    objective: s.objective,
    leaders: sh ? s.leaders : copyLeaders(s.leaders),
    hands: { R: s.hands.R.slice(), I: s.hands.I.slice() },
    decks: { R: s.decks.R.slice(), I: s.decks.I.slice() },
    discards: sh ? s.discards : { R: s.discards.R.slice(), I: s.discards.I.slice() },
    planned: { R: plans(s.planned.R), I: plans(s.planned.I) },
    mission: sh ? s.mission : s.mission && { ...s.mission },
    objectives: {
      deck: o.deck.slice(), hand: o.hand.slice(), scoring: o.scoring.slice(), discard: o.discard.slice(),
      bottomKnown: o.bottomKnown.map((b) => ({ card: b.card, by: b.by })), revealedThisWindow: o.revealedThisWindow,
    },
    probes: { deck: s.probes.deck.slice(), hand: s.probes.hand.slice(), flagged: s.probes.flagged.slice() },
    base: { planet: s.base.planet, revealed: s.base.revealed, units: units(s.base.units), relocatedRound: s.base.relocatedRound },
    supply: sh ? s.supply : { R: units(s.supply.R), I: units(s.supply.I) },
    queues: sh ? s.queues : { R: s.queues.R.map(units), I: s.queues.I.map(units) },
    sfOut: s.sfOut,
    turn: s.turn,
    passed: sh ? s.passed : { R: s.passed.R, I: s.passed.I },
    arrivals: sh ? s.arrivals : { R: units(s.arrivals.R), I: units(s.arrivals.I) },
    placedThisRound: sh ? s.placedThisRound : { ...s.placedThisRound },
    combat: sh ? s.combat : copyJson(s.combat),
    lastCombat: sh ? s.lastCombat : copyJson(s.lastCombat),
    arrival: sh ? s.arrival : s.arrival && { planet: s.arrival.planet, faction: s.arrival.faction },
    known: {
      secretPlansShown: s.known.secretPlansShown, rebelKnowsImperial: s.known.rebelKnowsImperial.slice(),
      cleared: s.known.cleared.slice(), baseSector: s.known.baseSector,
    },
    pending: copyJson(s.pending),
    queue: sh ? s.queue : copyJson(s.queue),
    winner: sh ? s.winner : s.winner && { faction: s.winner.faction, reason: s.winner.reason },
    log: sh ? [] : s.log.slice(),
    stats: sh ? s.stats : { ...s.stats },
  };
  if (s.facts) out.facts = sh ? s.facts : { ...s.facts };
  if (s.solo) {
    out.solo = {
      bot: s.solo.bot, difficulty: s.solo.difficulty, deck: s.solo.deck.slice(), bottomKnown: s.solo.bottomKnown,
      discard: s.solo.discard.slice(), lastSkipped: s.solo.lastSkipped.slice(), turns: s.solo.turns,
    };
  }
  return out;
}

/**
 * The log events `seat` (null = spectator) may see: what `viewFor` puts in its view's log (the same filter, so the
 * server's log deltas, server/match/log-delta.ts, give each audience exactly its view's log). The events are shared, not
 * copied.
 */
export function visibleLog(state: GameState, seat: Faction | null): GameState['log'] {
  return state.winner ? state.log.slice() : state.log.filter((ev) => canSee(ev, seat));
}

/**
 * The state as `seat` (null = spectator) may see it (RULES §8). Never mutates `state`.
 * When the game is over (`winner` set) nothing is secret any more (issue 20 item 1; RULES §8 protects a game in
 * play, and a finished game has nothing left to protect): every seat and every spectator gets the whole state and
 * the whole log — the base planet and its moves, hands, planned cards, the probe hand and deck, deck orders — so
 * the end screen can tell the game's true story. The random generator is not in the state (R8.3 item 9 is kept by
 * src/game/filter.ts), and the take-back stack is never copied.
 */
export function viewFor(state: GameState, seat: Faction | null, opts: { share?: boolean } = {}): GameState {
  const v = copyState(state, false, opts.share === true);
  if (state.winner) {
    if (opts.share) v.log = state.log.slice();
    return v;
  }
  v.log = visibleLog(state, seat);

  // R8.3 item 1 — the hidden base planet. Before R3.9 there is none (null): that it is not chosen yet is public.
  if (seat !== 'R' && !state.base.revealed && state.base.planet !== null) v.base.planet = HIDDEN as unknown as LetterId;

  // R8.3 items 3, 4, 6, 10 — mission hands, planned missions, decks.
  const sawPlans = seat === 'R' && rebelSawImperialPlansThisRound(state);
  for (const f of ['R', 'I'] as Faction[]) {
    v.decks[f] = hidden<MissionId>(state.decks[f].length);
    if (seat === f) continue;
    const known: MissionId[] = sawPlans && f === 'I'
      ? state.hands.I.filter((c) => state.known.rebelKnowsImperial.includes(c)).sort()
      : [];
    v.hands[f] = [...known, ...hidden<MissionId>(state.hands[f].length - known.length)];
    v.planned[f] = state.planned[f].map((pm) => ({
      card: sawPlans && f === 'I' && state.known.rebelKnowsImperial.includes(pm.card) ? pm.card : HIDDEN as unknown as MissionId,
      leader: pm.leader,
    }));
  }
  if (seat === null) v.known.rebelKnowsImperial = [];

  // R8.3 items 2, 6, 10 — objectives.
  const o = state.objectives;
  if (seat !== 'R') {
    const shown: ObjectiveId[] = state.known.secretPlansShown && o.hand.includes(SECRET_PLANS) ? [SECRET_PLANS] : [];
    v.objectives.hand = [...shown, ...hidden<ObjectiveId>(o.hand.length - shown.length)];
  }
  const seesBottom = (by: 'R' | 'both') => seat === 'R' || (seat === 'I' && by === 'both');
  v.objectives.bottomKnown = o.bottomKnown.map((b) => ({
    card: seesBottom(b.by) ? b.card : HIDDEN as unknown as ObjectiveId, by: b.by,
  }));
  // The deck's tail is the bottomKnown cards in order (cards only ever go under the deck through R-09 / I-09).
  const tail = o.deck.length - o.bottomKnown.length;
  v.objectives.deck = o.deck.map((c, i) => {
    const b = i >= tail ? o.bottomKnown[i - tail] : undefined;
    return b && b.card === c && seesBottom(b.by) ? c : HIDDEN as unknown as ObjectiveId;
  });

  // R8.3 items 5, 6, 7, 11 — probe cards.
  const p = state.probes;
  if (seat !== 'I') {
    const shownHand = p.flagged.filter((c) => p.hand.includes(c));
    v.probes.hand = [...shownHand, ...hidden<LetterId>(p.hand.length - shownHand.length)];
  }
  const shownDeck = p.flagged.filter((c) => p.deck.includes(c));
  v.probes.deck = [...shownDeck, ...hidden<LetterId>(p.deck.length - shownDeck.length)];

  // R8.3 item 6 — the bot deck's order is secret from everyone but for the skipped cards put under it faceup
  // (R9.4 step 3), which stay shown at the bottom; the bot discard and the last skipped row are public.
  if (state.solo) {
    const d = state.solo.deck;
    const tail = d.length - state.solo.bottomKnown;
    v.solo!.deck = d.map((c, i) => (i >= tail ? c : HIDDEN as unknown as MissionId));
  }

  // Issue 9 — the take-back stack holds whole states: only its seat learns that it may take back, and what kind of
  // decision, never a snapshot. The other seat and spectators get no field at all, so its presence says nothing.
  if (state.undo && seat === state.undo.seat) {
    v.undo = { seat, kinds: state.undo.kinds.slice(), snapshots: [] };
  }

  // Pending decisions that carry secrets cut their own copy (the card modules' `redact`: R-08, R-09, R6.2.7).
  if (v.pending) cardDecision(v.pending.kind)?.redact?.(v.pending, seat);
  return v;
}
