/**
 * The rules never read the log (issue 21 item 2, GameState.facts): the bots drop the log of every world they
 * search (src/ai/ismcts/bot.ts, flatmc.ts, mcts.ts), and a rule that read it would play differently there. Each
 * game is played twice in lockstep with the same generators, once as usual and once with the log emptied before
 * every step: the decisions offered, the random draws and the final state (but for its log) must be the same.
 * Two-player games and solo games with either rival.
 */
import { describe, expect, it } from 'vitest';
import type { Faction } from '../../src/game/content';
import { applyLegal, createState, decisionActions, needsAdvance, run, seededRng, type GameState, type Rng } from '../../src/game/rules';

function counting(seed: string): Rng & { draws: number } {
  const g = seededRng(seed);
  const r = { draws: 0, int: (n: number) => { r.draws++; return g.int(n); } };
  return r;
}

/** Plays one game in two copies; returns the first difference found, or null. */
function lockstep(seed: string, rival: Faction | null): string | null {
  const solo = rival ? { bot: rival, difficulty: 'normal' as const } : null;
  const [ra, rb] = [counting(seed), counting(seed)];
  const a = createState(ra, undefined, solo);
  const b = createState(rb, undefined, solo);
  const chooser = seededRng(`choices-${seed}`);
  for (let step = 0; !a.winner; step++) {
    if (step > 100_000) return 'game too long';
    b.log = [];
    if (needsAdvance(a) !== needsAdvance(b)) return `step ${step}: needsAdvance differs`;
    if (needsAdvance(a)) {
      run(a, ra);
      run(b, rb);
    } else {
      const seat = a.pending!.seat;
      const [la, lb] = [decisionActions(a, seat), decisionActions(b, seat)];
      if (JSON.stringify(la) !== JSON.stringify(lb)) return `step ${step} (${a.pending!.kind}): the decisions offered differ`;
      const act = la[chooser.int(la.length)];
      applyLegal(a, act, ra);
      applyLegal(b, act, rb);
    }
    if (ra.draws !== rb.draws) return `step ${step}: random draws differ (${ra.draws} against ${rb.draws})`;
  }
  const withoutLog = (s: GameState) => JSON.stringify({ ...s, log: undefined });
  return withoutLog(a) === withoutLog(b) ? null : 'the final states differ';
}

describe('the rules never read the log', () => {
  it.each([
    ['two players', null],
    ['solo, Rebel rival', 'R'],
    ['solo, Imperial rival', 'I'],
  ] as const)('%s: 25 random games play the same with the log emptied before every step', (_label, rival) => {
    const problems: string[] = [];
    for (let i = 0; i < 25; i++) {
      const p = lockstep(`nolog-${rival ?? '2p'}-${i}`, rival);
      if (p) problems.push(`game ${i}: ${p}`);
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
