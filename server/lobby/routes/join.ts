/**
 * `POST /games/:name/:matchID/join`: take an open seat (the one named, or the first free). A seat that was ever taken
 * stays closed, and the rival deck's seat of a solo match is nobody's. Runs in the match's queue (../../match/hub.ts), so a
 * join cannot be lost to a concurrent write.
 */
import type { JoinedSeat } from '../../../src/protocol';
import { newCredentials, seatIDs, seatMetadata } from '../../seats/credentials';
import { isRivalSeat } from '../../match/hub';
import { fail } from '../../http';
import { checkName, checkNotOthers } from '../names';
import { startClockIfSeated } from '../../table/route';
import { seated, startAbsences } from '../../table/state';
import { checkSeat } from '../checks';
import type { Seat } from '../matches';
import { route } from '../router';

export const joinRoute = route('POST', '/games/:name/:matchID/join', async (lobby, { ctx, params, ip }): Promise<JoinedSeat> => {
  const { hub, db, opts } = lobby;
  const b = await lobby.body(ctx, ['playerID', 'playerName']);
  const name = checkName(b.playerName, 'playerName');
  let playerID = checkSeat(b.playerID, false, lobby.hosted.players);
  const matchID = lobby.matchParam(params);
  await lobby.rateLimitWrite(ip);
  return hub.enqueue(matchID, async () => {
    const m = await lobby.matchOr404(matchID);
    if (playerID === undefined) {
      playerID = seatIDs(m).find((id) => { const p = seatMetadata(m, id); return p && (p.name === undefined || p.name === null); });
      if (playerID === undefined) fail(409, 'match is full');
    }
    const p = seatMetadata(m, playerID) as Seat | undefined;
    if (!p) fail(404, 'player not found');
    if (isRivalSeat(p)) fail(409, `player ${playerID} is the rival deck of this solo match: nobody can join it`);
    // A seat that was ever taken stays closed (a left seat keeps its name): its view is not for newcomers.
    if ((p.name !== undefined && p.name !== null) || p.left) fail(409, `player ${playerID} is not available`);
    checkNotOthers(name, m, playerID, 'playerName');
    p.name = name;
    p.credentials = newCredentials();
    // Every seat held now: the absences count from here (a seat whose player never opens a socket can be
    // handed to the bot after the limit), and the clock starts (issue 19 item 2: not before).
    if (seated(m)) startAbsences(m, hub.now());
    const clockStarted = await startClockIfSeated(db, matchID, m, hub.now(), hub.hostedGame(m.gameName));
    await db.setMetadata(matchID, m);
    hub.forget(matchID);
    hub.seatsChanged(matchID, m); // the credentials pre-checks (../../seats/keys.ts) here and in other processes
    if (clockStarted) hub.sendTable(matchID, m);
    else hub.changes.emit('table', { matchID, metadata: m }); // the seat's absence deadline (../../table/timer.ts), until its player connects
    opts.onEvent?.({ event: 'joined', matchID, playerID });
    return { playerID, playerCredentials: p.credentials };
  });
});
