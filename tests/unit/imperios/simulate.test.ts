/**
 * `npm run simulate -- --game imperios` (issue 23 item 8): random legal games through the core, one JSON line with
 * the figures; the same seed gives the same figures; bad options are refused with exit code 2.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseImperiosArgs } from '../../../src/cli/simulateImperios';
import { gameOf } from '../../../src/cli/simulate';
import { median, simulateImperios } from '../../../src/games/imperios/sim/simulate';

const run = promisify(execFile);

describe('IM12, IM13: the simulate CLI for Imperios', () => {
  it('plays G games and sums them up; the same seed gives the same figures', () => {
    const a = simulateImperios({ players: 5, games: 2, seed: 'cli', mode: 'tutorial' });
    expect(a.summary).toMatchObject({
      game: 'imperios',
      players: 5,
      games: 2,
      finished: 2,
      errors: 0,
      mode: 'tutorial',
    });
    expect(Object.keys(a.summary)).toEqual([
      'game',
      'players',
      'games',
      'finished',
      'errors',
      'rounds',
      'endReasons',
      'scores',
      'mode',
      'seed',
    ]);
    expect(a.summary.rounds.min).toBeGreaterThan(0);
    expect(a.summary.rounds.min).toBeLessThanOrEqual(a.summary.rounds.max);
    const reasons = Object.values(a.summary.endReasons).reduce((x, y) => x + y, 0);
    expect(reasons).toBeGreaterThanOrEqual(2);
    expect(a.summary.scores.max).toBe(Math.max(...a.outcomes.flatMap((o) => o.totals)));
    expect(simulateImperios({ players: 5, games: 2, seed: 'cli', mode: 'tutorial' }).summary).toEqual(a.summary);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
  });

  it('counts a game past the step limit as an error and goes on', () => {
    const r = simulateImperios({ players: 4, games: 2, seed: 'cap', mode: 'tutorial', maxSteps: 10 });
    expect(r.summary).toMatchObject({ finished: 0, errors: 2, rounds: { median: 0, min: 0, max: 0 } });
    expect(r.outcomes[0].error).toMatch(/no end after 10 steps/);
  });

  it('parses its options and refuses bad ones', () => {
    expect(gameOf(['--game', 'imperios', '--games', '2'])).toBe('imperios');
    expect(gameOf(['--game=imperios'])).toBe('imperios');
    expect(gameOf(['--games', '2'])).toBe('mint-imperium');
    expect(parseImperiosArgs(['--game', 'imperios', '--players', '6', '--games', '3', '--seed', 'x'])).toEqual({
      players: 6,
      games: 3,
      seed: 'x',
      mode: undefined,
    });
    expect(() => parseImperiosArgs(['--players', '3'])).toThrow(/4 to 7/);
    expect(() => parseImperiosArgs(['--players', '5', '--mode', 'epic'])).toThrow(/6 or 7/);
    expect(() => parseImperiosArgs(['--games', '0'])).toThrow(/games/);
    expect(() => parseImperiosArgs(['--via', 'bgio'])).toThrow();
  });

  it('prints one JSON line through npm run simulate', async () => {
    const args = [
      'tsx',
      'src/cli/simulate.ts',
      '--game',
      'imperios',
      '--players',
      '4',
      '--games',
      '2',
      '--seed',
      'npm',
    ];
    const { stdout } = await run('npx', [...args, '--mode', 'tutorial'], { env: { ...process.env, CI: 'true' } });
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({ game: 'imperios', players: 4, games: 2, finished: 2, errors: 0 });
    await expect(run('npx', [...args.slice(0, 4), '--players', '9'])).rejects.toMatchObject({ code: 2 });
  }, 120_000);
});
