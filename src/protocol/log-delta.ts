/**
 * Log deltas (issue 21 items 1 and 8): an update that carries only the game log entries its audience has not got.
 *
 * A late state's view is ≈ 30 KB, ≈ 85 % of it the game log (G.log), and a move adds a few entries. A client that
 * announces it can rebuild views (the socket handshake query `LOG_DELTA_QUERY`) gets, for each move, `mint:update`
 * (matchID, LogDeltaUpdate, deltalog) instead of boardgame.io's `update` (matchID, view, deltalog): the state ID it
 * follows, a patch of the parts of that view the move changed (./state-patch.ts: a planet, a hand, `ctx.turn`;
 * what it left alone is not sent), and the audience's log as runs of the log held for that state and new entries
 * (`log`: a move appends entries, a take-back drops the last ones, the end of the game shows every seat the
 * entries that were hidden from it, between those it holds). Everything else — sync (the audience's
 * whole log once, on every connect), boardgame.io's own clients, which never ask — is as before.
 */
import type { GameState } from '../game/rules';
import { applyStatePatch, type StatePatch } from './state-patch';

/** The handshake query a client sets (socket.io's `query` option) to get `mint:update` instead of `update`. */
export const LOG_DELTA_QUERY = { mintLog: 'patch' } as const;

/**
 * Whether a handshake query asks for log deltas (the server's side of LOG_DELTA_QUERY). A board of an earlier
 * release, which asked with `mintLog: 'delta'` for the older form of update, gets whole views instead.
 */
export function wantsLogDeltas(query: unknown): boolean {
  return typeof query === 'object' && query !== null && (query as Record<string, unknown>).mintLog === LOG_DELTA_QUERY.mintLog;
}

/** The second argument of `mint:update`. */
export interface LogDeltaUpdate {
  /** The `_stateID` of the state this update follows: the client must hold exactly that one. */
  base: number;
  /** What changed of that state, the game log (G.log) aside (./state-patch.ts). */
  patch: StatePatch;
  /**
   * The audience's log, rebuilt on the one held: a number n takes the held log's next n entries, an array adds its
   * entries (the audience's own, filtered as its view is); held entries after the last taken are dropped.
   */
  log: LogRun[];
}

/** A run of a log delta's `log`: held entries kept (a count), or new entries. */
export type LogRun = number | GameState['log'];

/** The entries a delta adds to the log held. */
export function addedEntries(update: LogDeltaUpdate): GameState['log'] {
  return update.log.flatMap((run) => (typeof run === 'number' ? [] : run));
}

/** The log `runs` describe on `held`; null when they do not fit it. */
function rebuildLog(held: GameState['log'], runs: unknown): GameState['log'] | null {
  if (!Array.isArray(runs)) return null;
  const out: GameState['log'] = [];
  let at = 0;
  for (const run of runs as unknown[]) {
    if (typeof run === 'number') {
      if (!Number.isSafeInteger(run) || run < 0 || at + run > held.length) return null;
      for (let i = 0; i < run; i++) out.push(held[at + i]!);
      at += run;
    } else if (Array.isArray(run)) {
      for (const e of run) out.push(e as GameState['log'][number]);
    } else {
      return null;
    }
  }
  return out;
}

/** What a client holds of the last state the server sent it. */
export interface HeldState { _stateID: number; G: GameState }

/** The game log is rebuilt from its runs, never patched. */
const isLogPath = (path: string) => path === 'G.log' || path.startsWith('G.log.');

/**
 * The whole state `update` describes, rebuilt on `held`; null when it cannot be (another base, a log too short, a
 * malformed message): the client then asks for a sync.
 */
export function applyLogDelta<S extends HeldState>(held: S | null, update: unknown): S | null {
  if (!held || typeof update !== 'object' || update === null) return null;
  const u = update as Partial<LogDeltaUpdate>;
  if (u.base !== held._stateID) return null;
  const log = rebuildLog(held.G.log, u.log);
  if (!log) return null;
  const state = applyStatePatch(held, u.patch, isLogPath);
  if (!state || typeof state.G !== 'object' || state.G === null || Array.isArray(state.G)) return null;
  // Assigning the log keeps its place among G's keys (a G sent whole carries it as []).
  return { ...state, G: { ...state.G, log } };
}
