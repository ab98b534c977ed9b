/**
 * `npm run analyse -- RECORD.json` (src/cli/analyse.ts) as a real child process (tsx) on files in a temporary
 * directory: a good record gives exit 0 and one JSON line with a point per real decision; a file that is no record
 * of this game (not JSON, another game, another version, junk fields) or a corrupted one (an action changed, so it
 * no longer re-runs to its stored result and fingerprint) is refused with exit 2 and a message naming the problem.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordFromGame, replayStates, type GameRecord } from '../../src/game/record';
import { decisionActions } from '../../src/game/rules';
import { playRecordedGame } from '../../src/sim/recordedGame';

const ROOT = resolve(__dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');

function analyse(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(TSX, [join(ROOT, 'src/cli/analyse.ts'), ...args], { cwd: ROOT, env: { ...process.env, CI: '1' }, timeout: 90000 },
      (err, stdout, stderr) => done({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr }));
  });
}

let dir: string;
let record: GameRecord;

function write(name: string, content: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'mint-analyse-'));
  const full = playRecordedGame('analyse-cli').record;
  const rec = recordFromGame({
    seed: full.seed, config: full.config, players: full.players, actions: full.actions.slice(0, 14),
    startedAt: full.startedAt, source: 'simulate',
  });
  if ('error' in rec) throw new Error(rec.error);
  record = rec;
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('npm run analyse', () => {
  it('analyses a good record: exit 0, one JSON line, one curve point per real decision', async () => {
    const r = await analyse([write('good.json', record), '--iterations', '5', '--seed', 'cli']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines.length).toBe(1);
    const out = JSON.parse(lines[0]) as Record<string, unknown> & { curve: unknown[]; decisions: unknown[] };
    const { states } = replayStates(record);
    const real = record.actions.filter((a, i) => decisionActions(states[i], a.seat).length > 1).length;
    expect(out.curve.length).toBe(real);
    expect(out.decisions.length).toBe(real);
    expect(out).toMatchObject({
      settings: { bot: 'ismcts-normal', iterations: 5, seed: 'cli' },
      turningPoints: { R: expect.any(Array), I: expect.any(Array) },
      accuracy: { R: expect.any(Number), I: expect.any(Number) },
      players: [{ faction: 'R' }, { faction: 'I' }],
    });
  });

  it('refuses a corrupted or foreign file with exit 2 and a clear message', async () => {
    const changed = structuredClone(record);
    const setup = changed.actions.findIndex((a) => a.action.type === 'imperialSetup');
    changed.actions[setup].action = { type: 'imperialSetup', capitalOn: 'IMP', fightersOnImperium: 99 };
    const swapped = structuredClone(record); // legal, but not the game the record stores
    const base = swapped.actions.find((a) => a.action.type === 'chooseBase')!;
    base.action = { type: 'chooseBase', planet: (base.action as { planet: string }).planet === 'A' ? 'B' : 'A' };
    const cases: [string, RegExp][] = [
      [write('broken.json', '{"version": 1, "game": '), /broken\.json: not a Mint Imperium game record: not JSON/],
      [write('chess.json', { ...record, game: 'chess' }), /chess\.json: not a Mint Imperium game record: game must be "mint-imperium"/],
      [write('v2.json', { ...record, version: 2 }), /v2\.json: not a Mint Imperium game record: unsupported record version 2/],
      [write('junk.json', { ...record, comment: 'hi' }), /junk\.json: not a Mint Imperium game record: record: unknown field "comment"/],
      [write('changed.json', changed), /changed\.json: corrupted record, its actions do not re-run to what it stores: action \d+ .*refused by the core/],
      [write('swapped.json', swapped), /swapped\.json: corrupted record, its actions do not re-run to what it stores: .*differs/],
      [join(dir, 'missing.json'), /missing\.json: cannot read/],
    ];
    const results = await Promise.all(cases.map(([file]) => analyse([file, '--iterations', '5'])));
    results.forEach((r, i) => {
      expect(r.code, cases[i][0]).toBe(2);
      expect(r.stderr).toMatch(cases[i][1]);
      expect(r.stdout).toBe('');
    });
  });

  it('exits 2 on bad usage', async () => {
    const [none, iters] = await Promise.all([analyse([]), analyse([write('u.json', record), '--iterations', '0'])]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/no record file given\nusage: npm run analyse/);
    expect(iters.code).toBe(2);
    expect(iters.stderr).toMatch(/--iterations must be a whole number/);
  });
});
