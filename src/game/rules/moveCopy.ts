/**
 * A decision made on a copy of the state (issue 21 item 8): boardgame.io's moves copy the state before them and let
 * the rules change the copy in place (src/game/index.ts), instead of writing through immer's draft, which copied and
 * froze every object on a written path (the whole log array at each new line) and took about half of a move's time.
 */
import { copyJson, jsonEqual } from './json';
import type { GameState } from './state';

/** Fields no rule changes in place: shared by the copy (see copyForMove). */
const SHARED = new Set(['undo', 'config']);

/**
 * A copy of `state` for its next decision to change: every field deep-copied but three that no rule ever changes in
 * place, which are shared: the log's lines (the array is new; a line is never changed once written, a take-back cuts
 * the array and copies what it keeps), the take-back stack (always replaced whole, ./undo.ts) and the config (read
 * only). So a move costs a copy of the state without its history, however long the game.
 */
export function copyForMove(state: GameState): GameState {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(state)) {
    const v = (state as unknown as Record<string, unknown>)[k];
    out[k] = k === 'log' ? (v as unknown[]).slice() : SHARED.has(k) ? v : copyJson(v);
  }
  return out as unknown as GameState;
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * After the decision: every field of `next` equal to `before`'s, and every entry of a record field (a planet, a
 * leader…) equal to `before`'s, is `before`'s own object again, as immer's copies were. What a move left alone is
 * then the same object in both states, which the server's log deltas rely on to send only what changed
 * (server/match/log-delta.ts), and which saves memory. Changes `next` only.
 */
export function shareUnchanged(before: GameState, next: GameState): void {
  const b = before as unknown as Record<string, unknown>;
  const n = next as unknown as Record<string, unknown>;
  for (const k of Object.keys(n)) {
    if (k === 'log' || SHARED.has(k)) continue;
    const was = b[k];
    const now = n[k];
    if (was === now || typeof now !== 'object' || now === null) continue;
    if (jsonEqual(was, now)) {
      n[k] = was;
    } else if (isRecord(was) && isRecord(now)) {
      for (const e of Object.keys(now)) if (now[e] !== was[e] && jsonEqual(was[e], now[e])) now[e] = was[e];
    }
  }
}
