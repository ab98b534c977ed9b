/**
 * `npm run ladder` end to end on a tiny ladder (src/cli/ladder.ts, src/sim/ladder.ts): random against ismcts-easy
 * at fixed iterations, one seed twice (seats swapped), through the worker pool. One JSON line, the results file,
 * a rerun that plays nothing, --write-docs touching only the marked section, bad arguments refused before any file.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/ladder';
import { botSpec, ladderGames, pairings, replaceSection } from '../../src/sim/ladder';
import { LEVELS } from '../../src/ai';

const dir = mkdtempSync(join(tmpdir(), 'ladder-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(argv: string[]): Promise<Record<string, any>> {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => {
    lines.push(String(s));
    return true;
  });
  try {
    expect(await main(argv)).toBe(0);
  } finally {
    spy.mockRestore();
  }
  const out = lines.join('').split('\n').filter(Boolean);
  expect(out).toHaveLength(1);
  return JSON.parse(out[0]) as Record<string, any>;
}

const out = join(dir, 'out');
const TINY = ['--bots', 'random,ismcts-easy', '--iterations', '20', '--games', '2', '--workers', '1', '--out', out, '--bootstrap', '50'];
const jsonl = () => readFileSync(join(out, 'ladder-games.jsonl'), 'utf8').split('\n').filter(Boolean);

describe('ladder', () => {
  it('pairs adjacent levels (stronger first), or all pairs; each seed twice with the seats swapped', () => {
    expect(pairings(['random', 'flatmc', 'ismcts-easy'], false)).toEqual([['flatmc', 'random'], ['ismcts-easy', 'flatmc']]);
    expect(pairings(['random', 'flatmc', 'ismcts-easy'], true)).toHaveLength(3);
    const games = ladderGames({ bots: ['random', 'ismcts-hard'], games: 4, allPairs: false, seed: 'L', mode: { kind: 'iterations', iterations: 100 } });
    expect(games.map((g) => [g.job.seed, g.aSeat])).toEqual([
      ['L-ismcts-hard-vs-random-0', 'R'], ['L-ismcts-hard-vs-random-0', 'I'],
      ['L-ismcts-hard-vs-random-1', 'R'], ['L-ismcts-hard-vs-random-1', 'I'],
    ]);
    // Hard: what its budget buys, its budget ratio over the cost of its deeper iterations (about 3 × normal's K).
    const hardK = Math.round(100 * LEVELS.hard.budgetScale / (LEVELS.hard.iterationCost ?? 1));
    expect(games[1].job.bots.I).toEqual({ name: 'ismcts-hard', options: { iterations: hardK } });
    expect(hardK).toBeGreaterThan(250);
    expect(hardK).toBeLessThan(350);
    expect(botSpec('ismcts-easy', { kind: 'iterations', iterations: 100 }).options).toEqual({ iterations: 100 * LEVELS.easy.budgetScale });
    expect(botSpec('flatmc', { kind: 'iterations', iterations: 100 }).options).toEqual({ iterations: 4 });
    // Budgets: the ISMCTS bot takes the normal budget and scales it by its level.
    expect(botSpec('ismcts-hard', { kind: 'budgets' }).options).toEqual({ budgetMs: LEVELS.normal.budgetMs }); // the bot scales it by its level
    expect(botSpec('ismcts-hard', { kind: 'scaled', scale: 0.5 }).options).toEqual({ budgetMs: LEVELS.normal.budgetMs * 0.5 });
    expect(botSpec('flatmc', { kind: 'scaled', scale: 0.5 }).options).toEqual({ budgetMs: 50 });
    expect(botSpec('random', { kind: 'budgets' })).toEqual({ name: 'random' });
  });

  it('plays a tiny ladder, prints one JSON line and appends every game to the results file', async () => {
    const r = await run(TINY);
    expect(r.mode).toBe('iterations');
    expect(r.iterations).toBe(20);
    expect(r.effort).toEqual({ random: {}, 'ismcts-easy': { iterations: 20 * LEVELS.easy.budgetScale } });
    expect(r.pairings).toHaveLength(1);
    const p = r.pairings[0];
    expect([p.a, p.b, p.games]).toEqual(['ismcts-easy', 'random', 2]);
    expect(p.asRebel.games).toBe(1);
    expect(p.asImperial.games).toBe(1);
    expect(p.score).toBe((p.asRebel.wins + p.asImperial.wins) / 2);
    expect(p.ci95[0]).toBeLessThanOrEqual(p.score);
    expect(r.anchor).toBe('random');
    expect(r.ratings.map((x: { bot: string }) => x.bot)).toEqual(['random', 'ismcts-easy']);
    expect(r.ratings[0]).toEqual({ bot: 'random', elo: 0, ci95: [0, 0] });
    expect(r.ratings[1].elo).toBe(p.eloDiff);
    expect(r.played).toBe(2);
    expect(r.resumed).toBe(0);
    const lines = jsonl();
    expect(lines).toHaveLength(2);
    const rec = JSON.parse(lines[0]);
    expect(rec.pairing).toBe('ismcts-easy-vs-random');
    expect(rec.mode).toEqual({ kind: 'iterations', iterations: 20 });
    expect(rec.summary.winner).toMatch(/^[RI]$/);
  }, 180_000);

  it('a rerun with the same settings plays nothing and gives the same result', async () => {
    const before = jsonl();
    const r = await run(TINY);
    expect(r.played).toBe(0);
    expect(r.resumed).toBe(2);
    expect(r.pairings[0].games).toBe(2);
    expect(jsonl()).toEqual(before);
  }, 60_000);

  it('--write-docs replaces only the marked section, or appends it when there are no markers', async () => {
    const marked = join(dir, 'BOTS.md');
    const head = '# Bots\n\nintro\n\n';
    const tail = '\n\n## Tests\n\nafter\n';
    writeFileSync(marked, `${head}<!-- ladder:start -->\nold table\n<!-- ladder:end -->${tail}`);
    for (let i = 0; i < 2; i++) {
      const r = await run([...TINY, '--write-docs', '--docs', marked]);
      expect(r.played).toBe(0);
    }
    const doc = readFileSync(marked, 'utf8');
    expect(doc.startsWith(`${head}<!-- ladder:start -->\n## Ladder\n`)).toBe(true);
    expect(doc.endsWith(`<!-- ladder:end -->${tail}`)).toBe(true);
    expect(doc).not.toContain('old table');
    expect(doc.match(/## Ladder/g)).toHaveLength(1);
    expect(doc).toContain('| ismcts-easy vs random | 2 |');
    expect(doc).toContain('fixed iterations, K = 20');
    expect(doc).toContain('`npm run ladder -- --bots random,ismcts-easy --iterations 20 --games 2');
    expect(doc).toMatch(/\| random \| \+0 \| \[\+0, \+0\] \|/);

    const plain = join(dir, 'PLAIN.md');
    writeFileSync(plain, '# Bots\n\ntext\n');
    await run([...TINY, '--write-docs', '--docs', plain]);
    const p = readFileSync(plain, 'utf8');
    expect(p.startsWith('# Bots\n\ntext\n\n<!-- ladder:start -->\n## Ladder')).toBe(true);
    expect(p.endsWith('<!-- ladder:end -->\n')).toBe(true);
    expect(replaceSection(p, 'X')).toBe('# Bots\n\ntext\n\nX\n');
  }, 60_000);

  it('refuses bad arguments with a clear message before writing anything', async () => {
    const none = join(dir, 'never');
    const bad: [string[], RegExp][] = [
      [['--games', '0'], /--games must be a whole number ≥ 1/],
      [['--games', '3'], /--games must be even/],
      [['--bots', 'random,nobot'], /unknown bot nobot/],
      [['--bots', 'random'], /at least two bots/],
      [['--scale', '2', '--iterations', '5'], /exclude each other/],
      [['--scale=0'], /--scale must be a positive number/],
      [['--write-docs', '--docs', join(dir, 'missing.md')], /--docs: no file/],
      [['--frobnicate'], /Unknown option/],
    ];
    for (const [args, msg] of bad) await expect(main([...args, '--out', none]), args.join(' ')).rejects.toThrow(msg);
    expect(existsSync(none)).toBe(false);
    // From the command line: exit status 2 and the message on stderr.
    const cli = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/ladder.ts', '--games', '0', '--out', none], { encoding: 'utf8' });
    expect(cli.status).toBe(2);
    expect(cli.stderr).toContain('--games must be a whole number');
    expect(cli.stdout).toBe('');
    expect(existsSync(none)).toBe(false);
  }, 60_000);
});
