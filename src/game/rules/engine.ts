/**
 * The core's driver: a queue of tasks and one pending decision (ENGINE-NOTES "one source of truth").
 * - run(): executes queued tasks until a decision is pending, the game is over, or a phase boundary is
 *   crossed (a task returns 'yield', so boardgame.io can enter its matching phase; advance() continues).
 * - legalActions(): every answer the pending decision accepts from a seat.
 * - apply(): checks an action against legalActions, answers the decision and runs on.
 * Rules live in the modules whose tasks and decisions are registered here; the bespoke cards' in ./cards/.
 */
import type { Faction } from '../content';
import { actionKey, type Action } from './actions';
import type { Rng } from './rng';
import type { GameState, Pending, PendingKind } from './state';
import type { Task, TaskFn, TaskKind, TaskTable } from './tasks';
import type { DecisionHandler, DecisionTable } from './decisions';
import { CARD_DECISIONS, CARD_TASKS } from './cards';
import * as setup from './setup';
import * as planning from './planning';
import * as operations from './operations';
import * as missions from './missions';
import * as effects from './effects';
import * as combat from './combat';
import * as checks from './checks';
import * as objectives from './objectives';
import * as refresh from './refresh';
import * as soloTurn from './soloTurn';
import * as soloEffects from './soloEffects';
import { botAction } from './soloChoices';
import { copyJson } from './json';
import { afterDecision, beforeDecision, canTakeBack, takeBack, watchRng } from './undo';

export type { DecisionHandler } from './decisions';

/**
 * Every decision's handler, one per pending kind of state.ts: a kind nobody handles fails to compile here. The
 * rules modules give the generic ones, the card modules (./cards/) those of the bespoke cards.
 */
const DECISION_TABLE: DecisionTable = {
  ...setup.decisions, ...planning.decisions, ...operations.decisions, ...missions.decisions, ...effects.decisions,
  ...combat.decisions, ...objectives.decisions, ...refresh.decisions, ...CARD_DECISIONS,
};

/** Every task's handler, one per kind of src/game/rules/tasks.ts: a kind no module handles fails to compile here. */
const TASK_TABLE: TaskTable = {
  ...setup.tasks, ...planning.tasks, ...operations.tasks, ...missions.tasks, ...effects.tasks, ...combat.tasks,
  ...checks.tasks, ...objectives.tasks, ...refresh.tasks, ...soloTurn.tasks, ...soloEffects.tasks, ...CARD_TASKS,
};

// Maps rather than objects: looked up on every task and decision, with ~50 different keys. A handler takes its own
// kind's task or pending decision only; the maps forget the pairing, which the tables' types guarantee.
const TASKS = new Map<string, TaskFn<TaskKind>>(Object.entries(TASK_TABLE) as [TaskKind, TaskFn<TaskKind>][]);
const DECISIONS = new Map<PendingKind, DecisionHandler>(Object.entries(DECISION_TABLE) as [PendingKind, DecisionHandler][]);

/** Every pending kind with its handler: all of them (DECISION_TABLE's type; tests/unit/cards.test.ts checks it runs). */
export const DECISION_KINDS = Object.keys(DECISION_TABLE) as PendingKind[];

/** RULES §9 — a decision addressed to the bot's seat (the engine answers it at once, see run()). */
function botPending(state: GameState): boolean {
  return state.solo !== undefined && state.pending !== null && state.pending.seat === state.solo.bot;
}

/**
 * What one apply() counts while it runs: how many times the rival acted (a decision answered for it, or an
 * Operations turn). A decision during which the rival acted is an undo point (src/game/rules/undo.ts). Passed
 * explicitly (null where nobody asks), so the core keeps no module-level state.
 */
interface RunTally {
  rivalSteps: number;
}

/** Answer the bot's pending decision with the legal action soloChoices.ts picks (logged by the handler). */
function answerForBot(state: GameState, rng: Rng, tally: RunTally | null): void {
  if (tally) tally.rivalSteps++;
  const p = state.pending as Pending;
  const h = DECISIONS.get(p.kind);
  if (!h) throw new Error(`no handler for decision ${p.kind}`);
  const legal = h.legal(state, p);
  const a = botAction(state, p, legal, rng);
  const key = actionKey(a);
  if (!legal.some((x) => actionKey(x) === key)) throw new Error(`bot chose an illegal ${p.kind}: ${key}`);
  state.pending = null;
  h.answer(state, p, a, rng);
}

/**
 * Run queued tasks until a decision is pending, the game ends, or a phase boundary yields. In solo, decisions
 * of the bot's seat are answered on the spot, so a pending decision is always the human's (RULES §9).
 */
export function run(state: GameState, rng: Rng): void {
  drive(state, rng, null);
}

/** run(), counting the rival's actions into `tally` when one is given. */
function drive(state: GameState, rng: Rng, tally: RunTally | null): void {
  for (;;) {
    if (state.winner) return;
    if (state.pending) {
      if (!botPending(state)) return;
      answerForBot(state, rng, tally);
      continue;
    }
    if (state.queue.length === 0) return;
    const t = state.queue.shift() as Task;
    const fn = TASKS.get(t.t);
    if (!fn) throw new Error(`unknown task ${t.t}`);
    if (tally && t.t === 'botTurn') tally.rivalSteps++;
    if (fn(state, t, rng) === 'yield') return;
  }
}

