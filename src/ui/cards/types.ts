/**
 * The board's words for one card decision (issue 21 item 5): the UI's side of a card module of
 * src/game/rules/cards/. ./index.ts gathers them in tables the prompt spreads into its complete ones
 * (prompt/wording.ts, prompt/choices.ts, rules/pendingRules.ts), so a card decision without its words fails to compile.
 */
import type { CardAnswerType, CardDecisionKind, GameState, PendingOf } from '../../game/rules';
import type { FieldSpec } from '../prompt/fields';

export interface CardWords<K extends CardDecisionKind> {
  /** The RULES or card id that asks the decision (the prompt's "why?" link). */
  rule: string;
  /** The prompt for the seat that must answer; `target` is the active mission's target, as a label. */
  ask(v: GameState, p: PendingOf<K>, target: string): string;
  /** What everyone else is told while it is pending: "The Rebel <waiting> — waiting." Public facts only. */
  waiting: string;
  /** The first-step button label of each answer type. */
  labels: Partial<Record<CardAnswerType, string>>;
  /** The fields of each answer type, in the order they are asked. */
  fields: Partial<Record<CardAnswerType, FieldSpec[]>>;
}
