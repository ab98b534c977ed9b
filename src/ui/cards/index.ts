/**
 * The board's words for every card decision (issue 21 item 5), one module per card (named as in
 * src/game/rules/cards/). The tables below are spread into the prompt's complete tables, so a card decision
 * without its words, or an answer type without its label or fields, fails to compile there.
 */
import type { CardAnswerType, CardDecisionKind, GameState, Pending, PendingOf } from '../../game/rules';
import type { FieldSpec } from '../prompt/fields';
import { council } from './council';
import { detain } from './detain';
import { intercept } from './intercept';
import { patrol } from './patrol';
import { pursuit } from './pursuit';
import { queueSabotage } from './queueSabotage';
import { relocate } from './relocate';
import { slipstream } from './slipstream';
import type { CardWords } from './types';

/** Every card decision's words. A kind without them fails to compile. */
export const CARD_WORDS: { [K in CardDecisionKind]: CardWords<K> } = {
  council, detain, intercept, patrol, pursuit, queueSabotage, relocate, slipstream,
};

/** The pending decision is one a card asks. */
export function isCardPending(p: Pending): p is PendingOf<CardDecisionKind> {
  return Object.prototype.hasOwnProperty.call(CARD_WORDS, p.kind);
}

/** The prompt of a card decision for the seat that must answer it. */
export function cardAsk(v: GameState, p: PendingOf<CardDecisionKind>, target: string): string {
  return (CARD_WORDS[p.kind] as CardWords<CardDecisionKind>).ask(v, p, target);
}

/** prompt/wording.ts waitSentence. */
export const CARD_WAITING = Object.fromEntries(
  Object.entries(CARD_WORDS).map(([kind, w]) => [kind, w.waiting]),
) as Record<CardDecisionKind, string>;

/** rules/pendingRules.ts PENDING_RULE. */
export const CARD_RULES = Object.fromEntries(
  Object.entries(CARD_WORDS).map(([kind, w]) => [kind, w.rule]),
) as Record<CardDecisionKind, string>;

/** prompt/wording.ts TYPE_LABELS. */
export const CARD_TYPE_LABELS: Record<CardAnswerType, string> = {
  ...council.labels, ...detain.labels, ...intercept.labels, ...patrol.labels, ...pursuit.labels,
  ...queueSabotage.labels, ...relocate.labels, ...slipstream.labels,
};

/** prompt/choices.ts FIELDS. */
export const CARD_FIELDS: Record<CardAnswerType, FieldSpec[]> = {
  ...council.fields, ...detain.fields, ...intercept.fields, ...patrol.fields, ...pursuit.fields,
  ...queueSabotage.fields, ...relocate.fields, ...slipstream.fields,
};

