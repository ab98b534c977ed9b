/**
 * One analysis run for the page: src/ai's `analyseRecord` with the replay's settings, reporting progress and
 * yielding a macrotask after each decision (on the page, so clicks and a Cancel are read between decisions; in
 * the worker it costs nothing). Shared by the worker and the inline fallback (./run.ts).
 */
import { analyseRecord, type AnalysisBot } from '../../ai/analysis';
import type { AnalysisRequest } from './protocol';
import { slimAnalysis, type ReplayAnalysis } from './settings';

const macrotask = () => new Promise<void>((r) => setTimeout(r, 0));

export async function runAnalysis(
  { record, settings }: AnalysisRequest, onProgress: (done: number, total: number) => void, signal?: AbortSignal,
): Promise<ReplayAnalysis> {
  const full = await analyseRecord(record, {
    iterations: settings.iterations, seed: settings.seed, bot: settings.bot as AnalysisBot, signal,
    onProgress: async (p) => {
      onProgress(p.done, p.total);
      await macrotask();
    },
  });
  return slimAnalysis(full);
}
