/// <reference lib="webworker" />
/**
 * The replay's analysis off the page's thread: one request per worker; the page ends the worker to cancel
 * (./run.ts), so the search needs no cancel message of its own.
 */
import { runAnalysis } from './analyse';
import type { AnalysisReply, AnalysisRequest } from './protocol';

const post = (m: AnalysisReply) => (self as unknown as Worker).postMessage(m);

self.onmessage = async (e: MessageEvent<AnalysisRequest>) => {
  try {
    const analysis = await runAnalysis(e.data, (done, total) => post({ type: 'progress', done, total }));
    post({ type: 'done', analysis });
  } catch (err) {
    post({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  }
};
