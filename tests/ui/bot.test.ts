/**
 * The MCTS bot chooses a legal move from its own seat's view only, within a small budget, whatever the
 * hidden part of the true state is.
 */
import { describe, expect, it } from 'vitest';
import { actionKey, legalActions, type Action } from '../../src/game/rules';
import { viewFor } from '../../src/game/rules/view';
import { InlineMctsBot } from '../../src/ui/bot/mctsBot';
import { stateAt } from './states';

describe('MCTS bot behind the Bot seam', () => {
  for (const kind of ['plan', 'turn', 'deploy'] as const) {
    it(`answers a ${kind} decision with a legal move, from the view`, async () => {
      const s = stateAt(kind, `bot-${kind}`);
      const seat = s.pending!.seat;
      const view = viewFor(s, seat);
      const bot = new InlineMctsBot({ budgetMs: 300, iterations: 8, playoutDepth: 6, seed: 'bot-test' });
      const t0 = Date.now();
      const m = await bot.choose(view, seat);
      expect(Date.now() - t0).toBeLessThan(5000);
      const action = { type: m.move, ...m.args } as Action;
      expect(legalActions(s, seat).map(actionKey)).toContain(actionKey(action));
    });
  }
});
