/**
 * The board's reads of the rules core on a view (docs/imperios/RULES.md IM14.1: the public view is the state
 * without the random generator). Listing actions, routes and scores never draws, so a view with a dummy generator
 * is a state for them.
 */
import type { ImperiosState, PublicState } from '../../games/imperios/rules';

export type ImperiosView = PublicState | ImperiosState;

export function asCore(view: ImperiosView): ImperiosState {
  return 'rng' in view ? view : { ...view, rng: 0 };
}
