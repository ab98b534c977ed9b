/** `npm run simulate -- --mode solo …` (RULES §9): argument parsing and the solo summary, by both routes. */
import { describe, expect, it } from 'vitest';
import { parseSimulateArgs } from '../../src/cli/simulate';
import { simulate } from '../../src/sim/simulate';

describe('simulate --mode solo', () => {
  it('parses the rival faction and difficulty, and refuses bad values', () => {
    expect(parseSimulateArgs(['--mode', 'solo', '--bot-faction', 'R', '--difficulty', 'hard', '--games', '3']).solo)
      .toEqual({ bot: 'R', difficulty: 'hard' });
    expect(parseSimulateArgs(['--games', '3']).solo).toBeUndefined();
    expect(() => parseSimulateArgs(['--mode', 'solo'])).toThrow(/bot-faction/);
    expect(() => parseSimulateArgs(['--mode', 'solo', '--bot-faction', 'I', '--difficulty', 'brutal'])).toThrow(/difficulty/);
    expect(() => parseSimulateArgs(['--bot-faction', 'I'])).toThrow(/mode solo/);
    expect(() => parseSimulateArgs(['--mode', 'trio'])).toThrow(/mode/);
    expect(parseSimulateArgs(['--mode', 'solo', '--bot-faction', 'R', '--human', 'ismcts-normal', '--human-ms', '50']))
      .toMatchObject({ human: 'ismcts-normal', humanBudgetMs: 50 });
    expect(() => parseSimulateArgs(['--human', 'ismcts-easy'])).toThrow(/mode solo/);
    // The omniscient yardstick is handed the true state: never a solo human.
    expect(() => parseSimulateArgs(['--mode', 'solo', '--bot-faction', 'R', '--human', 'mcts'])).toThrow(/human/);
    expect(() => parseSimulateArgs(['--mode', 'solo', '--bot-faction', 'R', '--human', 'genius'])).toThrow(/human/);
  });

  it('reports the human\'s win share; the core and boardgame.io routes play the same solo games', async () => {
    const opts = { games: 12, seed: 'sim-solo', solo: { bot: 'I' as const, difficulty: 'normal' as const }, fingerprints: true };
    const core = await simulate(opts);
    const bgio = await simulate({ ...opts, via: 'bgio' });
    expect(core.summary).toMatchObject({ games: 12, errors: 0, mode: 'solo', botFaction: 'I', difficulty: 'normal' });
    expect(core.summary.humanWins).toBe(core.summary.rebelWins);
    expect(core.summary.humanWinShare).toBeCloseTo(core.summary.rebelWins / 12, 3);
    expect(bgio.outcomes.map((o) => o.fingerprint)).toEqual(core.outcomes.map((o) => o.fingerprint));
  });
});
