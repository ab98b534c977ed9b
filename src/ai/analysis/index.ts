/** Computer analysis of a finished game (issue 22 item 2): src/ai/analysis/analyse.ts; docs/BOTS.md "Analysis". */
export { analyseRecord, decisionMoments, DEFAULT_ITERATIONS, DEFAULT_SEED, MIN_VISITS } from './analyse';
export type { AnalysisBot, AnalysisOptions, AnalysisProgress, DecisionMoment } from './analyse';
export { ACCURATE_WITHIN, TURNING_POINTS } from './summary';
export { moveLabel } from './label';
export type * from './types';
