/**
 * `npm run balance` end to end (src/cli/balance.ts): a tiny grid study on two worker threads writes the games JSONL,
 * the results JSONL and the report; a rerun plays nothing new and prints the same result; bad flags exit 2 and
 * write nothing.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/balance';

const dir = mkdtempSync(join(tmpdir(), 'balance-study-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs main with stdout and stderr captured. */
async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const o = vi.spyOn(process.stdout, 'write').mockImplementation((s) => ((out += String(s)), true));
  const e = vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((err += String(s)), true));
  try {
    const code = await main(args);
    return { code, out, err };
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
}

const lines = (file: string) => readFileSync(file, 'utf8').split('\n').filter((l) => l.trim()).length;

describe('balance CLI: grid study', () => {
  const out = join(dir, 'study');
  const args = ['--bot', 'random', '--grid', '{"probesPerRefresh":[2,3]}', '--games', '4', '--workers', '2', '--seed', 'cli',
    '--out', out, '--name', 'tiny'];

  it('plays 2 configs × 4 games on 2 workers, then a rerun plays nothing new and prints the same', async () => {
    const first = await run(args);
    expect(first.code).toBe(0);
    const games = join(out, 'tiny-games.jsonl');
    expect(lines(games)).toBe(8);
    const records = readFileSync(games, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(new Set(records.map((r) => `${r.label}|${r.seed}`)).size).toBe(8);
    expect(new Set(records.map((r) => r.seed))).toEqual(new Set(['cli-0', 'cli-1', 'cli-2', 'cli-3']));
    const printed = JSON.parse(first.out);
    expect(printed.results.map((r: { label: string; games: number }) => [r.label, r.games]))
      .toEqual([['probesPerRefresh=2', 4], ['probesPerRefresh=3', 4]]); // the default (2, issue 24) first
    expect(printed.results[1].paired.n).toBe(4);
    expect(lines(join(out, 'tiny-results.jsonl'))).toBe(2);
    const md = readFileSync(join(out, 'tiny.md'), 'utf8');
    expect(md).toContain('## Issue 24 goals');
    expect(md).toContain('| probesPerRefresh=3 | `{"probesPerRefresh":3}` | 4 |');

    const again = await run(args);
    expect(again.code).toBe(0);
    expect(lines(games)).toBe(8);
    expect(again.out).toBe(first.out);
    expect(lines(join(out, 'tiny-results.jsonl'))).toBe(2);
    expect(readFileSync(join(out, 'tiny.md'), 'utf8')).toContain('this run: 0 new games');
  });

  it('ismcts-easy at 10 iterations with early stop, in this thread', async () => {
    const o2 = join(dir, 'easy');
    const r = await run(['--bot', 'ismcts-easy', '--iterations', '10', '--configs', '[{"label":"cooldown 2","overrides":{"relocationCooldown":2}}]',
      '--max-games', '2', '--batch', '1', '--band', '0.45,0.55', '--target-ci', '0.4,0.6', '--workers', '0', '--out', o2, '--name', 'e']);
    expect(r.code).toBe(0);
    const printed = JSON.parse(r.out);
    expect(printed.results.map((x: { label: string }) => x.label)).toEqual(['default', 'cooldown 2']);
    for (const x of printed.results) {
      expect(x.games).toBe(2); // one game cannot leave a 10-point band: Wilson(1 of 1) is [21%, 100%]
      expect(x.maxGames).toBe(2);
      expect(x.targetCi.inside).toBe(false);
      expect(x.search.itersPerDecision).toBeGreaterThan(0);
    }
    expect(lines(join(o2, 'e-games.jsonl'))).toBe(4);
  });

  it.each([
    [['--grid', '{"probesPerRefrsh":[1,2]}'], /unknown knob "probesPerRefrsh"/],
    [['--grid', '{"probesPerRefresh":[1,2]'], /--grid: not valid JSON/],
    [['--grid', join(dir, 'missing.json')], /no such file/],
    [['--band', '0.55,0.45'], /--band must be two shares/],
    [['--target-ci', '40,60'], /--target-ci must be two shares/],
    [['--games', '0'], /--games must be a whole number/],
    [['--games', '4', '--max-games', '4'], /not both/],
    [['--batch', '9', '--games', '4'], /--batch \(9\) must not exceed/],
    [['--workers', 'two'], /--workers must be a whole number/],
    [['--bot', 'mcts'], /fair bots/],
    [['--all-knobs', '--grid', '{"deployCap":[3]}'], /give one of them/],
    [['--configs', '[{"label":"a","overrides":{}},{"label":"a","overrides":{"deployCap":3}}]'], /two configs are labelled "a"/],
    [['--grid', '{"drivenOff":[true]}'], /drivenOff \(R5\.9a\) is not implemented/],
    [['--configs', '[{"label":"a","overrides":{"deckISize":-1}}]'], /"a": -1 is not a valid value of "deckISize"/],
    [['--frobnicate'], /Unknown option/],
    [['--keep-reference'], /only makes sense with --band/],
  ])('bad flags %j → exit 2, an error, nothing written', async (bad, message) => {
    const o3 = join(dir, 'bad');
    const r = await run(['--bot', 'random', '--out', o3, ...bad]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.err).toContain('usage: npm run balance');
    expect(r.out).toBe('');
    expect(existsSync(o3)).toBe(false);
  });
});
