/**
 * `POST /games/:name/:matchID/leave`: the seat closes for good. Leaving an unfinished match is a forfeit (the other
 * seat wins, nobody takes the empty chair); a match no human holds any more is deleted.
 */
import type { EmptyBody } from '../../../src/protocol';
import { seatMetadata } from '../../seats/credentials';
import { forgetRematch } from '../../table/timer';
import type { TableMetadata } from '../../table/state';
import { checkSeat } from '../checks';
import { humanSeats, isOver, type Seat } from '../matches';
import { route } from '../router';

export const leaveRoute = route('POST', '/games/:name/:matchID/leave', async (lobby, { ctx, params, ip }): Promise<EmptyBody> => {
  const { hub, db, opts } = lobby;
  const b = await lobby.body(ctx, ['playerID', 'credentials']);
  const playerID = checkSeat(b.playerID, true, lobby.hosted.players)!;
  const matchID = lobby.matchParam(params);
  await lobby.rateLimitWrite(ip);
  await lobby.precheck(matchID, playerID, b.credentials);
  let wiped = false;
  let rematchOf: string | undefined;
  await hub.enqueue(matchID, async () => {
    const m = await lobby.matchOr404(matchID);
    lobby.authorized(m, playerID, b.credentials);
    const p = seatMetadata(m, playerID)! as Seat;
    // The seat closes for good: no credentials (the leaver's sockets lose it), name kept, marked left.
    delete p.credentials;
    p.isConnected = false;
    p.left = true;
    hub.evict(matchID, playerID);
    opts.onEvent?.({ event: 'left', matchID, playerID });
    // (A rematch left by its only player before the other asked for it goes too: no result, issue 19 item 2.)
    if (humanSeats(m).length === 0) {
      await db.wipe(matchID);
      wiped = true;
      rematchOf = (m as TableMetadata).rematchOf;
      hub.evict(matchID);
      return;
    }
    // Leaving a game in progress is a forfeit: the other seat wins, and nobody can take the empty chair.
    if (!isOver(m) && await hub.forfeitInQueue(matchID, playerID, m)) return;
    await db.setMetadata(matchID, m);
    hub.forget(matchID);
  });
  if (wiped) opts.onWiped?.(matchID);
  if (rematchOf !== undefined) await forgetRematch(hub, rematchOf, matchID);
  return {};
});
