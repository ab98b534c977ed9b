/**
 * What every lobby route shares, built once per hosted game by `lobbyContexts(opts)`: the game (a route of
 * `/games/:name/…` gets its game's), the options, the storage, the rate limit buckets (shared by all games) and the
 * checks several routes run in the same order (origin, body, credentials). The routes themselves are in ./routes.
 */
import type { Context } from 'koa';
import type { Server } from 'boardgame.io';
import { credentialsMatch, seatMetadata, type SeatID } from '../seats/credentials';
import { isMatchID, type MatchHub } from '../match/hub';
import { fail, onlyKeys, readJsonObject, RateLimiter, type RateLimit } from '../http';
import { LocalBotMatches, type BotMatchRegistry, type Limiter } from '../cluster/shared-limits';
import type { EventSink } from '../events';
import { refuseClientData } from './checks';
import type { HostedGame } from '../match/hosted-game';

export interface LobbyOptions {
  hub: MatchHub;
  /** The games hosted (../match/hosted-game.ts), as the hub's; the first is the default (`GET /games` lists it first). */
  games: readonly HostedGame[];
  /** Largest request body, in bytes. */
  bodyLimitBytes: number;
  /** Match creations per address (false: no limit). */
  createLimit: RateLimit | false;
  /** A match was deleted by the lobby (every human left). */
  onWiped?: (matchID: string) => void;
  /** Lobby writes (join, leave, rename, playAgain) per address (false: no limit). */
  writeLimit?: RateLimit | false;
  /** Renames per seat (false: no limit). */
  renameLimit?: RateLimit | false;
  /** Unfinished bot matches one address may have created (0: no cap). Default 3. */
  maxBotMatchesPerAddress?: number;
  /** Browser origins allowed besides this server's own. */
  origins?: string[];
  /** Match events for the operator's log (../events.ts): created, joined, left. */
  onEvent?: EventSink;
  /** Several processes: limits and the bot-match cap shared through Redis (../cluster/shared-limits.ts). */
  shared?: { limiter(name: string, limit: RateLimit): Limiter; botMatches: BotMatchRegistry };
}

export const DEFAULT_WRITE_LIMIT: RateLimit = { max: 30, windowMs: 10_000 };
export const DEFAULT_RENAME_LIMIT: RateLimit = { max: 5, windowMs: 30_000 };

export type Lobby = ReturnType<typeof lobbyContext>;

/** One lobby context per hosted game, by name, sharing the rate limits and the bot-match registry. */
export function lobbyContexts(opts: LobbyOptions): Map<string, Lobby> {
  const bucket = (name: string, limit: RateLimit): Limiter => opts.shared?.limiter(name, limit) ?? new RateLimiter(limit);
  const limits = {
    creates: opts.createLimit ? bucket('create', opts.createLimit) : null,
    writes: opts.writeLimit === false ? null : bucket('writes', opts.writeLimit ?? DEFAULT_WRITE_LIMIT),
    renames: opts.renameLimit === false ? null : bucket('renames', opts.renameLimit ?? DEFAULT_RENAME_LIMIT),
    botMatches: opts.shared?.botMatches ?? new LocalBotMatches(),
  };
  const names = opts.games.map((g) => g.game.name as string);
  return new Map(opts.games.map((g) => [g.game.name as string, lobbyContext(opts, g, names, limits)]));
}

function lobbyContext(
  opts: LobbyOptions, hosted: HostedGame, gameNames: string[],
  limits: { creates: Limiter | null; writes: Limiter | null; renames: Limiter | null; botMatches: BotMatchRegistry },
) {
  const { hub, bodyLimitBytes } = opts;
  const db = hub.db;
  const { creates, writes, renames } = limits;
  const origins = opts.origins ?? [];
  const gameName = hosted.game.name as string;

  const limited = async (limiter: Limiter | null, key: string, what: string) => {
    if (!limiter) return;
    const wait = await limiter.take(key || 'unknown');
    if (wait > 0) fail(429, `${what}: retry in ${wait} s`, { 'Retry-After': String(wait) });
  };

  /** A browser sends Origin on every POST: only this server's own page (or a configured origin) may write. */
  const checkOrigin = (ctx: Context) => {
    const origin = ctx.get('Origin');
    if (!origin) return; // not a browser (curl, tests, server-side clients): nothing to forge on their behalf
    if (origin === `${ctx.protocol}://${ctx.host}` || origins.includes(origin)) return;
    fail(403, 'cross-origin request refused');
  };

  const matchOr404 = async (matchID: string): Promise<Server.MatchData> => {
    if (!isMatchID(matchID)) fail(404, 'match not found');
    const { metadata } = await db.fetch(matchID, { metadata: true });
    // A match of another game is not found under this game's routes (its seats, its setup are that game's).
    if (!metadata || metadata.gameName !== gameName) fail(404, 'match not found');
    return metadata;
  };

  return {
    opts,
    hub,
    db,
    /** This context's game: its boardgame.io Game and what the lobby may add to its matches. */
    hosted,
    gameName,
    /** Every hosted game's name (`GET /games`). */
    gameNames,
    maxBotMatches: opts.maxBotMatchesPerAddress ?? 3,
    // address → unfinished bot matches it created (in this process, or with several processes in all of them)
    botMatches: limits.botMatches,
    checkOrigin,
    matchOr404,
    /** Match creations (create, and playAgain when it makes a new match) per address. */
    rateLimitCreate: (ip: string) => limited(creates, ip, 'too many matches created from this address'),
    /** Lobby writes (join, leave, rename, playAgain) per address. */
    rateLimitWrite: (ip: string) => limited(writes, ip, 'too many lobby requests from this address'),
    /** Renames per seat (`matchID|playerID`). */
    rateLimitRename: (seatKey: string) => limited(renames, seatKey, 'too many renames'),

    /** A POST's body: allowed origin, a bounded JSON object, no client `setupData`/`data`, known fields only. */
    body: async (ctx: Context, allowed: readonly string[]) => {
      checkOrigin(ctx);
      const b = await readJsonObject(ctx, bodyLimitBytes);
      refuseClientData(b);
      onlyKeys(b, allowed);
      return b;
    },

    /** The `:matchID` of a write route; one that cannot exist is a 404 before any rate limit or queue. */
    matchParam: (params: Record<string, string>) => {
      const matchID = params.matchID;
      if (!isMatchID(matchID)) fail(404, 'match not found');
      return matchID;
    },

    /**
     * Before the match's queue (issue 19 item 4): credentials that cannot be the seat's are refused without taking it
     * (or its Redis lock); those that may be are checked for real by `authorized`, in the queue.
     */
    precheck: async (matchID: string, playerID: SeatID, credentials: unknown) => {
      const pre = await hub.seatKeys.check(matchID, playerID, credentials).catch(() => 'maybe' as const);
      if (pre === 'match not found') fail(404, 'match not found');
      if (pre !== 'maybe') fail(403, 'invalid credentials');
    },

    authorized: (m: Server.MatchData, playerID: SeatID, credentials: unknown) => {
      if (!seatMetadata(m, playerID)) fail(404, 'player not found');
      if (!credentialsMatch(m, playerID, credentials)) fail(403, 'invalid credentials');
    },
  };
}
