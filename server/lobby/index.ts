/**
 * The lobby REST API, answered here instead of by boardgame.io's router (same routes and response shapes, so
 * boardgame.io's `LobbyClient` works unchanged), with:
 * - every body a JSON object of bounded size with known fields only; `setupData` and `data` are refused, so a
 *   listing shows nothing a client chose but player names (and a solo match's validated `solo` option);
 * - `playerName` / `newName`: see ./names.ts (visible, no control/bidi/invisible characters, nothing that looks like
 *   "Bot", "Rival deck" or the other seat's name); a rematch of two look-alike names (stored before that rule) is refused;
 * - match creation (create, playAgain) and metadata writes (join, leave, rename) rate-limited per address, renames
 *   per seat too; bot matches per address capped;
 * - POST bodies must be `application/json` (even empty ones), and a browser `Origin` must be this server's or a
 *   configured one: no other web page can make its visitors create or join matches;
 * - a seat is never reopened: leaving an unfinished match ends it as a forfeit, and the seat stays closed;
 * - `playAgain` only once the game is over; the rematch's seats are reserved for the same players, and each gets
 *   its new credentials from its own `playAgain`; `nextMatchID` is shown only with a seat's credentials;
 * - the listing is paged (`limit`, `cursor`) and served by one query;
 * - `{ bot, botKind? }` on create, for a game with bots (../match/hosted-game.ts `bots`): that seat is taken by a
 *   server bot of that kind (Mint: `bot: 'R' | 'I'`, `botKind: 'ismcts-easy' | 'ismcts-normal' | 'ismcts-hard' |
 *   'random'`, default ismcts-normal, the old 'mcts' an alias of ismcts-normal: ../games/mint-bots.ts);
 * - `{ solo: { bot: 'R' | 'I', difficulty: 'easy' | 'normal' | 'hard' } }` on create (not with `bot`/`botKind`): a
 *   solo match (RULES §9), the server's own setupData `{ mode: 'solo', bot, difficulty }`; the rival's seat is
 *   closed for good (named "Rival deck", `data: { rival: true }`, no credentials: nobody joins, syncs or moves as
 *   it; the engine plays the rival inside the human's moves), the human joins the other seat with the usual join;
 *   listings show `solo: { bot, difficulty }`; a rematch is solo again;
 * - credentials compared in constant time, and never echoed;
 * - metadata edits run in the match's queue (../match/hub.ts), so a join cannot be lost to a concurrent write;
 * - errors as `{ error }` (`ErrorBody`) with a 4xx status (../http/index.ts).
 * Each route is one module of ./routes, listed once in ROUTES below; ./router.ts matches them. This middleware
 * answers every path under /games itself (unknown ones with 404 or 405) and never falls through to boardgame.io's
 * router; every other path goes on to the next middleware.
 */
import type { Middleware } from 'koa';
import { fail } from '../http';
import { lobbyContexts, type LobbyOptions } from './context';
import { matchRoute, segments, type Route } from './router';
import { gamesRoute } from './routes/games';
import { listRoute } from './routes/list';
import { createRoute } from './routes/create';
import { matchDataRoute } from './routes/match';
import { joinRoute } from './routes/join';
import { leaveRoute } from './routes/leave';
import { renameRoute, updateRoute } from './routes/rename';
import { playAgainRoute } from './routes/play-again';

export { checkName, MAX_NAME_LENGTH } from './names';
export { DEFAULT_RENAME_LIMIT, DEFAULT_WRITE_LIMIT, type LobbyOptions } from './context';
export { LIST_PAGE_DEFAULT, LIST_PAGE_MAX } from './routes/list';
export { publicMatch, soloOf } from './matches';
export type { BotSpec } from './checks';

/** The lobby's routes. A literal segment (`create`) is listed before the pattern it would also fit (`:matchID`). */
export const ROUTES: readonly Route[] = [
  gamesRoute,
  listRoute,
  createRoute,
  matchDataRoute,
  joinRoute,
  leaveRoute,
  updateRoute,
  renameRoute,
  playAgainRoute,
];

export function lobby(opts: LobbyOptions): Middleware {
  const contexts = lobbyContexts(opts);
  const first = contexts.get(opts.games[0]!.game.name as string)!;
  return async (ctx, next) => {
    const path = ctx.path;
    if (path !== '/games' && !path.startsWith('/games/')) return next();
    ctx.set('Cache-Control', 'no-store');
    const { route, params } = matchRoute(ROUTES, ctx.method, segments(path));
    // After the 404 / 405 of the route itself, as boardgame.io's router: a game this server does not host is not found.
    const shared = params.name === undefined ? first : contexts.get(params.name);
    if (!shared) fail(404, 'game not found');
    ctx.body = await route.handle(shared, { ctx, params, ip: ctx.ip || 'unknown' });
  };
}
