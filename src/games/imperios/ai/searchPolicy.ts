/**
 * Cheap knowledge for the search bot (docs/imperios/BOTS.md): a prior for each legal action, read from the action
 * and the position only (no move is tried), used to order a node's moves for progressive widening and to choose
 * moves in playouts (ε-greedy). Its numbers are data (searchWeights.json `prior`).
 */
import { TERRITORIES } from '../content/map';
import { GOODS } from '../content/goods';
import { TECHS, TIERS } from '../content/techs';
import type { Action, ImperiosState, Seat } from '../rules';
import { estimateScores } from './searchValue';
import weights from './searchWeights.json';
import type { BotRandom } from './searchRandom';

export type PriorWeights = typeof weights.prior;
export const PRIOR_WEIGHTS: PriorWeights = weights.prior;

function siteLevel(target: string): number {
  return TERRITORIES[target as keyof typeof TERRITORIES].site?.level ?? 0;
}

/** Whether the map action waiting for block answers takes something of `seat`'s (IM6.3, IM6.4). */
function pendingHurts(state: ImperiosState, seat: Seat): boolean {
  const p = state.pending;
  if (p?.kind !== 'block') return false;
  const a = p.action;
  if (a.kind === 'eliminate') return a.rival === seat;
  if (a.kind === 'assault') return (state.board[a.target]?.[seat] ?? 0) > 0;
  return false;
}

/** Whether the civilization announcing the pending map action leads the estimates (block it, then). */
function announcerLeads(state: ImperiosState): boolean {
  const p = state.pending;
  if (p?.kind !== 'block') return false;
  const est = estimateScores(state);
  return est.every((e, s) => s === p.seat || e <= est[p.seat]);
}

/**
 * IM5.4.5: how often the same action on the same target was announced this turn, by any route. A blocked action
 * may be announced again by every other route; after a block, trying the same thing again is rarely worth it.
 */
function announcedBefore(state: ImperiosState, a: Action): number {
  if (!('target' in a) || !('route' in a)) return 0;
  const prefix = `${a.kind}|${a.target}|`;
  let n = 0;
  for (const key in state.announced) if (key.startsWith(prefix)) n += state.announced[key];
  return n;
}

/** The prior of one legal action of `seat`: higher is more promising. */
export function actionPrior(state: ImperiosState, seat: Seat, a: Action, w: PriorWeights = PRIOR_WEIGHTS): number {
  return kindPrior(state, seat, a, w) + w.reannounce * announcedBefore(state, a);
}

function kindPrior(state: ImperiosState, seat: Seat, a: Action, w: PriorWeights): number {
  switch (a.kind) {
    case 'muster':
      return w.muster + (a.deal === 'one' ? 0 : w.musterDealBonus);
    case 'conquer':
    case 'assault':
      return w[a.kind] + w.siteLevel * siteLevel(a.target);
    case 'learn':
      return w.learn + w.techPointsShare * TIERS[TECHS[a.tech].tier].points;
    case 'block':
      if (pendingHurts(state, seat)) return w.blockAgainstMe;
      return announcerLeads(state) ? w.blockLeader : 0;
    case 'chooseGood':
      return w.goodValueShare * GOODS[a.good].value;
    case 'keepReserve':
      return w.reserveChit * (a.keep.red + a.keep.yellow + a.keep.blue + a.keep.black);
    case 'takeBack':
      return -siteLevel(a.territory);
    default:
      return w[a.kind];
  }
}

/** The legal actions sorted by prior, best first (stable: ties keep the core's order). */
export function orderByPrior(state: ImperiosState, seat: Seat, actions: readonly Action[]): Action[] {
  const scored = actions.map((a, i) => ({ a, i, p: actionPrior(state, seat, a) }));
  scored.sort((x, y) => y.p - x.p || x.i - y.i);
  return scored.map((x) => x.a);
}

/** The best action by prior, ties drawn at random. */
export function bestByPrior(state: ImperiosState, seat: Seat, actions: readonly Action[], rnd: BotRandom): Action {
  let best: Action[] = [];
  let top = -Infinity;
  for (const a of actions) {
    const p = actionPrior(state, seat, a);
    if (p > top) {
      top = p;
      best = [a];
    } else if (p === top) best.push(a);
  }
  return best[rnd.int(best.length)];
}

/** A playout move: with probability `epsilon` any legal action, otherwise the best by prior. */
export function playoutAction(
  state: ImperiosState,
  seat: Seat,
  actions: readonly Action[],
  rnd: BotRandom,
  epsilon: number,
): Action {
  if (rnd.next() < epsilon) return actions[rnd.int(actions.length)];
  return bestByPrior(state, seat, actions, rnd);
}
