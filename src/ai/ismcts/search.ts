/**
 * Single-observer information-set MCTS with partially observable moves (Cowling, Powley & Whitehouse 2012,
 * "SO-ISMCTS+POM"), on the pure rules core:
 * - one tree for the bot's seat; every iteration draws a fresh world from the bot's view (`sampleWorld`, weighted
 *   for the Imperial by the base belief), so the tree never knows what the seat cannot see;
 * - an edge is keyed by what the bot observes of a move: its own moves exactly, the opponent's by their public
 *   projection (a facedown plan shows its leader, not its card; a secret base pick shows nothing), and the world
 *   supplies the hidden part;
 * - selection is UCB1 with availability counts (an edge legal only in some worlds is judged by how often it was
 *   available), over the best `k(n)` candidates by the policy's ordering (progressive widening);
 * - playouts are ε-greedy by ./policy.ts, cut off after `playoutDepth` decisions and scored by ./evaluate.ts;
 * - tree reuse (issue 24 item 2, `SearchParams.reuse`): a search started from a node kept by the previous decision
 *   (`root`) goes on adding to its counts; while searching, the node of the bot's next own decision is recorded
 *   under the bot's information set there (`infoSetKey`: its view of the world, log aside), so the next decision
 *   takes only a node reached by a world that shows exactly its view.
 * Pure: no I/O, no boardgame.io; anytime through ../budget.ts.
 */
import type { Faction } from '../../game/content';
import {
  SECRET_ACTIONS, actionKey, applyLegal, needsAdvance, run, type Action, type GameState, type Rng,
} from '../../game/rules';
import { viewFor } from '../../game/rules/view';
import type { Budget } from '../budget';
import { candidateActions } from './candidates';
import { rebelValue, valueFor } from './evaluate';
import type { Picker } from './policy';
import type { EvalWeights } from './weights';

export interface Edge {
  key: string;
  /** Visits through this edge and the sum of results from the mover's side. */
  n: number;
  w: number;
  /** Iterations in which this edge was available at its node. */
  avail: number;
  mover: Faction;
  child: Node | null;
}

export interface Node {
  visits: number;
  edges: Map<string, Edge>;
}

export interface SearchParams {
  exploration: number;
  /** Progressive widening: a node may use its best ⌈widenBase + widenSlope·√visits⌉ candidates. */
  widenBase: number;
  widenSlope: number;
  playoutDepth: number;
  /** Tree descent stops after this many decisions (the rest is playout). */
  treeDepth: number;
  /**
   * Tree reuse between decisions (issue 24 item 2): keep the subtree of the bot's next own decision whose
   * information set matches the next view. Absent or false: every decision starts from an empty tree.
   */
  reuse?: boolean;
  /**
   * With `reuse`: keep a node only if every recorded arrival at it showed the same information set (no draw, roll or
   * hidden opponent choice between the two decisions mixed other situations into its counts).
   */
  reusePure?: boolean;
}

/**
 * How many arrivals at a node of the next own decision record their information set: enough to see the few
 * outcomes of the chance between two decisions (a draw, a roll), without paying for a view at every arrival.
 */
export const REUSE_RECORDS_PER_NODE = 8;

/**
 * The bot's information set in `state` as a string: its view (R8), without the log (search worlds drop theirs,
 * the rules never read it) and without the take-back marker (issue 9; search never takes one back). Two states
 * with the same key look the same to `seat`. For a view, the view itself stands for the state: viewFor of a view
 * for its own seat is the view (src/game/rules/sample.ts).
 */
export function infoSetKey(state: GameState, seat: Faction): string {
  const v = viewFor(state, seat);
  v.log = [];
  delete v.undo;
  return JSON.stringify(v);
}

const SECRET = new Set<string>(SECRET_ACTIONS);

/**
 * What `observer` sees of `mover`'s action `a` in `state` (before it is applied): the action itself, or its public
 * part (R8).
 */
export function observedKey(a: Action, mover: Faction, observer: Faction, state: GameState): string {
  if (mover === observer || !SECRET.has(a.type)) return actionKey(a);
  if (a.type === 'planMission') return `planMission|?|${a.leader}`; // R4.1.3: the leader is public
  // R6.2.7 step 4: from a revealed base, the Imperial learns whether the base is hidden again (a card was picked).
  if (a.type === 'relocateBase' && state.base.revealed) return `relocateBase|${a.planet === null ? 'stays' : 'hidden'}`;
  return `${a.type}|?`;
}

export const newNode = (): Node => ({ visits: 0, edges: new Map() });

/** Run queued work until a decision is pending or the game ends. */
function settle(world: GameState, rng: Rng): void {
  while (!world.winner && needsAdvance(world)) run(world, rng);
}

/**
 * A playout from `world` (mutated): up to `depth` decisions by the policy `picker`, then the evaluation, as the
 * Rebel's value. Hits (R5.8) do not count against the depth: a cut-off in the middle of a combat would score a
 * fight, not its outcome (a Star Fortress storming a defended base looked like a siege the Imperial was losing).
 * Shared by the search and the game analysis (../analysis/playouts.ts).
 */
