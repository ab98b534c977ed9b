/**
 * Issue 19 item 9: what crosses Redis, and Redis AUTH and TLS, with real `tsx server/main.ts` processes.
 * 1. Two processes on the local Redis; a subscriber of this test listens to the `events` channel while a match is
 *    joined through both, played across them, chatted in: no message holds a seat's credentials, their hash, the
 *    random seed, a card of the state or the chat text in clear (each is `{ from, v?, x }`, x sealed with the key
 *    the processes keep in PostgreSQL). Opened with that key, the metadata carries `credentialsHash` only, and the
 *    state the seed (it must travel: server/cluster/bus-codec.ts). A forged message (in clear, or sealed with
 *    another key) is dropped: it evicts nobody. Moves still cross without reading the match back.
 * 2. A private redis-server with `requirepass`: processes with the password in REDIS_URL, or in REDIS_PASSWORD, play
 *    a match across; without it, or with a wrong one, a process refuses to start and says why (never the password),
 *    and so does `npm run cluster` before forking any worker.
 * 3. A private redis-server speaking TLS only (certificates made with openssl: a private CA, a server certificate,
 *    client certificates required) and a password: `rediss://` with REDIS_TLS_CA_FILE / _CERT_FILE / _KEY_FILE
 *    plays across; without the CA file a process refuses to start (the certificate is not trusted).
 * Needs PostgreSQL and REDIS_URL (skipped with the reason when unset); parts 2-3 need redis-server and openssl on
 * the PATH (skipped with the reason otherwise).
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialsHash } from '../../server/seats/credentials';
import { BusCodec } from '../../server/cluster/bus-codec';
import { loadBusKey } from '../../server/cluster/bus-key';
import { createStorage } from '../../server/storage';
import { spawnCluster } from '../../server/cluster';
import { freePort, kill, startChild } from './child-server';
import { dropRedisPrefix, redisAnswers, redisPrefix, startProcesses, type ServerProcess } from './cluster-helpers';
import { makeCerts, opensslProblem, redisServerProblem, startSecureRedis } from './redis-secure-helpers';
import {
  createMatch, dropPgSchema, joinMatch, PG_SKIP_REASON, PG_URL, pgSchemaName, rawClient, rawSync, snapshot, tempDir, waitFor,
  type RawClient,
} from './server-helpers';
import { metric, playMoves, tableFrom } from './table-flood-helpers';

const REDIS_URL = process.env.REDIS_URL;
const SKIP = !PG_URL ? PG_SKIP_REASON
  : !REDIS_URL ? 'REDIS_URL is not set (e.g. REDIS_URL=redis://127.0.0.1:6379)'
    : !(await redisAnswers(REDIS_URL)) ? `no Redis answers at ${REDIS_URL}` : null;
const PRIVATE = SKIP ?? redisServerProblem() ?? opensslProblem();
if (SKIP) console.warn(`[cluster-secrets.test] SKIPPING: ${SKIP}`);
else if (PRIVATE) console.warn(`[cluster-secrets.test] SKIPPING Redis AUTH and TLS: ${PRIVATE}`);

/** A match joined through `a` (seat 0) and `b` (seat 1), each seat's socket on its own process. */
async function matchAcross(a: string, b: string) {
  const matchID = await createMatch(a);
  const creds = { '0': await joinMatch(a, matchID, '0'), '1': await joinMatch(b, matchID, '1') };
  const sockets: Record<'0' | '1', RawClient> = { '0': await rawClient(a), '1': await rawClient(b) };
  for (const id of ['0', '1'] as const) expect((await rawSync(sockets[id], matchID, id, creds[id]))[0]).toBe('sync');
  return { matchID, creds, sockets, close: () => { sockets['0'].close(); sockets['1'].close(); } };
}

