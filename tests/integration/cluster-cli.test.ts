/**
 * `npm run cluster -- --processes 2` (server/cluster-main.ts, via spawnCluster): two workers on one port, new
 * connections spread over both, a match played by two clients through that port, and SIGTERM stops everything.
 * Needs PostgreSQL and Redis (skipped with the reason otherwise).
 */
import { get } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnCluster, type SpawnedCluster } from '../../server/cluster';
import { freePort } from './child-server';
import { dropRedisPrefix, REDIS_URL, redisAnswers, redisPrefix } from './cluster-helpers';
import { dropPgSchema, matchWithPlayers, PG_SKIP_REASON, PG_URL, pgSchemaName, randomPlayer, waitFor } from './server-helpers';

const SKIP = !PG_URL ? PG_SKIP_REASON : !(await redisAnswers()) ? `no Redis answers at ${REDIS_URL}` : null;
if (SKIP) console.warn(`[cluster-cli.test] SKIPPING: ${SKIP}`);

/** GET /health on a new TCP connection each time (the cluster hands out connections, not requests). */
const health = (port: number) => new Promise<{ process: string }>((resolve, reject) => {
  get({ host: '127.0.0.1', port, path: '/health', agent: false }, (res) => {
    let body = '';
    res.on('data', (c) => { body += c; });
    res.on('end', () => resolve(JSON.parse(body)));
  }).on('error', reject);
});

describe.skipIf(SKIP !== null)(`npm run cluster${SKIP ? ` — SKIPPED: ${SKIP}` : ''}`, () => {
  const schema = pgSchemaName();
  const prefix = redisPrefix();
  let cluster: SpawnedCluster | undefined;
  afterAll(async () => {
    await cluster?.stop();
    await dropPgSchema(schema);
    await dropRedisPrefix(prefix);
  });

  it('two processes share one port and one game; SIGTERM stops them', async () => {
    cluster = await spawnCluster({
      processes: 2,
      env: {
        PORT: String(await freePort()), DATABASE_URL: PG_URL!, DB_SCHEMA: schema, REDIS_URL, REDIS_PREFIX: prefix,
        STATIC_DIR: '/nonexistent', EVENT_LOG: 'off', BOT_WORKERS: '1', CLEANUP_INTERVAL_MS: '0', CREATE_RATE_LIMIT: '0',
        SOCKET_RATE_LIMITS: 'off', LOBBY_WRITE_LIMIT: '0',
      },
    });
    const seen = new Set<string>();
    for (let i = 0; i < 8 && seen.size < 2; i++) seen.add((await health(cluster.port)).process);
    expect(seen.size).toBe(2);

    const { matchID, creds } = await matchWithPlayers(cluster.url);
    const players = [randomPlayer(cluster.url, matchID, 'R', creds['0']), randomPlayer(cluster.url, matchID, 'I', creds['1'])];
    try {
      await waitFor(() => players.every((p) => (p.state()?._stateID ?? 0) >= 20 || p.state()?.ctx.gameover !== undefined),
        30_000, '20 moves');
    } finally {
      for (const p of players) p.stop();
    }
    await cluster.stop();
    expect(cluster.output.join('')).toMatch(/SIGTERM: stopping 2 processes/);
  }, 90_000);
});
