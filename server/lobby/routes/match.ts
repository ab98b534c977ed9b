/** `GET /games/:name/:matchID`: one match as listed; a seat holder (credentials in headers) also learns the rematch. */
import type { PublicMatch } from '../../../src/protocol';
import { credentialsMatch, isPlayerID } from '../../seats/credentials';
import { fail } from '../../http';
import { publicMatch } from '../matches';
import { route } from '../router';

export const matchDataRoute = route('GET', '/games/:name/:matchID', async (lobby, { ctx, params }): Promise<PublicMatch> => {
  const { matchID } = params;
  const m = await lobby.matchOr404(matchID);
  const out = publicMatch(matchID, m, lobby.hosted);
  // Credentials in headers, never in the URL (URLs end up in logs).
  const playerID = ctx.get('X-Player-ID');
  if (playerID || ctx.get('X-Player-Credentials')) {
    if (!isPlayerID(playerID) || !credentialsMatch(m, playerID, ctx.get('X-Player-Credentials'))) fail(403, 'invalid credentials');
    if (typeof m.nextMatchID === 'string') out.nextMatchID = m.nextMatchID;
  }
  return out;
});
