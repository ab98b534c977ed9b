/** What the page and the analysis worker say to each other (./analysis.worker.ts, ./run.ts). Types only. */
import type { AnalysisSettings } from '../../ai/analysis';
import type { GameRecord } from '../../game/record';
import type { ReplayAnalysis } from './settings';
import type { JobReply } from '../worker/job';

export interface AnalysisRequest {
  record: GameRecord;
  settings: AnalysisSettings;
}

export type AnalysisReply = JobReply<ReplayAnalysis>;
