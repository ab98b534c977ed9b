/**
 * The credentials pre-check's cache (server/seats/keys.ts, issue 19 item 4) and the bus codec (server/cluster/bus-codec.ts,
 * item 9) on their own: what the integration tests cannot time exactly (a read overlapped by a join, concurrent
 * misses, the refresh of an empty seat, the bound), and what a tampered or foreign message does.
 */
import { randomBytes } from 'node:crypto';
import type { Server } from 'boardgame.io';
import { describe, expect, it } from 'vitest';
import { credentialsHash } from '../../server/seats/credentials';
import { BusCodec, hashedMetadata } from '../../server/cluster/bus-codec';
import { redisClientOptions } from '../../server/cluster/redis-options';
import { SeatKeys } from '../../server/seats/keys';

const md = (c0?: string, c1?: string) => ({
  players: { 0: { id: 0, name: 'A', ...(c0 ? { credentials: c0 } : {}) }, 1: { id: 1, ...(c1 ? { name: 'B', credentials: c1 } : {}) } },
}) as unknown as Server.MatchData;

describe('SeatKeys', () => {
  it('refuses what cannot be the seat\'s, lets maybe-theirs through, and reads a match once for concurrent calls', async () => {
    let reads = 0;
    const keys = new SeatKeys({ read: async (id) => { reads++; await new Promise((r) => setTimeout(r, 5)); return id === 'm' ? md('c0', 'c1') : undefined; } });
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => keys.check('m', i % 2 ? '1' : '0', i % 3 ? 'junk' : i % 2 ? 'c1' : 'c0')));
    expect(reads).toBe(1);
    answers.forEach((a, i) => expect(a).toBe(i % 3 ? 'wrong credentials' : 'maybe'));
    expect(await keys.check('m', '0', 'c1')).toBe('wrong credentials'); // the other seat's
    expect(await keys.check('m', '0', 42)).toBe('wrong credentials');
    expect(await keys.check('m', '0', 'x'.repeat(300))).toBe('wrong credentials');
    expect(reads).toBe(1);
    expect(await keys.check('gone', '0', 'c0')).toBe('match not found');
  });

  it('a read that a join overlapped is not kept; the join is', async () => {
    let release!: (m: Server.MatchData) => void;
    let reads = 0;
    const keys = new SeatKeys({ read: () => { reads++; return reads === 1 ? new Promise((r) => { release = r; }) : Promise.resolve(md('c0', 'c1')); } });
    const pending = keys.check('m', '1', 'c1');
    await new Promise((r) => setTimeout(r, 1));
    keys.learn('m', md('c0', 'c1')); // seat 1 joined while the read (from before the join) was on its way
    release(md('c0'));
    expect(await pending).toBe('maybe');
    expect(await keys.check('m', '1', 'c1')).toBe('maybe');
    expect(reads).toBe(1);
  });

  it('an empty seat is read again after refreshMs (a late join message); a drop forgets the match', async () => {
    let now = 0;
    let stored = md('c0');
    let reads = 0;
    const keys = new SeatKeys({ read: async () => { reads++; return stored; }, now: () => now, refreshMs: 1000 });
    expect(await keys.check('m', '1', 'c1')).toBe('wrong credentials');
    stored = md('c0', 'c1');
    now = 500;
    expect(await keys.check('m', '1', 'c1')).toBe('wrong credentials');
    expect(reads).toBe(1);
    now = 1000;
    expect(await keys.check('m', '1', 'c1')).toBe('maybe');
    expect(reads).toBe(2);
    stored = md('c0');
    keys.drop('m'); // seat 1 left
    expect(await keys.check('m', '1', 'c1')).toBe('wrong credentials');
    expect(reads).toBe(3);
  });

  it('learns from metadata that carries hashes only, and stays bounded', async () => {
    const keys = new SeatKeys({ read: async () => undefined, size: 3 });
    keys.learn('m', hashedMetadata(md('c0', 'c1')) as Server.MatchData);
    expect(await keys.check('m', '1', 'c1')).toBe('maybe');
    expect(await keys.check('m', '1', 'c0')).toBe('wrong credentials');
    for (const id of ['a', 'b', 'c']) keys.learn(id, md('c0'));
    expect(keys.kept).toBe(3);
    expect(await keys.check('m', '1', 'c1')).toBe('match not found'); // pushed out, and the read finds nothing
  });
});

