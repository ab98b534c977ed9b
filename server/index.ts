/**
 * The game server: boardgame.io's `Server` (Koa + socket.io) with this project's storage, a hardened socket
 * master (./match/hub.ts, ./match/transport.ts), its own lobby routes (./lobby/: one module per route), server bots (./bots), `GET /health`, the
 * built front end from the same origin (koa-static on boardgame.io's own Koa app), and a periodic clean-up of
 * stale matches. See docs/SERVER.md.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import type { Game } from 'boardgame.io';
import { Server } from 'boardgame.io/server';
import serve from 'koa-static';
import { MintImperium } from '../src/game';
import { MINT_HOSTED } from './games/mint';
import { mintBots, type BotKind } from './games/mint-bots';
import type { HostedGame } from './match/hosted-game';
import { hostedRecords } from './games/records';
import { createStorage, DEFAULT_STALE_MATCH_MS, type SqliteSynchronous, type SqlStorage } from './storage';
import { authenticateCredentials, newCredentials } from './seats/credentials';
import { BotDriver } from './bots/driver';
import type { BotPlayer } from './bots/BotPlayer';
import type { MctsOptions } from './bots/mcts';
import { botKindOf, MatchHub } from './match/hub';
import { jsonErrors, RateLimiter, type RateLimit } from './http';
import { lobby } from './lobby';
import { recordReadLimiter, records } from './records';
import type { SocketLimits } from './limits';
import { HardenedSocketIO } from './match/transport';
import { stdoutEvents, type EventSink, type MatchEvent } from './events';
import { EventCounts, metricsRoute } from './http/metrics';
import { myMatchesRoute } from './lobby/my-matches';
import { MatchStats } from './stats/service';
import { statsRoute } from './stats/route';
import { DEFAULT_TABLE_LIMIT, tableRoute } from './table/route';
import { DEFAULT_HINT_RATE, hintRoute } from './hint/route';
import { TableTimer } from './table/timer';
import { ClusterBus } from './cluster/bus';
import { loadBusKey } from './cluster/bus-key';
import { liveReleases, mixedReleaseProblem } from './cluster/release-guard';
import { LATEST_MIGRATION } from './storage/migrations';
import { redisClientOptions, type RedisSecrets } from './cluster/redis-options';
import { BotLeases } from './cluster/leases';
import { LocalFirstLimiter, SharedBotMatches, SharedRateLimiter } from './cluster/shared-limits';

/**
 * Fault injection for tests (FAULT_KILL_AFTER_STATE_WRITES): the process SIGKILLs itself right after its n-th state
 * write, before that state is sent or published — the crash window of tests/integration/cluster-crash-window.test.ts.
 */
function killAfter(n: number): () => void {
  console.warn(`FAULT_KILL_AFTER_STATE_WRITES=${n}: this process will kill itself after ${n} state writes (a test setting)`);
  let writes = 0;
  return () => {
    if (++writes === n) process.kill(process.pid, 'SIGKILL');
  };
}