describe.skipIf(SKIP !== null)(`what the Redis bus carries${SKIP ? ` — SKIPPED: ${SKIP}` : ''}`, () => {
  const schema = pgSchemaName();
  const prefix = redisPrefix();
  let procs: ServerProcess[] = [];
  const sub = new Redis(REDIS_URL ?? 'redis://unused', { lazyConnect: true });
  const heard: string[] = [];
  beforeAll(async () => {
    procs = await startProcesses(2, { DATABASE_URL: PG_URL!, DB_SCHEMA: schema, REDIS_URL: REDIS_URL!, REDIS_PREFIX: prefix });
    await sub.connect();
    sub.on('message', (_ch: string, raw: string) => heard.push(raw));
    await sub.subscribe(`${prefix}events`);
  }, 60_000);
  afterAll(async () => {
    sub.disconnect();
    for (const p of procs) await kill(p.child);
    await dropPgSchema(schema);
    await dropRedisPrefix(prefix);
  });

  it('no credential, hash, seed, card or chat line in clear; sealed with the service key; forgeries dropped', async () => {
    const [a, b] = procs.map((p) => p.url);
    const m = await matchAcross(a, b);
    try {
      const reads = await metric([a, b], 'mint_move_reads_total');
      const times: number[] = [];
      expect(await playMoves(m.sockets, m.creds, m.matchID, 8, times)).toEqual([]);
      // Moves crossed with the metadata the other process had kept (credentials put back from its own read).
      expect(await metric([a, b], 'mint_move_reads_total') - reads).toBeLessThanOrEqual(2);
      const secret = `whisper-${randomBytes(6).toString('hex')}`;
      m.sockets['1'].socket.emit('chat', m.matchID, { id: 'x', sender: '1', payload: { text: secret } }, m.creds['1']);
      await waitFor(() => m.sockets['0'].received.some((x) => x[0] === 'chat' && JSON.stringify(x).includes(secret)), 5000, 'the chat line across');
      await waitFor(() => heard.length > 8, 5000, 'the bus messages');

      const reader = createStorage(PG_URL!, { schema });
      const stored = await snapshot(reader, m.matchID).finally(() => reader.close());
      const random = (stored.state as unknown as { plugins: { random: { data: { seed: string; prngstate?: unknown } } } }).plugins.random.data;
      const clear = [m.creds['0'], m.creds['1'], credentialsHash(m.creds['0']), credentialsHash(m.creds['1']), random.seed, secret, 'prngstate', '"G":'];
      for (const raw of heard) {
        const outer = JSON.parse(raw) as Record<string, unknown>;
        expect(Object.keys(outer).every((k) => ['from', 'v', 'x'].includes(k))).toBe(true);
        expect(typeof outer.x).toBe('string');
        for (const s of clear) expect(raw.includes(s)).toBe(false);
      }
      // Opened with the key the processes keep in PostgreSQL: hashes only; the state's seed travels sealed.
      const codec = new BusCodec('test-reader', await loadBusKey({ connectionString: PG_URL!, schema }));
      const opened = heard.map((raw) => codec.decode(raw));
      const withMd = opened.filter((x) => 'md' in x && x.md !== undefined && x.m === m.matchID);
      expect(withMd.length).toBeGreaterThan(0);
      for (const x of withMd) {
        const players = (x as { md: { players: Record<string, { credentials?: unknown; credentialsHash?: unknown }> } }).md.players;
        for (const id of ['0', '1'] as const) {
          expect(players[id].credentials).toBeUndefined();
          // (Seat 1 has none yet in the message of seat 0's join.)
          if (players[id].credentialsHash !== undefined) expect(players[id].credentialsHash).toBe(credentialsHash(m.creds[id]));
        }
      }
      expect(withMd.some((x) => Object.values((x as { md: { players: Record<string, { credentialsHash?: unknown }> } }).md.players)
        .every((p) => typeof p.credentialsHash === 'string'))).toBe(true);
      expect(opened.some((x) => x.t === 'state' && JSON.stringify(x.state).includes(random.seed))).toBe(true);

      // Whoever can PUBLISH on Redis cannot evict a player: a message in clear, or sealed with another key, is dropped.
      const pub = new Redis(REDIS_URL!);
      try {
        await pub.publish(`${prefix}events`, JSON.stringify({ from: 'intruder', t: 'evict', m: m.matchID }));
        await pub.publish(`${prefix}events`, new BusCodec('intruder', randomBytes(32)).encode({ t: 'evict', m: m.matchID }));
      } finally {
        pub.disconnect();
      }
      expect(await playMoves(m.sockets, m.creds, m.matchID, 2, times)).toEqual([]);
      for (const s of Object.values(m.sockets)) expect(s.received.some((x) => x[0] === 'mint:error' && JSON.stringify(x).includes('seat released'))).toBe(false);
      // The players' /table calls still pass the credentials check on either process (by hash).
      for (const [url, id] of [[a, '0'], [b, '1']] as const) {
        expect((await tableFrom(url, m.matchID, { playerID: id, credentials: m.creds[id], action: 'claimWin' }, '127.0.0.1')).status).toBe(409);
      }
    } finally {
      m.close();
    }
  }, 60_000);
});

