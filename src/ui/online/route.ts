/**
 * The online screens' routes and how the page's address names one. Apart from OnlineScreen so that the start of the
 * app can read the address without loading the lobby and the socket client (a lazy chunk, issue 12's first load).
 */
import type { Joined } from './lobbyApi';
import { loadSeat } from './seats';

export type OnlineRoute =
  | { kind: 'lobby' }
  | { kind: 'stats' }
  | { kind: 'match'; matchID: string }
  | { kind: 'play'; joined: Joined }
  | { kind: 'watch'; matchID: string }
  /**
   * Imperios Milenarios online (src/ui/imperios/online, a lazy chunk): its lobby or a match. Its addresses are the
   * ones above with `game=imperios` (?online=1&game=imperios, ?match=ID&game=imperios[&watch=1]); OnlineScreen tells
   * them apart (imperiosRoute), so the first load reads no more of the address than before.
   */
  | { kind: 'imperios'; matchID?: string; watch?: boolean };

/** A route from the page's address: ?match=ID[&watch=1], ?stats (the Statistics page), else the lobby. */
export function routeFromLocation(search: string): OnlineRoute | null {
  const q = new URLSearchParams(search);
  const matchID = q.get('match');
  if (matchID && /^[A-Za-z0-9_-]{1,64}$/.test(matchID)) {
    if (q.get('watch') === '1') return { kind: 'watch', matchID };
    const joined = loadSeat(matchID);
    return joined ? { kind: 'play', joined } : { kind: 'match', matchID };
  }
  if (q.get('stats') !== null) return { kind: 'stats' };
  if (q.get('online') !== null) return { kind: 'lobby' };
  return null;
}
