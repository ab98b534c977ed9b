/** The pure rules core's public API. No boardgame.io, React or I/O below this line. */
export * from './state';
export * from './actions';
export * from './rng';
export { createState } from './setup';
export {
  run, advance, needsAdvance, legalActions, decisionActions, findLegal, apply, applyFound, applyLegal, cloneState,
} from './engine';
export { canTakeBack, TAKE_BACK_KIND, type TakeBackKind, type UndoState } from './undo';
export { log, isEvent, LOG_KINDS, type LogEvent, type LogEventOf, type LogEvents, type LogKind } from './log';
export type { Task, TaskKind } from './tasks';
export * as board from './board';
export { missionTargets } from './missions';
export { claimableObjectives } from './objectives';
export { roundEndsAfter, type RoundEnd } from './roundEnd';
export { whyNot, unavailableTypes, unavailableValues, candidateValues, DECISION_TYPES, type Reason, type Candidate } from './whyNot';
export type { PendingOf } from './decisions';
export type { CardAnswerType, CardDecisionKind } from './cards';
