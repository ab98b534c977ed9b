/**
 * The pure rules core of Imperios Milenarios (docs/imperios/RULES.md, issue 23 item 3): no boardgame.io, React or
 * network imports. A game is a plain JSON state; `legalActions` lists what a seat may do; `applyAction` does it.
 */
export * from './actions';
export { createGame, setupError, metropolisOptions, type SetupOptions } from './setup';
export { legalActions, awaitedSeats, turnActions } from './legal';
export { applyAction, applyChecked, actionError, isRefusal, type Refusal } from './apply';
export { blockersOf, chainRule, chainsFrom, intermediates, routeError, routeFinder, routeIsValid } from './chain';
export { endReasons, type EndReason } from './end';
export { finalResult, scoreCiv } from './scoring';
export { goalCounts, meetsGoals } from './ages';
export type { Civ, FinalResult, ImperiosState, Pending, PendingKind, Phase, ScoreLine } from './state';
export { allEvents, type LogEvent, type LogKind } from './log';
export { publicView, type PublicState } from './view';