/** Continue after a phase boundary. Does nothing while a decision is pending or the game is over. */
export const advance = run;

/** True when the core needs advance() (game not over; no decision pending and work queued, or a bot decision). */
export function needsAdvance(state: GameState): boolean {
  if (state.winner) return false;
  return state.pending ? botPending(state) : state.queue.length > 0;
}

/**
 * Every legal answer of `seat` to the pending decision, and last, `{ type: 'undo' }` when the seat may take back
 * its last decision (src/game/rules/undo.ts). Bots and random players choose among `decisionActions` instead.
 */
export function legalActions(state: GameState, seat: Faction): Action[] {
  const out = decisionActions(state, seat);
  return out.length > 0 && canTakeBack(state, seat) ? [...out, { type: 'undo' }] : out;
}

/** legalActions without the take-back: the answers that move the game on (what bots search and simulations play). */
export function decisionActions(state: GameState, seat: Faction): Action[] {
  const p = state.pending;
  if (!p || p.seat !== seat || state.winner) return [];
  const h = DECISIONS.get(p.kind);
  if (!h) throw new Error(`no handler for decision ${p.kind}`);
  return h.legal(state, p);
}

/**
 * Structural equality for JSON values with identical key sets (input from the network may be anything).
 * `a` is a legal action, `b` the raw input. The values are compared before b's keys are counted: most
 * candidates differ in an early field, so the count is rarely needed.
 */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const isArray = Array.isArray(a);
  if (isArray !== Array.isArray(b)) return false;
  if (isArray) {
    const aa = a as unknown[];
    const bb = b as unknown[];
    if (aa.length !== bb.length) return false;
    for (let i = 0; i < aa.length; i++) if (!sameJson(aa[i], bb[i])) return false;
    return true;
  }
  const ka = Object.keys(a);
  for (const k of ka) {
    if (!Object.prototype.hasOwnProperty.call(b, k)) return false;
    if (!sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return Object.keys(b as object).length === ka.length;
}

/** The legal action equal to `raw`, or null. Never throws, whatever `raw` is. */
export function findLegal(state: GameState, seat: Faction, raw: unknown): Action | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const type = (raw as { type?: unknown }).type;
  if (typeof type !== 'string') return null;
  for (const a of legalActions(state, seat)) {
    if (a.type === type && sameJson(a, raw)) return a;
  }
  return null;
}

/**
 * Answer the pending decision with an action already known to be legal, then run on. The raw step of bots and
 * simulations: it keeps no take-back point (any stack is dropped, so none can go stale). A legal `undo` is
 * performed (it changes nothing if the state holds no snapshot, as a view does).
 */
export function applyLegal(state: GameState, action: Action, rng: Rng): void {
  const p = state.pending as Pending;
  if (action.type === 'undo') {
    takeBack(state, p.seat);
    return;
  }
  if (state.undo) delete state.undo;
  step(state, p, action, rng, null);
}

function step(state: GameState, p: Pending, action: Action, rng: Rng, tally: RunTally | null): void {
  const h = DECISIONS.get(p.kind) as DecisionHandler;
  state.pending = null;
  h.answer(state, p, action, rng);
  drive(state, rng, tally);
}

/**
 * Apply `raw` for `seat` if it is legal now. Returns false (and changes nothing) otherwise: wrong seat,
 * nothing pending, malformed or illegal action, an undo with nothing to take back. The entry point of real games
 * (boardgame.io moves, the server, replays): it keeps the take-back stack of src/game/rules/undo.ts.
 * `base`: optionally, the same state before this call as an object that is never changed afterwards (under immer,
 * the draft's original); the take-back snapshot then shares it instead of copying the live state.
 */
export function apply(state: GameState, seat: Faction, raw: unknown, rng: Rng, base?: GameState): boolean {
  // `base`, when given, is `state` before this call as a plain object (state may be an immer draft, whose reads cost
  // a proxy per object): what only reads the state before the decision reads base.
  const a = findLegal(base ?? state, seat, raw);
  return a !== null && applyFound(state, seat, a, rng, base);
}

/**
 * `apply` for an action `findLegal` has just returned for this very state and seat (the server checks a move before
 * boardgame.io's reducer runs it, src/game/vouch.ts: the core's check runs once per move, issue 21 item 4). Keeps
 * the take-back stack as `apply` does. Returns false only for an undo with nothing to take back.
 */
export function applyFound(state: GameState, seat: Faction, a: Action, rng: Rng, base?: GameState): boolean {
  if (a.type === 'undo') return takeBack(state, seat);
  const before = beforeDecision(state, base);
  const watch = watchRng(rng);
  const tally: RunTally = { rivalSteps: 0 };
  step(state, state.pending as Pending, a, watch.rng, tally);
  afterDecision(state, seat, a, before, watch.draws(), tally.rivalSteps > 0);
  return true;
}

/** Deep copy of a state (plain JSON), for bots and simulations. */
export function cloneState(state: GameState): GameState {
  return copyJson(state);
}

export { actionKey };