export interface StartServerOptions {
  /** TCP port; 0 picks a free one. Default: PORT or 8000. */
  port?: number;
  /** Storage URL (see docs/STORAGE.md). Default: DATABASE_URL; if that is unset, SQLite under `dataDir`. */
  databaseUrl?: string;
  /** Folder of the default SQLite file (`mint-imperium.sqlite`). Default `data`. */
  dataDir?: string;
  /** PostgreSQL only: keep the tables in this schema (tests). */
  dbSchema?: string;
  /** SQLite only: `PRAGMA synchronous` (storage default when unset; docs/SERVER.md "SQLite durability"). */
  sqliteSynchronous?: SqliteSynchronous;
  /** Use this storage instead (it is connected, and closed by stop() only if `closeDb`). */
  db?: SqlStorage;
  closeDb?: boolean;
  /** The built front end (vite build). Default `dist`; null serves no files. */
  staticDir?: string | null;
  /** Unfinished matches not updated for this long are deleted. Default 24 h. */
  staleMatchMs?: number;
  /** How often to look for stale matches; 0 never. Default 1 h. */
  cleanupIntervalMs?: number;
  /** Match creations per address. Default 20 per minute; false: no limit. */
  rateLimit?: Partial<RateLimit> | false;
  /** Largest lobby request body. Default 4 KiB. */
  bodyLimitBytes?: number;
  /** Largest socket.io message. Default 64 KiB. */
  maxMessageBytes?: number;
  /** Socket budgets (./limits.ts DEFAULT_SOCKET_LIMITS): rate limits, sockets per address, unread output bound. */
  socketLimits?: Partial<SocketLimits>;
  /** Spectator sockets per match. Default 100; 0: no cap. */
  maxSpectatorsPerMatch?: number;
  /**
   * Matches whose last state and metadata the hub keeps in memory (most recently used; default 2000, ≈ 60 KB each):
   * a move of a kept match reads nothing back. Fewer than the matches being played makes every move a read.
   */
  matchCacheSize?: number;
  /** Lobby writes per address and renames per seat (./lobby/context.ts defaults); false: no limit (tests). */
  lobbyLimits?: { writes?: RateLimit | false; renames?: RateLimit | false } | false;
  /** `POST …/table` calls per address (./table/route.ts DEFAULT_TABLE_LIMIT); false: no limit (tests). */
  tableLimit?: RateLimit | false;
  /** Record reads and problem reports per address (./records.ts defaults); false: no limit (tests). */
  recordLimits?: { reads?: RateLimit | false; reports?: RateLimit | false } | false;
  /** Unfinished bot matches per address. Default 3; 0: no cap. */
  maxBotMatchesPerAddress?: number;
  /** Other origins allowed to call the lobby and socket.io from a browser (e.g. the Vite dev server). */
  origins?: string[];
  /** Server bots: `minDelayMs` for every game's, the rest for Mint Imperium's (./games/mint-bots.ts). */
  bots?: {
    /** Overrides of every difficulty's search effort (default: each difficulty's own budget). */
    mcts?: Partial<MctsOptions>;
    /** Worker threads for the search bots (all difficulties share them). Default: one per core but one (at least 1). */
    workers?: number;
    /** Least time a bot takes per move, so a human sees what happened. Default 400 ms. */
    minDelayMs?: number;
    /** Replace a bot implementation (tests, a stronger bot). */
    players?: Partial<Record<BotKind, BotPlayer>>;
  };
  /** The game (tests may pass one with a fixed config). Default MintImperium. */
  game?: Game;
  /**
   * More games hosted beside Mint Imperium on the same lobby, storage, sockets, clocks, chat and bot driver (issue 21
   * item 6: ./match/hosted-game.ts; the platform's test game is ./games/noughts.ts). Default none.
   */
  games?: readonly HostedGame[];
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (for the rate limit). Default false. */
  trustProxy?: boolean;
  /** Where unexpected errors go. Default console.error. */
  onError?: (err: unknown, where: string) => void;
  /** Where match events go (./events.ts: one JSON line each). Default stdout; false: nowhere (still counted). */
  events?: EventSink | false;
  /** The server's time for turn clocks and absences (tests). Default Date.now. */
  now?: () => number;
  /** A seat away this long may be handed to the bot by its opponent (turn clocks: the decision limit). Default 3 min. */
  abandonMs?: number;
  /** A rematch still waiting for a player's playAgain is deleted after this long (turn clocks: at least the decision limit). Default 30 min. */
  rematchExpiryMs?: number;
  /** The bot that takes over a handed-over seat of Mint Imperium. Default ismcts-normal (other games: their `handoverKind`). */
  handoverBot?: BotKind;
  /** How often clock and absence deadlines are compared with the server's time (./table/timer.ts). Default 1 s. */
  tableTickMs?: number;
  /**
   * Several processes serving the same matches (docs/DEPLOY.md): Redis for match locks, broadcasts and presence.
   * Needs a PostgreSQL `databaseUrl`. Unset: this process is the only one (server/main.ts sets it from REDIS_URL).
   */
  redisUrl?: string;
  /** Redis AUTH and TLS beyond what `redisUrl` says (./cluster/redis-options.ts; docs/DEPLOY.md). */
  redisSecrets?: RedisSecrets;
  /** Redis key prefix (one per service sharing a Redis). Default `mint:`. */
  redisPrefix?: string;
  /** Several processes: a bot lease not renewed for this long is taken over by another process. Default 5 s. */
  botLeaseMs?: number;
  /** Tests only (FAULT_KILL_AFTER_STATE_WRITES): SIGKILL this process right after its n-th state write. */
  killAfterStateWrites?: number;
  /** socket.io transports the server accepts. Default both (`websocket`, `polling`: polling needs sticky sessions). */
  socketTransports?: ('websocket' | 'polling')[];
  /** `GET /stats`: how long this process serves computed figures again (./stats/service.ts). Default 5 s; 0: never. */
  statsCacheMs?: number;
  /** `GET /stats` reads per address (false: no limit). Default 30 per 10 s. */
  statsLimit?: RateLimit | false;
}

