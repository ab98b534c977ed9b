/**
 * Stand-in baselines for the search bot's tournaments (docs/imperios/BOTS.md), until the shared ones
 * (`baseline.ts`) are in main: uniformly random play, and a greedy player that takes the best action by the search's
 * prior (searchPolicy.ts) with ties drawn at random. Both read only the view and answer for an awaited seat.
 */
import { legalActions, type Action, type PublicState, type Seat } from '../rules';
import { bestByPrior } from './searchPolicy';
import type { BotRandom } from './searchRandom';

function legalFor(view: PublicState, seat: Seat): Action[] {
  const legal = legalActions({ ...view, rng: 0 }, seat);
  if (legal.length === 0) throw new Error(`seat ${seat} has no legal action`);
  return legal;
}

export function randomAction(view: PublicState, seat: Seat, rnd: BotRandom): Action {
  const legal = legalFor(view, seat);
  return legal[rnd.int(legal.length)];
}

export function greedyAction(view: PublicState, seat: Seat, rnd: BotRandom): Action {
  return bestByPrior({ ...view, rng: 0 }, seat, legalFor(view, seat), rnd);
}
