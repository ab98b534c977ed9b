/**
 * Log deltas (issue 21 items 1 and 8): an update that carries only the game log entries its audience has not got.
 *
 * A late state's view is ≈ 30 KB, ≈ 85 % of it the game log (G.log), and a move adds a few entries. A client that
 * announces it can rebuild views (the socket handshake query `LOG_DELTA_QUERY`) gets, for each move, `mint:update`
 * (matchID, LogDeltaUpdate, deltalog) instead of boardgame.io's `update` (matchID, view, deltalog): the view with
 * `G.log` sent as `[]` and the public parts of G the move did not change sent as null (`kept`), the state ID it
 * follows, how many entries of the log held for that state stay (`keep`: a take-back drops entries, the end of
 * the game shows every seat the whole log) and the entries after them. Everything else — sync (the audience's
 * whole log once, on every connect), boardgame.io's own clients, which never ask — is as before.
 */
import type { GameState } from '../game/rules';

/** The handshake query a client sets (socket.io's `query` option) to get `mint:update` instead of `update`. */
export const LOG_DELTA_QUERY = { mintLog: 'delta' } as const;

/** Whether a handshake query asks for log deltas (the server's side of LOG_DELTA_QUERY). */
export function wantsLogDeltas(query: unknown): boolean {
  return typeof query === 'object' && query !== null && (query as Record<string, unknown>).mintLog === LOG_DELTA_QUERY.mintLog;
}

/**
 * What an update may leave out (sent as null) because it equals the same part of the state it follows: a field of G
 * (`'planets'`), or one entry of a field that is a record (`'planets.A'`: one planet of the board).
 */
export type KeptField = Exclude<keyof GameState, 'log'> | `${Exclude<keyof GameState, 'log'>}.${string}`;

const own = (o: unknown, k: string) => typeof o === 'object' && o !== null && !Array.isArray(o) && Object.prototype.hasOwnProperty.call(o, k);
/** Keys never copied by name (an own `__proto__` of parsed JSON would set a prototype). */
const UNSAFE = new Set(['__proto__', 'constructor', 'prototype', 'log']);

/** The second argument of `mint:update`. */
export interface LogDeltaUpdate<S = unknown> {
  /** The `_stateID` of the state this update follows: the client must hold exactly that one. */
  base: number;
  /** The new state as boardgame.io's `update` would carry it, with G.log `[]` and the `kept` fields null. */
  state: S;
  /** Leading entries of the base state's log that stay. */
  keep: number;
  /** The entries after them (the audience's own, filtered as its view is). */
  entries: GameState['log'];
  /** Parts of G to take from the base state. */
  kept?: KeptField[];
}

/** What a client holds of the last state the server sent it. */
export interface HeldState { _stateID: number; G: GameState }

/**
 * The whole state `update` describes, rebuilt on `held`; null when it cannot be (another base, a log too short, a
 * malformed message): the client then asks for a sync.
 */
export function applyLogDelta<S extends HeldState>(held: S | null, update: unknown): S | null {
  if (!held || typeof update !== 'object' || update === null) return null;
  const u = update as Partial<LogDeltaUpdate<S>>;
  const state = u.state as S | undefined;
  if (u.base !== held._stateID || typeof state !== 'object' || state === null || typeof state.G !== 'object' || state.G === null) return null;
  if (!Number.isSafeInteger(u.keep) || u.keep! < 0 || u.keep! > held.G.log.length || !Array.isArray(u.entries)) return null;
  const G = { ...state.G, log: held.G.log.slice(0, u.keep).concat(u.entries) };
  if (u.kept !== undefined && !Array.isArray(u.kept)) return null;
  const g = G as unknown as Record<string, unknown>;
  const from = held.G as unknown as Record<string, unknown>;
  const copied = new Set<string>();
  for (const path of u.kept ?? []) {
    if (typeof path !== 'string') return null;
    const dot = path.indexOf('.');
    const f = dot < 0 ? path : path.slice(0, dot);
    if (UNSAFE.has(f) || !own(from, f) || !own(g, f)) return null;
    if (dot < 0) {
      g[f] = from[f];
      continue;
    }
    const k = path.slice(dot + 1);
    if (UNSAFE.has(k) || !own(from[f], k) || !own(g[f], k)) return null;
    // The field's record is the message's own: copied once before its first entry is filled in.
    if (!copied.has(f)) g[f] = { ...(g[f] as object) };
    copied.add(f);
    (g[f] as Record<string, unknown>)[k] = (from[f] as Record<string, unknown>)[k];
  }
  return { ...state, G };
}
