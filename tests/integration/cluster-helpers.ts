/**
 * Helpers of the several-processes tests (cluster-*.test.ts): is there a Redis, real server processes sharing one
 * PostgreSQL schema and one Redis key prefix, a small TCP load balancer in front of them (what a deployment puts
 * there), and clean-up of the test's own Redis keys (never a flush: the Redis may be shared).
 */
import { randomBytes } from 'node:crypto';
import { createConnection, createServer, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { createStorage } from '../../server/storage';
import { freePort, kill, startChild, type Child } from './child-server';
import { dropPgSchema, PG_URL, pgSchemaName } from './server-helpers';

export const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** Does a Redis answer at `url` (within a second)? */
export async function redisAnswers(url = REDIS_URL): Promise<boolean> {
  const r = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1000 });
  r.on('error', () => {});
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

export function redisPrefix(): string {
  return `mint-test:${process.pid}:${randomBytes(4).toString('hex')}:`;
}

/** Delete this test's keys (SCAN by its prefix; never FLUSH a Redis others use). */
export async function dropRedisPrefix(prefix: string, url = REDIS_URL): Promise<void> {
  const r = new Redis(url, { maxRetriesPerRequest: 1 });
  r.on('error', () => {});
  try {
    let cursor = '0';
    do {
      const [next, keys] = await r.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await r.del(...keys);
    } while (cursor !== '0');
  } catch { /* a private Redis that is gone already */ } finally {
    r.disconnect();
  }
}

export interface ServerProcess { child: Child; port: number; url: string }

/** Start `n` server processes (`tsx server/main.ts`) on their own ports, sharing `env`'s database and Redis. */
export async function startProcesses(n: number, env: Record<string, string>): Promise<ServerProcess[]> {
  const ports: number[] = [];
  for (let i = 0; i < n; i++) ports.push(await freePort());
  return Promise.all(ports.map(async (port) => ({
    child: await startChild({ BOT_WORKERS: '1', EVENT_LOG: 'off', ...env, PORT: String(port) }),
    port,
    url: `http://localhost:${port}`,
  })));
}

export interface Cluster {
  /** The test's own PostgreSQL schema and Redis key prefix (dropped in afterAll). */
  readonly schema: string;
  readonly prefix: string;
  /** The processes, started in beforeAll (read them inside the tests). */
  readonly procs: ServerProcess[];
  /** A storage reader on the schema, connected before the processes start (they then only race for leases). */
  readonly reader: ReturnType<typeof createStorage>;
  /** Closed in afterAll, before the processes are killed: the test's sockets and Redis connections. */
  track<T extends { close(): void }>(c: T): T;
}

/**
 * `n` server processes on one PostgreSQL schema and one Redis prefix for a describe block: started in beforeAll
 * with `env` added, and in afterAll the tracked clients closed, the processes killed, the schema and the prefix's
 * keys dropped. Needs PG_URL (the block is skipped without it).
 */
export function useCluster(n: number, env: Record<string, string> = {}): Cluster {
  const schema = pgSchemaName();
  const prefix = redisPrefix();
  const reader = createStorage(PG_URL ?? 'postgres://unused', { schema });
  const procs: ServerProcess[] = [];
  const open: { close(): void }[] = [];
  beforeAll(async () => {
    await reader.connect();
    procs.push(...await startProcesses(n, { DATABASE_URL: PG_URL!, DB_SCHEMA: schema, REDIS_URL, REDIS_PREFIX: prefix, ...env }));
  }, 60_000);
  afterAll(async () => {
    for (const c of open) c.close();
    for (const p of procs) await kill(p.child);
    await reader.close();
    await dropPgSchema(schema);
    await dropRedisPrefix(prefix);
  });
  return { schema, prefix, procs, reader, track: (c) => { open.push(c); return c; } };
}

/** The process's name in leases and presence (GET /health). */
export async function processIdOf(url: string): Promise<string> {
  const h = await (await fetch(`${url}/health`)).json() as { process?: string };
  if (!h.process) throw new Error(`${url} is not one of several processes`);
  return h.process;
}

/**
 * A TCP load balancer: each connection goes to the next backend in turn ('round-robin'), or to the first that
 * answers ('failover'); one that refuses is skipped (so a dead process's clients reconnect through the others).
 * WebSocket-only clients need no stickiness.
 */
export async function tcpBalancer(ports: number[], mode: 'round-robin' | 'failover' = 'round-robin'): Promise<{ port: number; url: string; close(): Promise<void> }> {
  let next = 0;
  const open = new Set<Socket>();
  const server = createServer((client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    client.pause();
    if (mode === 'failover') next = 0;
    const tryBackend = (left: number) => {
      const port = ports[next++ % ports.length];
      const up = createConnection({ host: '127.0.0.1', port });
      let connected = false;
      open.add(up);
      up.once('connect', () => {
        connected = true;
        client.pipe(up).pipe(client);
        client.resume();
        client.on('error', () => up.destroy());
        client.on('close', () => up.destroy());
      });
      up.on('error', () => up.destroy());
      up.on('close', () => {
        open.delete(up);
        if (connected) client.destroy();
        else if (left > 1) tryBackend(left - 1);
        else client.destroy();
      });
    };
    tryBackend(ports.length);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => {
      for (const s of open) s.destroy();
      server.close(() => r());
    }),
  };
}
