/**
 * Records of online matches (issue 9 items 1, 2 server side; RULES R8.3 item 9), over real HTTP and sockets on
 * SQLite and, with DATABASE_URL, PostgreSQL: a match played to the end by random clients has a record at
 * `GET /games/mint-imperium/:id/record` that verifies in the pure core and matches the stored game (seed, moves,
 * final state); bot, solo and forfeited matches too. While a match runs, no request shape — with or without
 * credentials, odd IDs and methods, socket syncs as either seat or a spectator — gets the seed, a record or a
 * move's time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { State } from 'boardgame.io';
import { SOLO_LEVELS } from '../../src/game/content';
import { fingerprint, parseRecord, verifyRecord, type GameRecord } from '../../src/game/record';
import { NOT_OVER_MESSAGE } from '../../server/records';
import {
  api, createMatch, GAME, joinMatch, matchWithPlayers, PG_SKIP_REASON, PG_URL, randomPlayer, rawClient, rawSync,
  snapshot, startTestServer, waitFor, type Backend, type RandomPlayer, type RawClient, type TestServer,
} from './server-helpers';

if (!PG_URL) console.warn(`[server-records.test] SKIPPING the PostgreSQL runs: ${PG_SKIP_REASON}`);

const backends: { backend: Backend; title: string; skip: boolean }[] = [
  { backend: 'sqlite', title: 'SQLite', skip: false },
  { backend: 'postgres', title: PG_URL ? 'PostgreSQL' : `PostgreSQL — SKIPPED: ${PG_SKIP_REASON}`, skip: !PG_URL },
];

const path = (p: string) => `/games/${GAME}${p}`;
const seedOf = (s: State | undefined) => String((s!.plugins.random.data as { seed: string }).seed);

/**
 * A match of two random clients paused after `moves` moves, before its end (a random game may end in round 1:
 * then another match is tried).
 */
async function unfinishedMatch(server: TestServer, moves: number):
Promise<{ matchID: string; creds: Record<string, string>; players: RandomPlayer[] }> {
  for (let attempt = 0; attempt < 4; attempt++) {
    const { matchID, creds } = await matchWithPlayers(server.url);
    const players = [randomPlayer(server.url, matchID, 'R', creds['0']), randomPlayer(server.url, matchID, 'I', creds['1'])];
    let ended = false;
    void players[0].finished.then(() => { ended = true; });
    await waitFor(() => ended || players.reduce((n, p) => n + p.moves, 0) >= moves, 45_000, `${moves} moves`);
    for (const p of players) p.pause();
    let last = -1;
    await waitFor(() => {
      const id = players[0].state()?._stateID ?? -2;
      const quiet = id === last && players.every((p) => p.state()?._stateID === id);
      last = id;
      return quiet;
    }, 10_000, 'a quiet match');
    const stored = (await snapshot(server.db, matchID)).state!;
    if (stored.ctx.gameover === undefined) return { matchID, creds, players };
    for (const p of players) p.stop();
  }
  throw new Error('every match ended within a few random moves');
}

/** The record as served, parsed strictly. */
async function fetchRecord(server: TestServer, matchID: string): Promise<GameRecord> {
  const r = await api(server.url, path(`/${matchID}/record`));
  expect(r.status, r.text).toBe(200);
  expect(r.headers.get('content-type')).toMatch(/application\/json/);
  const rec = parseRecord(r.json);
  if ('error' in rec) throw new Error(rec.error);
  return rec;
}

/** The record agrees with what the server stored: seed, every move in order, final state, times. */
async function expectRecordOfStored(server: TestServer, matchID: string, rec: GameRecord): Promise<void> {
  const { state, initialState, log, metadata } = await snapshot(server.db, matchID);
  expect(rec.seed).toBe(seedOf(initialState));
  expect(rec.matchID).toBe(matchID);
  expect(rec.source).toBe('online');
  const moves = log!.filter((e) => e.action.type === 'MAKE_MOVE');
  expect(rec.actions.length).toBe(moves.length);
  expect(rec.actions.length).toBe(state!._stateID - (state!.G.winner?.reason === 'forfeit' ? 1 : 0));
  rec.actions.forEach((a, i) => {
    expect(a.action.type).toBe(moves[i].action.payload.type);
    expect(a.seat).toBe(moves[i].action.payload.playerID === '0' ? 'R' : 'I');
  });
  expect(rec.fingerprint).toBe(fingerprint(state!.G));
  expect(rec.result).toEqual({ winner: state!.G.winner!.faction, reason: state!.G.winner!.reason, round: state!.G.round });
  expect(rec.startedAt).toBe(metadata.createdAt);
  const times = rec.actions.map((a) => a.at);
  expect([...times].sort((a, b) => a - b)).toEqual(times);
  expect(times[0]).toBeGreaterThanOrEqual(metadata.createdAt);
  expect(rec.finishedAt).toBeGreaterThanOrEqual(times.at(-1) ?? metadata.createdAt);
  expect(verifyRecord(rec)).toEqual({ ok: true });
}

