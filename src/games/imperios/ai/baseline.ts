/**
 * The baseline bots of Imperios Milenarios (issue 23 item 6): pure functions over the rules core only, fair (they
 * read a seat's view: the state without its random generator, IM14.1), and usable as playout policies by a search.
 * - `randomAction`: a uniform choice among the seat's legal actions.
 * - `greedyAction`: one step of lookahead. Each legal action is applied to a copy of the state (with a guessed
 *   generator, since the real one is hidden), the questions it raises are answered by a fixed default policy until
 *   the decision comes back to the seat or the phase moves on, and the result is valued by `estimate`: the seat's
 *   final-scoring total (IM13, the core's `scoreCiv`) minus the best rival's, plus a little for armies. The best
 *   value wins; ties are broken at random.
 */
import {
  applyAction,
  isRefusal,
  legalActions,
  scoreCiv,
  type Action,
  type ImperiosState,
  type PublicState,
  type Seat,
} from '../rules';

/** A source of uniform numbers in [0, 1) (Math.random, or a seeded generator). */
export type Rnd = () => number;

/** A state as a bot may read it: the whole state, or a view without the random generator. */
export type BotState = ImperiosState | PublicState;

/** The state with a generator to play lookahead moves on: the real one if present, else one guessed from `rnd`. */
function playable(state: BotState, rnd: Rnd): ImperiosState {
  return 'rng' in state ? state : { ...state, rng: Math.floor(rnd() * 4294967296) >>> 0 };
}

function pick<T>(items: readonly T[], rnd: Rnd): T {
  return items[Math.min(items.length - 1, Math.floor(rnd() * items.length))];
}

/** A uniformly random legal action of `seat`, or null if it has none now. */
export function randomAction(state: BotState, seat: Seat, rnd: Rnd): Action | null {
  const legal = legalActions(state as ImperiosState, seat);
  return legal.length === 0 ? null : pick(legal, rnd);
}

/** Weight of an army in `estimate`: armies are spent for conquests and defence, worth less than a point. */
const ARMY_WEIGHT = 0.25;

/** A simple value of a state for `seat`: its final-scoring total now, minus the best rival's, plus its armies. */
export function estimate(state: BotState, seat: Seat): number {
  const s = state as ImperiosState;
  let best = -Infinity;
  for (let other = 0; other < s.players; other++) {
    if (other !== seat) best = Math.max(best, scoreCiv(s, other).total);
  }
  return scoreCiv(s, seat).total - (best === -Infinity ? 0 : best) + ARMY_WEIGHT * s.civs[seat].armies;
}

/**
 * The default answers used inside the lookahead: rivals let an action pass and defend when they have an army (the
 * cautious guess); the acting seat's own follow-up questions (take back, good, assault payment) take the first
 * listed answer.
 */
function defaultAnswer(state: ImperiosState): { seat: Seat; action: Action } | null {
  const p = state.pending;
  if (!p) return null;
  switch (p.kind) {
    case 'block': {
      const seat = p.asked.find((s) => !p.passed.includes(s));
      return seat === undefined ? null : { seat, action: { kind: 'letPass' } };
    }
    case 'defend':
      return { seat: p.seat, action: state.civs[p.seat].armies >= 1 ? { kind: 'defend' } : { kind: 'noDefence' } };
    case 'takeBack':
    case 'good':
    case 'assaultPay': {
      const first = legalActions(state, p.seat)[0];
      return first ? { seat: p.seat, action: first } : null;
    }
    default:
      return null;
  }
}

/** The state after `action` and the questions it raises (at most `limit` answers); null if refused. */
function lookahead(state: ImperiosState, seat: Seat, action: Action, limit = 12): ImperiosState | null {
  const first = applyAction(state, seat, action);
  if (isRefusal(first)) return null;
  let s = first;
  for (let i = 0; i < limit && s.phase === state.phase; i++) {
    const answer = defaultAnswer(s);
    if (!answer) break;
    const next = applyAction(s, answer.seat, answer.action);
    if (isRefusal(next)) break;
    s = next;
  }
  return s;
}

/** The legal action of `seat` with the best `estimate` one step on (ties at random), or null if it has none. */
export function greedyAction(state: BotState, seat: Seat, rnd: Rnd): Action | null {
  const s = playable(state, rnd);
  const legal = legalActions(s, seat);
  if (legal.length <= 1) return legal[0] ?? null;
  let best: Action[] = [];
  let bestValue = -Infinity;
  for (const action of legal) {
    const after = lookahead(s, seat, action);
    if (!after) continue;
    const value = estimate(after, seat);
    if (value > bestValue + 1e-9) {
      bestValue = value;
      best = [action];
    } else if (Math.abs(value - bestValue) <= 1e-9) best.push(action);
  }
  return best.length > 0 ? pick(best, rnd) : pick(legal, rnd);
}
