/**
 * The bots of a solo game (issue 23): what one bot is asked and how it answers. A request carries the seat's view
 * only — the state without its generator `rng` (IM14.1, G48): `soloBotRequest` cuts any state to that view and
 * `answerSoloBot` refuses a request holding the generator, so no caller can hand a bot the coming draws. It runs in
 * the bot worker (./soloBot.worker.ts) or, without Web Workers, on the page (./botRunner.ts).
 */
import { greedyAction } from '../../../games/imperios/ai/baseline';
import { chooseImperiosAction } from '../../../games/imperios/ai/searchBot';
import { LEVELS } from '../../../games/imperios/ai/searchLevels';
import { botRandom } from '../../../games/imperios/ai/searchRandom';
import { awaitedSeats, legalActions, publicView, type Action, type ImperiosState, type PublicState, type Seat } from '../../../games/imperios/rules';
import type { SoloLevel } from './soloSeats';

export interface SoloBotRequest {
  /** The seat's view: never the generator. */
  view: PublicState;
  seat: Seat;
  level: SoloLevel;
  /** The bot's own seed for this decision (never derived from the game's generator). */
  seed: string;
}

/** The request for `seat`'s decision now, cut to its view. Throws if the game does not await `seat`. */
export function soloBotRequest(state: ImperiosState | PublicState, seat: Seat, level: SoloLevel, seed: string): SoloBotRequest {
  // No rule reads the log (it is the story, not the state), so the bot goes without it: a late game's log is most of
  // what would be copied to the worker for every decision.
  const view = { ...('rng' in state ? publicView(state) : state), log: [] };
  if (!awaitedSeats({ ...view, rng: 0 }).includes(seat)) throw new Error(`the game does not wait for ${seat} now`);
  return { view, seat, level, seed };
}

/**
 * The bot's answer: the greedy baseline, or the search at the level's iterations with its board budget as a cap
 * (so each level keeps its strength and no decision outlasts the budget on a slow device).
 */
export function answerSoloBot(req: SoloBotRequest): Action {
  if ('rng' in req.view) throw new Error('a bot is handed its seat\'s view only, never the generator');
  const { view, seat, level, seed } = req;
  if (level === 'greedy') {
    const rnd = botRandom(seed);
    const a = greedyAction(view, seat, () => rnd.next()) ?? legalActions({ ...view, rng: 0 }, seat)[0];
    if (!a) throw new Error(`seat ${seat} has no legal action`);
    return a;
  }
  return chooseImperiosAction(view, seat, { level, seed, iterations: LEVELS[level].search.iterations, budgetMs: LEVELS[level].boardBudgetMs });
}
