/**
 * The card registry (issue 21 item 5): one module per bespoke effect id (`SpecialEffect`), typed so that an id
 * without a module, a card decision without a handler or a card task without a handler fails to compile (the
 * engine's complete tables, engine.ts, spread CARD_DECISIONS and CARD_TASKS). Consumers look hooks up here:
 * effects.ts (`special`), engine.ts (decisions, tasks), view.ts (redact), sample.ts, whyNot.ts, undo.ts,
 * soloChoices.ts. Card modules never import those consumers.
 */
import type { SpecialEffect } from '../../content';
import type { ActionType } from '../actions';
import type { TakeBackKind } from '../decisions';
import type { PendingKind } from '../state';
import { botCouncil } from './botCouncil';
import { botIntercept } from './botIntercept';
import { botSupplyDrop } from './botSupplyDrop';
import { council } from './council';
import { deepScan } from './deepScan';
import { detain } from './detain';
import { intercept } from './intercept';
import { interrogate } from './interrogate';
import { obliterate } from './obliterate';
import { patrol } from './patrol';
import { propaganda } from './propaganda';
import { pursuit } from './pursuit';
import { queueSabotage } from './queueSabotage';
import { relocate } from './relocate';
import { rescue } from './rescue';
import { slipstream } from './slipstream';
import { soloIntercept } from './soloIntercept';
import type { CardDecision, CardDecisions, CardModule } from './types';

export type { CardDecision, CardModule } from './types';

/** Every bespoke effect's module. A `SpecialEffect` id without one fails to compile. */
export const CARDS: Record<SpecialEffect, CardModule> = {
  rescue, relocate, slipstream, queueSabotage, intercept, council, detain, patrol, obliterate, deepScan, interrogate,
  pursuit, propaganda, botSupplyDrop, botIntercept, botCouncil, soloIntercept,
};

/** The decisions the cards leave pending, by kind (engine.ts spreads them into its complete DecisionTable). */
export const CARD_DECISIONS = {
  ...relocate.decisions, ...slipstream.decisions, ...queueSabotage.decisions, ...intercept.decisions,
  ...council.decisions, ...detain.decisions, ...patrol.decisions, ...pursuit.decisions,
} satisfies CardDecisions;

/** The engine tasks of the cards (engine.ts spreads them into its complete TaskTable). */
export const CARD_TASKS = {
  ...botSupplyDrop.tasks, ...botIntercept.tasks, ...botCouncil.tasks, ...soloIntercept.tasks,
};

type CardDecisionTable = typeof CARD_DECISIONS;
/** The pending kinds a card asks. */
export type CardDecisionKind = keyof CardDecisionTable;
/** The action types that answer a card's decision. */
export type CardAnswerType = { [K in CardDecisionKind]: keyof CardDecisionTable[K]['answers'] }[CardDecisionKind];

const BY_KIND = new Map<PendingKind, CardDecision>(Object.entries(CARD_DECISIONS) as [PendingKind, CardDecision][]);

/** The card decision of pending kind `kind`, if a card asks it. */
export function cardDecision(kind: PendingKind): CardDecision | undefined {
  return BY_KIND.get(kind);
}

/** The card decision that `type` answers, if any. */
export function cardDecisionAnswering(type: ActionType): CardDecision | undefined {
  for (const d of BY_KIND.values()) if (type in d.answers) return d;
  return undefined;
}

/** undo.ts — the cards' log events that are no undo point: public ones, and private echoes to the decider. */
export const CARD_QUIET_EVENTS = {
  public: Object.values(CARDS).flatMap((c: CardModule) => c.quietEvents?.public ?? []),
  echo: Object.values(CARDS).flatMap((c: CardModule) => c.quietEvents?.echo ?? []),
};

/** whyNot.ts DECISION_TYPES — the answer types of each card decision, in order. */
export const CARD_ANSWER_TYPES = Object.fromEntries(
  Object.entries(CARD_DECISIONS).map(([kind, d]) => [kind, Object.keys(d.answers)]),
) as { [K in CardDecisionKind]: ActionType[] };

/** undo.ts TAKE_BACK_KIND — the public name of a take-back of each card answer. */
export const CARD_TAKE_BACK_KINDS = Object.assign(
  {}, ...Object.values(CARD_DECISIONS).map((d) => d.answers),
) as Record<CardAnswerType, TakeBackKind>;
