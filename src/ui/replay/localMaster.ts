/**
 * The part of boardgame.io's in-page master (Local multiplayer, src/ui/session/clients.ts) that a local game's
 * record is built from. Kept apart from ./localCapture.ts, which builds and re-runs the record with the record
 * module (src/game/record.ts): that one is loaded only when a game ends, so it is not in the first load (issue 12).
 */
import type { GameState } from '../../game/rules';
import type { GameClient } from '../session/clients';

export interface LogEntryLike {
  action?: { type?: string; payload?: { type?: string; args?: unknown[]; playerID?: string } };
  _stateID?: number;
}

export interface StoredMatch {
  state?: { G: GameState; ctx: { gameover?: unknown }; _stateID: number };
  initialState?: { plugins?: { random?: { data?: { seed?: unknown } } } };
  log?: LogEntryLike[];
}

/** The part of boardgame.io's in-page master used here (LocalMaster: a Master on InMemory storage). */
export interface MasterLike {
  storageAPI: { fetch(matchID: string, opts: Record<string, boolean>): StoredMatch };
  subscribe(fn: (arg: { state: { ctx: { gameover?: unknown }; _stateID: number }; matchID: string }) => void): void;
}

/** The in-page master behind a Local client (boardgame.io keeps it on the client's transport). */
export function masterOf(client: GameClient): MasterLike | null {
  const m = (client as unknown as { transport?: { master?: unknown } }).transport?.master as MasterLike | undefined;
  return m && typeof m.subscribe === 'function' && m.storageAPI && typeof m.storageAPI.fetch === 'function' ? m : null;
}
