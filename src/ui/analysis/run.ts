/**
 * Start an analysis for the replay: in a Web Worker when the browser has them (the page stays responsive; Cancel
 * ends the worker at once, mid-decision), otherwise on the page (component tests), where Cancel aborts between
 * decisions. Loaded by a dynamic import when "Analyse" is pressed: neither this nor src/ai is in the first load.
 */
import type { AnalysisSettings } from '../../ai/analysis';
import type { GameRecord } from '../../game/record';
import type { AnalysisReply, AnalysisRequest } from './protocol';
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

export type OnProgress = (done: number, total: number) => void;

export function startAnalysis(record: GameRecord, settings: AnalysisSettings, onProgress: OnProgress): AnalysisRun {
  return typeof Worker === 'function' ? workerRun({ record, settings }, onProgress) : inlineRun({ record, settings }, onProgress);
}

export function workerRun(req: AnalysisRequest, onProgress: OnProgress): AnalysisRun {
  const worker = new Worker(new URL('./analysis.worker.ts', import.meta.url), { type: 'module' });
  let settle: { resolve(a: ReplayAnalysis): void; reject(e: Error): void } | null = null;
  const result = new Promise<ReplayAnalysis>((resolve, reject) => { settle = { resolve, reject }; });
  // Once settled, later messages (a progress already on its way when Cancel was pressed) are ignored.
  const finish = (f: (s: NonNullable<typeof settle>) => void) => {
    const s = settle;
    if (!s) return;
    settle = null;
    worker.onmessage = null;
    worker.onerror = null;
    worker.terminate();
    f(s);
  };
  worker.onmessage = (e: MessageEvent<AnalysisReply>) => {
    const m = e.data;
    if (!settle) return;
    if (m.type === 'progress') onProgress(m.done, m.total);
    else if (m.type === 'done') finish((s) => s.resolve(m.analysis));
    else finish((s) => s.reject(new Error(m.message)));
  };
  worker.onerror = (e: ErrorEvent) => finish((s) => s.reject(new Error(e.message || 'the analysis worker failed')));
  worker.postMessage(req);
  return { result, cancel: () => finish((s) => s.reject(new AnalysisCancelled())) };
}

export function inlineRun(req: AnalysisRequest, onProgress: OnProgress): AnalysisRun {
  const ctl = new AbortController();
  const result = import('./analyse')
    .then(({ runAnalysis }) => runAnalysis(req, (d, t) => { if (!ctl.signal.aborted) onProgress(d, t); }, ctl.signal))
    .catch((e: unknown) => { throw ctl.signal.aborted ? new AnalysisCancelled() : e; });
  return { result, cancel: () => ctl.abort() };
}
