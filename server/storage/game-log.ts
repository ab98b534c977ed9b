/**
 * The game's event log (`G.log`) kept out of the state row (issue 21 item 1).
 *
 * Late in a game `G.log` is ≈ 90 % of a state's JSON (≈ 40 of 47 KB), and a move adds a few entries. Rewriting it
 * with every move was most of a move's write. So the state row holds G with `log: []` (the key stays where it was,
 * so the reassembled state's JSON is byte for byte the one written), and the entries are rows of `mint_game_log`
 * (seq = index in G.log), written in the state's transaction: a move writes the state row without its log plus the
 * entries that changed. The log is not strictly append-only: a take-back (src/game/rules/undo.ts `takeBack`) drops
 * the entries since its snapshot, so a write rewrites from the first entry that differs and deletes what is beyond
 * the new end. A state whose G has no `log` array (other games, tests) is stored whole, as before.
 */
import type { State } from 'boardgame.io';
import { entryJson, sharedPrefix } from '../match/state-json';

/** G.log of a state, or undefined when there is none (the state is then stored whole). */
export function gameLogOf(state: unknown): readonly unknown[] | undefined {
  const G = (state as { G?: { log?: unknown } } | null)?.G;
  if (typeof G !== 'object' || G === null || Array.isArray(G)) return undefined;
  return Array.isArray(G.log) ? G.log : undefined;
}

/** The state's JSON with G.log written as `[]` (its entries are rows); the state as is without a G.log. */
export function shellJson(state: State): string {
  if (!gameLogOf(state)) return JSON.stringify(state);
  return JSON.stringify({ ...state, G: { ...(state.G as object), log: [] } });
}


/** What a state write does to the game log rows. */
export interface GameLogWrite {
  /** Rows below this seq are kept as stored; rows from it are (re)written. */
  from: number;
  /** JSON of G.log[from…], in order. */
  rows: string[];
  /** G.log's length after the write (the match row's `game_log_length`; rows at or beyond it are deleted). */
  length: number;
  /**
   * The stored `game_log_length` the write was computed against (the write is refused as stale otherwise), or
   * undefined: the whole log is written (`from` 0) whatever is stored.
   */
  expected: number | undefined;
}

/**
 * The rows to write for `state`, given `prev` (the stored state it was computed from, log included), or undefined
 * when G has no log. Without `prev`, the whole log.
 */
export function gameLogWrite(state: State, prev?: State): GameLogWrite | undefined {
  const log = gameLogOf(state);
  if (!log) return undefined;
  const before = prev ? gameLogOf(prev) : undefined;
  const from = before ? sharedPrefix(before, log) : 0;
  const rows: string[] = [];
  for (let i = from; i < log.length; i++) rows.push(entryJson(log[i]));
  return { from, rows, length: log.length, expected: before?.length };
}

/**
 * The stored state with its log put back: `joined` is the rows' entries joined by commas in seq order (one
 * aggregate in the state's query), `length` the row's `game_log_length`. A row stored before the game log had
 * rows of its own (`length` 0) keeps the log it holds. A count that disagrees is a broken database: an error.
 */
export function withGameLog(matchID: string, stateText: string, joined: string | null | undefined, length: number): State {
  const state = JSON.parse(stateText) as State;
  if (length > 0) {
    const entries = JSON.parse(`[${joined ?? ''}]`) as unknown[];
    if (entries.length !== length || !gameLogOf(state)) {
      throw new Error(`storage: match ${matchID} has ${entries.length} game log rows, its state says ${length}`);
    }
    (state.G as { log: unknown[] }).log = entries;
  }
  return state;
}
