/**
 * Set-up (docs/imperios/RULES.md IM3): the map and mode by player count, seniority, each civilization's start, and
 * the choice of Metropolises.
 */
import { COLOURS, CHITS_PER_COLOUR } from '../content/colours';
import { metropolisesFor, type TerritoryId } from '../content/map';
import { MODES, isModeId, type ModeId } from '../content/modes';
import type { Seat } from './actions';
import { neighboursInPlay, placeTotem, presentIn, territoriesInPlay } from './board';
import { noChits } from './chits';
import { log } from './log';
import { seedState, shuffle } from './rng';
import type { Civ, ImperiosState } from './state';
import { TOTEMS_PER_CIV } from './totems';

export interface SetupOptions {
  players: number;
  /** IM3.1.2; Normal unless given. */
  mode?: ModeId;
  seed: string | number;
  /** IM3.1.3 */
  minosLandBridge?: boolean;
}

/** IM3.1.1–IM3.1.2, G15: why these options cannot start a game, or null. */
export function setupError(options: SetupOptions): string | null {
  const { players } = options;
  if (!Number.isInteger(players) || players < 4 || players > 7) return 'IM3.1.1: 4 to 7 players';
  const mode = options.mode ?? 'normal';
  if (!isModeId(mode)) return 'IM3.1.2: the mode is tutorial, normal or epic';
  if (!MODES[mode].players.includes(players)) return `IM3.1.2: the ${mode} mode needs 6 or 7 players`;
  return null;
}

/** IM3.3.1: a civilization's start. */
function newCiv(seat: Seat): Civ {
  return {
    seat,
    metropolis: null,
    supply: TOTEMS_PER_CIV,
    cup: { red: 2, yellow: 2, blue: 2, black: 2 },
    hand: noChits(),
    reserve: noChits(),
    discard: noChits(),
    balance: 0,
    armies: 0,
    census: 0,
    age: 'stone',
    techs: [],
    goods: [],
    wonder: null,
    tradedWith: [],
  };
}

/**
 * IM3: a new game, waiting for the most senior civilization to choose its Metropolis. Throws a RangeError for
 * options `setupError` refuses.
 */
export function createGame(options: SetupOptions): ImperiosState {
  const error = setupError(options);
  if (error) throw new RangeError(error);
  const { players } = options;
  const mode = options.mode ?? 'normal';
  const state: ImperiosState = {
    game: 'imperios',
    players,
    mode,
    lastAge: MODES[mode].lastAge,
    options: { minosLandBridge: options.minosLandBridge === true },
    rng: seedState(options.seed),
    seniority: [],
    round: 0,
    phase: 'setup',
    firstPlayer: 0,
    queue: [],
    announced: {},
    board: {},
    pool: noChits(),
    civs: Array.from({ length: players }, (_, seat) => newCiv(seat)),
    triggers: { poolOut: [], capitalLost: [] },
    pending: null,
    result: null,
    log: [[]],
  };
  for (const t of territoriesInPlay(state)) state.board[t] = Array<number>(players).fill(0);
  for (const c of COLOURS) state.pool[c] = CHITS_PER_COLOUR - 2 * players; // IM2.2.1, G10
  state.seniority = shuffle(
    state,
    Array.from({ length: players }, (_, i) => i),
  ); // IM3.2.1, G16
  log(state, 'setup', 'IM3.2.1', { players, mode, seniority: [...state.seniority] });
  // IM3.4.1: the most senior first, then counterclockwise (the next seat down).
  const first = state.seniority[0];
  state.queue = Array.from({ length: players }, (_, i) => (first - i + players) % players);
  state.pending = { kind: 'metropolis', seat: state.queue.shift()! };
  return state;
}

/** IM3.4.1–IM3.4.2, G17: the Metropolises the chooser may take now. */
export function metropolisOptions(state: ImperiosState): TerritoryId[] {
  const p = state.pending;
  if (p?.kind !== 'metropolis') return [];
  const chosen = new Set(state.civs.map((c) => c.metropolis));
  const open = metropolisesFor(state.players).filter((m) => !chosen.has(m));
  const others = (t: TerritoryId) => presentIn(state, t).some((s) => s !== p.seat);
  const clear = open.filter((m) => !others(m) && !neighboursInPlay(state, m).some(others));
  return clear.length > 0 ? clear : open;
}

/** IM3.4.3–IM3.4.4: two totems in the Metropolis, one in each neighbour in play; the last chooser is First Player. */
export function chooseMetropolis(state: ImperiosState, seat: Seat, m: TerritoryId): void {
  state.civs[seat].metropolis = m;
  placeTotem(state, m, seat);
  placeTotem(state, m, seat);
  for (const n of neighboursInPlay(state, m)) placeTotem(state, n, seat);
  log(state, 'metropolis', 'IM3.4.3', { seat, territory: m });
  if (state.queue.length === 0) state.firstPlayer = seat; // IM3.4.4
  state.pending = null;
}
