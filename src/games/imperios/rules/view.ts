/**
 * What each player sees (docs/imperios/RULES.md IM14.1, G48): everything but the order of the chits in the cups. The
 * state keeps no order in a cup, only counts; what would reveal the coming draws is the random generator's state,
 * which the view leaves out.
 */
import type { ImperiosState } from './state';

export type PublicState = Omit<ImperiosState, 'rng'>;

/** IM14.1: the state as every player and spectator may see it. */
export function publicView(state: ImperiosState): PublicState {
  const { rng: _rng, ...rest } = state;
  return rest;
}
