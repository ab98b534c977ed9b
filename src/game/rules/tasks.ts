/**
 * The core's deferred work (engine.ts runs the queue): every task kind with its fields (issue 21 item 2). The task
 * union, `TaskKind` and the handler table's type derive from `Tasks`, so a task queued with a wrong field, or a kind
 * without a handler, fails to compile. Typing only: a queued task is `{ t, ...fields }` as before (stored states hold
 * their queue).
 */
import type { Faction, MissionId, ObjectiveTiming, PlanetId } from '../content';
import type { NoFields } from './events/base';
import type { Rng } from './rng';
import type { GameState } from './state';

export interface Tasks {
  // Set-up (R3) — setup.ts
  shuffleProbeDeck: NoFields;
  /** R9.11 — probe cards the Imperial bot draws at the start. */
  soloSetupProbes: { n: number };
  // Planning (R4.1) — planning.ts
  startRound: NoFields;
  drawMission: { f: Faction };
  plan: { f: Faction };
  // Operations (R4.2) — operations.ts, missions.ts, effects.ts
  startOperations: NoFields;
  opsTurn: NoFields;
  endTurn: { f: Faction };
  endOperations: NoFields;
  revealMission: { f: Faction; card: MissionId; target: PlanetId };
  missionAttempt: NoFields;
  missionEffects: NoFields;
  /** R4.2.4 step 6 — the `idx`-th effect of the active mission's reward. */
  effect: { idx: number };
  missionEnd: NoFields;
  // Combat (R5) — combat.ts, and the state checks that start one (R4.6) — checks.ts
  stateChecks: NoFields;
  startCombat: { planet: PlanetId; attacker: Faction };
  combat: NoFields;
  afterCombat: NoFields;
  /** R5.12 — a strike roll of `white` and `black` dice by `by`. */
  strike: { planet: PlanetId; by: Faction; white: number; black: number };
  checkOccupation: NoFields;
  // Objectives (R4.3, R4.5) — objectives.ts
  objectiveWindow: { window: ObjectiveTiming };
  startObjectivePhase: NoFields;
  scoreObjectives: NoFields;
  // Refresh (R4.4) — refresh.ts
  startRefresh: NoFields;
  retrieve: NoFields;
  handLimit: { f: Faction };
  launchProbes: NoFields;
  drawObjective: NoFields;
  advanceTime: NoFields;
  build: { f: Faction; unit: 'f' | 'c' };
  deploy: { f: Faction };
  deployNext: { f: Faction };
  baseMoves: NoFields;
  endRefresh: NoFields;
  // Solo (RULES §9) — soloTurn.ts, soloEffects.ts
  botTurn: NoFields;
  botReveal: { card: MissionId; target: PlanetId };
  shuffleBotDeck: NoFields;
  botSupplyDrop: NoFields;
  botIntercept: NoFields;
  botCouncil: NoFields;
  soloIntercept: NoFields;
}

export type TaskKind = keyof Tasks;

/** One queued task of kind `K`. */
export type TaskOf<K extends TaskKind> = { t: K } & Tasks[K];

/** A unit of deferred work in the core's queue: a union discriminated by `t`. */
export type Task = { [K in TaskKind]: TaskOf<K> }[TaskKind];

/** A task's handler. 'yield': a phase boundary, so boardgame.io can enter its phase (engine.ts run()). */
export type TaskFn<K extends TaskKind> = (state: GameState, task: TaskOf<K>, rng: Rng) => void | 'yield';

/** One handler per task kind: engine.ts builds it from the modules, so a kind without a handler fails to compile. */
export type TaskTable = { [K in TaskKind]: TaskFn<K> };

/** A module's share of the table (`satisfies TaskHandlers` keeps the kinds it defines visible to the engine). */
export type TaskHandlers = Partial<TaskTable>;

/** Fields of a task kind: optional when it has none. */
type TaskArgs<K extends TaskKind> = NoFields extends Tasks[K] ? [fields?: Tasks[K]] : [fields: Tasks[K]];

/** A task of kind `t` with its fields, `{ t, ...fields }`. */
export function task<K extends TaskKind>(t: K, ...args: TaskArgs<K>): Task {
  return { t, ...args[0] } as Task;
}
