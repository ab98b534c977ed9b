/**
 * `npm run cluster -- --processes 2` (server/cluster-main.ts, via spawnCluster): two workers on one port, new
 * connections spread over both, a match played by two WebSocket clients through that port and watched by a
 * long-polling spectator (its many HTTP requests reach the worker of its session: sticky), SIGTERM stops everything.
 * Needs PostgreSQL and Redis (skipped with the reason otherwise).
 */
import { get } from 'node:http';
import { io } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnCluster, type SpawnedCluster } from '../../server/cluster';
import { freePort } from './child-server';
import { dropRedisPrefix, REDIS_URL, redisAnswers, redisPrefix } from './cluster-helpers';
import { dropPgSchema, matchWithPlayers, PG_SKIP_REASON, PG_URL, pgSchemaName, randomPlayer, waitFor, waitForProgress } from './server-helpers';

const SKIP = !PG_URL ? PG_SKIP_REASON : !(await redisAnswers()) ? `no Redis answers at ${REDIS_URL}` : null;
if (SKIP) console.warn(`[cluster-cli.test] SKIPPING: ${SKIP}`);

const within = <T>(p: Promise<T>, ms: number, what: string) => Promise.race([p,
  new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no ${what} within ${ms} ms`)), ms))]);

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
    for (let i = 0; i < 8 && seen.size < 2; i++) seen.add((await within(health(cluster.port), 10_000, '/health answer')).process);
    expect(seen.size).toBe(2);

    const { matchID, creds } = await matchWithPlayers(cluster.url);
    const updates: number[] = [];
    const poller = io(`${cluster.url}/mint-imperium`, { transports: ['polling'], reconnection: false, forceNew: true });
    poller.on('update', (_m: string, s: { _stateID: number }) => updates.push(s._stateID));
    const synced = new Promise((r) => poller.once('sync', r));
    poller.on('connect', () => poller.emit('sync', matchID, null, undefined, 2));
    await within(synced, 10_000, 'sync answer over long-polling');
    const players = [randomPlayer(cluster.url, matchID, 'R', creds['0']), randomPlayer(cluster.url, matchID, 'I', creds['1'])];
    let want = 20;
    try {
      await waitFor(() => players.every((p) => (p.state()?._stateID ?? 0) >= 20 || p.state()?.ctx.gameover !== undefined),
        30_000, '20 moves');
      // About 1 random game in 50 ends before move 20 (an Imperial occupation in round 1): then the spectator
      // must see every move up to the last.
      const ended = players.map((p) => p.state()).find((s) => s?.ctx.gameover !== undefined);
      want = Math.min(20, ended?._stateID ?? 20);
      // Long-polling on a loaded machine is slow, not stuck: fail only after 15 s without a new update.
      await waitForProgress(() => updates.length >= want, () => updates.length, 15_000, `the polling spectator to see ${want} updates`);
    } finally {
      for (const p of players) p.stop();
      poller.close();
    }
    expect(updates.slice(0, want)).toEqual(Array.from({ length: want }, (_, i) => i + 1));
    await cluster.stop();
    expect(cluster.output.join('')).toMatch(/SIGTERM: stopping 2 processes/);
  }, 90_000);
});
