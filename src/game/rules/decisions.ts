/**
 * The types of pending decisions' handlers (issue 21 item 5), in a module of their own so that the rules modules and
 * the card modules (./cards/) can declare handlers without importing engine.ts, which imports them all. engine.ts
 * builds one complete `DecisionTable`: a pending kind without a handler fails to compile there.
 */
import type { Action, ActionType } from './actions';
import type { Rng } from './rng';
import type { GameState, Pending, PendingKind } from './state';

/** The pending decision of kind `K`. */
export type PendingOf<K extends PendingKind> = Extract<Pending, { kind: K }>;

export interface DecisionHandler<K extends PendingKind = PendingKind> {
  /** Every legal answer, in a deterministic order (the bots and the UI share it). */
  legal(state: GameState, pending: PendingOf<K>): Action[];
  /** Apply a legal answer. `state.pending` is already cleared; queue tasks to continue. */
  answer(state: GameState, pending: PendingOf<K>, action: Action, rng: Rng): void;
}

/** One handler per pending kind (engine.ts): a kind without a handler fails to compile. */
export type DecisionTable = { [K in PendingKind]: DecisionHandler<K> };

/** A module's share of the table (`satisfies DecisionHandlers` keeps the kinds it defines visible to the engine). */
export type DecisionHandlers = Partial<DecisionTable>;

/** Why a choice is not available (src/game/rules/whyNot.ts). */
export interface Reason {
  /** The RULES id (or card id) that forbids the choice. */
  rule: string;
  text: string;
}

/** An action type and some of its fields, e.g. { type: 'moveFleet', from: 'F' }. */
export type Candidate = { type: ActionType } & Record<string, unknown>;

/** A coarse name for a decision, safe to show to everyone: it never names a secret (which card, which planet). */
export type TakeBackKind =
  | 'setup' | 'baseChoice' | 'missionPlan' | 'endOfPlanning' | 'fleetMove' | 'missionReveal' | 'pass' | 'opposition'
  | 'hitAssignment' | 'secretPlans' | 'objectiveChoice' | 'leaderChoice' | 'tokenChoice' | 'patrol' | 'pursuit'
  | 'slipstream' | 'sabotage' | 'intercept' | 'objectiveKept' | 'relocation' | 'discard' | 'buildAllocation'
  | 'deployment' | 'baseMove' | 'endOfBaseMoves';
