/**
 * The shape of a card module (issue 21 item 5): everything specific to one bespoke effect (`SpecialEffect` of
 * src/game/content/missions.ts) sits in one file of this folder, and ./index.ts registers them all in a table
 * typed `Record<SpecialEffect, CardModule>`, so an effect id without a module fails to compile. The engine, the
 * views, the sampler, the take-backs, the why-not reasons and the solo bot look the hooks up there; card modules
 * import only shared helpers of the rules (board, log, queue, checks …), never those consumers.
 */
import type { Faction, MissionId, ObjectiveId } from '../../content';
import type { Action, ActionType } from '../actions';
import type { Candidate, DecisionHandler, PendingOf, Reason, TakeBackKind } from '../decisions';
import type { LogKind } from '../log';
import type { Rng } from '../rng';
import type { ActiveMission, GameState, PendingKind } from '../state';
import type { TaskHandlers } from '../tasks';

/** A decision a card leaves pending (R-S4's relocation, R-03's jump …) with every hook specific to it. */
export interface CardDecision<K extends PendingKind = PendingKind> extends DecisionHandler<K> {
  /**
   * The action types that answer it, in the order the board offers them (whyNot.ts DECISION_TYPES), each with the
   * coarse public name a take-back shows (undo.ts TAKE_BACK_KIND; it must never name a secret).
   */
  answers: Partial<Record<Exclude<ActionType, 'undo'>, TakeBackKind>>;
  /** RULES §9 — the solo bot's pick among `legal` (non-empty) when the decision is the bot's. Absent: `legal[0]`. */
  botPick?(state: GameState, pending: PendingOf<K>, legal: Action[], rng: Rng): Action;
  /** A specific reason why candidate `c` (one of `answers`) is not available (whyNot.ts), or null. */
  whyNot?(state: GameState, seat: Faction, c: Candidate): Reason | null;
  /** RULES §8 — cut `pending`, the copy a view of the running game holds, for `seat` (null: spectator). */
  redact?(pending: PendingOf<K>, seat: Faction | null): void;
  /** sample.ts — the objective cards it holds outside every pile (counted in play; its hidden ones are sampled). */
  heldObjectives?(pending: PendingOf<K>): ObjectiveId[];
  /** sample.ts — fill its hidden fields in a sampled world of `seat`, once every pile of cards is placed. */
  completeWorld?(world: GameState, pending: PendingOf<K>, seat: Faction): void;
  /** sample.ts invariantErrors — what must hold between it and a full state: an error message, or null. */
  invariant?(state: GameState, pending: PendingOf<K>): string | null;
}

/** The decisions of one card module, by pending kind (`satisfies CardModule` keeps the kinds visible). */
export type CardDecisions = { [K in PendingKind]?: CardDecision<K> };

export interface CardModule {
  /** The RULES card ids whose reward (2P, Bot or Solo player line) names this effect. */
  cards: readonly MissionId[];
  /** The reward, run by the mission's `{ k: 'special', id }` effect (R4.2.4 step 6) on the active mission `m`. */
  effect(state: GameState, m: ActiveMission, rng: Rng): void;
  /** The decision(s) the effect may leave pending. */
  decisions?: CardDecisions;
  /** Engine tasks the effect queues (src/game/rules/tasks.ts kinds). */
  tasks?: TaskHandlers;
  /**
   * undo.ts — the log events of this card that are no undo point when a decision causes them: public ones that tell
   * nothing hidden, and private echoes of the decider's own choice (to the decider only). Any other event is a point.
   */
  quietEvents?: { public?: LogKind[]; echo?: LogKind[] };
}
