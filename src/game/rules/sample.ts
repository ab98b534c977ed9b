/**
 * Determinization for fair bots: `sampleWorld(view, seat, rng)` turns a seat's view (src/game/rules/view.ts) into a
 * full, legal GameState that agrees with everything that seat can see, choosing every hidden card at random among
 * the possibilities, uniformly among the worlds consistent with what the sampler models (see below).
 * `viewFor(sampleWorld(v, seat, rng), seat)` deep-equals `v`, log included.
 *
 * What the sampler takes into account, besides the view's visible cards:
 * - Missions (R8.3 items 3, 4, 6): the opponent's unseen cards are its 13 cards minus its discard pile, the active
 *   mission and the cards shown. Starting missions never reach a deck (R4.4.2), cards the Rebel saw with R-08
 *   (`known.rebelKnowsImperial`) are in the Imperial hand or planned, and after a reshuffle (R4.1.1) the deck holds
 *   only cards of the discard pile that was reshuffled (read from the public log). Own deck: the own cards not seen
 *   elsewhere, in a random order.
 * - Objectives (R3.3, R8.3 items 2, 6, 10): the deck is the rest of the original stack (deck I on top of deck II,
 *   whose backs differ) followed by the cards put under it (R-09, I-09). With `config.deckISize` < 8, which deck I
 *   cards are in play is unknown too. Counts fix how many deck I cards are in the original rest and how many among
 *   the other hidden slots (the Rebel hand, unseen bottom cards, R-09's drawn pair).
 * - Probe cards and the base (R6.2.1, R6.5, R8.3 items 1, 5, 7, 8, 11). Imperial: the base is one of the letters in
 *   neither its probe hand nor (as a flagged card) the deck, intact, without Imperial units (R6.2.4), not cleared
 *   since the last relocation, in the sector announced by I-06 if any; the deck is the remaining letters.
 *   Rebel: the base is known; the hidden probe hand cards are letters that are neither the base nor flagged, and
 *   respect what the Rebel saw during each R-S4 (R8.3 item 10): a card seen in the deck (or the old base card put
 *   into it) can only have been drawn by a later hidden draw. Hidden draws, and the cards found in the hand by
 *   I-01/I-02, are counted from the log; the hand set is drawn with the exact weights of the draw histories.
 * - Pending decisions: R-08's cards are the Imperial planned cards, R6.2.7's the top of the probe deck, R-09's two
 *   cards come from the hidden objective pool (the hooks `completeWorld`, `heldObjectives`, `invariant` of their card
 *   modules, ./cards/; what the Rebel saw on top of the probe deck stays in the probe model below).
 * Not modelled (the sampler only ever errs towards more possible worlds, never fewer): which hidden objective slots
 *   carry a deck I or II back among the hand and bottom cards, the Imperial's memory of an I-09 card once the Rebel
 *   draws it again, the position of Secret Plans under the B7.5 switch, and deductions from past board positions
 *   that the engine does not record in `known` (e.g. planets that held Imperial units before a relocation).
 *
 * Speed: everything that depends only on the view is computed once per (view object, seat) and cached, so a bot
 * calling sampleWorld thousands of times on one view pays for a deep copy of the view and a few shuffles (about
 * 20–40 µs). Views are treated as immutable. A sample shares with its view the log events (immutable records; the
 * log array itself is new) and the config object (never mutated by the engine).
 * `view` must be `viewFor(state, seat)` for the same seat.
 */
import {
  DECK_I, DECK_II, FACTION_LEADERS, LETTERS, MISSIONS, MISSION_IDS, OBJECTIVE_IDS, PLANETS, SECRET_PLANS,
  type Faction, type LetterId, type MissionId, type ObjectiveId,
} from '../content';
import { total } from './board';
import { cardDecision } from './cards';
import type { LogEvent } from './log';
import { shuffleInPlace, type Rng } from './rng';
import type { GameState } from './state';
import { copyState, isHidden, viewFor } from './view';
import { jsonEqual } from './json';

export { jsonEqual };

