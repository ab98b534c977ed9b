/**
 * `POST /games/:name/:matchID/playAgain`: once the game is over, the rematch. The first player to ask makes it (the
 * same players, clock, bot or solo rival) and holds each seat for its player of this match; the other player's
 * playAgain then claims its own seat, and gets its own credentials (issue 19 item 2).
 */
import type { Server } from 'boardgame.io';
import type { RematchSeat } from '../../../src/protocol';
import { seatIDs, seatMetadata, type SeatID } from '../../seats/credentials';
import { botKindOf } from '../../match/hub';
import { fail } from '../../http';
import { checkNotOther } from '../names';
import type { ClockSettings } from '../../table/clock';
import { startClockIfSeated } from '../../table/route';
import { seated, startAbsences, type TableMetadata } from '../../table/state';
import { checkBool, checkNumPlayers, checkSeat } from '../checks';
import { botsOf, humanSeats, isOver, ownSetupOf, soloOf, type Seat } from '../matches';
import { newMatch } from '../new-match';
import { route } from '../router';
import type { Lobby } from '../context';

/**
 * Inside the rematch's queue: `seat`'s player asks for the rematch (playAgain). Its credentials, once its seat is
 * claimed; when that was the last unclaimed seat, the match is seated: the absences count and the clock starts
 * from now (issue 19 item 2), and both sockets get the table. 'lost': the seat is no longer the player's (left);
 * 'gone': the rematch was deleted.
 */
async function claimRematchSeat(lobby: Lobby, matchID: string, seat: SeatID): Promise<{ credentials: string } | 'lost' | 'gone'> {
  const { hub, db, opts } = lobby;
  const { metadata: m } = await db.fetch(matchID, { metadata: true });
  if (!m) return 'gone';
  const p = seatMetadata(m, seat) as Seat | undefined;
  if (!p || typeof p.credentials !== 'string' || botKindOf(p)) return 'lost';
  const t = m as TableMetadata;
  if (!t.unclaimed?.includes(seat)) return { credentials: p.credentials };
  const waiting = t.unclaimed.filter((id) => id !== seat);
  if (waiting.length > 0) {
    t.unclaimed = waiting;
  } else {
    delete t.unclaimed;
    delete t.unclaimedSince;
  }
  const now = hub.now();
  if (seated(m)) startAbsences(m, now);
  await startClockIfSeated(db, matchID, m, now, hub.hostedGame(m.gameName));
  await db.setMetadata(matchID, m);
  hub.forget(matchID);
  hub.announce(matchID, m); // players (who is away) and the table (the clock) to the sockets; re-arms the timer
  opts.onEvent?.({ event: 'joined', matchID, playerID: seat });
  return { credentials: p.credentials };
}

/** The clock settings of a finished match, for its rematch. */
function clockOf(m: Server.MatchData): ClockSettings | undefined {
  const c = (m as TableMetadata).clock;
  return c ? { kind: c.kind, bankMs: c.bankMs, incrementMs: c.incrementMs, perDecisionMs: c.perDecisionMs } : undefined;
}

export const playAgainRoute = route('POST', '/games/:name/:matchID/playAgain', async (lobby, { ctx, params, ip }): Promise<RematchSeat> => {
  const { hub, db } = lobby;
  const b = await lobby.body(ctx, ['playerID', 'credentials', 'unlisted', 'numPlayers']);
  const playerID = checkSeat(b.playerID, true, lobby.hosted.players)!;
  const numPlayers = checkNumPlayers(b.numPlayers, lobby.hosted.players);
  const unlisted = checkBool(b.unlisted, 'unlisted');
  const matchID = lobby.matchParam(params);
  await lobby.rateLimitWrite(ip);
  await lobby.precheck(matchID, playerID, b.credentials);
  return hub.enqueue(matchID, async () => {
    const m = await lobby.matchOr404(matchID);
    lobby.authorized(m, playerID, b.credentials);
    if (!isOver(m)) fail(409, 'the game is not over');
    if (b.numPlayers !== undefined && numPlayers !== seatIDs(m).length) fail(400, 'numPlayers must be the match\'s own');
    if (typeof m.nextMatchID === 'string') {
      const nextMatchID = m.nextMatchID;
      // In the rematch's queue (nested: nothing takes these two queues the other way round).
      const held = await hub.enqueue(nextMatchID, () => claimRematchSeat(lobby, nextMatchID, playerID));
      if (typeof held === 'object') return { nextMatchID, playerID, playerCredentials: held.credentials };
      if (held === 'lost') fail(409, 'your seat in the rematch is no longer held');
      // The rematch is gone (everyone left it, or it expired unopened): make a new one.
    }
    await lobby.rateLimitCreate(ip);
    const reserved: Record<string, string> = {};
    for (const id of humanSeats(m)) reserved[id] = seatMetadata(m, id)!.name as string;
    // Names stored before the look-alike rule (issue 19 item 8) are not carried into a new match as they are.
    for (const [id, name] of Object.entries(reserved)) {
      if (id !== playerID && reserved[playerID] !== undefined) checkNotOther(reserved[playerID], name, 'your name');
    }
    const nextMatchID = await newMatch(lobby, ip, {
      numPlayers: seatIDs(m).length, setupData: ownSetupOf(m, lobby.hosted),
      unlisted: unlisted ?? !!m.unlisted, bots: botsOf(m, lobby.hosted), reserved, solo: soloOf(m), clock: clockOf(m),
      hints: (m as TableMetadata).hints?.limit, rematch: { of: matchID, by: playerID },
    });
    m.nextMatchID = nextMatchID;
    await db.setMetadata(matchID, m);
    hub.forget(matchID);
    const { metadata: next } = await db.fetch(nextMatchID, { metadata: true });
    // The reserved seat was given credentials by newMatch.
    return { nextMatchID, playerID, playerCredentials: seatMetadata(next, playerID)!.credentials as string };
  });
});
