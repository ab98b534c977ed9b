/**
 * `POST /games/:name/:matchID/rename` and its boardgame.io name `…/update`: a seat's new name, limited per address
 * and per seat, never a look-alike of the other seat's.
 */
import type { EmptyBody } from '../../../src/protocol';
import { seatMetadata } from '../../seats/credentials';
import { checkName, checkNotOthers } from '../names';
import { checkSeat } from '../checks';
import { route, type LobbyRequest } from '../router';
import type { Lobby } from '../context';

async function rename(lobby: Lobby, { ctx, params, ip }: LobbyRequest): Promise<EmptyBody> {
  const { hub, db } = lobby;
  const b = await lobby.body(ctx, ['playerID', 'credentials', 'newName']);
  const playerID = checkSeat(b.playerID, true)!;
  const newName = checkName(b.newName, 'newName');
  const matchID = lobby.matchParam(params);
  await lobby.rateLimitWrite(ip);
  await lobby.precheck(matchID, playerID, b.credentials);
  await hub.enqueue(matchID, async () => {
    const m = await lobby.matchOr404(matchID);
    lobby.authorized(m, playerID, b.credentials);
    await lobby.rateLimitRename(`${matchID}|${playerID}`);
    checkNotOthers(newName, m, playerID, 'newName');
    seatMetadata(m, playerID)!.name = newName;
    await db.setMetadata(matchID, m);
    hub.forget(matchID);
  });
  return {};
}

export const updateRoute = route('POST', '/games/:name/:matchID/update', rename);
export const renameRoute = route('POST', '/games/:name/:matchID/rename', rename);
