/**
 * `npm run simulate -- --record-dir DIR` and `npm run replay -- FILE… [--verify]` as real child processes (tsx) on
 * files in a temporary directory: good records exit 0; a record with an action changed or removed, a wrong
 * version, junk fields, bad JSON or a missing file exits 1 naming the file and its first problem.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameRecord } from '../../src/game/record';

const ROOT = resolve(__dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');

function run(script: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(TSX, [join(ROOT, script), ...args], { cwd: ROOT, env: { ...process.env, CI: '1' }, timeout: 60000 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
        done({ code, stdout, stderr });
      });
  });
}

const lastJson = (stdout: string) => JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;

let dir: string;
let good: string[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mint-records-'));
  const sim = await run('src/cli/simulate.ts', ['--games', '4', '--seed', 'cli', '--record-dir', join(dir, 'good')]);
  expect(sim.code, sim.stderr).toBe(0);
  expect(lastJson(sim.stdout)).toMatchObject({ games: 4, errors: 0 });
  good = readdirSync(join(dir, 'good')).sort().map((f) => join(dir, 'good', f));
}, 60000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function tampered(name: string, change: (rec: Record<string, unknown>) => void): string {
  const rec = JSON.parse(readFileSync(good[0], 'utf8')) as Record<string, unknown>;
  change(rec);
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(rec));
  return file;
}

describe('npm run simulate -- --record-dir, npm run replay', () => {
  it('writes one record per game, named by its seed; replay --verify accepts them all (exit 0)', async () => {
    expect(good.map((f) => f.split('/').at(-1))).toEqual(['cli-0.json', 'cli-1.json', 'cli-2.json', 'cli-3.json']);
    const rec = JSON.parse(readFileSync(good[2], 'utf8')) as GameRecord;
    expect(rec).toMatchObject({ version: 1, seed: 'cli-2', source: 'simulate' });
    const r = await run('src/cli/replay.ts', [...good, '--verify']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/cli-0\.json: simulate, R "Random Rebel" \(random\) vs I "Random Imperial" \(random\), \d+ actions, [RI] won by \w+ in round \d+; verified/);
    expect(lastJson(r.stdout)).toMatchObject({ files: 4, ok: 4, failed: 0, verified: true, failures: [] });
  });

  it('exits 1 on each bad file, naming it and its first problem', async () => {
    const cases: [string, RegExp][] = [
      [tampered('changed.json', (r) => {
        const acts = r.actions as { action: Record<string, unknown> }[];
        const i = acts.findIndex((a) => a.action.type === 'imperialSetup');
        acts[i].action = { ...acts[i].action, fightersOnImperium: 99 };
      }), /changed\.json: mismatch: action 0 \(.*imperialSetup.*\) refused by the core/],
      [tampered('removed.json', (r) => { (r.actions as unknown[]).splice(5, 1); }), /removed\.json: mismatch: /],
      [tampered('version.json', (r) => { r.version = 2; }), /version\.json: malformed record: unsupported record version 2/],
      [tampered('junk.json', (r) => { r.comment = 'hi'; }), /junk\.json: malformed record: record: unknown field "comment"/],
    ];
    for (const [file, message] of cases) {
      const r = await run('src/cli/replay.ts', [file, '--verify']);
      expect(r.code, file).toBe(1);
      expect(r.stderr).toMatch(message);
      expect(lastJson(r.stdout)).toMatchObject({ files: 1, ok: 0, failed: 1 });
    }
    // Mixed with good files and broken ones: every bad one named, good ones still listed, exit 1.
    const notJson = join(dir, 'broken.json');
    writeFileSync(notJson, '{"version": 1, "actions": [');
    const r = await run('src/cli/replay.ts', [good[1], notJson, join(dir, 'missing.json'), cases[0][0], '--verify']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/broken\.json: malformed record: not JSON/);
    expect(r.stderr).toMatch(/missing\.json: cannot read/);
    expect(r.stderr).toMatch(/changed\.json: mismatch/);
    expect(r.stdout).toMatch(/cli-1\.json: .*verified/);
    expect(lastJson(r.stdout)).toMatchObject({ files: 4, ok: 1, failed: 3 });
  });

  it('without --verify a wrong fingerprint passes (replay only); with it, exit 1; no file: exit 2', async () => {
    const fp = tampered('fingerprint.json', (r) => { r.fingerprint = 'f1-0000000000000000'; });
    const plain = await run('src/cli/replay.ts', [fp]);
    expect(plain.code, plain.stderr).toBe(0);
    const verified = await run('src/cli/replay.ts', [fp, '--verify']);
    expect(verified.code).toBe(1);
    expect(verified.stderr).toMatch(/fingerprint\.json: mismatch: final state differs: fingerprint f1-[0-9a-f]{16}, the record says f1-0000000000000000/);
    const usage = await run('src/cli/replay.ts', []);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/usage: npm run replay/);
  });
});
