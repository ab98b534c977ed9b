/**
 * The replay's computer analysis (issue 22 item 2): how deep it searches, and the key an analysis is kept under.
 * Values only, no import of src/ai: this module is in the replay's chunk, and src/ai loads only with the run.
 */
import type { AnalysisSettings, GameAnalysis } from '../../ai/analysis';
import type { GameRecord } from '../../game/record';

export type AnalysisDepth = 'quick' | 'normal' | 'deep';

/** Iterations per decision. "Normal" is the CLI's default (200): a game in well under a minute in a browser. */
export const DEPTHS: readonly { id: AnalysisDepth; label: string; iterations: number }[] = [
  { id: 'quick', label: 'Quick', iterations: 50 },
  { id: 'normal', label: 'Normal', iterations: 200 },
  { id: 'deep', label: 'Deep', iterations: 600 },
];
export const DEFAULT_DEPTH: AnalysisDepth = 'normal';

/** The same bot and seed as `npm run analyse` by default, so the page and the CLI agree on a record. */
export const ANALYSIS_BOT = 'ismcts-normal';
export const ANALYSIS_SEED = 'analysis';

export function settingsFor(depth: AnalysisDepth): AnalysisSettings {
  const d = DEPTHS.find((x) => x.id === depth) ?? DEPTHS[1];
  return { bot: ANALYSIS_BOT, iterations: d.iterations, seed: ANALYSIS_SEED };
}

/** What the replay keeps and shows: everything but the per-decision detail (the bulk of the size). */
export type ReplayAnalysis = Omit<GameAnalysis, 'decisions'>;

export const slimAnalysis = ({ settings, curve, turningPoints, accuracy }: GameAnalysis): ReplayAnalysis =>
  ({ settings, curve, turningPoints, accuracy });

/** A record's identity for the cache: its fingerprint (the hash of its final state) and its length. */
export const recordKey = (rec: Pick<GameRecord, 'fingerprint' | 'actions'>): string => `${rec.fingerprint}:${rec.actions.length}`;

export const analysisKey = (rec: Pick<GameRecord, 'fingerprint' | 'actions'>, s: AnalysisSettings): string =>
  `${recordKey(rec)}|${s.bot}|${s.iterations}|${s.seed}`;
