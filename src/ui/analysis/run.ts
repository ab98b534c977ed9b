/**
 * Start an analysis for the replay: in a Web Worker when the browser has them (the page stays responsive; Cancel
 * ends the worker at once, mid-decision), otherwise on the page (component tests), where Cancel aborts between
 * decisions. Loaded by a dynamic import when "Analyse" is pressed: neither this nor src/ai is in the first load.
 */
import type { AnalysisSettings } from '../../ai/analysis';
import type { GameRecord } from '../../game/record';
import { inlineJob, superviseWorker, type OnProgress } from '../worker/job';
import type { AnalysisRequest } from './protocol';
import type { ReplayAnalysis } from './settings';

export interface AnalysisRun {
  /** The analysis; rejects with `AnalysisCancelled` after cancel(), or with the run's error. */
  result: Promise<ReplayAnalysis>;
  cancel(): void;
}

export class AnalysisCancelled extends Error {
  constructor() {
    super('analysis cancelled');
  }
}

export type { OnProgress };

export function startAnalysis(record: GameRecord, settings: AnalysisSettings, onProgress: OnProgress): AnalysisRun {
  return typeof Worker === 'function' ? workerRun({ record, settings }, onProgress) : inlineRun({ record, settings }, onProgress);
}

export function workerRun(req: AnalysisRequest, onProgress: OnProgress): AnalysisRun {
  const worker = new Worker(new URL('./analysis.worker.ts', import.meta.url), { type: 'module' });
  return superviseWorker<ReplayAnalysis>(worker, req, onProgress, () => new AnalysisCancelled(), 'analysis');
}

export function inlineRun(req: AnalysisRequest, onProgress: OnProgress): AnalysisRun {
  return inlineJob((signal, progress) => import('./analyse').then(({ runAnalysis }) => runAnalysis(req, progress, signal)),
    onProgress, () => new AnalysisCancelled());
}
