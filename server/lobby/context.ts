/**
 * What every lobby route shares, built once per server by `lobbyContext(opts)`: the options, the storage, the rate
 * limit buckets and the checks several routes run in the same order (origin, body, credentials). The routes
 * themselves are in ./routes.
 */
import type { Context } from 'koa';
import type { Server } from 'boardgame.io';
import { credentialsMatch, seatMetadata, type SeatID } from '../seats/credentials';
import { isMatchID, type MatchHub } from '../match/hub';
import { fail, onlyKeys, readJsonObject, RateLimiter, type RateLimit } from '../http';
import { LocalBotMatches, type BotMatchRegistry, type Limiter } from '../cluster/shared-limits';
import type { EventSink } from '../events';
import { refuseClientData } from './checks';

export interface LobbyOptions {
  hub: MatchHub;
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

export function lobbyContext(opts: LobbyOptions) {
  const { hub, bodyLimitBytes } = opts;
  const db = hub.db;
  const bucket = (name: string, limit: RateLimit): Limiter => opts.shared?.limiter(name, limit) ?? new RateLimiter(limit);
  const creates = opts.createLimit ? bucket('create', opts.createLimit) : null;
  const writes = opts.writeLimit === false ? null : bucket('writes', opts.writeLimit ?? DEFAULT_WRITE_LIMIT);
  const renames = opts.renameLimit === false ? null : bucket('renames', opts.renameLimit ?? DEFAULT_RENAME_LIMIT);
  const origins = opts.origins ?? [];

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
    if (!metadata) fail(404, 'match not found');
    return metadata;
  };

  return {
    opts,
    hub,
    db,
    gameName: hub.game.name as string,
    maxBotMatches: opts.maxBotMatchesPerAddress ?? 3,
    // address → unfinished bot matches it created (in this process, or with several processes in all of them)
    botMatches: opts.shared?.botMatches ?? new LocalBotMatches(),
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
