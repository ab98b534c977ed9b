/**
 * Issue 19 item 7 over real HTTP, sockets and operator processes on the default SQLite server: one text policy
 * (src/protocol/text-policy.ts) for names, chat and problem reports. A report holding U+009B (an 8-bit CSI) and U+202E
 * (a right-to-left override) is refused with a 400 that names the character, and nothing is stored (before: 200);
 * a chat line loses them, and the zero widths and bidi marks the chat used to keep (U+061C, a ZWJ between Latin
 * letters); a name holding any of them is refused; and `npm run reports` and `npm run replay` (real tsx processes)
 * print a stored report text and a record's names holding such characters (stored before the policy) escaped,
 * never raw (before: raw).
 */
import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api, GAME, matchWithPlayers, rawClient, rawSync, startTestServer, tempDir, type RawClient, type TestServer,
} from './server-helpers';

const ROOT = resolve(__dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
/** Raw in a terminal: C0 (ESC…), DEL, C1 (CSI U+009B…), bidi and zero widths. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this pattern finds
const UNSAFE = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/;

function run(script: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(TSX, [join(ROOT, script), ...args], { cwd: ROOT, env: { ...process.env, CI: '1' }, timeout: 60_000 },
      (err, stdout, stderr) => done({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr }));
  });
}

let server: TestServer;
const sockets: RawClient[] = [];
const tmp = tempDir('mint-text-policy-');
beforeAll(async () => {
  server = await startTestServer('sqlite', { recordLimits: false });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.dispose();
  tmp.remove();
  expect(server?.errors ?? []).toEqual([]);
});

const path = (p: string) => `/games/${GAME}${p}`;

describe('one text policy for names, chat and reports (issue 19 item 7)', () => {
  it('a report with an 8-bit CSI or a right-to-left override is refused, saying which character; nothing is stored', async () => {
    const { matchID, creds } = await matchWithPlayers(server.url);
    const report = (text: string) => api(server.url, path(`/${matchID}/report`), { playerID: '0', credentials: creds['0'], text });
    for (const [text, named] of [
      ['the board froze \u009B31m after my move', 'U+009B'], ['look \u202Eelif eht ta', 'U+202E'], ['zero\u200Bwidth', 'U+200B'],
      ['arabic mark \u061C here', 'U+061C'], ['isolate \u2067x\u2069', 'U+2067'], ['nel\u0085', 'U+0085'],
    ]) {
      const r = await report(text);
      expect(r.status, text).toBe(400);
      expect(r.json.error).toBe(`text must not hold control, bidirectional or invisible characters (${named})`);
    }
    expect(await server.db.countReports(matchID, '0')).toBe(0);
    // Line breaks and tabs are still fine in a report.
    expect((await report('line one\n\tline two')).status).toBe(200);
  });

  it('a chat line loses the characters the policy forbids, including the ones the chat used to keep', async () => {
    const { matchID, creds } = await matchWithPlayers(server.url);
    const rebel = await rawClient(server.url);
    sockets.push(rebel);
    await rawSync(rebel, matchID, '0', creds['0']);
    const echo = rebel.next(['chat', 'mint:error']);
    rebel.socket.emit('chat', matchID, { id: 'x', sender: '0', payload: 'B\u200Do\u200Cb\u061C says \u009Bhi\u202E 👩\u200D🚀' }, creds['0']);
    const answer = await echo;
    expect(answer[0]).toBe('chat');
    expect((answer[2] as { payload: { text: string } }).payload.text).toBe('Bob says hi 👩\u200D🚀');
  });

  it('names: any forbidden character is a 400 naming it', async () => {
    const { matchID, creds } = await matchWithPlayers(server.url);
    for (const [name, named] of [['Ada\u009B', 'U+009B'], ['\u202EAda', 'U+202E'], ['A\u061Cda', 'U+061C'], ['Ad\u200Ca', 'U+200C']]) {
      const r = await api(server.url, path(`/${matchID}/rename`), { playerID: '0', credentials: creds['0'], newName: name });
      expect(r.status, name).toBe(400);
      expect(r.json.error).toBe(`newName must not hold control, bidirectional or invisible characters (${named})`);
    }
    expect((await api(server.url, path(`/${matchID}`))).json.players[0].name).toBe('P0');
  });

  it('npm run reports and npm run replay print stored control, C1 and bidi characters escaped, never raw', async () => {
    const { matchID, creds } = await matchWithPlayers(server.url);
    // Stored before the policy (or by another tool): a raw CSI sequence, an override, ESC, a zero width.
    const nasty = 'owned \u009B2J\u001B[31m red \u202Edesrever\u200B end';
    const ok = await api(server.url, path(`/${matchID}/report`), { playerID: '1', credentials: creds['1'], text: 'placeholder' });
    expect(ok.status).toBe(200);
    const stored = await server.db.getReport(ok.json.reportID);
    // The record's names too (a record carries the names of the match's metadata).
    const record = { ...(stored!.record as Record<string, unknown>) };
    record.players = (record.players as { name: string }[]).map((p, i) => ({ ...p, name: i === 0 ? 'Ada\u202E\u009B' : p.name }));
    await server.db.addReport({ reportID: `legacy-${matchID}`, matchID, seat: '0', text: nasty, record, createdAt: Date.now() });

    const db = ['--database-url', server.db.filename!];
    const list = await run('server/ops/reports.ts', db);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).not.toMatch(UNSAFE);
    expect(list.stdout).toContain('"owned \\u009b2J\\u001b[31m red \\u202edesrever\\u200b end"');
    const file = join(tmp.dir, 'legacy.json');
    const exported = await run('server/ops/reports.ts', ['--export', `legacy-${matchID}`, file, ...db]);
    expect(exported.code, exported.stderr).toBe(0);
    const replay = await run('src/cli/replay.ts', [file]);
    expect(`${replay.stdout}${replay.stderr}`).not.toMatch(UNSAFE);
    expect(`${replay.stdout}${replay.stderr}`).toContain('R "Ada\\u202e\\u009b"');
  }, 120_000);
});
