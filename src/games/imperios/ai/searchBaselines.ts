/**
 * The prior-greedy player (docs/imperios/BOTS.md): the best legal action by the search's prior (searchPolicy.ts),
 * ties drawn at random; no move is tried, so it is fast. It stood in for the shared baselines (`baseline.ts`) before
 * they were in main; the tournament keeps it as `prior`, and the tests use it to reach positions quickly.
 */
import { legalActions, type Action, type PublicState, type Seat } from '../rules';
import { bestByPrior } from './searchPolicy';
import type { BotRandom } from './searchRandom';

export function priorGreedyAction(view: PublicState, seat: Seat, rnd: BotRandom): Action {
  const state = { ...view, rng: 0 };
  const legal = legalActions(state, seat);
  if (legal.length === 0) throw new Error(`seat ${seat} has no legal action`);
  return bestByPrior(state, seat, legal, rnd);
}