describe('BusCodec', () => {
  const key = randomBytes(32);
  // Credentials no sealed (base64) text can contain by chance: a two-letter 'c0' did, about one run in ten.
  const [C0, C1] = ['seat:0:credential', 'seat:1:credential'];
  const msg = { t: 'state' as const, m: 'm1', state: { G: { log: [{ a: 1 }] }, plugins: { random: { data: { seed: 'SEED' } } } }, deltalog: [], md: md(C0, C1) };

  it('seals the message and hashes the credentials; the key opens it', () => {
    const raw = new BusCodec('p1', key).encode(msg, 'v1');
    expect(raw.startsWith('{"from":"p1",')).toBe(true);
    for (const s of ['SEED', C0, credentialsHash(C0), '"md"']) expect(raw.includes(s)).toBe(false);
    const back = new BusCodec('p2', key).decode(raw) as typeof msg & { from: string; v: string };
    expect(back.from).toBe('p1');
    expect(back.v).toBe('v1');
    expect(back.state).toEqual(msg.state);
    const players = back.md.players as unknown as Record<string, { credentials?: string; credentialsHash?: string }>;
    expect(players[0]).toEqual({ id: 0, name: 'A', credentialsHash: credentialsHash(C0) });
    expect(players[1].credentials).toBeUndefined();
    expect((msg.md.players as unknown as Record<string, { credentials?: string }>)[0].credentials).toBe(C0); // the caller's object untouched
  });

  it('refuses a message in clear, another key\'s, a changed head or a changed byte', () => {
    const codec = new BusCodec('p2', key);
    const raw = new BusCodec('p1', key).encode(msg, 'v1');
    expect(() => codec.decode(JSON.stringify({ from: 'x', t: 'evict', m: 'm1' }))).toThrow(/not sealed/);
    expect(() => codec.decode(new BusCodec('p1', randomBytes(32)).encode(msg, 'v1'))).toThrow();
    expect(() => codec.decode(raw.replace('"v":"v1"', '"v":"v2"'))).toThrow();
    const x = JSON.parse(raw).x as string;
    const flipped = Buffer.from(x, 'base64');
    flipped[40] ^= 1;
    expect(() => codec.decode(raw.replace(x, flipped.toString('base64')))).toThrow();
  });

  it('without a key: in clear, credentials still hashed', () => {
    const raw = new BusCodec('p1').encode({ t: 'seats', m: 'm1', md: md('c0') });
    expect(raw.includes('c0"')).toBe(false);
    expect(JSON.parse(raw).md.players[0].credentialsHash).toBe(credentialsHash('c0'));
  });
});

describe('redisClientOptions', () => {
  it('passes AUTH and TLS settings on, and refuses contradictions by name', () => {
    expect(redisClientOptions('redis://h:6379', { password: 'p', username: 'u' })).toEqual({ username: 'u', password: 'p' });
    expect(redisClientOptions('rediss://h:6380')).toEqual({});
    expect(() => redisClientOptions('redis://:p@h:6379', { password: 'q' })).toThrow(/once/);
    expect(() => redisClientOptions('redis://h:6379', { tls: { caFile: '/x' } })).toThrow(/rediss:\/\//);
    expect(() => redisClientOptions('rediss://h:6379', { tls: { certFile: '/x' } })).toThrow(/go together/);
    expect(() => redisClientOptions('rediss://h:6379', { tls: { caFile: '/nonexistent/ca.pem' } })).toThrow(/REDIS_TLS_CA_FILE: cannot read/);
    expect(() => redisClientOptions('http://h')).toThrow(/redis:\/\/ or rediss:\/\//);
  });
});
