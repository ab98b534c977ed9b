/**
 * The replay's analysis state: what the cache holds for the record when the replay opens, then "Analyse" runs it
 * (./run.ts, loaded on the first press), with its progress, a Cancel, and the result kept (./cache.ts).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { GameRecord } from '../../game/record';
import { cachedAnalysis, latestAnalysis, storeAnalysis } from './cache';
import type { AnalysisRun } from './run';
import { settingsFor, type AnalysisDepth, type ReplayAnalysis } from './settings';

export type AnalysisState =
  | { status: 'idle' }
  | { status: 'running'; done: number; total: number; iterations: number }
  | { status: 'done'; analysis: ReplayAnalysis }
  | { status: 'failed'; message: string };

export interface ReplayAnalysisControl {
  state: AnalysisState;
  start(depth: AnalysisDepth): void;
  cancel(): void;
}

/** `record` null: nothing to analyse (a record that does not re-run); the state stays idle. */
export function useReplayAnalysis(record: GameRecord | null): ReplayAnalysisControl {
  const [state, setState] = useState<AnalysisState>(() => {
    const kept = record && latestAnalysis(record);
    return kept ? { status: 'done', analysis: kept } : { status: 'idle' };
  });
  // The run under way; a run that is no longer this one (cancelled, replaced, unmounted) changes nothing.
  const run = useRef<AnalysisRun | null>(null);

  const cancel = useCallback(() => {
    run.current?.cancel();
    run.current = null;
    setState({ status: 'idle' });
  }, []);

  const start = useCallback((depth: AnalysisDepth) => {
    if (!record) return;
    const settings = settingsFor(depth);
    const kept = cachedAnalysis(record, settings);
    if (kept) { setState({ status: 'done', analysis: kept }); return; }
    run.current?.cancel();
    setState({ status: 'running', done: 0, total: 0, iterations: settings.iterations });
    // A placeholder while ./run loads: Cancel then only forgets it.
    const mine: AnalysisRun = { result: new Promise(() => {}), cancel: () => {} };
    run.current = mine;
    void import('./run').then(({ startAnalysis }) => {
      if (run.current !== mine) return; // cancelled while the chunk loaded
      const r = startAnalysis(record, settings, (done, total) => {
        if (run.current === r) setState({ status: 'running', done, total, iterations: settings.iterations });
      });
      run.current = r;
      r.result.then((analysis) => {
        storeAnalysis(record, analysis);
        if (run.current !== r) return;
        run.current = null;
        setState({ status: 'done', analysis });
      }, (e: unknown) => {
        if (run.current !== r) return;
        run.current = null;
        setState({ status: 'failed', message: e instanceof Error ? e.message : String(e) });
      });
    });
  }, [record]);

  useEffect(() => () => { run.current?.cancel(); run.current = null; }, []);
  return { state, start, cancel };
}
