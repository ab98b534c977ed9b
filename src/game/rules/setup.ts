/** R3 — setup. createState() draws RNG-1 … RNG-9 in rule order; the two setup choices are decisions. */
import {
  DECK_I, DECK_II, DECK_MISSIONS, DEFAULT_CONFIG, IMPERIUM_INDEX, LETTERS, PLANET_IDS, ROW_LETTERS,
  SECRET_PLANS, STARTING_CANDIDATES, objectiveStartFor, soloLevel, STARTING_LOYALTY, STARTING_MISSIONS,
  type GameConfig, type LetterId, type PlanetId, type SoloSetup,
} from '../content';
import type { Action } from './actions';
import { emptyUnits } from './board';
import type { DecisionHandler, DecisionHandlers } from './decisions';
import type { TaskHandlers } from './tasks';
import { log } from './log';
import { drawProbe } from './refresh';
import { now, task } from './queue';
import { rivalSectorIntel } from './soloIntel';
import { shuffleInPlace, type Rng } from './rng';
import type { GameState, PlanetState } from './state';

/**
 * R3.1–R3.6 and R3.8: the state before the two setup decisions (R3.7 Imperial, then R3.9 Rebel). With `solo`
 * (RULES §9) the same setup runs for one human against the bot deck of `solo.bot`: the bot's setup decisions are
 * taken by the engine (src/game/rules/soloChoices.ts) and RNG-11 follows RNG-10.
 */
export function createState(rng: Rng, config: GameConfig = DEFAULT_CONFIG, solo: SoloSetup | null = null): GameState {
  // R3.1 — Imperium at (1,3); RNG-1, RNG-2, RNG-3 shuffle each row's letters into its free positions.
  const row1 = shuffleInPlace(rng, [...ROW_LETTERS[0]]);
  const row2 = shuffleInPlace(rng, [...ROW_LETTERS[1]]);
  const row3 = shuffleInPlace(rng, [...ROW_LETTERS[2]]);
  const grid: PlanetId[] = [...row1.slice(0, IMPERIUM_INDEX), 'IMP', ...row1.slice(IMPERIUM_INDEX), ...row2, ...row3];

  const planets = {} as Record<PlanetId, PlanetState>;
  for (const id of PLANET_IDS) {
    planets[id] = {
      id, loyalty: STARTING_LOYALTY.includes(id as LetterId), disrupt: false, destroyed: false,
      R: emptyUnits(), I: emptyUnits(),
    };
  }

  // R3.3 — RNG-4 deck I, RNG-5 deck II; deck I (its top config.deckISize cards, B7.3) on top of deck II.
  let deckI = shuffleInPlace(rng, [...DECK_I]).slice(0, config.deckISize);
  if (config.secretPlansTopN !== null && !deckI.slice(0, config.secretPlansTopN).includes(SECRET_PLANS)) {
    // B7.5 switch: move Secret Plans into the top N (deterministic: to position N-1).
    deckI = deckI.filter((c) => c !== SECRET_PLANS);
    deckI.splice(Math.max(0, config.secretPlansTopN - 1), 0, SECRET_PLANS);
  }
  const deckII = shuffleInPlace(rng, [...DECK_II]);
  const objDeck = [...deckI, ...deckII];
  const objHand = [objDeck.shift()!];
  // R9.11 — the Rebel bot's extra objectives at setup (SOLO_LEVELS).
  if (solo?.bot === 'R') {
    for (let n = soloLevel(solo).rebelExtraObjectives; n > 0 && objDeck.length > 0; n--) objHand.push(objDeck.shift()!);
  }

  // R3.4 — RNG-6 Rebel deck, RNG-7 Imperial deck.
  const rebelDeck = shuffleInPlace(rng, [...DECK_MISSIONS.R]);
  const imperialDeck = shuffleInPlace(rng, [...DECK_MISSIONS.I]);

  // R3.6 — RNG-8 Imperial starting planet from {F, G, H}; RNG-9 the Rebel's from the two left.
  const impStart = STARTING_CANDIDATES[rng.int(3)];
  const left = STARTING_CANDIDATES.filter((p) => p !== impStart);
  const rebStart = left[rng.int(2)];

  const sup = config.supply;
  const state: GameState = {
    config,
    round: 0,
    phase: 'setup',
    grid,
    planets,
    start: { R: rebStart, I: impStart },
    time: 1,
    // R3.2, moved by R9.11's level in solo (SOLO_LEVELS).
    objective: objectiveStartFor(config.objectiveStart, solo),
    leaders: {
      'LD-R1': { at: 'pool', captured: false }, 'LD-R2': { at: 'pool', captured: false },
      'LD-R3': { at: 'pool', captured: false }, 'LD-I1': { at: 'pool', captured: false },
      'LD-I2': { at: 'pool', captured: false }, 'LD-I3': { at: 'pool', captured: false },
    },
    hands: { R: [...STARTING_MISSIONS.R], I: [...STARTING_MISSIONS.I] },
    decks: { R: rebelDeck, I: imperialDeck },
    discards: { R: [], I: [] },
    planned: { R: [], I: [] },
    mission: null,
    objectives: { deck: objDeck, hand: objHand, scoring: [], discard: [], bottomKnown: [], revealedThisWindow: 0 },
    // R3.8 — the Imperial starting planet's probe card goes to the probe hand, publicly flagged (R8.3 item 11).
    probes: { deck: LETTERS.filter((l) => l !== impStart), hand: [impStart], flagged: [impStart] },
    base: { planet: null, revealed: false, units: emptyUnits(), relocatedRound: 0 },
    supply: { R: { f: sup.R.f, c: sup.R.c, s: 0 }, I: { f: sup.I.f, c: sup.I.c, s: sup.I.s } },
    queues: {
      R: Array.from({ length: config.queueSpots }, emptyUnits),
      I: Array.from({ length: config.queueSpots }, emptyUnits),
    },
    sfOut: false,
    turn: 'R',
    passed: { R: false, I: false },
    arrivals: { R: emptyUnits(), I: emptyUnits() },
    placedThisRound: {},
    combat: null,
    lastCombat: null,
    arrival: null,
    known: { secretPlansShown: false, rebelKnowsImperial: [], cleared: [], baseSector: null },
    pending: { kind: 'imperialSetup', seat: 'I' },
    queue: [],
    winner: null,
    log: [],
    stats: { combats: 0, captures: 0, rescues: 0, relocations: 0, baseRevealedRound: 0 },
  };
  log(state, 'setup', { grid, start: state.start });
  if (solo) {
    // R9.1 — the bot has no hand and no mission deck: its 13 cards wait in id order for RNG-11 (shuffleBotDeck).
    const botCards = [...STARTING_MISSIONS[solo.bot], ...DECK_MISSIONS[solo.bot]].sort();
    state.solo = { bot: solo.bot, difficulty: solo.difficulty, level: { ...soloLevel(solo) }, deck: botCards, bottomKnown: 0, discard: [], lastSkipped: [], turns: 0 };
    state.hands[solo.bot] = [];
    state.decks[solo.bot] = [];
    log(state, 'soloStarted', { bot: solo.bot, difficulty: solo.difficulty });
    const extra = solo.bot === 'I' ? Math.min(soloLevel(solo).imperialExtraFighters, state.supply.I.f) : 0;
    if (extra > 0) {
      // R9.11 — the Imperial bot's extra starfighters on Imperium, from its supply (SOLO_LEVELS).
      state.planets.IMP.I.f += extra;
      state.supply.I.f -= extra;
    }
  }
  return state;
}

