/**
 * Server entry: `tsx server/main.ts`. Configuration from the environment (docs/SERVER.md):
 *   PORT (8000), DATABASE_URL (unset: SQLite file under DATA_DIR), DB_SCHEMA (PostgreSQL schema, default public),
 *   DATA_DIR (data), STATIC_DIR (dist),
 *   STALE_MATCH_MS (24 h), CLEANUP_INTERVAL_MS (1 h), CREATE_RATE_LIMIT (matches per minute per address, 20;
 *   0 = no limit), ORIGINS (comma-separated extra browser origins), TRUST_PROXY (1: client address from
 *   X-Forwarded-For), BOT_BUDGET_MS (unset or 0: each difficulty's own think time), BOT_WORKERS (cores − 1),
 *   BOT_MIN_DELAY_MS (400),
 *   MAX_SOCKETS_PER_ADDRESS (32; 0 = no cap), MAX_SPECTATORS_PER_MATCH (100; 0 = no cap), MAX_PENDING_BYTES
 *   (1 MiB of unread output per socket), SOCKET_RATE_LIMITS (on; `off` only for load tests from one address),
 *   LOBBY_WRITE_LIMIT (30 joins/leaves/renames/playAgains per 10 s per address; 0 = off),
 *   BOT_MATCHES_PER_ADDRESS (3 unfinished bot matches; 0 = no cap), EVENT_LOG (on: one JSON line per match event on
 *   stdout; `off`: none), SQLITE_SYNCHRONOUS (FULL or NORMAL; unset: the storage's default),
 *   REDIS_URL (several processes serving the same matches; needs a PostgreSQL DATABASE_URL; docs/DEPLOY.md),
 *   REDIS_USERNAME / REDIS_PASSWORD (Redis AUTH, instead of in the URL), REDIS_TLS_CA_FILE / REDIS_TLS_CERT_FILE /
 *   REDIS_TLS_KEY_FILE (with a rediss:// URL), TABLE_LIMIT (20 table calls per 10 s per address; 0 = off),
 *   REDIS_PREFIX (mint:), BOT_LEASE_MS (5000), SOCKET_TRANSPORTS (websocket,polling; `websocket` behind a balancer without sticky sessions).
 */
import { DEFAULT_SOCKET_LIMITS, UNLIMITED_SOCKETS } from './limits';
import { redisSecretsFromEnv } from './cluster/redis-options';
import type { RunningServer, StartServerOptions } from './index';

function intEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, got ${JSON.stringify(raw)}`);
  return Math.floor(n);
}

function sqliteSynchronousEnv(raw: string): 'FULL' | 'NORMAL' {
  const v = raw.trim().toUpperCase();
  if (v !== 'FULL' && v !== 'NORMAL') throw new Error(`SQLITE_SYNCHRONOUS must be FULL or NORMAL, got ${JSON.stringify(raw)}`);
  return v;
}

function socketTransports(raw: string): ('websocket' | 'polling')[] {
  const list = raw.split(',').map((s) => s.trim()).filter(Boolean);
  if (list.length === 0 || list.some((t) => t !== 'websocket' && t !== 'polling')) {
    throw new Error(`SOCKET_TRANSPORTS must list websocket and/or polling, got ${JSON.stringify(raw)}`);
  }
  return list as ('websocket' | 'polling')[];
}

export function optionsFromEnv(env = process.env): StartServerOptions {
  const rate = intEnv(env, 'CREATE_RATE_LIMIT', 20);
  const budgets = env.SOCKET_RATE_LIMITS === 'off' ? UNLIMITED_SOCKETS : DEFAULT_SOCKET_LIMITS;
  const writes = intEnv(env, 'LOBBY_WRITE_LIMIT', 30);
  const table = intEnv(env, 'TABLE_LIMIT', 20);
  return {
    socketLimits: {
      ...budgets,
      maxSocketsPerAddress: intEnv(env, 'MAX_SOCKETS_PER_ADDRESS', budgets.maxSocketsPerAddress),
      maxPendingBytes: intEnv(env, 'MAX_PENDING_BYTES', DEFAULT_SOCKET_LIMITS.maxPendingBytes),
    },
    maxSpectatorsPerMatch: intEnv(env, 'MAX_SPECTATORS_PER_MATCH', 100),
    lobbyLimits: { writes: writes === 0 ? false : { max: writes, windowMs: 10_000 } },
    tableLimit: table === 0 ? false : { max: table, windowMs: 10_000 },
    maxBotMatchesPerAddress: intEnv(env, 'BOT_MATCHES_PER_ADDRESS', 3),
    port: intEnv(env, 'PORT', 8000),
    databaseUrl: env.DATABASE_URL,
    ...(env.DB_SCHEMA ? { dbSchema: env.DB_SCHEMA } : {}),
    ...(env.SQLITE_SYNCHRONOUS ? { sqliteSynchronous: sqliteSynchronousEnv(env.SQLITE_SYNCHRONOUS) } : {}),
    dataDir: env.DATA_DIR || 'data',
    staticDir: env.STATIC_DIR || 'dist',
    staleMatchMs: intEnv(env, 'STALE_MATCH_MS', 24 * 60 * 60_000),
    cleanupIntervalMs: intEnv(env, 'CLEANUP_INTERVAL_MS', 60 * 60_000),
    rateLimit: rate === 0 ? false : { max: rate, windowMs: 60_000 },
    origins: (env.ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    ...(env.EVENT_LOG === 'off' ? { events: false as const } : {}),
    ...(intEnv(env, 'ABANDON_MS', 0) > 0 ? { abandonMs: intEnv(env, 'ABANDON_MS', 0) } : {}),
    ...(intEnv(env, 'REMATCH_EXPIRY_MS', 0) > 0 ? { rematchExpiryMs: intEnv(env, 'REMATCH_EXPIRY_MS', 0) } : {}),
    ...(env.MATCH_CACHE_SIZE ? { matchCacheSize: Math.max(0, intEnv(env, 'MATCH_CACHE_SIZE', 2000)) } : {}),
    ...(env.REDIS_URL ? { redisUrl: env.REDIS_URL, redisSecrets: redisSecretsFromEnv(env) } : {}),
    ...(env.REDIS_PREFIX ? { redisPrefix: env.REDIS_PREFIX } : {}),
    ...(env.BOT_LEASE_MS ? { botLeaseMs: Math.max(200, intEnv(env, 'BOT_LEASE_MS', 5000)) } : {}),
    ...(env.SOCKET_TRANSPORTS ? { socketTransports: socketTransports(env.SOCKET_TRANSPORTS) } : {}),
    ...(intEnv(env, 'FAULT_KILL_AFTER_STATE_WRITES', 0) > 0 ? { killAfterStateWrites: intEnv(env, 'FAULT_KILL_AFTER_STATE_WRITES', 0) } : {}),
    bots: {
      mcts: intEnv(env, 'BOT_BUDGET_MS', 0) > 0 ? { budgetMs: intEnv(env, 'BOT_BUDGET_MS', 0) } : {},
      ...(env.BOT_WORKERS ? { workers: Math.max(1, intEnv(env, 'BOT_WORKERS', 1)) } : {}),
      minDelayMs: intEnv(env, 'BOT_MIN_DELAY_MS', 400),
    },
  };
}

/** Start from the environment, print the URL, stop cleanly on SIGINT / SIGTERM. */
export async function main(extra: Partial<StartServerOptions> = {}): Promise<RunningServer> {
  // Production mode unless told otherwise, set before boardgame.io and immer load (./index is imported below):
  // immer's production build, no serializability check of G after every move, no INFO log lines.
  process.env.NODE_ENV ??= 'production';
  const { startServer } = await import('./index');
  // A bug in one request handler must not take every match down: log it and keep serving.
  process.on('unhandledRejection', (err) => console.error('[server] unhandled rejection:', err));
  // The games hosted beside Mint Imperium (issue 23: Imperios Milenarios); a caller's `games` replaces the list.
  const { IMPERIOS_HOSTED } = await import('./games/imperios');
  const server = await startServer({ games: [IMPERIOS_HOSTED], ...optionsFromEnv(), ...extra });
  const where = (server.db.dialect === 'sqlite' ? `SQLite ${server.db.filename}` : 'PostgreSQL')
    + (server.cluster ? `, Redis: one of several processes, ${server.cluster.bus.processId}` : '');
  console.log(`Mint Imperium server: ${server.url}/  (storage: ${where})`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.stop().then(() => process.exit(0), (err) => {
      console.error(err);
      process.exit(1);
    });
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  return server;
}

const isEntry = (() => {
  const arg = process.argv[1];
  if (!arg) return false;
  return /[\\/]server[\\/]main\.ts$|[\\/]dist-server[\\/]main\.js$/.test(arg);
})();

if (isEntry) {
  main().catch((err) => {
    console.error('Mint Imperium server failed to start:', err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
