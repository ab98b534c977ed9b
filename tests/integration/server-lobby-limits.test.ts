/**
 * Issue 14, items 6, 7, 8 and 9, from real HTTP and sockets (and real worker threads) against the real server
 * (SQLite): the paged listing, cross-site writes, bot matches per address and the fairness of the bot queue,
 * and oversized move arguments. (Timings at scale are the benchmark's: tools/abuse/abuse-bench.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMatch as bgioCreateMatch } from 'boardgame.io/internal';
import { MintImperium } from '../../src/game';
import { createState, seededRng } from '../../src/game/rules';
import { viewFor } from '../../src/game/rules/view';
import { WorkerBotPlayer } from '../../server/bots/worker-pool';
import {
  api, GAME, matchWithPlayers, moveAction, rawClient, rawSync, rawUpdate, snapshot, startTestServer,
  type RawClient, type TestServer,
} from './server-helpers';

let server: TestServer;
const sockets: RawClient[] = [];
const path = (p: string) => `/games/${GAME}${p}`;

beforeAll(async () => {
  server = await startTestServer('sqlite', { origins: ['http://dev.example:5173'], maxBotMatchesPerAddress: 2 });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.dispose();
  expect(server?.errors ?? []).toEqual([]);
});

describe('item 6: the listing is paged and served by one query', () => {
  it('pages of at most `limit`, newest first, no match twice, none missed; bad parameters refused', async () => {
    // 260 matches straight into storage (as many lobby creates would make), 20 of them unlisted.
    const ids: string[] = [];
    for (let k = 0; k < 260; k++) {
      const { metadata, initialState } = bgioCreateMatch({ game: MintImperium, numPlayers: 2, setupData: undefined, unlisted: k % 13 === 0 }) as never;
      (metadata as { createdAt: number }).createdAt = 1_000_000 + Math.floor(k / 3); // ties on createdAt too
      const id = `page-test-${String(k).padStart(3, '0')}`;
      await server.db.createMatch(id, { metadata, initialState });
      if (k % 13 !== 0) ids.push(id);
    }
    let fetches = 0;
    const real = server.db.fetch.bind(server.db);
    server.db.fetch = ((...a: Parameters<typeof real>) => { fetches++; return real(...a); }) as typeof real;
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    try {
      do {
        const r = await api(server.url, path(`?limit=50${cursor ? `&cursor=${cursor}` : ''}`));
        expect(r.status).toBe(200);
        expect(r.json.matches.length).toBeLessThanOrEqual(50);
        seen.push(...r.json.matches.map((m: { matchID: string }) => m.matchID));
        cursor = r.json.nextCursor;
        pages++;
      } while (cursor);
    } finally {
      server.db.fetch = real;
    }
    expect(fetches).toBe(0); // no per-match read: the page's metadata comes with the one query
    const mine = seen.filter((id) => id.startsWith('page-test-'));
    expect(new Set(mine).size).toBe(mine.length);
    expect([...mine].sort()).toEqual([...ids].sort());
    expect(mine).toEqual([...ids].sort().reverse()); // newest created first (ties: by ID)
    expect(pages).toBeGreaterThanOrEqual(5);
    expect((await api(server.url, path(''))).json.matches.length).toBe(50); // the default page
    for (const q of ['?limit=0', '?limit=101', '?limit=x', '?cursor=%%%', '?cursor=abc', '?cursor=' + 'A'.repeat(300)]) {
      expect((await api(server.url, path(q))).status, q).toBe(400);
    }
  });
});

describe('item 7: cross-site writes', () => {
  it('text/plain and form posts are refused even when empty; a foreign Origin is refused; nothing is created', async () => {
    const before = (await server.db.listMatches()).length;
    const post = (headers: Record<string, string>, body?: string) => api(server.url, path('/create'), undefined, { method: 'POST', headers, body });
    expect((await post({ 'content-type': 'text/plain', origin: 'https://evil.example' }, '')).status).toBe(403);
    expect((await post({ 'content-type': 'text/plain' }, '')).status).toBe(415);
    expect((await post({ 'content-type': 'application/x-www-form-urlencoded' }, '')).status).toBe(415);
    expect((await post({ 'content-type': 'application/x-www-form-urlencoded' }, 'numPlayers=2')).status).toBe(415);
    expect((await post({})).status).toBe(415);
    const evil = await post({ 'content-type': 'application/json', origin: 'https://evil.example' }, '{}');
    expect(evil.status).toBe(403);
    expect(evil.json.error).toMatch(/cross-origin/);
    expect((await server.db.listMatches()).length).toBe(before);
    // The server's own page, a configured origin, and non-browser clients (no Origin) are fine.
    const own = new URL(server.url).origin.replace('localhost', '127.0.0.1');
    expect((await api(own, path('/create'), undefined, { method: 'POST', headers: { 'content-type': 'application/json', origin: own }, body: '{}' })).status).toBe(200);
    expect((await post({ 'content-type': 'application/json', origin: 'http://dev.example:5173' }, '')).status).toBe(200);
    expect((await post({ 'content-type': 'application/json; charset=utf-8' }, '')).status).toBe(200);
    // Joins, leaves, renames too.
    const { matchID, creds } = await matchWithPlayers(server.url);
    const r = await api(server.url, path(`/${matchID}/leave`), undefined, {
      method: 'POST', headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ playerID: '0', credentials: creds['0'] }),
    });
    expect(r.status).toBe(403);
    expect((await snapshot(server.db, matchID)).metadata.players['0'].credentials).toBe(creds['0']);
  });
});

describe('item 8: bot searches', () => {
  it('an address may have only a few unfinished bot matches', async () => {
    const make = () => api(server.url, path('/create'), { bot: 'I', botKind: 'random' });
    expect((await make()).status).toBe(200);
    expect((await make()).status).toBe(200);
    const third = await make();
    expect(third.status).toBe(429);
    expect(third.json.error).toMatch(/bot matches/);
    // Human matches are not affected.
    expect((await api(server.url, path('/create'), {})).status).toBe(200);
  });

  it('the worker queue takes matches in turn: one match asking a lot does not starve another', async () => {
    const bot = new WorkerBotPlayer({ budgetMs: 30, iterations: 2 }, 1);
    try {
      const start = createState(seededRng('fair'));
      const seat = start.pending!.seat;
      const view = viewFor(start, seat);
      await bot.choose(view, seat, { matchID: 'warm-up' }); // the worker's start-up (loading tsx and the game)
      const order: string[] = [];
      const hog = Array.from({ length: 8 }, (_, k) => bot.choose(view, seat, { matchID: 'hog' }).then(() => order.push(`hog${k}`)));
      const other = bot.choose(view, seat, { matchID: 'other' }).then(() => order.push('other'));
      await Promise.all([...hog, other]);
      // First come first served would answer 'other' last (index 8); taking matches in turn answers it right
      // after the hog's search in progress and the hog's turn already in line (index 2).
      expect(order.indexOf('other')).toBeLessThanOrEqual(2);
    } finally {
      await bot.close();
    }
  }, 30_000);
});

describe('item 9: move arguments', () => {
  it('a big binary or wide argument is refused by its shape, before any copy; nothing changes', async () => {
    const { matchID, creds } = await matchWithPlayers(server.url);
    const c = await rawClient(server.url);
    sockets.push(c);
    const info = (await rawSync(c, matchID, '1', creds['1']))[2] as { state: { _stateID: number } };
    const before = await snapshot(server.db, matchID);
    const wide = Object.fromEntries(Array.from({ length: 4000 }, (_, k) => [`k${k}`, 0]));
    const cases: [unknown[], RegExp][] = [
      [[Buffer.alloc(60_000, 7)], /plain object/],
      [[new Uint8Array(30_000)], /plain object/],
      [[wide], /too many fields/],
      [[{ planet: 'x'.repeat(5000) }], /string too long/],
      [[{ units: Array.from({ length: 1000 }, () => 1) }], /too large/],
      [[{ a: { b: { c: { d: { e: 1 } } } } }], /too deep/],
      [[{}, {}], /too many args/],
    ];
    for (const [args, why] of cases) {
      const t0 = performance.now();
      const r = await rawUpdate(c, moveAction('chooseBase', args, '1', creds['1']), info.state._stateID, matchID, '1');
      expect(r[0]).toBe('mint:error');
      expect((r[2] as { error: string }).error).toMatch(why);
      expect(performance.now() - t0).toBeLessThan(500);
    }
    expect(await snapshot(server.db, matchID)).toEqual(before);
    expect((await api(server.url, '/health')).status).toBe(200);
  });
});
