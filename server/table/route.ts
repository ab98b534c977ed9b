/**
 * `POST /games/:name/:id/table` (issue 10 items 2 and 3; every hosted game since issue 23): what a seated player may
 * do about another seat, with that player's own credentials, in the match's queue. The seat acted on is the other
 * one in a game of two seats; in a game of more (Imperios) the body names it (`seat`):
 * - `claimWin`: the opponent's clock ran out → the game ends, won by the claimer (`reason: 'time'`);
 * - `handToBot`: the opponent's clock ran out, or the opponent has been away (no socket) longer than the limit
 *   (default 3 min; with a turn clock, the decision limit) → the server bot plays that seat from its view only
 *   (../bots), with the seat's own credentials; the game's hand-over bot plays it (`HostedBots.handoverKind`: Mint's
 *   `handoverBot` option, Imperios' search bot); the clock pauses (a bot needs none; ./clock.ts pauseClock);
 *   `metadata.handovers` records from which state on the bot played it;
 * - `takeBack`: the owner of a seat handed to the bot takes it back (from their next decision: a bot move still
 *   on its way is refused by the hub, as the seat is no bot seat any more); the clock resumes with the banks it had
 *   (issue 19 item 5: the bot's time is charged to nobody, and nothing is refilled).
 * Nobody else can: a spectator has no credentials, a seat acts only on another seat, and only when the clock or
 * the absence allows it (409 otherwise). Who played each decision is written by the game (`HostedGame.notePlayed`,
 * from `metadata.handovers`: ../match/hub.ts). Answers `{}` or `{ error }`.
 *
 * Refusing costs the match nothing (issue 19 item 4): calls are rate-limited per address (429, before the body is
 * read), and wrong credentials are refused against the seats' cached hashes (../seats/keys.ts) before anything takes
 * the match's queue, its Redis lock (several processes) or reads its state.
 */
import type { Middleware } from 'koa';
import type { Server, State } from 'boardgame.io';
import type { GameState } from '../../src/game/rules';
import { playerOfMaybe, TABLE_ACTIONS, type SeatID as MintSeatID, type TableAction } from '../../src/protocol';
import { credentialsMatch, isPlayerID, seatIDs, seatMetadata } from '../seats/credentials';
import { noteExpired, outOfTimeSeats, pauseClock, resumeClock, startDecisions } from './clock';
import { fail, onlyKeys, readJsonObject, type RateLimit } from '../http';
import { matchPostStart } from '../http/match-post';
import type { Limiter } from '../cluster/shared-limits';
import { botKindOf, isRivalSeat, type MatchHub } from '../match/hub';
import { clockSeats, type HostedGame } from '../match/hosted-game';
import type { SqlStorage } from '../storage';
import { abandonLimit, awaySince, seated, type TableMetadata } from './state';

/**
 * A match with a turn clock starts timing once both players hold their seats (./state.ts `seated`: the lobby's
 * join, and a rematch's last playAgain, call this in the queue): the first turn's seat from the current state.
 */
export async function startClockIfSeated(db: SqlStorage, matchID: string, m: Server.MatchData, now: number,
  hosted?: Pick<HostedGame, 'nextToMove' | 'awaiting'>): Promise<boolean> {
  const t = m as TableMetadata;
  if (!t.clock || t.clock.running || t.clock.stopped || t.clock.paused) return false;
  if (!seated(m)) return false;
  const { state } = await db.fetch(matchID, { state: true });
  // The game says whose decision it waits for (every hosted game); Mint's pending seat without one.
  // G59: every seat it waits for starts spending its own time.
  const seats = hosted && state
    ? (clockSeats(hosted, state as State) as MintSeatID[])
    : [playerOfMaybe((state as State<GameState> | undefined)?.G.pending?.seat)].filter((x) => x !== null);
  if (seats.length === 0) return false;
  t.clock = startDecisions(t.clock, seats, now);
  return true;
}

/** Table calls per address (a player needs a handful per game). */
export const DEFAULT_TABLE_LIMIT: RateLimit = { max: 20, windowMs: 10_000 };

/** The playerID the body names in `field`: a seat a match of `hosted` can have ('0' … max − 1), else 400. */
function seatField(x: unknown, hosted: HostedGame, field: string): string {
  if (!isPlayerID(x) || Number(x) >= hosted.players.max) {
    fail(400, hosted.players.max === 2 ? `${field} must be "0" or "1"` : `${field} must be a seat of the match ("0" to "${hosted.players.max - 1}")`);
  }
  return x;
}