const imperialSetup: DecisionHandler<'imperialSetup'> = {
  legal(state) {
    const out: Action[] = [];
    for (const capitalOn of ['IMP', state.start.I] as PlanetId[]) {
      for (let n = 0; n <= 5; n++) out.push({ type: 'imperialSetup', capitalOn, fightersOnImperium: n });
    }
    return out;
  },
  // R3.7 — capital ship on one planet, SF on the other; 5 starfighters split between them.
  answer(state, _p, a) {
    if (a.type !== 'imperialSetup') return;
    const start = state.start.I;
    const sfOn: PlanetId = a.capitalOn === 'IMP' ? start : 'IMP';
    state.planets[a.capitalOn].I.c += 1;
    state.planets[sfOn].I.s += 1;
    state.planets.IMP.I.f += a.fightersOnImperium;
    state.planets[start].I.f += 5 - a.fightersOnImperium;
    state.supply.I.c -= 1;
    state.supply.I.s -= 1;
    state.supply.I.f -= 5;
    // R3.9 — the Rebel's 2 starfighters on their starting planet, no loyalty marker.
    state.planets[state.start.R].R.f += 2;
    state.supply.R.f -= 2;
    log(state, 'imperialSetup', { capitalOn: a.capitalOn, sfOn, fightersOnImperium: a.fightersOnImperium });
    state.pending = { kind: 'chooseBase', seat: 'R' };
  },
};

const chooseBase: DecisionHandler<'chooseBase'> = {
  // R3.9 — any probe card of the remaining 13 whose planet holds no Imperial units.
  // Computed from public facts only (the probe deck's contents are hidden), so it works on the Rebel's view.
  legal(state) {
    return LETTERS
      .filter((l) => l !== state.start.I && !state.probes.flagged.includes(l))
      .filter((l) => state.planets[l].I.f + state.planets[l].I.c + state.planets[l].I.s === 0)
      .map((planet) => ({ type: 'chooseBase', planet }) as Action);
  },
  answer(state, _p, a) {
    if (a.type !== 'chooseBase') return;
    state.probes.deck = state.probes.deck.filter((l) => l !== a.planet);
    state.base.planet = a.planet;
    log(state, 'baseChosen', { planet: a.planet }, 'R');
    log(state, 'baseHidden', {});
    rivalSectorIntel(state);
    const probes = state.solo?.bot === 'I' ? soloLevel(state.solo).imperialSetupProbes : 0;
    now(
      state, task('shuffleProbeDeck'), ...(state.solo ? [task('shuffleBotDeck')] : []),
      ...(probes > 0 ? [task('soloSetupProbes', { n: probes })] : []), task('startRound'),
    );
  },
};

export const tasks = {
  // R3.10 — RNG-10; also used after every relocation (R6.2.7 step 2).
  shuffleProbeDeck(state, _t, rng) {
    state.probes.deck.sort();
    shuffleInPlace(rng, state.probes.deck);
  },
  // R9.11 — an Imperial bot's extra probes at setup, drawn from the top of the shuffled probe deck (SOLO_LEVELS).
  soloSetupProbes(state, t) {
    for (let i = 0; i < t.n; i++) drawProbe(state);
  },
} satisfies TaskHandlers;

export const decisions = { imperialSetup, chooseBase } satisfies DecisionHandlers;
