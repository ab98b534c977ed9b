/**
 * Monte Carlo tree search for Imperios Milenarios (docs/imperios/BOTS.md) over the pure rules core, fair by
 * construction: it reads one seat's public view and nothing else.
 *
 * - **Determinized worlds.** The only secret is the order of the chits in the cups, i.e. the game's generator
 *   (IM14.1). Every iteration plays in a world made of the view plus a fresh generator drawn from the bot's own
 *   random source (`worldFromView`), so the real coming draws can never steer the choice. The tree is open-loop over
 *   the draws: a node is a sequence of actions, and the moves legal at it may differ from world to world, so the
 *   selection uses each move's *availability* count in place of the parent's visits (Cowling, Powley & Whitehouse).
 * - **Max-n backups.** Each edge sums a vector of values, one per seat (searchValue.ts); the seat to move at a node
 *   picks the edge best for itself. Decisions outside a turn (block offers, defence, reserve) are the seat the core
 *   awaits first (`awaitedSeats`); mustering out of turn (IM6.1.3) is left out of the tree.
 * - **UCT with progressive widening**: only the best ⌈widenBase + widenFactor·√n⌉ moves by prior (searchPolicy.ts)
 *   are open after n visits, untried ones first in prior order.
 * - **Playouts**: ε-greedy by prior for at most `playoutDepth` decisions, then the evaluation.
 */
import {
  actionKey,
  applyAction,
  awaitedSeats,
  isRefusal,
  legalActions,
  type Action,
  type ImperiosState,
  type PublicState,
  type Seat,
} from '../rules';
import { orderByPrior, playoutAction } from './searchPolicy';
import type { BotRandom } from './searchRandom';
import { seatValues } from './searchValue';

export interface SearchParams {
  /** Iterations per decision; with `budgetMs` the search also stops when the clock says so. */
  iterations: number;
  budgetMs?: number;
  /** Decisions played by the playout policy after the tree before the evaluation. */
  playoutDepth: number;
  /** The playout policy's share of uniformly random moves. */
  epsilon: number;
  /** UCT's exploration constant (values are in [0, 1]). */
  exploration: number;
  widenBase: number;
  widenFactor: number;
  /** The share of `iterations` spent on decisions outside a turn (block offers, defence, pool, reserve, …). */
  minorShare: number;
  /** The root's final choice: 0 takes the most visited move; above 0 draws ∝ visits^(1/temperature). */
  temperature: number;
}

interface Edge {
  action: Action;
  visits: number;
  /** Playouts in which the move was open at its node (ISMCTS availability). */
  available: number;
  /** Sum of each seat's value over the playouts through this edge. */
  total: number[];
  child: TreeNode;
}

/**
 * A position the search may reach from the root. Until the next round's draw (IM4.2, the only use of the generator
 * after set-up) the same actions lead to the same position in every world, so such a node keeps that position and its
 * ordered moves (`known`) and later iterations skip the core's work there.
 */
interface TreeNode {
  visits: number;
  edges: Map<string, Edge>;
  known?: { state: ImperiosState; seat: Seat | null; ordered: Action[] };
}

export interface RootStat {
  action: Action;
  visits: number;
  /** The deciding seat's mean value after the move. */
  mean: number;
}

export interface SearchResult {
  action: Action;
  iterations: number;
  root: RootStat[];
}

/** Questions raised by an action in progress; a position waiting for one of them is not evaluated. */
const UNSETTLED: ReadonlySet<string> = new Set(['block', 'defend', 'assaultPay', 'good', 'takeBack']);
/** At most this many decisions past the playout depth to settle them. */
const QUIESCENCE_CAP = 8;

const newNode = (): TreeNode => ({ visits: 0, edges: new Map() });

/** One determinized world: the view with a generator of the bot's own and an empty log (no rule reads it). */
export function worldFromView(view: PublicState, rng: number): ImperiosState {
  return { ...view, rng, log: [[]] };
}

/**
 * The seat whose decision the search plays at this position, or null when the game is over: `preferred` if the core
 * awaits it (the bot's own seat at the root), else the first seat awaited.
 */
export function seatToMove(state: ImperiosState, preferred?: Seat): Seat | null {
  if (state.phase === 'over') return null;
  const awaited = awaitedSeats(state);
  if (preferred !== undefined && awaited.includes(preferred)) return preferred;
  return awaited[0] ?? null;
}

function play(state: ImperiosState, seat: Seat, action: Action): ImperiosState {
  const next = applyAction(state, seat, action);
  if (isRefusal(next)) throw new Error(`search: a listed action was refused: ${next.error}`);
  return next;
}

function widened(node: TreeNode, p: SearchParams): number {
  return Math.ceil(p.widenBase + p.widenFactor * Math.sqrt(node.visits));
}

