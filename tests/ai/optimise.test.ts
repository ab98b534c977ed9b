/**
 * `npm run optimise` end to end, tiny: one SPSA step of one seat-swapped pair at 10 iterations, then a 2-game A/B,
 * through `main([...])` with worker threads (src/sim/pool.ts) in a temporary out dir. It prints one JSON line with
 * the A/B, writes the steps JSONL, resumes instead of replaying, and leaves weights.json alone without --write.
 * Bad flags: a message and exit code 2.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/optimise';
import { selectLeaves } from '../../src/sim/optimise';

const WEIGHTS = resolve(__dirname, '../../src/ai/ismcts/weights.json');
const original = readFileSync(WEIGHTS);
const dir = mkdtempSync(join(tmpdir(), 'mint-optimise-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { stdout: (s) => { out += s; }, stderr: (s) => { err += s; } });
  return { code, out, err };
}

const TINY = ['--steps', '1', '--games', '1', '--iterations', '10', '--ab-games', '1', '--workers', '1'];
const lines = (file: string) => readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);

describe('npm run optimise', () => {
  const out = join(dir, 'run');
  const steps = join(out, 'optimise-steps.jsonl');

  it('runs a step, prints one JSON line with the A/B, writes the steps file, leaves weights.json alone', async () => {
    const r = await run([...TINY, '--out', out]);
    expect(r.code, r.err).toBe(0);
    const printed = r.out.trim().split('\n');
    expect(printed).toHaveLength(1);
    const ab = JSON.parse(printed[0]) as Record<string, any>;
    expect(ab).toMatchObject({ kind: 'ab', games: 2, iterations: 10, written: false, run: { steps: 1, played: 1, resumedAt: 0 } });
    expect(ab.asRebel.games + ab.asImperial.games).toBe(2);
    expect(ab.score).toBeCloseTo((ab.asRebel.wins + ab.asImperial.wins) / 2, 10);
    expect(ab.ci95[0]).toBeLessThanOrEqual(ab.score);
    expect(ab.ci95[1]).toBeGreaterThanOrEqual(ab.score);
    expect(ab.accept).toBe(ab.ci95[0] > 0.5);
    expect(ab.accept).toBe(false); // 2 games can never bound the score above 0.5
    const log = lines(steps);
    expect(log).toHaveLength(2); // header + one step
    const keys = (log[0].run as { keys: string[] }).keys;
    expect(keys).toEqual(selectLeaves(JSON.parse(original.toString())).map((l) => l.key));
    expect(log[1]).toMatchObject({ step: 0, games: 2 });
    const s = log[1] as { scores: { plus: number; minus: number }; theta: Record<string, number> };
    expect(s.scores.plus + s.scores.minus).toBeCloseTo(1, 10);
    expect(Object.keys(s.theta)).toEqual(keys);
    expect(s.theta['policy.epsilon']).toBeGreaterThanOrEqual(0);
    expect(s.theta['policy.epsilon']).toBeLessThanOrEqual(1);
    expect(existsSync(join(out, 'optimise-final.json'))).toBe(true);
    expect(readFileSync(WEIGHTS).equals(original)).toBe(true);
  }, 120_000);

  it('a rerun with the same flags resumes: no step replayed; other flags are refused', async () => {
    const before = readFileSync(steps, 'utf8');
    const r = await run([...TINY, '--out', out]);
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out.trim()).run).toMatchObject({ steps: 1, played: 0, resumedAt: 1 });
    expect(readFileSync(steps, 'utf8')).toBe(before);
    const other = await run([...TINY, '--iterations', '11', '--out', out]);
    expect(other.code).toBe(2);
    expect(other.err).toMatch(/other flags \(iterations differ\)/);
    expect(readFileSync(steps, 'utf8')).toBe(before);
    expect(readFileSync(WEIGHTS).equals(original)).toBe(true);
  }, 120_000);

  it('--only and --groups pick the tuned keys; --ab-only plays the A/B alone; --write without accept writes nothing', async () => {
    const o2 = join(dir, 'only');
    const r = await run([...TINY, '--out', o2, '--groups', 'value,policy', '--only', 'value.w.hunterDistance,policy.epsilon', '--write']);
    expect(r.code, r.err).toBe(0);
    expect((lines(join(o2, 'optimise-steps.jsonl'))[0].run as { keys: string[] }).keys).toEqual(['policy.epsilon', 'value.w.hunterDistance']);
    const ab = JSON.parse(r.out.trim()) as { written: boolean; changed: Record<string, unknown> };
    expect(ab.written).toBe(false);
    for (const k of Object.keys(ab.changed)) expect(['policy.epsilon', 'value.w.hunterDistance']).toContain(k);
    const cand = join(dir, 'cand.json');
    writeFileSync(cand, JSON.stringify({ value: { w: { clock: -2.5 } } }));
    const r2 = await run(['--ab-only', cand, '--iterations', '10', '--ab-games', '2', '--workers', '1', '--out', o2, '--write']);
    expect(r2.code, r2.err).toBe(0);
    expect(JSON.parse(r2.out.trim())).toMatchObject({ kind: 'ab', games: 2, written: false, changed: { 'value.w.clock': [-3, -2.5] } });
    expect(readFileSync(WEIGHTS).equals(original)).toBe(true);
  }, 120_000);

  it.each([
    [['--steps', '0'], /--steps must be a whole number ≥ 1/],
    [['--games', 'x'], /--games must be a whole number/],
    [['--a', '0'], /--a must be a number > 0/],
    [['--a=-1'], /--a must be a number > 0/],
    [['--groups', 'nope'], /--groups: no numeric weights under nope/],
    [['--only', 'value.w.nope'], /--only: value\.w\.nope is not a numeric weight/],
    [['--groups', 'belief', '--only', 'policy.epsilon'], /outside --groups/],
    [['--bot', 'random'], /--bot must be one of/],
    [['--bogus'], /Unknown option '--bogus'/],
    [['--scales', '/nonexistent/scales.json'], /--scales: no such file/],
    [['--ab-only', '/nonexistent/w.json'], /--ab-only: no such file/],
  ])('bad flags %j: a clear error and exit 2', async (args, message) => {
    const r = await run([...args, '--out', join(dir, 'bad')]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.err).toMatch(/usage: npm run optimise/);
    expect(r.out).toBe('');
    expect(existsSync(join(dir, 'bad', 'optimise-steps.jsonl'))).toBe(false);
  });
});
