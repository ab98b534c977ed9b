/**
 * After Redis comes back, a process re-syncs its sockets (what was published while Redis was down never arrived):
 * the bus announces it (`onResubscribed`) only once a match lock can be taken again. Its two Redis connections
 * (subscriber and commands) reconnect on their own schedules; the re-sync runs in each match's queue under the lock,
 * so announced when only the subscriber was back, every re-sync was refused and dropped, and a socket that had missed
 * the last move never heard of it (one match of `loadtest-failure` "redis stopped mid-load" stuck that way: its
 * mover's client saw nothing after the outage). The hub also tries a failed re-sync again (server/match/sync.ts).
 * Needs a redis-server binary (a private Redis on its own port is stopped and started; the shared one is untouched).
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { ClusterBus } from '../../server/cluster/bus';
import { privateRedis, privateRedisProblem, type PrivateService } from '../../tools/services/private-services';
import { waitFor } from './server-helpers';

const SKIP = privateRedisProblem();
if (SKIP) console.warn(`[cluster-reconnect.test] SKIPPING: ${SKIP}`);

describe.skipIf(SKIP !== null)(`the bus after a Redis restart${SKIP ? ` — SKIPPED: ${SKIP}` : ''}`, () => {
  let redis: PrivateService | undefined;
  let bus: ClusterBus | undefined;
  afterAll(async () => {
    await bus?.close();
    await redis?.dispose();
  });

  it('announces the return only when a match lock can be taken, even if the subscriber is back first', async () => {
    redis = await privateRedis();
    const attempts: string[] = [];
    bus = new ClusterBus({ url: redis.url, prefix: 'reconnect:', key: randomBytes(32), onError: () => {} });
    await bus.start(() => {}, () => {
      // What the hub does when told: take each match's lock to send its sockets the state again.
      bus!.withLock('m1', async () => 'ok').then((r) => attempts.push(r), (err: Error) => attempts.push(`refused: ${err.message}`));
    });
    // The command connection retries slowly from now on, the subscriber at its usual pace: the subscriber is back
    // well before the commands are (as happens when their retry timers fall differently).
    const cmd = (bus as unknown as { cmd: Redis }).cmd;
    cmd.options.retryStrategy = () => 1500;
    await redis.stop();
    await waitFor(() => cmd.status !== 'ready', 5000, 'the command connection lost');
    await redis.start();
    await waitFor(() => attempts.length > 0, 15_000, 'the return announced');
    expect(attempts).toEqual(['ok']);
    expect(cmd.status).toBe('ready');
  }, 30_000);
});
