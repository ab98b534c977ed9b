/**
 * The search bot's entry (docs/imperios/BOTS.md): `chooseImperiosAction(view, seat, { level, seed })` answers the
 * decision the core awaits from `seat` with a legal action, reading only the seat's view (IM14.1). It drops any
 * generator the caller left in the state, so the choice depends on the view, the level and the seed alone.
 */
import { awaitedSeats, legalActions, type Action, type ImperiosState, type PublicState, type Seat } from '../rules';
import { greedyAction } from './baseline';
import { searchDecision, type SearchResult } from './search';
import { LEVELS, type LevelName } from './searchLevels';
import { botRandom } from './searchRandom';

export interface ChooseOptions {
  level: LevelName;
  /** The bot's own seed: same view + same seed ⇒ same choice (with fixed iterations). */
  seed: string | number;
  /** Overrides the level's iterations (tests, tournaments). */
  iterations?: number;
  /** Overrides the level's `greedyHint` (tests that play many decisions leave the lookahead out for speed). */
  greedyHint?: boolean;
  /** Overrides the level's playout depth (tests, experiments). */
  playoutDepth?: number;
  /** A wall-clock budget in ms (the board): without `iterations` the search runs until it is spent. */
  budgetMs?: number;
  /** The clock for `budgetMs`. */
  now?: () => number;
}

/** The view without the hidden generator, whatever the caller passed (a view, or a whole state by mistake). */
function viewOnly(input: PublicState | ImperiosState): PublicState {
  if (!('rng' in input)) return input;
  const { rng: _rng, ...view } = input;
  return view;
}

/** The search's answer with its statistics (the board's "what the bot thinks", tests). */
export function searchImperiosAction(input: PublicState, seat: Seat, options: ChooseOptions): SearchResult {
  const view = viewOnly(input);
  const asState = { ...view, rng: 0 };
  if (!awaitedSeats(asState).includes(seat)) throw new Error(`seat ${seat} has no decision to take now`);
  const legal = legalActions(asState, seat);
  if (legal.length === 0) throw new Error(`seat ${seat} has no legal action`);
  if (legal.length === 1) return { action: legal[0], iterations: 0, root: [] };
  const level = LEVELS[options.level];
  const iterations = options.iterations ?? (options.budgetMs === undefined ? level.search.iterations : Infinity);
  const playoutDepth = options.playoutDepth ?? level.search.playoutDepth;
  const params = { ...level.search, iterations, playoutDepth, budgetMs: options.budgetMs };
  const hintRandom = botRandom(`${options.seed}:hint`);
  const hint =
    (options.greedyHint ?? level.greedyHint)
      ? (greedyAction(view, seat, () => hintRandom.next()) ?? undefined)
      : undefined;
  return searchDecision(view, seat, botRandom(options.seed), params, options.now, hint);
}

/** A legal action for the decision `seat` faces in its view. Throws if the core awaits nothing from `seat`. */
export function chooseImperiosAction(view: PublicState, seat: Seat, options: ChooseOptions): Action {
  return searchImperiosAction(view, seat, options).action;
}
