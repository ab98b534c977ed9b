/**
 * Bots and take-backs (issue 9): a bot handed a view where its seat may take back never picks `undo` (it would only
 * loop), and the search's move list leaves it out.
 */
import { describe, expect, it } from 'vitest';
import { createBot } from '../../src/ai';
import { candidateActions } from '../../src/ai/ismcts/candidates';
import { apply, decisionActions, legalActions, seededRng } from '../../src/game/rules';
import { viewFor } from '../../src/game/rules/view';
import { stateAt } from '../ui/states';

describe('bots never choose a take-back', () => {
  it('random, flatmc and ismcts-easy choose among decisionActions when undo is offered', async () => {
    const s = stateAt('plan', 'ai-undo');
    const seat = s.pending!.seat;
    const plan = legalActions(s, seat).find((a) => a.type === 'planMission')!;
    expect(apply(s, seat, plan, seededRng(1))).toBe(true);
    const view = viewFor(s, seat);
    expect(legalActions(view, seat).at(-1)).toEqual({ type: 'undo' });
    expect(decisionActions(view, seat).some((a) => a.type === 'undo')).toBe(false);
    expect(candidateActions(view, seat).some((a) => a.type === 'undo')).toBe(false);
    for (const name of ['random', 'flatmc', 'ismcts-easy'] as const) {
      const bot = createBot(name, { seed: 'ai-undo', iterations: 40 });
      for (let i = 0; i < 3; i++) {
        const { action } = await bot.choose(view, seat);
        expect(action.type, name).not.toBe('undo');
        expect(decisionActions(view, seat).map((a) => JSON.stringify(a))).toContain(JSON.stringify(action));
      }
    }
  });
});