export function playoutValue(world: GameState, rng: Rng, picker: Picker, depth: number, ev: EvalWeights): number {
  for (let d = 0, hits = 0; d < depth && hits < 4 * depth && !world.winner;) {
    settle(world, rng);
    const p = world.pending;
    if (!p || world.winner) break;
    const acts = candidateActions(world, p.seat);
    if (acts.length === 0) break;
    applyLegal(world, picker.pick(world, p.seat, acts, rng), rng);
    if (p.kind === 'assignHit') hits++;
    else d++;
  }
  return rebelValue(world, ev);
}

export interface Searcher {
  root: Node;
  iterate(world: GameState, rng: Rng): void;
  /**
   * With `sp.reuse`: the nodes of the bot's next own decision below the root, by information set (`infoSetKey`)
   * of the worlds that reached them; the next decision searches on from the one its view names. Empty otherwise.
   */
  next: Map<string, Node>;
  /** Recorded nodes whose arrivals showed more than one information set. */
  mixed: Set<Node>;
  /** The node the next decision keeps for its view's `infoSetKey`, under `sp.reusePure`; undefined if none. */
  kept(key: string): Node | undefined;
}

/** `root`: a node kept from the previous decision (tree reuse), searched on; a fresh node otherwise. */
export function makeSearcher(me: Faction, picker: Picker, ev: EvalWeights, sp: SearchParams, root: Node = newNode()): Searcher {
  const path: Edge[] = [];
  const next = new Map<string, Node>();
  const firstKey = new Map<Node, string>();
  const mixed = new Set<Node>();

  const playout = (world: GameState, rng: Rng): number => playoutValue(world, rng, picker, sp.playoutDepth, ev);

  function iterate(world: GameState, rng: Rng): void {
    path.length = 0;
    let node = root;
    let depth = 0;
    let recorded = !sp.reuse;
    for (;;) {
      settle(world, rng);
      const p = world.pending;
      if (!p || world.winner || depth >= sp.treeDepth) break;
      const acts = candidateActions(world, p.seat);
      if (acts.length === 0) break;
      if (acts.length === 1) {
        applyLegal(world, acts[0], rng); // no choice, no node
        continue;
      }
      if (!recorded && depth > 0 && p.seat === me) {
        // The bot's next own decision in this world: remember the node under what the bot would see here. Reads the
        // world only through the bot's own view, and draws nothing from rng (the search is the same with reuse off).
        recorded = true;
        if (node.visits < REUSE_RECORDS_PER_NODE) {
          const key = infoSetKey(world, me);
          if (!next.has(key)) next.set(key, node);
          const first = firstKey.get(node);
          if (first === undefined) firstKey.set(node, key);
          else if (first !== key) mixed.add(node);
        }
      }
      node.visits++;
      const order = picker.order(world, p.seat, acts);
      const limit = Math.ceil(sp.widenBase + sp.widenSlope * Math.sqrt(node.visits));
      // Group the allowed candidates by observed key (several hidden-card moves share one opponent edge).
      let chosen: Edge | null = null;
      let chosenIdx = -1;
      let bestUcb = -Infinity;
      const seen = new Set<string>();
      for (let r = 0; r < order.length && seen.size < limit; r++) {
        const i = order[r];
        const key = observedKey(acts[i], p.seat, me, world);
        if (seen.has(key)) continue;
        seen.add(key);
        let e = node.edges.get(key);
        if (!e) {
          e = { key, n: 0, w: 0, avail: 0, mover: p.seat, child: null };
          node.edges.set(key, e);
        }
        e.avail++;
        const ucb = e.n === 0
          ? 1e9 - r // untried: best-ordered first
          : e.w / e.n + sp.exploration * Math.sqrt(Math.log(e.avail) / e.n);
        if (ucb > bestUcb) {
          bestUcb = ucb;
          chosen = e;
          chosenIdx = i;
        }
      }
      const e = chosen as Edge;
      const expanding = e.n === 0;
      applyLegal(world, acts[chosenIdx], rng);
      path.push(e);
      depth++;
      if (expanding) break;
      e.child ??= newNode();
      node = e.child;
    }
    const v = playout(world, rng);
    for (const e of path) {
      e.n++;
      e.w += valueFor(e.mover, v);
    }
  }

  const kept = (key: string): Node | undefined => {
    const node = next.get(key);
    return node && sp.reusePure && mixed.has(node) ? undefined : node;
  };
  return { root, iterate, next, mixed, kept };
}

/** Keep `budget` going: one iteration per fresh world until it runs out. */
export function runSearch(s: Searcher, nextWorld: (i: number) => GameState, rng: Rng, budget: Budget): number {
  let i = 0;
  while (budget.more(i)) {
    s.iterate(nextWorld(i), rng);
    i++;
  }
  return i;
}
