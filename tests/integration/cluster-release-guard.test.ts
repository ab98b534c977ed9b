/**
 * Several processes across a storage migration (server/cluster/release-guard.ts, docs/DEPLOY.md "Upgrading"): a
 * process about to migrate refuses to start while a live process of an older release serves the database, with a
 * message that says what to do; processes of one release starting together never refuse each other. Real
 * PostgreSQL and Redis: the older process is a presence key written as the previous release writes it.
 */
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { ALIVE_MS } from '../../server/cluster/bus';
import { mixedReleaseProblem } from '../../server/cluster/release-guard';
import { createStorage } from '../../server/storage';
import { LATEST_MIGRATION } from '../../server/storage/migrations';
import { dropRedisPrefix, REDIS_URL, redisAnswers, redisPrefix } from './cluster-helpers';
import { dropPgSchema, GAME, PG_SKIP_REASON, PG_URL, pgSchemaName, startTestServer } from './server-helpers';

describe('mixedReleaseProblem', () => {
  const live = (entries: [string, string][]) => new Map(entries);

  it('nothing pending: any mix of releases may run (the storage is already what every process expects)', () => {
    expect(mixedReleaseProblem([], live([['old', '1'], ['new', LATEST_MIGRATION]]))).toBeNull();
  });

  it('a migration pending and only processes that know it, or none: this one may start and migrate', () => {
    expect(mixedReleaseProblem(['006_game_log_rows'], live([]))).toBeNull();
    expect(mixedReleaseProblem(['006_game_log_rows'], live([['peer', '006_game_log_rows']]))).toBeNull();
    expect(mixedReleaseProblem(['006_game_log_rows'], live([['peer', '007_later']]))).toBeNull();
  });

  it('a migration pending and a process of a release before it: refused, naming the process and what to do', () => {
    const why = mixedReleaseProblem(['006_game_log_rows'], live([['host:41:ab', '1'], ['peer', '006_game_log_rows']]));
    expect(why).toMatch(/006_game_log_rows is pending/);
    expect(why).toMatch(/host:41:ab \(a release before 006\)/);
    expect(why).toMatch(/Stop every process of the older release/);
    expect(why).not.toMatch(/peer/);
    expect(mixedReleaseProblem(['007_next'], live([['p', '006_game_log_rows']]))).toMatch(/p \(knows up to 006_game_log_rows\)/);
  });
});

const ready = PG_URL ? await redisAnswers() : false;
const skip = !PG_URL ? PG_SKIP_REASON : !ready ? `no Redis at ${REDIS_URL}` : '';

describe.skipIf(!ready)(`a new release meets a running older one${skip ? ` — SKIPPED: ${skip}` : ''}`, () => {
  const prefix = redisPrefix();
  const schemas: string[] = [];
  afterAll(async () => {
    await dropRedisPrefix(prefix);
    for (const s of schemas) await dropPgSchema(s);
  });

  it('refuses to migrate a fresh database while an older process is alive, starts once it is gone, and announces its release', async () => {
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    redis.on('error', () => {});
    const schema = pgSchemaName();
    schemas.push(schema);
    try {
      // A process of the release before this guard: its presence key says `1`.
      await redis.set(`${prefix}proc:oldhost:7:aa`, '1', 'PX', ALIVE_MS);
      const started = startTestServer('postgres', { dbSchema: schema, redisUrl: REDIS_URL, redisPrefix: prefix });
      await expect(started).rejects.toThrow(/pending, but 1 running process of an older release serves this database: oldhost:7:aa/);
      // Nothing was migrated: the database still needs every migration, the newest included.
      const db = createStorage(PG_URL!, { schema });
      try {
        expect(await db.pendingMigrations()).toContain(LATEST_MIGRATION);
      } finally {
        await db.close();
      }

      await redis.del(`${prefix}proc:oldhost:7:aa`);
      const server = await startTestServer('postgres', { dbSchema: schema, redisUrl: REDIS_URL, redisPrefix: prefix });
      try {
        expect(await server.db.pendingMigrations()).toEqual([]);
        const me = server.cluster!.bus.processId;
        expect(await redis.get(`${prefix}proc:${me}`)).toBe(LATEST_MIGRATION);
        const res = await fetch(`${server.url}/games/${GAME}`);
        expect(res.status).toBe(200);
      } finally {
        await server.stop();
      }
    } finally {
      redis.disconnect();
    }
  }, 60_000);
});