export function tableRoute(opts: {
  hub: MatchHub; bodyLimitBytes: number;
  /** Calls per address (../http/index.ts RateLimiter, or shared through Redis with several processes); null: no limit. */
  limiter: Limiter | null;
}): Middleware {
  const { hub, limiter } = opts;
  return async (ctx, next) => {
    // Any hosted game's matches (its name in the path); an unknown name is answered 404 by matchPostStart.
    const named = hub.hostedGame(ctx.path.split('/')[2]);
    const gameName = (named?.game.name ?? hub.game.name) as string;
    // Path, game, method, matchID and the per-address budget, before the body is read (bad requests count too).
    const matchID = await matchPostStart(ctx, 'table', gameName, limiter, 'table');
    if (matchID === null) return next();
    const hosted = named!;
    const body = await readJsonObject(ctx, opts.bodyLimitBytes);
    onlyKeys(body, ['playerID', 'credentials', 'action', 'seat']);
    const { credentials, action } = body;
    const playerID = seatField(body.playerID, hosted, 'playerID');
    if (!(TABLE_ACTIONS as readonly unknown[]).includes(action)) fail(400, `action must be one of ${TABLE_ACTIONS.join(', ')}`);
    // The seat acted on (claimWin, handToBot): in a game of two seats the other one, which `seat` may name; in a game of
    // more, `seat` names it. takeBack acts on the caller's own seat.
    const target = body.seat === undefined ? undefined : seatField(body.seat, hosted, 'seat');
    if (action === 'takeBack' && target !== undefined) fail(400, 'takeBack acts on your own seat: no seat');
    if (target === playerID) fail(400, 'seat must be another player\'s');
    // No queue, no lock, no state read for credentials that cannot be the seat's; credentials that may be are checked
    // for real in the queue below, against the stored metadata.
    const pre = await hub.seatKeys.check(matchID, playerID, credentials);
    if (pre === 'match not found') fail(404, 'match not found');
    if (pre !== 'maybe') fail(403, 'invalid credentials');
    let kick = false;
    await hub.enqueue(matchID, async () => {
      hub.forget(matchID);
      const { state, metadata } = await hub.db.fetch(matchID, { state: true, metadata: true });
      if (!state || !metadata || metadata.gameName !== gameName) fail(404, 'match not found'); // another game's match: not here
      if (!credentialsMatch(metadata, playerID, credentials)) fail(403, 'invalid credentials');
      const s = state as State;
      if (s.ctx.gameover !== undefined) fail(409, 'the game is over');
      const t = metadata as TableMetadata;
      const me = seatMetadata(metadata, playerID)!;
      const ids = seatIDs(metadata);
      let oppID = '';
      if (action !== 'takeBack') {
        if (target === undefined && ids.length !== 2) fail(400, 'seat: name the seat (its playerID) in a match of more than two');
        oppID = target ?? ids.find((id) => id !== playerID)!;
        if (!ids.includes(oppID)) fail(400, 'seat must be a seat of the match');
      }
      const opp = seatMetadata(metadata, oppID);
      const now = hub.now();
      // G59: every seat out of time, each for itself (several may owe at once).
      const late = outOfTimeSeats(t.clock, now) as string[];
      if (t.clock) {
        const noted = noteExpired(t.clock, now);
        t.clock = noted.clock;
        for (const seat of noted.newly) hub.onEvent({ event: 'clockExpired', matchID, playerID: seat });
      }
      switch (action as TableAction) {
        case 'claimWin': {
          if (!late.includes(oppID)) fail(409, ids.length === 2 ? 'your opponent still has time' : 'that player still has time');
          await hub.forfeitInQueue(matchID, oppID, metadata, 'time');
          return;
        }
        case 'handToBot': {
          const bots = hosted.bots;
          if (!bots) fail(409, 'this game has no bot to take a seat');
          if (!opp || typeof opp.credentials !== 'string' || botKindOf(opp) || isRivalSeat(opp)) {
            fail(409, 'that seat is not a player\'s');
          }
          const away = awaySince(metadata, oppID);
          const why = late.includes(oppID) ? 'time' : away !== undefined && now - away >= abandonLimit(t, hub.abandonMs) ? 'away' : null;
          if (!why) fail(409, ids.length === 2 ? 'your opponent is still playing' : 'that player is still playing');
          opp.data = { ...(opp.data as object | undefined), bot: bots.handoverKind ?? bots.defaultKind, handedOver: true };
          if (t.clock) t.clock = pauseClock(t.clock, now);
          t.handovers = [...t.handovers ?? [], { seat: oppID as MintSeatID, from: s._stateID, why }];
          await hub.db.setMetadata(matchID, metadata);
          hub.forget(matchID);
          hub.announce(matchID, metadata);
          hub.onEvent({ event: 'handedToBot', matchID, playerID: oppID, by: playerID, why, stateID: s._stateID });
          kick = true;
          return;
        }
        case 'takeBack': {
          const data = me.data as { bot?: unknown; handedOver?: unknown } | undefined;
          if (data?.handedOver !== true) fail(409, 'your seat is not played by the bot');
          const { bot: _b, handedOver: _h, ...rest } = data;
          if (Object.keys(rest).length > 0) me.data = rest;
          else delete me.data;
          t.handovers = (t.handovers ?? []).map((h) => (h.seat === playerID && h.to === undefined ? { ...h, to: s._stateID } : h));
          // Issue 19 item 5: the clock goes on once no seat is with the bot, from the banks it had.
          const withBot = ids.some((id) => (seatMetadata(metadata, id)?.data as { handedOver?: unknown } | undefined)?.handedOver === true);
          if (t.clock && !withBot) {
            t.clock = resumeClock(t.clock, clockSeats(hosted, s) as MintSeatID[], now, false);
            const noted = noteExpired(t.clock, now);
            t.clock = noted.clock;
            for (const seat of noted.newly) hub.onEvent({ event: 'clockExpired', matchID, playerID: seat });
          }
          await hub.db.setMetadata(matchID, metadata);
          hub.forget(matchID);
          hub.announce(matchID, metadata);
          await hub.updateConnected(matchID, metadata); // a bot seat's presence was not tracked
          hub.onEvent({ event: 'takenBack', matchID, playerID, stateID: s._stateID });
          return;
        }
      }
    });
    if (kick) hub.changes.emit('activity', { matchID }); // the bot now plays the handed-over seat
    ctx.body = {};
  };
}
