/**
 * Where a replay comes from, and its address: `/replay/<matchID>` (or `?replay=<matchID>`) for a finished online
 * match (the server's record endpoint), `/replay/imperios/<matchID>` for one of Imperios Milenarios (its own viewer,
 * src/ui/imperios/ImperiosReplay.tsx), `?record=<id>` for a record kept in this browser (./localRecords.ts). A record
 * file the player opens (either game's) has no address.
 * The server answers every page path with the app (SPA fallback, server/index.ts), as does `npm run dev`.
 */
import type { GameRecord } from '../../game/record';
import type { ImperiosRecord } from '../../games/imperios/record';

/** `event`: open at the moment of this event of the final log (a link from a story on the end screen). */
export type ReplaySource =
  | { kind: 'server'; matchID: string; event?: number; game?: 'imperios' }
  | { kind: 'local'; id: string; event?: number }
  | { kind: 'file'; record: GameRecord; name?: string; game?: undefined }
  // A record file of Imperios Milenarios (`"game": "imperios"`): its own viewer, like its online replays.
  | { kind: 'file'; game: 'imperios'; record: ImperiosRecord; name?: string };

/** The `event` parameter of an address: a whole number of at most six digits, or nothing. */
function eventParam(q: URLSearchParams): { event?: number } {
  const e = q.get('event');
  return e !== null && /^\d{1,6}$/.test(e) ? { event: Number(e) } : {};
}

const MATCH_ID = /^[A-Za-z0-9_-]{1,64}$/;
const LOCAL_ID = /^[0-9a-f]{1,32}$/;

/** The replay named by the page's address, or null. */
export function replayFromLocation(loc: { pathname: string; search: string }): ReplaySource | null {
  const q = new URLSearchParams(loc.search);
  const path = /^\/replay\/(imperios\/)?([^/]+)\/?$/.exec(loc.pathname);
  if (path) {
    let id = '';
    try { id = decodeURIComponent(path[2]); } catch { /* not an id */ }
    if (MATCH_ID.test(id)) return { kind: 'server', matchID: id, ...eventParam(q), ...(path[1] ? { game: 'imperios' } : {}) };
  }
  const matchID = q.get('replay');
  if (matchID && MATCH_ID.test(matchID)) return { kind: 'server', matchID, ...eventParam(q) };
  const id = q.get('record');
  if (id && LOCAL_ID.test(id)) return { kind: 'local', id, ...eventParam(q) };
  return null;
}

/** The address of a replay (a file has none). */
export function replayHref(src: Exclude<ReplaySource, { kind: 'file' }>): string {
  const at = src.event === undefined ? '' : `${src.kind === 'server' ? '?' : '&'}event=${src.event}`;
  return src.kind === 'server' ? `/replay/${src.game ? 'imperios/' : ''}${encodeURIComponent(src.matchID)}${at}` : `/?record=${encodeURIComponent(src.id)}${at}`;
}

/** Put the replay's address in the address bar (so a reload reopens it), or clear it (null). */
export function setReplayAddress(src: ReplaySource | null): void {
  if (typeof window === 'undefined' || !window.history?.replaceState) return;
  const href = src && src.kind !== 'file' ? replayHref(src) : '/';
  window.history.replaceState(null, '', href);
}

/** Leave the current screen for a replay (a full navigation: the game screen and its match end here). */
export function openReplay(src: Exclude<ReplaySource, { kind: 'file' }>): void {
  window.location.assign(replayHref(src));
}