/** No message or answer holds the seed, a record or a move time. */
function expectNothingSecret(label: string, payload: unknown, seed: string): void {
  const text = JSON.stringify(payload) ?? '';
  expect(text, label).not.toContain(seed);
  expect(text, label).not.toMatch(/"seed"|"prngstate"|"fingerprint"|"actions"/);
}

for (const { backend, title, skip } of backends) {
  describe.skipIf(skip)(`match records on ${title}`, () => {
    let server: TestServer;
    const sockets: RawClient[] = [];
    beforeAll(async () => {
      server = await startTestServer(backend, { recordLimits: false });
    });
    afterAll(async () => {
      for (const s of sockets) s.close();
      await server?.dispose();
      expect(server?.errors ?? []).toEqual([]);
    });

    it('an unfinished match: no request shape gets its seed or record; finished, the record verifies (R8.3 item 9)', async () => {
      const { matchID, creds, players } = await unfinishedMatch(server, 20);
      try {
        const stored = await snapshot(server.db, matchID);
        const seed = seedOf(stored.initialState);
        expect(seed).toMatch(/^[0-9a-f]{32}$/);
        // The stored moves carry their time (for the record); nothing else changed in the log.
        expect(stored.log!.filter((e) => e.action.type === 'MAKE_MOVE').every((e) => typeof (e as { at?: unknown }).at === 'number')).toBe(true);

        // HTTP: anonymous, with either seat's credentials (headers, query), with junk; GET and other methods.
        const headers = (id: string, c: string) => ({ headers: { 'X-Player-ID': id, 'X-Player-Credentials': c } });
        const asks: [string, string, RequestInit?][] = [
          ['anonymous', path(`/${matchID}/record`)],
          ['seat 0 headers', path(`/${matchID}/record`), headers('0', creds['0'])],
          ['seat 1 headers', path(`/${matchID}/record`), headers('1', creds['1'])],
          ['query credentials', path(`/${matchID}/record?playerID=0&credentials=${creds['0']}&seed=1`)],
          ['bearer', path(`/${matchID}/record`), { headers: { Authorization: `Bearer ${creds['1']}` } }],
        ];
        for (const [label, p, init] of asks) {
          const r = await api(server.url, p, undefined, init);
          expect(r.status, label).toBe(409);
          expect(r.json, label).toEqual({ error: NOT_OVER_MESSAGE });
          expectNothingSecret(label, r.text, seed);
        }
        const odd: [string, number[]][] = [
          [path(`/${matchID}/record/`), [404]],
          [path(`/${matchID}/record/x`), [404]],
          [path(`/${matchID}/records`), [404]],
          [path(`/${matchID.toUpperCase()}x/record`), [404]],
          [path('/made-up-match/record'), [404]],
          [path('/__proto__/record'), [404]],
          [path('/constructor/record'), [404]],
          [path('/%2e%2e/record'), [404]],
          [path(`/${matchID}%2Frecord`), [404]],
          [path(`/${'a'.repeat(200)}/record`), [404]],
          [path('/%E0%A4%A/record'), [400]],
          [`/games/other-game/${matchID}/record`, [404]],
          [path(`//${matchID}/record`), [404]],
        ];
        for (const [p, statuses] of odd) {
          const r = await api(server.url, p);
          expect(statuses, p).toContain(r.status);
          expectNothingSecret(p, r.text, seed);
        }
        for (const method of ['POST', 'PUT', 'DELETE', 'HEAD']) {
          const r = await api(server.url, path(`/${matchID}/record`), undefined, {
            method, ...(method === 'HEAD' ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ playerID: '0', credentials: creds['0'] }) }),
          });
          expect(r.status, method).toBe(405);
          expectNothingSecret(method, r.text, seed);
        }
        // The lobby's own reads of the match.
        for (const p of [path(`/${matchID}`), path(''), path('?isGameover=false')]) {
          expectNothingSecret(p, (await api(server.url, p, undefined, headers('0', creds['0']))).text, seed);
        }

        // Sockets: both seats and a spectator sync; nothing carries the seed, and log entries carry no time.
        for (const [id, c] of [['0', creds['0']], ['1', creds['1']], [null, undefined]] as const) {
          const s = await rawClient(server.url);
          sockets.push(s);
          const [event, , info] = await rawSync(s, matchID, id, c) as [string, string, { log: Record<string, unknown>[] }];
          expect(event).toBe('sync');
          expect(info.log.length).toBeGreaterThan(0);
          for (const e of info.log) expect(Object.keys(e)).not.toContain('at');
          expectNothingSecret(`sync ${id}`, s.received, seed);
        }

        // Play on to the end: the record is served and verifies.
        for (const p of players) p.resume();
        await Promise.all(players.map((p) => p.finished));
        const rec = await fetchRecord(server, matchID);
        expect(rec.players).toEqual([{ faction: 'R', name: 'P0' }, { faction: 'I', name: 'P1' }]);
        expect(rec.solo).toBeUndefined();
        await expectRecordOfStored(server, matchID, rec);
        // Every socket that watched during the game got updates, none with the seed or a time.
        for (const s of sockets) {
          expectNothingSecret('updates', s.received, seed);
          for (const m of s.received.filter((x) => x[0] === 'update')) {
            for (const e of m[3] as Record<string, unknown>[]) expect(Object.keys(e)).not.toContain('at');
          }
        }
      } finally {
        for (const p of players) p.stop();
      }
    });

    it('a match against the random server bot, and a solo match (RULES §9): records name the bot and verify', async () => {
      const botMatch = await createMatch(server.url, { bot: 'I', botKind: 'random' });
      const human = randomPlayer(server.url, botMatch, 'R', await joinMatch(server.url, botMatch, '0', 'Ann'));
      const soloMatch = await createMatch(server.url, { solo: { bot: 'R', difficulty: 'hard' } });
      const soloHuman = randomPlayer(server.url, soloMatch, 'I', await joinMatch(server.url, soloMatch, '1', 'Bea'));
      try {
        await Promise.all([human.finished, soloHuman.finished]);
        const rec = await fetchRecord(server, botMatch);
        expect(rec.players).toEqual([{ faction: 'R', name: 'Ann' }, { faction: 'I', name: 'Random bot', bot: 'random' }]);
        await expectRecordOfStored(server, botMatch, rec);
        const solo = await fetchRecord(server, soloMatch);
        // R9.11: the record keeps the knobs the match was created with (a later table never changes its replay).
        expect(solo.solo).toEqual({ bot: 'R', difficulty: 'hard', level: SOLO_LEVELS.hard });
        expect(solo.players).toEqual([{ faction: 'R', name: 'Rival deck', bot: 'rival' }, { faction: 'I', name: 'Bea' }]);
        expect(solo.actions.every((a) => a.seat === 'I')).toBe(true);
        await expectRecordOfStored(server, soloMatch, solo);
      } finally {
        human.stop();
        soloHuman.stop();
      }
    });

    it('a match ended by a forfeit (a seat left): its record ends the same way and verifies', async () => {
      const { matchID, creds, players } = await unfinishedMatch(server, 12);
      try {
        expect((await api(server.url, path(`/${matchID}/record`))).status).toBe(409);
        const left = await api(server.url, path(`/${matchID}/leave`), { playerID: '1', credentials: creds['1'] });
        expect(left.status).toBe(200);
        const rec = await fetchRecord(server, matchID);
        expect(rec.result).toMatchObject({ winner: 'R', reason: 'forfeit' });
        await expectRecordOfStored(server, matchID, rec);
      } finally {
        for (const p of players) p.stop();
      }
    });
  });
}

describe('record reads are rate-limited per address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { recordLimits: { reads: { max: 3, windowMs: 60_000 } } });
  });
  afterAll(async () => {
    await server?.dispose();
    expect(server?.errors ?? []).toEqual([]);
  });

  it('the fourth read within the window gets 429 with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await api(server.url, path('/no-such-match/record'))).status);
    expect(statuses).toEqual([404, 404, 404, 429]);
    const r = await api(server.url, path('/no-such-match/record'));
    expect(r.status).toBe(429);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
