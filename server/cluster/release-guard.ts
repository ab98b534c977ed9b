/**
 * Several processes across a storage migration (docs/STORAGE.md, docs/DEPLOY.md "Upgrading"): a process of an older
 * release still writing after a migration changed what a row means would corrupt matches (after 006, the previous
 * release puts the whole game log back in the state row while the log rows stay as they were). So a process that is
 * about to migrate refuses to start while a live process of an older release serves the same database.
 *
 * Each process's presence key on the bus (`<prefix>proc:<id>`, renewed every 3 s, gone 10 s after its process) holds
 * the newest migration its release knows (`LATEST_MIGRATION`); releases before this guard wrote `1`. Processes of
 * the same release starting together (npm run cluster) never refuse each other: only a migration pending that
 * another live process does not know refuses. Once the migrations ran, an older release is refused by Kysely
 * itself when it starts ("previously executed migration … is missing").
 */
import { Redis, type RedisOptions } from 'ioredis';
import { redisStartError } from './redis-options';

/** Why this process must not start, or null. `live`: the other live processes' announced releases, by id. */
export function mixedReleaseProblem(pending: readonly string[], live: ReadonlyMap<string, string>): string | null {
  if (pending.length === 0) return null;
  const last = [...pending].sort().at(-1)!;
  // An older release announced `1` or an older migration name; migration names sort in order ('006_…' < '007_…').
  const older = [...live].filter(([, release]) => !/^\d{3}_/.test(release) || release < last);
  if (older.length === 0) return null;
  const who = older.slice(0, 3).map(([id, release]) => `${id} (${release === '1' ? 'a release before 006' : `knows up to ${release}`})`);
  return `storage migration ${pending.join(', ')} is pending, but ${older.length} running process${older.length === 1 ? '' : 'es'} of an `
    + `older release serve${older.length === 1 ? 's' : ''} this database: ${who.join('; ')}. Stop every process of the older release, then start `
    + 'this one (docs/DEPLOY.md "Upgrading").';
}

/** The live processes' presence keys under `prefix` (SCAN, never KEYS): id → announced release. */
export async function liveReleases(url: string, redis: RedisOptions | undefined, prefix: string): Promise<Map<string, string>> {
  const client = new Redis(url, { ...redis, lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false, retryStrategy: () => null });
  let lastError: string | undefined;
  client.on('error', (err: Error) => { lastError = err.message; }); // the connect below reports it
  try {
    try {
      await client.connect();
    } catch (err) {
      // The same words as the bus's own start (./bus.ts): this is now the first time a process talks to Redis.
      throw redisStartError(lastError ?? (err as Error).message);
    }
    const out = new Map<string, string>();
    const head = `${prefix}proc:`;
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${head}*`, 'COUNT', 200);
      cursor = next;
      if (keys.length === 0) continue;
      const values = await client.mget(...keys);
      keys.forEach((k, i) => { if (values[i] !== null) out.set(k.slice(head.length), values[i]!); });
    } while (cursor !== '0');
    return out;
  } finally {
    client.disconnect();
  }
}