export interface RunningServer {
  url: string;
  port: number;
  db: SqlStorage;
  hub: MatchHub;
  bots: BotDriver;
  /** The socket transport (socket counts per address, sockets dropped). */
  transport: HardenedSocketIO;
  /** Clock and absence deadlines (./table/timer.ts). */
  tables: TableTimer;
  /** The statistics of finished matches (`GET /stats`, ./stats/service.ts). */
  stats: MatchStats;
  /** Several processes: the Redis bus and the bot leases (undefined for a single process). */
  cluster?: { bus: ClusterBus; leases: BotLeases };
  /** Deletes stale matches now (what the timer does). */
  cleanup(): Promise<string[]>;
  stop(): Promise<void>;
}

export async function startServer(opts: StartServerOptions = {}): Promise<RunningServer> {
  const onError = opts.onError ?? ((err: unknown, where: string) => console.error(`[server] ${where}:`, err));
  const staleMatchMs = opts.staleMatchMs ?? DEFAULT_STALE_MATCH_MS;
  const databaseUrl = opts.databaseUrl ?? process.env.DATABASE_URL;
  const db = opts.db ?? createStorage(
    databaseUrl && databaseUrl.trim() !== '' ? databaseUrl : join(opts.dataDir ?? 'data', 'mint-imperium.sqlite'),
    { staleMatchMs, ...(opts.dbSchema ? { schema: opts.dbSchema } : {}),
      ...(opts.sqliteSynchronous ? { sqliteSynchronous: opts.sqliteSynchronous } : {}) },
  );
  const closeDb = opts.db ? opts.closeDb === true : true;
  const game = opts.game ?? MintImperium;
  // Only from the options (main.ts reads REDIS_URL): a test server in a shell with REDIS_URL stays one process.
  const redisUrl = opts.redisUrl;
  let cluster: RunningServer['cluster'];
  if (redisUrl && redisUrl.trim() !== '') {
    if (db.dialect !== 'postgres' || !databaseUrl) {
      throw new Error('REDIS_URL (several processes) needs a PostgreSQL DATABASE_URL: SQLite is for one process');
    }
    // Settings first (a bad TLS file is refused before anything connects), then the key that seals the bus.
    const redis = redisClientOptions(redisUrl, opts.redisSecrets);
    // Never migrate under a live process of an older release (./cluster/release-guard.ts).
    const problem = mixedReleaseProblem(await db.pendingMigrations(), await liveReleases(redisUrl, redis, opts.redisPrefix ?? 'mint:'));
    if (problem) {
      if (closeDb) await db.close();
      throw new Error(problem);
    }
    const key = await loadBusKey({ connectionString: databaseUrl, schema: opts.dbSchema });
    const bus = new ClusterBus({ url: redisUrl, redis, key, prefix: opts.redisPrefix, onError, release: LATEST_MIGRATION });
    const leases = new BotLeases({ connectionString: databaseUrl, schema: opts.dbSchema, processId: bus.processId, leaseMs: opts.botLeaseMs });
    cluster = { bus, leases };
  }

  const eventCounts = new EventCounts();
  const sink = opts.events === undefined ? stdoutEvents : opts.events;
  const stats = new MatchStats(db, { gameName: game.name as string, cacheMs: opts.statsCacheMs, onError });
  const onEvent = (e: MatchEvent) => {
    eventCounts.add(e);
    if (e.event === 'finished') stats.noteFinished(e.matchID);
    if (sink) {
      try {
        sink(e);
      } catch (err) {
        onError(err, 'event log');
      }
    }
  };

  // updatedAt is refreshed at most once a minute by moves, and always well within the stale threshold.
  const touchMs = Math.min(60_000, Math.floor(staleMatchMs / 10));
  // Mint's bots with this server's settings (each server its own worker pool, closed when it stops).
  const mint: HostedGame = {
    ...MINT_HOSTED, game,
    bots: {
      ...mintBots({ mcts: opts.bots?.mcts, workers: opts.bots?.workers ?? defaultBotWorkers(), players: opts.bots?.players }),
      ...(opts.handoverBot ? { handoverKind: opts.handoverBot } : {}),
    },
  };
  const hosted: HostedGame[] = [mint, ...(opts.games ?? [])];
  const hub = new MatchHub({
    games: hosted, db, onError, touchMs, maxSpectatorsPerMatch: opts.maxSpectatorsPerMatch, onEvent,
    cacheSize: opts.matchCacheSize,
    now: opts.now, abandonMs: opts.abandonMs, rematchExpiryMs: opts.rematchExpiryMs, bus: cluster?.bus,
    ...(opts.killAfterStateWrites ? { afterStateWrite: killAfter(opts.killAfterStateWrites) } : {}),
  });
  const tables = new TableTimer(hub, opts.tableTickMs, onError);
  const bots = new BotDriver({ hub, games: hosted, minDelayMs: opts.bots?.minDelayMs ?? 400, onError, leases: cluster?.leases });


  const origins = opts.origins ?? [];
  const transport = new HardenedSocketIO({
    hubs: new Map(hosted.map((h) => [h.game.name as string, hub])), maxMessageBytes: opts.maxMessageBytes, origins, onError, limits: opts.socketLimits, trustProxy: opts.trustProxy,
    transports: opts.socketTransports,
  });
  const server = Server({
    games: hosted.map((h) => h.game),
    db,
    transport,
    origins,
    authenticateCredentials,
    generateCredentials: () => newCredentials(),
  });

  const app = server.app;
  app.proxy = opts.trustProxy === true;
  app.use(jsonErrors((err) => onError(err, 'http')));
  app.use(async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('X-Frame-Options', 'DENY');
    // CORS for the lobby, for the configured origins only (the front end is served from this origin).
    const origin = ctx.get('Origin');
    if (origin && origins.includes(origin)) {
      ctx.set('Access-Control-Allow-Origin', origin);
      ctx.set('Vary', 'Origin');
      if (ctx.method === 'OPTIONS') {
        ctx.set('Access-Control-Allow-Methods', 'GET, POST');
        ctx.set('Access-Control-Allow-Headers', 'Content-Type, X-Player-ID, X-Player-Credentials');
        ctx.status = 204;
        return;
      }
    }
    await next();
  });
  // Game records and problem reports (two routes under /games, so before the lobby, which answers all others).
  // One read budget per address for the records of every game.
  const recordReads = recordReadLimiter(opts.recordLimits === false ? false : opts.recordLimits?.reads) ?? false;
  app.use(hostedRecords({ db, games: hosted.slice(1), readLimit: recordReads }));
  app.use(records({
    hub,
    readLimit: recordReads,
    reportLimit: opts.recordLimits === false ? false : opts.recordLimits?.reports,
    origins,
    onError,
  }));
  app.use(async (ctx, next) => {
    if (ctx.path !== '/health') return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      ctx.body = { error: 'method not allowed' };
      return;
    }
    ctx.set('Cache-Control', 'no-store');
    let dbOk = false;
    try {
      await withTimeout(db.fetch('health-probe', { metadata: true }), 3000);
      dbOk = true;
    } catch {
      dbOk = false;
    }
    const redisOk = cluster ? await cluster.bus.ping() : true;
    ctx.status = dbOk && redisOk ? 200 : 503;
    ctx.body = {
      ok: dbOk && redisOk, db: dbOk ? 'reachable' : 'unreachable', dialect: db.dialect,
      ...(cluster ? { redis: redisOk ? 'reachable' : 'unreachable', process: cluster.bus.processId } : {}),
      uptimeS: Math.round(process.uptime()), sockets: hub.connections(), botsActive: bots.active,
      socketsDropped: transport.dropped, rssMB: Math.round(process.memoryUsage.rss() / 1e6),
    };
  });
  app.use(metricsRoute({
    hub, events: eventCounts, openSockets: () => transport.openSockets, socketsDropped: () => transport.dropped,
    botsActive: () => bots.active,
  }));
  app.use(statsRoute({ stats, limit: opts.statsLimit }));
  app.use(myMatchesRoute({ hub, limit: opts.lobbyLimits === false ? false : undefined }));
  const tableLimit = opts.tableLimit === undefined ? DEFAULT_TABLE_LIMIT : opts.tableLimit;
  app.use(tableRoute({
    hub, bodyLimitBytes: opts.bodyLimitBytes ?? 4096,
    // Several processes: one budget per address in all of them (a flood spread over N processes gets no N times more).
    limiter: !tableLimit ? null : cluster
      ? new LocalFirstLimiter(new RateLimiter(tableLimit), new SharedRateLimiter(cluster.bus, 'table', tableLimit))
      : new RateLimiter(tableLimit),
  }));
  // Issue 22: hint requests, counted per address with the table's limiter kind (tests turn both off with tableLimit).
  const hintLimit = opts.tableLimit === false ? false : DEFAULT_HINT_RATE;
  app.use(hintRoute({
    hub, bodyLimitBytes: opts.bodyLimitBytes ?? 4096,
    limiter: !hintLimit ? null : cluster
      ? new LocalFirstLimiter(new RateLimiter(hintLimit), new SharedRateLimiter(cluster.bus, 'hint', hintLimit))
      : new RateLimiter(hintLimit),
  }));
  app.use(lobby({
    games: hosted,
    hub,
    bodyLimitBytes: opts.bodyLimitBytes ?? 4096,
    createLimit: opts.rateLimit === false ? false : { max: 20, windowMs: 60_000, ...opts.rateLimit },
    writeLimit: opts.lobbyLimits === false ? false : opts.lobbyLimits?.writes,
    renameLimit: opts.lobbyLimits === false ? false : opts.lobbyLimits?.renames,
    maxBotMatchesPerAddress: opts.maxBotMatchesPerAddress,
    origins,
    onEvent,
    ...(cluster ? { shared: {
      limiter: (name: string, limit: RateLimit) => new SharedRateLimiter(cluster!.bus, name, limit),
      botMatches: new SharedBotMatches(cluster.bus),
    } } : {}),
  }));
  const staticDir = opts.staticDir === undefined ? 'dist' : opts.staticDir;
  if (staticDir !== null) {
    const dir = resolve(staticDir);
    app.use(serve(dir, {
      index: 'index.html',
      setHeaders: (res, path) => {
        res.setHeader('Cache-Control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }));
    app.use(async (ctx, next) => {
      if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
      const index = join(dir, 'index.html');
      if ((ctx.path === '/' || ctx.path === '/index.html') && !existsSync(index)) {
        ctx.status = 503;
        ctx.type = 'text/plain';
        ctx.body = 'The front end is not built: run `npm run build` (npm start does it for you).\n';
        return;
      }
      // Single-page app: a page URL that is not a file (no extension) gets index.html.
      if (!/\.[A-Za-z0-9]+$/.test(ctx.path) && !ctx.path.startsWith('/socket.io') && ctx.accepts('html') === 'html'
        && existsSync(index)) {
        ctx.set('Cache-Control', 'no-cache');
        ctx.type = 'html';
        ctx.body = await readFile(index);
        return;
      }
      await next();
    });
  }

  // Several processes: hear the others before serving anyone (Redis must answer at start).
  await hub.startBus();
  // boardgame.io connects the storage, then appends its own CORS + router (unreachable for /games: ours answers).
  const { appServer } = await server.run({ port: opts.port ?? Number(process.env.PORT ?? 8000) });
  await cluster?.leases.connect();
  const port = (appServer.address() as AddressInfo).port;

  const cleanup = async () => {
    const wiped = await db.cleanupStaleMatches(staleMatchMs);
    for (const id of wiped) hub.evict(id);
    return wiped;
  };
  const interval = opts.cleanupIntervalMs ?? 60 * 60_000;
  const timer = interval > 0
    ? setInterval(() => { cleanup().catch((err) => onError(err, 'cleanupStaleMatches')); }, interval)
    : undefined;
  timer?.unref();

  // Matches whose bot may be due to move (after a restart), of every game with bots: resume them in the background.
  for (const h of hosted.filter((g) => g.bots)) {
    void resumeBots(db, h.game.name as string, (id) => bots.kick(id)).catch((err) => onError(err, 'resume bots'));
  }
  // Clock and absence deadlines of unfinished matches, from what is stored (a restart loses none).
  for (const h of hosted) {
    void tables.resume(db, h.game.name as string).catch((err) => onError(err, 'resume table deadlines'));
  }

  let stopped: Promise<void> | undefined;
  return {
    url: `http://localhost:${port}`,
    port,
    db,
    hub,
    bots,
    transport,
    tables,
    stats,
    cluster,
    cleanup,
    stop: () => (stopped ??= (async () => {
      if (timer) clearInterval(timer);
      tables.close();
      await bots.close(); // no new bot moves from now on; searches in progress end, each game's bots close
      await stats.idle(); // summaries of matches that just finished, before the storage closes
      const io = (transport as HardenedSocketIO).io as { close?(fn?: () => void): void } | undefined;
      // socket.io's close() disconnects every socket and closes the HTTP server.
      await new Promise<void>((r) => {
        if (io?.close) io.close(() => r());
        else appServer.close(() => r());
      });
      if (appServer.listening) await new Promise<void>((r) => appServer.close(() => r()));
      await hub.close();
      if (cluster) {
        await cluster.bus.close();
        await cluster.leases.close();
      }
      if (closeDb) await db.close();
    })()),
  };
}

async function resumeBots(db: SqlStorage, gameName: string, kick: (id: string) => void): Promise<void> {
  const ids = await db.listMatches({ gameName, where: { isGameover: false } });
  for (const id of ids) {
    const { metadata } = await db.fetch(id, { metadata: true });
    if (metadata && Object.values(metadata.players ?? {}).some((p) => botKindOf(p))) kick(id);
  }
}

/** Bot searches get every core but one (the event loop's), at least one worker. */
export function defaultBotWorkers(): number {
  return Math.max(1, availableParallelism() - 1);
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('timeout')), ms);
    p.then((v) => { clearTimeout(t); resolve(v); }, (e) => { clearTimeout(t); reject(e); });
  });
}