describe.skipIf(PRIVATE !== null)(`Redis AUTH and TLS${PRIVATE ? ` — SKIPPED: ${PRIVATE}` : ''}`, () => {
  const schema = pgSchemaName();
  const dir = tempDir('mint-redis-secure-');
  const stops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const s of stops.reverse()) await s();
    await dropPgSchema(schema);
    dir.remove();
  });

  /** Two processes with `env` play a match across; then they stop. */
  async function playsAcross(env: Record<string, string>) {
    const procs = await startProcesses(2, { DATABASE_URL: PG_URL!, DB_SCHEMA: schema, REDIS_PREFIX: redisPrefix(), ...env });
    try {
      const m = await matchAcross(procs[0].url, procs[1].url);
      try {
        expect(await playMoves(m.sockets, m.creds, m.matchID, 4, [])).toEqual([]);
      } finally {
        m.close();
      }
    } finally {
      for (const p of procs) await kill(p.child);
    }
  }

  /** A process with `env` does not start: its output (the reason). */
  async function refusedToStart(env: Record<string, string>): Promise<string> {
    const err = await startChild({ DATABASE_URL: PG_URL!, DB_SCHEMA: schema, REDIS_PREFIX: redisPrefix(), ...env }).then(
      async (child) => { await kill(child); return null; }, (e: Error) => e.message);
    expect(err).not.toBeNull();
    return err!;
  }

  it('AUTH: the password in REDIS_URL or REDIS_PASSWORD works; none or a wrong one stops the process, saying why', async () => {
    const password = `pw-${randomBytes(9).toString('hex')}`;
    const redis = await startSecureRedis(dir.dir, { password });
    stops.push(redis.stop);
    await playsAcross({ REDIS_URL: `redis://:${password}@127.0.0.1:${redis.port}` });
    await playsAcross({ REDIS_URL: `redis://127.0.0.1:${redis.port}`, REDIS_PASSWORD: password });
    const none = await refusedToStart({ REDIS_URL: `redis://127.0.0.1:${redis.port}` });
    expect(none).toMatch(/Redis \(REDIS_URL\) refused this process's credentials.*NOAUTH/);
    const wrong = await refusedToStart({ REDIS_URL: `redis://127.0.0.1:${redis.port}`, REDIS_PASSWORD: 'not-it' });
    expect(wrong).toMatch(/WRONGPASS/);
    // `npm run cluster` asks once, before forking workers that would fail and be started again forever.
    const cli = await spawnCluster({ processes: 2, env: { DATABASE_URL: PG_URL!, DB_SCHEMA: schema, REDIS_URL: `redis://127.0.0.1:${redis.port}`, PORT: String(await freePort()) } })
      .then(async (c) => { await c.stop(); return null; }, (e: Error) => e.message);
    expect(cli).toMatch(/npm run cluster: Redis \(REDIS_URL\) refused or did not answer: NOAUTH/);
    expect(none + wrong + cli).not.toContain(password);
  }, 120_000);

  it('TLS: rediss:// with a private CA and client certificates works; without the CA the process does not start', async () => {
    const certs = makeCerts(dir.dir);
    const password = `pw-${randomBytes(9).toString('hex')}`;
    const redis = await startSecureRedis(dir.dir, { password, certs });
    stops.push(redis.stop);
    const url = `rediss://:${password}@localhost:${redis.port}`;
    await playsAcross({ REDIS_URL: url, REDIS_TLS_CA_FILE: certs.ca, REDIS_TLS_CERT_FILE: certs.clientCert, REDIS_TLS_KEY_FILE: certs.clientKey });
    const untrusted = await refusedToStart({ REDIS_URL: url, REDIS_TLS_CERT_FILE: certs.clientCert, REDIS_TLS_KEY_FILE: certs.clientKey });
    expect(untrusted).toMatch(/Redis \(REDIS_URL\) does not answer: .*(self[- ]signed|unable to verify|certificate)/i);
    // Plain redis:// to the TLS port does not get through either; TLS files with redis:// are refused outright.
    const plain = await refusedToStart({ REDIS_URL: `redis://:${password}@127.0.0.1:${redis.port}` });
    expect(plain).toMatch(/Redis \(REDIS_URL\)/);
    const mixed = await refusedToStart({ REDIS_URL: `redis://:${password}@127.0.0.1:${redis.port}`, REDIS_TLS_CA_FILE: certs.ca });
    expect(mixed).toMatch(/REDIS_TLS_\* settings need a rediss:\/\/ REDIS_URL/);
  }, 120_000);
});
