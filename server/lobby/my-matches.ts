/**
 * `POST /my-matches` (issue 10 item 4): the lobby's "My matches" list. The browser sends the seats it holds (from
 * localStorage: matchID, playerID, credentials) and gets, for each, what the lobby shows: waiting for an opponent,
 * in progress (and whether the pending decision is this seat's), finished (and whether this seat won), or gone (no
 * such match, or these are not that seat's credentials: the two are not told apart). Any hosted game's match (issue
 * 23): each answer names its game, and a finished game that ranks every seat gives the seat's place. Nothing else
 * of the state is read out: never the other seat's secrets, never credentials.
 */
import type { Middleware } from 'koa';
import type { Server, State } from 'boardgame.io';
import { MY_MATCHES_MAX, type MyMatch } from '../../src/protocol';
import { credentialsMatch, isPlayerID, seatIDs, seatMetadata } from '../seats/credentials';
import { awaitedPlayers } from '../match/hosted-game';
import { fail, onlyKeys, readJsonObject, RateLimiter, type RateLimit } from '../http';
import { botKindOf, isMatchID, isRivalSeat, type MatchHub } from '../match/hub';

export const DEFAULT_MY_MATCHES_LIMIT: RateLimit = { max: 20, windowMs: 10_000 };


async function one(hub: MatchHub, matchID: string, playerID: string, credentials: unknown): Promise<MyMatch> {
  const gone: MyMatch = { matchID, playerID, status: 'gone' };
  const { state, metadata } = await hub.db.fetch(matchID, { state: true, metadata: true }) as
    { state?: State; metadata?: Server.MatchData };
  if (!state || !metadata || !isPlayerID(playerID) || !credentialsMatch(metadata, playerID, credentials)) return gone;
  const hosted = hub.hostedGame(metadata.gameName);
  // The other seats (one in a two-player game): their names, and whether all are held yet.
  const others = seatIDs(metadata).filter((id) => id !== playerID).map((id) => seatMetadata(metadata, id));
  const named = others.filter((o) => typeof o?.name === 'string' && o.name !== '');
  const out: MyMatch = { matchID, playerID, gameName: metadata.gameName, status: 'playing', updatedAt: metadata.updatedAt };
  if (named.length > 0) {
    out.opponent = named.map((o) => o!.name).join(', ');
    const kinds = named.map((o) => (isRivalSeat(o) ? 'rival' : botKindOf(o) ? 'bot' : 'human'));
    out.opponentKind = kinds.includes('human') ? 'human' : kinds[0];
  }
  const over = state.ctx.gameover as { winner?: string; ranking?: unknown } | undefined;
  if (over !== undefined) {
    out.status = 'finished';
    out.won = over.winner === playerID;
    // A game of more than two seats ranks them all (Imperios' gameover: IM13, G56): the seat's place in it.
    const place = Array.isArray(over.ranking) ? over.ranking.indexOf(playerID) + 1 : 0;
    if (place > 0) out.place = place;
    // The other players may have asked for the rematch (playAgain): the seat's holder sees that it exists, not its ID.
    if (typeof metadata.nextMatchID === 'string') out.rematch = true;
  } else if (named.length < others.length) {
    out.status = 'waiting';
  } else {
    out.yourTurn = hosted !== undefined && awaitedPlayers(hosted, state).includes(playerID);
  }
  return out;
}

export function myMatchesRoute(opts: { hub: MatchHub; limit?: RateLimit | false }): Middleware {
  const limiter = opts.limit === false ? null : new RateLimiter(opts.limit ?? DEFAULT_MY_MATCHES_LIMIT);
  return async (ctx, next) => {
    if (ctx.path !== '/my-matches') return next();
    ctx.set('Cache-Control', 'no-store');
    if (ctx.method !== 'POST') {
      ctx.set('Allow', 'POST');
      fail(405, 'method not allowed');
    }
    const wait = limiter?.take(ctx.ip || 'unknown') ?? 0;
    if (wait > 0) fail(429, `too many requests: retry in ${wait} s`, { 'Retry-After': String(wait) });
    const body = await readJsonObject(ctx, 8 * 1024);
    onlyKeys(body, ['seats']);
    const seats = body.seats;
    if (!Array.isArray(seats)) fail(400, 'seats must be an array of { matchID, playerID, credentials }');
    if (seats.length > MY_MATCHES_MAX) fail(400, `at most ${MY_MATCHES_MAX} seats`);
    const matches: MyMatch[] = [];
    for (const s of seats) {
      if (typeof s !== 'object' || s === null || Array.isArray(s)) fail(400, 'each seat is { matchID, playerID, credentials }');
      onlyKeys(s as Record<string, unknown>, ['matchID', 'playerID', 'credentials']);
      const { matchID, playerID, credentials } = s as Record<string, unknown>;
      if (!isMatchID(matchID) || !isPlayerID(playerID) || typeof credentials !== 'string') {
        fail(400, 'each seat is { matchID, playerID: "0", "1", …, credentials }');
      }
      matches.push(await one(opts.hub, matchID, playerID, credentials));
    }
    ctx.body = { matches };
  };
}