/** The position at `node` in this iteration's world, its seat to move and its moves by prior. */
function positionAt(
  node: TreeNode,
  world: ImperiosState,
  preferred: Seat | undefined,
  rootRound: number,
): { state: ImperiosState; seat: Seat | null; ordered: Action[] } {
  if (node.known) return { ...node.known, state: { ...node.known.state, rng: world.rng } };
  const seat = seatToMove(world, preferred);
  const ordered = seat === null ? [] : orderByPrior(world, seat, legalActions(world, seat));
  // Before any draw since the root the position is the same in every world (see TreeNode).
  if (world.round === rootRound) node.known = { state: world, seat, ordered };
  return { state: world, seat, ordered };
}

/** Descend, expand one edge, play out, back up. */
function iterate(root: TreeNode, view: PublicState, rootSeat: Seat, rnd: BotRandom, p: SearchParams): void {
  let world = worldFromView(view, rnd.worldSeed());
  let node = root;
  const path: Edge[] = [];
  const nodes: TreeNode[] = [root];
  for (;;) {
    const here = positionAt(node, world, node === root ? rootSeat : undefined, view.round);
    world = here.state;
    const seat = here.seat;
    if (seat === null) break;
    const open = here.ordered.slice(0, widened(node, p));
    let chosen: Edge | null = null;
    let best = -Infinity;
    let expanded = false;
    for (const action of open) {
      const key = actionKey(action);
      let edge = node.edges.get(key);
      if (!edge) {
        if (expanded) continue;
        edge = { action, visits: 0, available: 0, total: new Array<number>(world.players).fill(0), child: newNode() };
        node.edges.set(key, edge);
        chosen = edge;
        expanded = true;
        continue;
      }
      edge.available++;
      if (expanded) continue;
      const mean = edge.total[seat] / edge.visits;
      const score = mean + p.exploration * Math.sqrt(Math.log(edge.available) / edge.visits);
      if (score > best) {
        best = score;
        chosen = edge;
      }
    }
    if (expanded) chosen!.available++;
    world = play(world, seat, chosen!.action);
    path.push(chosen!);
    node = chosen!.child;
    nodes.push(node);
    if (expanded) break;
  }
  // Play out `playoutDepth` decisions, then on until the questions an action raised are answered (block offers,
  // defence, payment, good, take-back): an announced conquest is worth nothing until it resolves.
  for (let d = 0; d < p.playoutDepth + QUIESCENCE_CAP; d++) {
    if (d >= p.playoutDepth && !UNSETTLED.has(world.pending?.kind ?? 'turn')) break;
    const seat = seatToMove(world);
    if (seat === null) break;
    const legal = legalActions(world, seat);
    world = play(world, seat, legal.length === 1 ? legal[0] : playoutAction(world, seat, legal, rnd, p.epsilon));
  }
  const values = seatValues(world);
  for (const edge of path) {
    edge.visits++;
    for (let s = 0; s < values.length; s++) edge.total[s] += values[s];
  }
  for (const n of nodes) n.visits++;
}

function finalChoice(stats: RootStat[], rnd: BotRandom, temperature: number): Action {
  if (temperature <= 0) {
    let best = stats[0];
    for (const s of stats) if (s.visits > best.visits || (s.visits === best.visits && s.mean > best.mean)) best = s;
    return best.action;
  }
  const weightsOf = stats.map((s) => Math.pow(s.visits, 1 / temperature));
  let r = rnd.next() * weightsOf.reduce((a, b) => a + b, 0);
  for (let i = 0; i < stats.length; i++) {
    r -= weightsOf[i];
    if (r < 0) return stats[i].action;
  }
  return stats[stats.length - 1].action;
}

/**
 * Search the decision `seat` faces in `view` and return its choice; `hint`, if legal, is the root's first move. `now` is the clock for `budgetMs` (the search
 * checks it every few iterations); tests fix `iterations` and pass no budget.
 */
export function searchDecision(
  view: PublicState,
  seat: Seat,
  rnd: BotRandom,
  p: SearchParams,
  now: () => number = Date.now,
  hint?: Action,
): SearchResult {
  const root = newNode();
  // The root's moves by prior, with `hint` (the one-step lookahead's pick) tried first.
  const start = worldFromView(view, 0);
  const ordered = orderByPrior(start, seat, legalActions(start, seat));
  const hinted = hint === undefined ? -1 : ordered.findIndex((a) => actionKey(a) === actionKey(hint));
  if (hinted > 0) ordered.unshift(...ordered.splice(hinted, 1));
  root.known = { state: start, seat, ordered };
  const minor = view.pending?.kind !== 'turn';
  const deadline = p.budgetMs === undefined ? Infinity : now() + p.budgetMs * (minor ? p.minorShare : 1);
  const iterations = minor ? Math.ceil(p.iterations * p.minorShare) : p.iterations;
  let done = 0;
  while (done < iterations) {
    iterate(root, view, seat, rnd, p);
    done++;
    if (done % 4 === 0 && now() >= deadline) break;
  }
  const rootStats: RootStat[] = [...root.edges.values()].map((e) => ({
    action: e.action,
    visits: e.visits,
    mean: e.visits > 0 ? e.total[seat] / e.visits : 0,
  }));
  return { action: finalChoice(rootStats, rnd, p.temperature), iterations: done, root: rootStats };
}
