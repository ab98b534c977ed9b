/**
 * Small states built by hand for the Imperios Milenarios scenario tests: an empty board at a chosen phase and turn,
 * with totems, chits and assets put where a test needs them.
 */
import { COLOURS, type Colour } from '../../../src/games/imperios/content/colours';
import type { TerritoryId } from '../../../src/games/imperios/content/map';
import type { ModeId } from '../../../src/games/imperios/content/modes';
import {
  allEvents,
  applyAction,
  createGame,
  isRefusal,
  legalActions,
  type Action,
  type ImperiosState,
  type LogEvent,
} from '../../../src/games/imperios/rules';
import type { Chits } from '../../../src/games/imperios/rules/actions';
import { TOTEMS_PER_CIV } from '../../../src/games/imperios/rules/totems';

export interface ScenarioOptions {
  mode?: ModeId;
  minosLandBridge?: boolean;
}

/**
 * A game of `players` at round 1 with an empty board, empty hands and cups, the First Player seat 0, seniority
 * 0, 1, 2, …, and seat 0's turn in the Red phase with the others to follow (change with `turn`).
 */
export function scenario(players = 4, options: ScenarioOptions = {}): ImperiosState {
  const s = createGame({ players, mode: options.mode ?? 'normal', seed: 'scenario', ...options });
  for (const key of Object.keys(s.board) as TerritoryId[]) s.board[key] = Array<number>(players).fill(0);
  for (const civ of s.civs) {
    civ.supply = TOTEMS_PER_CIV;
    for (const c of COLOURS) {
      s.pool[c] += civ.cup[c];
      civ.cup[c] = 0;
    }
  }
  s.seniority = Array.from({ length: players }, (_, i) => i);
  s.log = [[]];
  s.round = 1;
  s.firstPlayer = 0;
  return turn(s, 'red', 0);
}

/** Make it `seat`'s turn in `phase`, the rest of the phase's seats after it in `queue`. */
export function turn(s: ImperiosState, phase: Colour, seat: number, queue: number[] = []): ImperiosState {
  s.phase = phase;
  s.pending = { kind: 'turn', seat };
  s.queue = [...queue];
  s.announced = {};
  return s;
}

/** Put `n` (1 or 2) totems of `seat` in each territory. */
export function put(s: ImperiosState, seat: number, ts: TerritoryId[], n = 1): ImperiosState {
  for (const t of ts) {
    const row = s.board[t];
    if (!row) throw new Error(`${t} is not in play`);
    s.civs[seat].supply -= n - row[seat];
    row[seat] = n;
  }
  return s;
}

/** Give `seat` chits in its hand (added to what it has); the pool pays, so chits stay conserved. */
export function hand(s: ImperiosState, seat: number, chits: Partial<Chits>): ImperiosState {
  for (const [c, n] of Object.entries(chits) as [Colour, number][]) {
    s.civs[seat].hand[c] += n;
    s.pool[c] -= n;
  }
  return s;
}

/** Apply an action that must be accepted. */
export function act(s: ImperiosState, seat: number, action: Action): ImperiosState {
  const next = applyAction(s, seat, action);
  if (isRefusal(next)) throw new Error(`refused ${JSON.stringify(action)}: ${next.error}`);
  return next;
}

/** The listed action of `seat` matching `partial` (its kind and the given fields). */
export function listed(s: ImperiosState, seat: number, partial: Partial<Action> & { kind: Action['kind'] }): Action {
  const found = legalActions(s, seat).find((a) =>
    Object.entries(partial).every(([k, v]) => JSON.stringify((a as Record<string, unknown>)[k]) === JSON.stringify(v)),
  );
  if (!found) throw new Error(`no listed ${JSON.stringify(partial)} for seat ${seat}`);
  return found;
}

/** Whether `seat` has a listed action matching `partial`. */
export function has(s: ImperiosState, seat: number, partial: Partial<Action> & { kind: Action['kind'] }): boolean {
  try {
    listed(s, seat, partial);
    return true;
  } catch {
    return false;
  }
}

/** The events of a kind logged so far. */
export function events<K extends LogEvent['e']>(s: ImperiosState, kind: K): Extract<LogEvent, { e: K }>[] {
  return allEvents(s).filter((e): e is Extract<LogEvent, { e: K }> => e.e === kind);
}
