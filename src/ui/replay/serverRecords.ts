/**
 * Records of online matches from the same-origin server: `GET /games/mint-imperium/<id>/record` answers a finished
 * match's record and 409 while it is running (its seed and moves stay secret until the end, RULES R8.3 item 9;
 * docs/RECORDS.md), and the lobby's list of finished matches (`isGameover=true`, newest first).
 */
import { parseRecord, type GameRecord } from '../../game/record';
import { GAME_NAME, serverURL, type PublicMatch } from '../online/lobbyApi';

export async function fetchMatchRecord(matchID: string, server = serverURL()): Promise<GameRecord | { error: string }> {
  let res: Response;
  try {
    res = await fetch(`${server}/games/${GAME_NAME}/${encodeURIComponent(matchID)}/record`, { headers: { Accept: 'application/json' } });
  } catch {
    return { error: 'The server cannot be reached.' };
  }
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    /* not JSON */
  }
  if (res.status === 409) return { error: 'This match is not over yet: its replay opens once the game has ended.' };
  if (res.status === 404) return { error: 'There is no such match on this server (any more).' };
  if (!res.ok) {
    const msg = body && typeof (body as { error?: unknown }).error === 'string' ? (body as { error: string }).error : `error ${res.status}`;
    return { error: `The server did not send the record: ${msg}.` };
  }
  const rec = parseRecord(body);
  if ('error' in rec) return { error: `The server's record cannot be read: ${rec.error}.` };
  if (!rec.result) return { error: 'This match is not over yet.' };
  return rec;
}

/** Finished matches on the server: the newest created first page (server/lobby/routes/list.ts pages by creation, newest first). */
export async function listFinishedMatches(server = serverURL(), limit = 20): Promise<PublicMatch[]> {
  const res = await fetch(`${server}/games/${GAME_NAME}?isGameover=true&limit=${limit}`);
  if (!res.ok) throw new Error(res.status === 429 ? 'Too many requests: try again in a moment.' : `The server answered ${res.status}.`);
  const { matches } = await res.json() as { matches: PublicMatch[] };
  return [...matches].sort((a, b) => b.updatedAt - a.updatedAt);
}