const FACTION_MISSIONS: Record<Faction, MissionId[]> = {
  R: MISSION_IDS.filter((id) => MISSIONS[id].faction === 'R'),
  I: MISSION_IDS.filter((id) => MISSIONS[id].faction === 'I'),
};
const DECK_I_SET = new Set<ObjectiveId>(DECK_I);
const OBJECTIVE_SET = new Set<ObjectiveId>(OBJECTIVE_IDS);

/** Thrown when a view admits no world at all (a bug in the view, the sampler or the caller). */
export class InconsistentViewError extends Error {}

function fail(what: string): never {
  throw new InconsistentViewError(`sampleWorld: inconsistent view (${what})`);
}

function hiddenIndexes(arr: readonly unknown[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < arr.length; i++) if (isHidden(arr[i])) out.push(i);
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Facts read from the (seat-visible) log

/**
 * R4.1.1 — the cards of `f`'s deck come from its last reshuffled discard pile, or null if never reshuffled.
 * The pile is rebuilt from public events: deck missions revealed (they go to the discard pile when they end) and
 * hand-limit discards. A reshuffle can happen during a mission only through R-08 (its "draw instead"), while R-08
 * itself is still active: a mission was revealed since the round started. That card is not in the reshuffled pile.
 */
export function reshuffledPile(log: readonly LogEvent[], f: Faction): { lastReshuffle: Set<MissionId> | null; pile: Set<MissionId> } {
  let pile = new Set<MissionId>();
  let lastReshuffle: Set<MissionId> | null = null;
  let active: { f: Faction; card: MissionId } | null = null;
  for (const ev of log) {
    switch (ev.e) {
      case 'roundStarted':
        active = null;
        break;
      case 'missionRevealed': {
        const card = ev.card;
        active = { f: ev.faction, card };
        if (ev.faction === f && !MISSIONS[card].starting) pile.add(card);
        break;
      }
      case 'missionDiscarded':
        if (ev.faction === f) pile.add(ev.card);
        break;
      case 'missionDeckReshuffled':
        if (ev.faction !== f) break;
        lastReshuffle = pile;
        pile = new Set();
        if (active && active.f === f && lastReshuffle.has(active.card)) {
          lastReshuffle.delete(active.card);
          pile.add(active.card);
        }
        break;
      default:
    }
  }
  return { lastReshuffle, pile };
}

interface ProbeHistory {
  /** Hidden probe draws so far (R4.4.3, I-03, I-06 draws of unflagged cards). */
  hiddenDraws: number;
  /** For a card the Rebel last knew to be in the deck: the number of hidden draws at that moment. */
  lastSeenInDeck: Map<LetterId, number>;
  /** Cards that entered the Imperial hand openly (drawn while flagged, or taken by I-01 / I-02). */
  openEntries: Set<LetterId>;
}

/** Probe facts from the Rebel's log: R-S4 sightings (R8.3 item 10) and the public draw history. */
export function probeHistory(log: readonly LogEvent[]): ProbeHistory {
  const h: ProbeHistory = { hiddenDraws: 0, lastSeenInDeck: new Map(), openEntries: new Set() };
  for (const ev of log) {
    switch (ev.e) {
      case 'probeDrawn':
        if (ev.card === undefined) h.hiddenDraws++;
        else h.openEntries.add(ev.card);
        break;
      case 'probeTaken':
        h.openEntries.add(ev.card);
        break;
      case 'probesSeen':
        for (const c of ev.cards) h.lastSeenInDeck.set(c, h.hiddenDraws);
        break;
      case 'relocatedTo':
        if (ev.dest) h.lastSeenInDeck.set(ev.from, h.hiddenDraws); // the old base card went into the deck
        break;
      default:
    }
  }
  return h;
}

// ---------------------------------------------------------------------------------------------------------------
// The plan: everything that depends only on (view, seat)

interface MissionPlan {
  f: Faction;
  deckLen: number;
  /** Own deck: exactly these cards, shuffled. */
  ownDeck: MissionId[] | null;
  handSlots: number[];
  plannedSlots: number[];
  /** Unseen cards that cannot be in the deck (starting, known to the Rebel, not in the reshuffled pile). */
  must: MissionId[];
  free: MissionId[];
}

interface ObjectivePlan {
  /** Unseen deck I / deck II cards. */
  unseenI: ObjectiveId[];
  unseenII: ObjectiveId[];
  origI: number; // deck I cards in the rest of the original stack (its top)
  origII: number;
  otherI: number; // deck I cards among the other hidden slots
  handSlots: number[];
  bottomSlots: number[];
  /** Hidden slots of the objectives the pending decision holds (R-09's drawn pair). */
  heldSlots: number[];
}

type ProbePlan =
  | { kind: 'setup'; deck: LetterId[] } // base not chosen yet: the deck is every letter but the hand
  | { kind: 'knownBase'; deck: LetterId[] } // Imperial with the base revealed: every card is placed
  | { kind: 'imperial'; candidates: LetterId[]; rest: LetterId[]; deckShown: LetterId[] } // base among candidates
  | { kind: 'rebel'; sorted: { c: LetterId; t: number; required: boolean }[]; n: number; table: number[][];
    deckShown: LetterId[]; handSlots: number[] };

interface Plan {
  seat: Faction;
  /** Constraints dropped because the view's log does not explain its cards (see samplerNotes). */
  notes: string[];
  missions: MissionPlan[];
  objectives: ObjectivePlan;
  probes: ProbePlan;
  botDeck: BotDeckPlan | null; // solo only
}

/**
 * RULES §9 — the bot deck's hidden slots hold exactly the bot's cards seen nowhere else (bot discard, the active
 * mission, the faceup cards put under the deck): every one of its 13 cards is in one of those places.
 */
interface BotDeckPlan { slots: number[]; unseen: MissionId[] }

function botDeckPlan(view: GameState): BotDeckPlan | null {
  const solo = view.solo;
  if (!solo) return null;
  const seen = new Set<MissionId>(solo.discard);
  for (const c of solo.deck) if (!isHidden(c)) seen.add(c);
  if (view.mission && view.mission.faction === solo.bot) seen.add(view.mission.card);
  const unseen = FACTION_MISSIONS[solo.bot].filter((c) => !seen.has(c));
  const slots = hiddenIndexes(solo.deck);
  if (unseen.length !== slots.length) fail('bot deck');
  return { slots, unseen };
}

function missionPlan(view: GameState, seat: Faction, f: Faction, notes: string[]): MissionPlan {
  if (view.solo?.bot === f) {
    // R9.1 — the bot has no hand, mission deck, discard or plans: its cards are in the bot deck (botDeckPlan).
    if (view.hands[f].length + view.decks[f].length + view.discards[f].length + view.planned[f].length > 0) fail(`bot missions ${f}`);
    return { f, deckLen: 0, ownDeck: [], handSlots: [], plannedSlots: [], must: [], free: [] };
  }
  const seen = new Set<MissionId>(view.discards[f]);
  if (view.mission && view.mission.faction === f) seen.add(view.mission.card);
  for (const c of view.hands[f]) if (!isHidden(c)) seen.add(c);
  for (const pm of view.planned[f]) if (!isHidden(pm.card)) seen.add(pm.card);
  const unseen = FACTION_MISSIONS[f].filter((c) => !seen.has(c));
  const deckLen = view.decks[f].length;
  const handSlots = hiddenIndexes(view.hands[f]);
  const plannedSlots = hiddenIndexes(view.planned[f].map((pm) => pm.card));
  if (f === seat) {
    if (handSlots.length + plannedSlots.length > 0 || unseen.length !== deckLen) fail(`own missions ${f}`);
    return { f, deckLen, ownDeck: unseen, handSlots, plannedSlots, must: [], free: [] };
  }
  if (unseen.length !== deckLen + handSlots.length + plannedSlots.length) fail(`mission count ${f}`);
  const known = new Set<MissionId>(seat === 'R' && f === 'I' ? view.known.rebelKnowsImperial : []);
  const split = (pile: Set<MissionId> | null) => {
    const must: MissionId[] = [];
    const free: MissionId[] = [];
    for (const c of unseen) {
      if (MISSIONS[c].starting || known.has(c) || (pile && !pile.has(c))) must.push(c);
      else free.push(c);
    }
    return { must, free };
  };
  let { must, free } = split(reshuffledPile(view.log, f).lastReshuffle);
  if (free.length < deckLen) {
    // Only a state whose log does not tell its history (a hand-built test state) gets here.
    notes.push(`the log does not explain the ${f} mission deck: reshuffle ignored`);
    ({ must, free } = split(null));
  }
  if (free.length < deckLen) fail(`mission deck ${f}`);
  return { f, deckLen, ownDeck: null, handSlots, plannedSlots, must, free };
}

/** The objective cards the pending decision holds outside every pile (R-09's pair; its card module says which). */
function heldObjectives(s: GameState): ObjectiveId[] {
  const p = s.pending;
  return (p && cardDecision(p.kind)?.heldObjectives?.(p)) || [];
}

function objectivePlan(view: GameState): ObjectivePlan {
  const o = view.objectives;
  const held = heldObjectives(view);
  const seen = new Set<ObjectiveId>();
  for (const list of [o.hand, o.deck, o.scoring, o.discard, held]) for (const c of list) if (!isHidden(c)) seen.add(c);
  for (const b of o.bottomKnown) if (!isHidden(b.card)) seen.add(b.card);
  const unseenI = DECK_I.filter((c) => !seen.has(c));
  const unseenII = DECK_II.filter((c) => !seen.has(c));
  // All objectives in play are somewhere in these lists; deck II is always complete (R3.3).
  const inPlay = o.hand.length + o.deck.length + o.scoring.length + o.discard.length + held.length;
  const inPlayI = inPlay - DECK_II.length;
  const rest = o.deck.length - o.bottomKnown.length; // cards of the original stack still in the deck
  const drawn = inPlay - rest;
  const origI = Math.max(0, inPlayI - drawn);
  const origII = rest - origI;
  let seenI = 0;
  for (const c of seen) if (DECK_I_SET.has(c)) seenI++;
  const otherI = inPlayI - origI - seenI;
  const handSlots = hiddenIndexes(o.hand);
  const bottomSlots = hiddenIndexes(o.bottomKnown.map((b) => b.card));
  const heldSlots = hiddenIndexes(held);
  const others = handSlots.length + bottomSlots.length + heldSlots.length;
  if (origII < 0 || otherI < 0 || otherI > others || unseenI.length < origI + otherI
    || unseenII.length !== origII + others - otherI) fail('objective counts');
  return { unseenI, unseenII, origI, origII, otherI, handSlots, bottomSlots, heldSlots };
}

/**
 * Weighted choice of the hidden probe hand (Rebel). Card c may only fill a hidden draw numbered > t(c) (1-based);
 * `required` cards (found in the hand by I-01 / I-02) must fill one. The weight of a set is its number of
 * assignments to the n draws. Sorted by t descending, the i-th chosen card has n - t - (cards chosen before) free
 * draws, so table[i][j] (ways to finish from card i with j chosen) is a simple recursion.
 */
function probeTable(sorted: { t: number; required: boolean }[], n: number): number[][] {
  const m = sorted.length;
  const table: number[][] = Array.from({ length: m + 1 }, () => new Array(n + 1).fill(0));
  table[m][n] = 1;
  for (let i = m - 1; i >= 0; i--) {
    for (let j = 0; j <= n; j++) {
      let w = sorted[i].required ? 0 : table[i + 1][j];
      const slots = n - sorted[i].t - j;
      if (j < n && slots > 0) w += slots * table[i + 1][j + 1];
      table[i][j] = w;
    }
  }
  return table;
}

function probePlan(view: GameState, seat: Faction, notes: string[]): ProbePlan {
  const p = view.probes;
  const handShown = p.hand.filter((c) => !isHidden(c));
  const deckShown = p.deck.filter((c) => !isHidden(c));
  if (p.deck.length + p.hand.length === LETTERS.length) {
    // R3.9 not done yet: no base card has left the deck.
    if (handShown.length !== p.hand.length) fail('probe hand at setup');
    return { kind: 'setup', deck: LETTERS.filter((l) => !handShown.includes(l)) };
  }
  const baseShown = !isHidden(view.base.planet);
  if (seat === 'I') {
    if (handShown.length !== p.hand.length) fail('Imperial probe hand');
    const free = LETTERS.filter((l) => !handShown.includes(l) && !deckShown.includes(l));
    if (baseShown) return { kind: 'knownBase', deck: [...deckShown, ...free.filter((l) => l !== view.base.planet)] };
    const sector = view.known.baseSector;
    let candidates = free.filter((l) => !view.known.cleared.includes(l) && !view.planets[l].destroyed
      && total(view.planets[l].I) === 0 && (sector === null || PLANETS[l].sector === sector));
    if (candidates.length === 0) {
      // Only after the game has ended (the base destroyed by I-01) can no candidate be left.
      notes.push('no base candidate left: any free letter');
      candidates = free;
    }
    if (candidates.length === 0) fail('no base candidate');
    return { kind: 'imperial', candidates, rest: free, deckShown };
  }
  // Rebel.
  if (!baseShown) fail('Rebel view without its base');
  const base = view.base.planet;
  const h = probeHistory(view.log);
  const handSlots = hiddenIndexes(p.hand);
  const unseen = LETTERS.filter((l) => l !== base && !handShown.includes(l) && !deckShown.includes(l));
  if (unseen.length !== handSlots.length + p.deck.length - deckShown.length) fail('probe count');
  const top = view.pending?.kind === 'relocate' ? (view.pending.cards as LetterId[]) : [];
  const build = (history: boolean) => {
    const required = history ? handShown.filter((c) => c !== view.start.I && !h.openEntries.has(c)) : [];
    const n = history ? h.hiddenDraws : handSlots.length;
    const seenAt = (c: LetterId) => (history ? h.lastSeenInDeck.get(c) ?? 0 : 0);
    const sorted = [
      ...required.map((c) => ({ c, t: seenAt(c), required: true })),
      ...unseen.map((c) => ({ c, t: top.includes(c) ? n : seenAt(c), required: false })),
    ].sort((a, b) => b.t - a.t || (a.c < b.c ? -1 : 1));
    const ok = n === handSlots.length + required.length;
    return { sorted, n, table: ok ? probeTable(sorted, n) : [[0]] };
  };
  let plan = build(true);
  if (!(plan.table[0][0] > 0)) {
    // Only a state whose log does not tell its history (a hand-built test state) gets here.
    notes.push('the log does not explain the probe hand: R-S4 sightings ignored');
    plan = build(false);
    if (!(plan.table[0][0] > 0)) fail('probe history');
  }
  return { kind: 'rebel', ...plan, deckShown, handSlots };
}

const PLANS = new WeakMap<GameState, Partial<Record<Faction, Plan>>>();

function planFor(view: GameState, seat: Faction): Plan {
  let byView = PLANS.get(view);
  if (!byView) {
    byView = {};
    PLANS.set(view, byView);
  }
  let plan = byView[seat];
  if (!plan) {
    const notes: string[] = [];
    plan = {
      seat,
      notes,
      missions: [missionPlan(view, seat, 'R', notes), missionPlan(view, seat, 'I', notes)],
      objectives: objectivePlan(view),
      probes: probePlan(view, seat, notes),
      botDeck: botDeckPlan(view),
    };
    byView[seat] = plan;
  }
  return plan;
}

/**
 * Constraints the sampler had to drop for this view because its log does not explain its cards (possible only for
 * hand-built states, never for states reached by play): empty for every real game.
 */
export function samplerNotes(view: GameState, seat: Faction): string[] {
  return planFor(view, seat).notes.slice();
}

// ---------------------------------------------------------------------------------------------------------------
// Sampling

function pickHiddenProbeHand(plan: Extract<ProbePlan, { kind: 'rebel' }>, rng: Rng): Set<LetterId> {
  const chosen = new Set<LetterId>();
  let j = 0;
  for (let i = 0; i < plan.sorted.length; i++) {
    const card = plan.sorted[i];
    const slots = plan.n - card.t - j;
    const take = j < plan.n && slots > 0 ? slots * plan.table[i + 1][j + 1] : 0;
    if (take === 0) continue;
    // P(take) = take / table[i][j]; a uniform real from the integer-only Rng.
    if (take >= plan.table[i][j] || rng.int(1 << 30) / (1 << 30) * plan.table[i][j] < take) {
      chosen.add(card.c);
      j++;
    }
  }
  return chosen;
}

/** A world consistent with `view` as `seat` sees it (see the module comment). Never mutates `view`. */
export function sampleWorld(view: GameState, seat: Faction, rng: Rng): GameState {
  const plan = planFor(view, seat);
  const w = copyState(view, true);
  // Issue 9 — the seat's take-back marker (never a snapshot) is kept, so viewFor(world, seat) equals the view. Bots
  // never search a take-back (decisionActions), and applyLegal drops the marker at the world's first step.
  if (view.undo) w.undo = { seat: view.undo.seat, kinds: view.undo.kinds.slice(), snapshots: [] };

  // Missions.
  for (const mp of plan.missions) {
    const f = mp.f;
    if (mp.ownDeck) {
      w.decks[f] = shuffleInPlace(rng, mp.ownDeck.slice());
      continue;
    }
    const free = shuffleInPlace(rng, mp.free.slice());
    w.decks[f] = free.slice(0, mp.deckLen);
    const rest = shuffleInPlace(rng, [...mp.must, ...free.slice(mp.deckLen)]);
    let k = 0;
    for (const i of mp.handSlots) w.hands[f][i] = rest[k++];
    for (const i of mp.plannedSlots) w.planned[f][i].card = rest[k++];
  }
  if (plan.botDeck && w.solo) {
    const cards = shuffleInPlace(rng, plan.botDeck.unseen.slice());
    let b = 0;
    for (const i of plan.botDeck.slots) w.solo.deck[i] = cards[b++];
  }

  // Objectives.
  const op = plan.objectives;
  const o = w.objectives;
  const unseenI = shuffleInPlace(rng, op.unseenI.slice());
  const unseenII = shuffleInPlace(rng, op.unseenII.slice());
  const others = shuffleInPlace(rng, [
    ...unseenI.slice(op.origI, op.origI + op.otherI), ...unseenII.slice(op.origII),
  ]);
  let k = 0;
  for (const i of op.handSlots) o.hand[i] = others[k++];
  for (const i of op.bottomSlots) o.bottomKnown[i].card = others[k++];
  const held = heldObjectives(w); // the same array as the world's pending decision holds
  for (const i of op.heldSlots) held[i] = others[k++];
  o.deck = [...unseenI.slice(0, op.origI), ...unseenII.slice(0, op.origII), ...o.bottomKnown.map((b) => b.card)];

  // Probe cards and the base.
  const pp = plan.probes;
  const p = w.probes;
  if (pp.kind === 'setup') {
    p.deck = shuffleInPlace(rng, pp.deck.slice());
    // R3.9 not done yet: the base is absent (null) in every view and in the full state alike.
  } else if (pp.kind === 'knownBase') {
    p.deck = shuffleInPlace(rng, pp.deck.slice());
  } else if (pp.kind === 'imperial') {
    const base = pp.candidates[rng.int(pp.candidates.length)];
    w.base.planet = base;
    p.deck = shuffleInPlace(rng, [...pp.deckShown, ...pp.rest.filter((l) => l !== base)]);
  } else {
    const inHand = pickHiddenProbeHand(pp, rng);
    const hand: LetterId[] = [];
    const deck: LetterId[] = [...pp.deckShown];
    for (const s of pp.sorted) {
      if (s.required) continue;
      if (inHand.has(s.c)) hand.push(s.c);
      else deck.push(s.c);
    }
    shuffleInPlace(rng, hand);
    k = 0;
    for (const i of pp.handSlots) p.hand[i] = hand[k++];
    shuffleInPlace(rng, deck);
    p.deck = deck;
  }
  // A pending card decision's hidden fields (R-08's cards are the Imperial plans, R6.2.7's the top of the probe deck).
  if (w.pending) cardDecision(w.pending.kind)?.completeWorld?.(w, w.pending, seat);
  return w;
}

/**
 * The Imperial's possible base planets in `view` (the Imperial's own view), exactly those the sampler draws the
 * base from; empty when the base is revealed or the view is not the Imperial's. For the bots' base belief.
 */
export function baseCandidates(view: GameState, seat: Faction): LetterId[] {
  const pp = planFor(view, seat).probes;
  return pp.kind === 'imperial' ? pp.candidates.slice() : [];
}

/** A sampler bound to one view: the same as calling sampleWorld(view, seat, rng) repeatedly. */
export function worldSampler(view: GameState, seat: Faction): (rng: Rng) => GameState {
  planFor(view, seat);
  return (rng) => sampleWorld(view, seat, rng);
}

// ---------------------------------------------------------------------------------------------------------------
// Checks, for tests and for debugging bots

/** True if `xs` holds exactly the elements of `all`, each once. */
function sameCards<T>(xs: readonly T[], all: readonly T[]): boolean {
  if (xs.length !== all.length) return false;
  const set = new Set(xs);
  return set.size === xs.length && all.every((c) => set.has(c));
}

/**
 * The card invariants of a full state (an empty list if it is legal): mission, objective and probe cards are each
 * in exactly one place (R6.2.1 probe partition), starting missions never in a deck or discard pile, the known
 * bottom of the objective deck is its tail, planned leaders match their missions, pending card lists match
 * where those cards really are, the hidden base is intact and free of Imperial units, and no HIDDEN is left.
 */
export function invariantErrors(s: GameState): string[] {
  const errs: string[] = [];
  const has = (cond: boolean, msg: string) => { if (!cond) errs.push(msg); };
  const o = s.objectives;
  const held = heldObjectives(s);
  const cardLists: unknown[][] = [
    s.hands.R, s.hands.I, s.decks.R, s.decks.I, s.planned.R.map((pm) => pm.card), s.planned.I.map((pm) => pm.card),
    o.deck, o.hand, o.bottomKnown.map((b) => b.card), s.probes.deck, s.probes.hand, [s.base.planet],
    s.known.rebelKnowsImperial, s.pending && 'cards' in s.pending ? s.pending.cards : [], s.solo ? s.solo.deck : [],
  ];
  has(cardLists.every((l) => !l.some(isHidden)), 'HIDDEN left in a full state');
  for (const f of ['R', 'I'] as Faction[]) {
    const cards = [...s.hands[f], ...s.decks[f], ...s.discards[f], ...s.planned[f].map((pm) => pm.card)];
    if (s.solo?.bot === f) {
      has(cards.length === 0, `the bot ${f} holds mission cards outside its bot deck (R9.1)`);
      cards.push(...s.solo.deck, ...s.solo.discard);
      has(s.solo.bottomKnown >= 0 && s.solo.bottomKnown <= s.solo.deck.length, 'bot deck bottomKnown out of range');
    }
    if (s.mission?.faction === f) cards.push(s.mission.card);
    has(sameCards(cards, FACTION_MISSIONS[f]), `mission cards of ${f} not conserved: ${cards.join(',')}`);
    has(s.decks[f].every((c) => !MISSIONS[c].starting) && s.discards[f].every((c) => !MISSIONS[c].starting),
      `starting mission of ${f} in deck or discard`);
    const atPlan = FACTION_LEADERS[f].filter((id) => s.leaders[id].at === 'plan');
    has(sameCards(s.planned[f].map((pm) => pm.leader), atPlan), `planned leaders of ${f}`);
  }
  has(s.known.rebelKnowsImperial.every((c) => s.hands.I.includes(c) || s.planned.I.some((pm) => pm.card === c)),
    'a card the Rebel knows is not in the Imperial hand or planned');

  const objs = [...o.hand, ...o.deck, ...o.scoring, ...o.discard, ...held];
  const objSet = new Set(objs);
  has(objSet.size === objs.length && objs.every((c) => OBJECTIVE_SET.has(c)), `objective cards duplicated: ${objs.join(',')}`);
  has(DECK_II.every((c) => objSet.has(c)), 'a deck II objective is missing');
  let nI = 0;
  for (const c of objs) if (DECK_I_SET.has(c)) nI++;
  has(s.config.secretPlansTopN !== null ? nI >= s.config.deckISize : nI === s.config.deckISize, `deck I objectives in play: ${nI}`);
  const tail = o.deck.length - o.bottomKnown.length;
  has(tail >= 0 && o.bottomKnown.every((b, i) => o.deck[tail + i] === b.card), 'objective deck tail is not bottomKnown');
  has(!s.known.secretPlansShown || o.hand.includes(SECRET_PLANS), 'Secret Plans shown but not held');

  const p = s.probes;
  const setup = p.deck.length + p.hand.length === LETTERS.length;
  const basePlanet = s.base.planet;
  has(setup === (basePlanet === null), setup ? 'a base chosen while its card is still in the deck' : 'no base after setup (R3.9)');
  const letters = basePlanet === null ? [...p.deck, ...p.hand] : [...p.deck, ...p.hand, basePlanet];
  has(sameCards(letters, LETTERS), `probe partition (R6.2.1): ${letters.join(',')}`);
  has(p.flagged.every((c) => p.deck.includes(c) || p.hand.includes(c)), 'a flagged probe card is neither in the deck nor the hand');
  if (s.phase !== 'setup') has(p.hand.includes(s.start.I), 'the R3.8 probe card left the hand');
  if (basePlanet !== null && !s.base.revealed && !s.winner) {
    const bp = s.planets[basePlanet];
    has(!bp.destroyed && total(bp.I) === 0, 'hidden base planet destroyed or holding Imperial units (R6.2.4)');
    has(!s.known.cleared.includes(basePlanet), 'hidden base on a cleared planet');
    has(s.known.baseSector === null || PLANETS[basePlanet].sector === s.known.baseSector, 'hidden base outside the announced sector');
  }
  const pend = s.pending;
  const pendingError = pend ? cardDecision(pend.kind)?.invariant?.(s, pend) : null; // R-08, R6.2.7 (./cards/)
  if (pendingError) errs.push(pendingError);
  return errs;
}

/**
 * Why `world` is not one of the worlds sampleWorld(view, seat) can produce, or null if it is one. Used by the
 * property tests to check both that samples are possible worlds and that the real state always is (the sampler's
 * constraints are sound).
 */
export function explainImpossibleWorld(view: GameState, seat: Faction, world: GameState): string | null {
  const errs = invariantErrors(world);
  if (errs.length > 0) return `invariants: ${errs.join('; ')}`;
  if (!jsonEqual(viewFor(world, seat), view)) return 'viewFor(world) differs from the view';
  const plan = planFor(view, seat);
  for (const mp of plan.missions) {
    const bad = world.decks[mp.f].filter((c) => mp.must.includes(c));
    if (bad.length > 0) return `mission deck of ${mp.f} holds ${bad.join(',')}`;
  }
  const op = plan.objectives;
  const deck = world.objectives.deck;
  for (let i = 0; i < op.origI + op.origII; i++) {
    if (DECK_I_SET.has(deck[i]) !== i < op.origI) return `objective deck position ${i} has the wrong back`;
  }
  const pp = plan.probes;
  if (pp.kind === 'imperial' && (world.base.planet === null || !pp.candidates.includes(world.base.planet))) return `base ${world.base.planet} is not a candidate`;
  if (pp.kind === 'rebel') {
    // The world's hidden hand must have at least one draw history: rebuild the table restricted to it.
    const hand = new Set(world.probes.hand);
    const sorted = pp.sorted.filter((s) => s.required || hand.has(s.c)).map((s) => ({ ...s, required: true }));
    if (!(probeTable(sorted, pp.n)[0][0] > 0)) return 'no probe draw history explains the hidden probe hand';
  }
  return null;
}
