/**
 * Problem reports (issue 9 item 4) over real HTTP on SQLite and, with DATABASE_URL, PostgreSQL: a seat's report
 * is stored with its text and the record so far, seed included, in its own table, and `npm run reports` (a real
 * tsx child process) lists it and exports a record that `npm run replay -- --verify` accepts. Bad credentials,
 * another seat's credentials, the rival's seat, oversize or empty text, junk fields, form bodies and foreign
 * origins get 4xx and store nothing; reports are rate-limited; no route and no socket message ever shows one.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { State } from 'boardgame.io';
import { fingerprint, parseRecord, verifyRecord } from '../../src/game/record';
import { replayFile } from '../../src/cli/replay';
import { MAX_REPORT_CHARS } from '../../server/records';
import {
  api, createMatch, GAME, joinMatch, matchWithPlayers, PG_SKIP_REASON, PG_URL, randomPlayer, rawClient, rawSync, snapshot,
  startTestServer, tempDir, waitFor, type Backend, type RandomPlayer, type TestServer,
} from './server-helpers';

if (!PG_URL) console.warn(`[server-reports.test] SKIPPING the PostgreSQL runs: ${PG_SKIP_REASON}`);

const ROOT = resolve(__dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const path = (p: string) => `/games/${GAME}${p}`;
const seedOf = (s: State | undefined) => String((s!.plugins.random.data as { seed: string }).seed);

function run(script: string, args: string[], env: Record<string, string | undefined> = {}):
Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(TSX, [join(ROOT, script), ...args], { cwd: ROOT, env: { ...process.env, CI: '1', ...env }, timeout: 60000 },
      (err, stdout, stderr) => done({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr }));
  });
}

const backends: { backend: Backend; title: string; skip: boolean }[] = [
  { backend: 'sqlite', title: 'SQLite', skip: false },
  { backend: 'postgres', title: PG_URL ? 'PostgreSQL' : `PostgreSQL — SKIPPED: ${PG_SKIP_REASON}`, skip: !PG_URL },
];

for (const { backend, title, skip } of backends) {
  describe.skipIf(skip)(`problem reports on ${title}`, () => {
    let server: TestServer;
    let match: { matchID: string; creds: Record<string, string> };
    let players: RandomPlayer[] = [];
    const tmp = tempDir('mint-reports-');
    const MARK = `marker-${Date.now()}-zq`;

    beforeAll(async () => {
      server = await startTestServer(backend, { recordLimits: { reads: false, reports: false } });
      // An unfinished match, paused after some random moves (another one if a game ends very early).
      for (let attempt = 0; attempt < 4; attempt++) {
        match = await matchWithPlayers(server.url);
        players = [randomPlayer(server.url, match.matchID, 'R', match.creds['0']), randomPlayer(server.url, match.matchID, 'I', match.creds['1'])];
        let ended = false;
        void players[0].finished.then(() => { ended = true; });
        await waitFor(() => ended || players[0].moves + players[1].moves >= 15, 45_000, '15 moves');
        for (const p of players) p.pause();
        await new Promise((r) => setTimeout(r, 300));
        if ((await snapshot(server.db, match.matchID)).state!.ctx.gameover === undefined) return;
        for (const p of players) p.stop();
      }
      throw new Error('every match ended early');
    }, 90_000);
    afterAll(async () => {
      for (const p of players) p.stop();
      await server?.dispose();
      tmp.remove();
      expect(server?.errors ?? []).toEqual([]);
    });

    const report = (body: unknown, init?: RequestInit) => api(server.url, path(`/${match.matchID}/report`), body, init);

    it('stores the seat, the text and the record so far with its seed; npm run reports lists and exports it', async () => {
      const r = await report({ playerID: '1', credentials: match.creds['1'], text: `  The fleet vanished ${MARK}\nafter a move.  ` });
      expect(r.status, r.text).toBe(200);
      expect(Object.keys(r.json)).toEqual(['reportID']);
      const stored = await server.db.getReport(r.json.reportID);
      expect(stored).toMatchObject({ matchID: match.matchID, seat: '1', text: `The fleet vanished ${MARK}\nafter a move.` });
      const snap = await snapshot(server.db, match.matchID);
      const rec = parseRecord(stored!.record);
      if ('error' in rec) throw new Error(rec.error);
      expect(rec.seed).toBe(seedOf(snap.initialState));
      expect(rec.result).toBeNull();
      expect(rec.finishedAt).toBeNull();
      expect(rec.actions.length).toBe(snap.state!._stateID);
      expect(rec.fingerprint).toBe(fingerprint(snap.state!.G));
      expect(verifyRecord(rec)).toEqual({ ok: true });

      // npm run reports, as a real process on the server's database.
      const dbArgs = backend === 'sqlite' ? ['--database-url', server.db.filename!] : ['--database-url', PG_URL!, '--schema', server.db.schema!];
      const list = await run('server/ops/reports.ts', dbArgs);
      expect(list.code, list.stderr).toBe(0);
      expect(list.stdout).toContain(`${r.json.reportID}  `);
      expect(list.stdout).toContain(`match ${match.matchID}  Imperial  "The fleet vanished ${MARK} after a move."`);
      expect(JSON.parse(list.stdout.trim().split('\n').at(-1)!)).toMatchObject({ reports: 1, shown: [r.json.reportID] });
      const file = join(tmp.dir, 'report.json');
      const exp = await run('server/ops/reports.ts', ['--export', r.json.reportID, file, ...dbArgs]);
      expect(exp.code, exp.stderr).toBe(0);
      expect(exp.stdout).toMatch(/game unfinished/);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(stored!.record);
      // What `npm run replay -- FILE --verify` does with it (its child process is tested in tests/unit/replayCli.test.ts).
      const replayed = replayFile(file, true);
      expect(replayed.ok, replayed.message).toBe(true);
      expect(replayed.message).toMatch(/^online, R "P0" vs I "P1", \d+ actions, not over; verified$/);
      if (backend !== 'sqlite') return;
      const missing = await run('server/ops/reports.ts', ['--export', 'no-such-report', file, ...dbArgs]);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toMatch(/no report "no-such-report"/);

      // Report IDs are random and may start with "-": the word after --export is the ID, also as --export=ID.
      const dashed = `-${r.json.reportID}`;
      await server.db.addReport({ reportID: dashed, matchID: match.matchID, seat: '0', text: 'dashed', record: stored!.record, createdAt: Date.now() });
      for (const args of [['--export', dashed, file], [`--export=${dashed}`, file]]) {
        const out = await run('server/ops/reports.ts', [...args, ...dbArgs]);
        expect(out.code, `${args.join(' ')}: ${out.stderr}`).toBe(0);
        expect(JSON.parse(out.stdout.trim().split('\n').at(-1)!)).toMatchObject({ exported: dashed, file });
      }
      // Real usage mistakes still get exit 2 and say what is wrong.
      for (const [args, message] of [
        [['--export'], /--export needs a report ID/], [['--export', '--schema', 's', file], /--export needs a report ID/],
        [['--export', dashed], /--export takes a report ID and a file/],
      ] as const) {
        const bad = await run('server/ops/reports.ts', [...args, ...dbArgs]);
        expect(bad.code, args.join(' ')).toBe(2);
        expect(bad.stderr).toMatch(message);
        expect(bad.stderr).toContain('usage: npm run reports');
      }
    });

    it('refuses bad credentials, another seat, strangers, oversize or empty text and junk: 4xx, nothing stored', async () => {
      const count = async () => (await server.db.countReports(match.matchID, '0')) + (await server.db.countReports(match.matchID, '1'));
      const before = await count();
      const { creds, matchID } = match;
      const text = 'something is wrong';
      const cases: [string, unknown, number, RequestInit?][] = [
        ['wrong credentials', { playerID: '0', credentials: 'guess', text }, 403],
        ['the other seat\'s credentials', { playerID: '0', credentials: creds['1'], text }, 403],
        ['no credentials', { playerID: '1', text }, 403],
        ['a spectator', { text }, 400],
        ['seat 2', { playerID: '2', credentials: creds['1'], text }, 400],
        ['numeric seat', { playerID: 1, credentials: creds['1'], text }, 400],
        ['oversize text', { playerID: '0', credentials: creds['0'], text: 'x'.repeat(MAX_REPORT_CHARS + 1) }, 400],
        ['oversize emoji text', { playerID: '0', credentials: creds['0'], text: '🚀'.repeat(MAX_REPORT_CHARS + 1) }, 400],
        ['an oversize body', { playerID: '0', credentials: creds['0'], text: 'x'.repeat(9000) }, 413],
        ['empty text', { playerID: '0', credentials: creds['0'], text: '   ' }, 400],
        ['no text', { playerID: '0', credentials: creds['0'] }, 400],
        ['text not a string', { playerID: '0', credentials: creds['0'], text: ['a'] }, 400],
        ['control characters', { playerID: '0', credentials: creds['0'], text: 'a\u0000b' }, 400],
        ['junk field', { playerID: '0', credentials: creds['0'], text, record: { seed: 'x' } }, 400],
        ['an array body', [], 400],
        ['bad JSON', '{"playerID":', 400],
        ['a form body', `playerID=0&credentials=${creds['0']}&text=x`, 415, { headers: { 'content-type': 'application/x-www-form-urlencoded' } }],
        ['a foreign origin', { playerID: '0', credentials: creds['0'], text }, 403, { headers: { 'content-type': 'application/json', Origin: 'https://evil.example' } }],
      ];
      for (const [label, body, status, init] of cases) {
        const r = await report(body, init ? { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body), ...init } : undefined);
        expect(r.status, `${label}: ${r.text}`).toBe(status);
        expect(r.json, label).toEqual({ error: expect.any(String) });
      }
      // Unknown matches, and GET.
      expect((await api(server.url, path('/no-such-match/report'), { playerID: '0', credentials: creds['0'], text })).status).toBe(404);
      expect((await api(server.url, path(`/${matchID}/report`))).status).toBe(405);
      expect(await count()).toBe(before);
      // Exactly 1000 characters is fine, even of 4-byte emoji.
      const ok = await report({ playerID: '0', credentials: creds['0'], text: '🚀'.repeat(MAX_REPORT_CHARS) });
      expect(ok.status, ok.text).toBe(200);
      expect(await count()).toBe(before + 1);
    });

    it('the rival seat of a solo match cannot report; its human can', async () => {
      const solo = await createMatch(server.url, { solo: { bot: 'I', difficulty: 'easy' } });
      const human = await joinMatch(server.url, solo, '0', 'Solo');
      expect((await api(server.url, path(`/${solo}/report`), { playerID: '1', credentials: human, text: 'x' })).status).toBe(403);
      expect((await api(server.url, path(`/${solo}/report`), { playerID: '1', text: 'x' })).status).toBe(403);
      const r = await api(server.url, path(`/${solo}/report`), { playerID: '0', credentials: human, text: 'before my first move' });
      expect(r.status, r.text).toBe(200);
      const rec = parseRecord((await server.db.getReport(r.json.reportID))!.record);
      expect(rec).toMatchObject({ solo: { bot: 'I', difficulty: 'easy' }, actions: [], result: null });
    });

    it('no route and no socket message ever shows a report', async () => {
      const { matchID, creds } = match;
      const texts: string[] = [];
      const headers = { headers: { 'X-Player-ID': '1', 'X-Player-Credentials': creds['1'] } };
      for (const p of [path(`/${matchID}`), path(''), path(`/${matchID}/reports`), path('/reports'), '/reports', '/api/reports',
        path(`/${matchID}/report?playerID=1&credentials=${creds['1']}`)]) {
        texts.push((await api(server.url, p, undefined, headers)).text);
      }
      for (const [id, c] of [['0', creds['0']], ['1', creds['1']], [null, undefined]] as const) {
        const s = await rawClient(server.url);
        try {
          await rawSync(s, matchID, id, c);
          texts.push(JSON.stringify(s.received));
        } finally {
          s.close();
        }
      }
      for (const t of texts) expect(t).not.toContain(MARK);
      expect(texts.join('').length).toBeGreaterThan(1000);
    });
  });
}

describe('reports are rate-limited per address, and capped per seat', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { recordLimits: { reports: { max: 2, windowMs: 60_000 } } });
  });
  afterAll(async () => {
    await server?.dispose();
    expect(server?.errors ?? []).toEqual([]);
  });

  it('the third report within the window gets 429 and is not stored', async () => {
    const { matchID, creds } = await matchWithPlayers(server.url);
    const send = () => api(server.url, path(`/${matchID}/report`), { playerID: '0', credentials: creds['0'], text: 'again' });
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(200);
    const third = await send();
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await server.db.countReports(matchID, '0')).toBe(2);
  });
});
