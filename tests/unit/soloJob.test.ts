/**
 * `npm run simulate -- --mode solo --human <bot> --iterations K --workers N`: a search bot in the human seat at a
 * fixed search per decision plays the same games in worker threads (src/sim/soloJob.ts) as in this thread.
 */
import { describe, expect, it } from 'vitest';
import { parseSimulateArgs } from '../../src/cli/simulate';
import { simulate } from '../../src/sim/simulate';

describe('solo simulation with a bot human at fixed iterations', () => {
  it('parses --iterations and --workers, only with a bot human', () => {
    expect(parseSimulateArgs(['--mode', 'solo', '--bot-faction', 'I', '--human', 'ismcts-normal', '--iterations', '40', '--workers', '0']))
      .toMatchObject({ human: 'ismcts-normal', humanIterations: 40, workers: 0 });
    expect(parseSimulateArgs(['--mode', 'solo', '--bot-faction', 'I', '--human', 'ismcts-normal']).workers).toBeGreaterThan(0);
    expect(() => parseSimulateArgs(['--mode', 'solo', '--bot-faction', 'I', '--iterations', '40'])).toThrow(/human/);
    expect(() => parseSimulateArgs(['--mode', 'solo', '--bot-faction', 'I', '--human', 'random', '--workers', '2'])).toThrow(/human/);
    expect(() => parseSimulateArgs(['--mode', 'solo', '--bot-faction', 'I', '--human', 'ismcts-normal', '--iterations', '0'])).toThrow(/iterations/);
  });

  it('the same games in this thread and on 2 worker threads', async () => {
    const opts = {
      games: 2, seed: 'solo-job', solo: { bot: 'R' as const, difficulty: 'hard' as const }, human: 'ismcts-easy' as const,
      humanIterations: 12,
    };
    const here = await simulate({ ...opts, workers: 0 });
    const done: number[] = [];
    const threads = await simulate({ ...opts, workers: 2, onGame: (_o, n) => done.push(n) });
    expect(here.summary.errors).toBe(0);
    expect(threads.outcomes.map(({ stack: _s, ...o }) => o)).toEqual(here.outcomes);
    expect(done).toEqual([1, 2]);
    expect(threads.summary).toMatchObject({ games: 2, mode: 'solo', human: 'ismcts-easy', humanIterations: 12 });
  }, 120_000);
});
