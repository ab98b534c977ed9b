/**
 * The match lock of several processes serves its waiters first come, first served, and they do not spin (issue 19
 * item 4; server/cluster/fair-lock.ts). Three real ClusterBus instances (three "processes") on the local Redis,
 * under a prefix of this test's own:
 * 1. A holds a match's lock and has nine more operations of it queued behind (as a flood on one process queues
 *    them); B, then C, ask for the lock meanwhile. They get it right after A's operation, in the order they asked —
 *    before A's next nine. (Before: A's next operation took the lock again at once while B and C slept, so they
 *    came last.) While waiting 600 ms, B asks a few times (woken, or every 200 ms), not every few ms.
 * 2. A waiter whose process died keeps its place only until its ask expires (1 s): the next in line gets the lock.
 * Needs Redis (REDIS_URL, default redis://127.0.0.1:6379): skipped with the reason otherwise.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { ClusterBus } from '../../server/cluster/bus';
import { dropRedisPrefix, REDIS_URL, redisAnswers, redisPrefix } from './cluster-helpers';
import { waitFor } from './server-helpers';

const SKIP = !(await redisAnswers()) ? `no Redis answers at ${REDIS_URL}` : null;
if (SKIP) console.warn(`[cluster-lock.test] SKIPPING: ${SKIP}`);

describe.skipIf(SKIP !== null)(`the match lock of several processes${SKIP ? ` — SKIPPED: ${SKIP}` : ''}`, () => {
  const prefix = redisPrefix();
  const key = randomBytes(32);
  const buses: ClusterBus[] = [];
  const bus = async (name: string) => {
    const b = new ClusterBus({ url: REDIS_URL, prefix, key, processId: `${name}-${randomBytes(3).toString('hex')}`, onError: () => {} });
    await b.start(() => {}, () => {});
    buses.push(b);
    return b;
  };
  afterAll(async () => {
    for (const b of buses) await b.close();
    await dropRedisPrefix(prefix);
  });

  /** Resolves when `count` operations of the match wait in line (polled). */
  const inLine = async (b: ClusterBus, matchID: string, count: number) => {
    let n = -1;
    const poll = setInterval(() => { b.waiting(matchID).then((x) => { n = x; }, () => {}); }, 5);
    await waitFor(() => n === count, 5000, `${count} in line`).finally(() => clearInterval(poll));
  };

  it('first come, first served: waiters of other processes come before the holder\'s next operations', async () => {
    const [a, b, c] = [await bus('A'), await bus('B'), await bus('C')];
    const matchID = `fifo-${randomBytes(4).toString('hex')}`;
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    // A's first operation holds the lock until released; A's next nine are chained behind it, as the hub chains a
    // match's operations of one process (each asks for the lock when the one before ends).
    const first = a.withLock(matchID, async () => { order.push('A1'); await held; });
    let chain: Promise<unknown> = first;
    for (let i = 2; i <= 10; i++) chain = chain.then(() => a.withLock(matchID, async () => { order.push(`A${i}`); }));
    await waitFor(() => order.length === 1, 5000, 'A holding');
    const waitsBefore = b.stats.lockWaits;
    const fromB = b.withLock(matchID, async () => { order.push('B'); });
    await inLine(a, matchID, 1);
    const fromC = c.withLock(matchID, async () => { order.push('C'); });
    await inLine(a, matchID, 2);
    // A slow operation (600 ms): B waits without spinning.
    await new Promise((r) => setTimeout(r, 600));
    release();
    await Promise.all([chain, fromB, fromC]);
    expect(order).toEqual(['A1', 'B', 'C', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'A9', 'A10']);
    // Asked when it came, then every 200 ms at most or when woken: ~4-5 asks in 600 ms (a spinning waiter: dozens).
    expect(b.stats.lockWaits - waitsBefore).toBeLessThanOrEqual(8);
    expect(await a.waiting(matchID)).toBe(0);
  }, 30_000);

  it('a waiter that stopped asking (its process died) loses its place: the next in line gets the lock', async () => {
    const [a, b] = [await bus('A2'), await bus('B2')];
    const matchID = `dead-${randomBytes(4).toString('hex')}`;
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    let holding = false;
    const first = a.withLock(matchID, async () => { holding = true; await held; });
    await waitFor(() => holding, 5000, 'A holding');
    // A dead process's waiter, first in line: its last ask was just now, and it will never ask again.
    const redis = new Redis(REDIS_URL);
    try {
      const [s, us] = await redis.time();
      const ghost = `ghost|dead-process-${randomBytes(3).toString('hex')}`;
      await redis.zadd(`${prefix}lockq:${matchID}`, 0, ghost);
      await redis.hset(`${prefix}lockx:${matchID}`, ghost, Number(s) * 1000 + Math.floor(Number(us) / 1000) + 1000);
    } finally {
      redis.disconnect();
    }
    let gotIt = 0;
    const fromB = b.withLock(matchID, async () => { gotIt = Date.now(); });
    await inLine(a, matchID, 2);
    const freed = Date.now();
    release();
    await Promise.all([first, fromB]);
    // The ghost's place expires within its ttl (1 s) of its last ask; B asks again within 200 ms of that.
    expect(gotIt - freed).toBeLessThan(2500);
    expect(await a.waiting(matchID)).toBe(0);
  }, 30_000);
});
