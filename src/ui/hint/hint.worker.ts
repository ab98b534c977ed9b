/// <reference lib="webworker" />
/**
 * The hint's search off the page's thread: one request per worker, handed the seat's view only; the page ends the
 * worker to cancel (./run.ts).
 */
import { hintFor } from '../../ai/hint';
import type { HintReply, HintRequest } from './protocol';

const post = (m: HintReply) => (self as unknown as Worker).postMessage(m);

self.onmessage = async (e: MessageEvent<HintRequest>) => {
  const { view, seat, iterations, seed } = e.data;
  try {
    const hint = await hintFor(view, seat, { iterations, seed, onProgress: (done, total) => post({ type: 'progress', done, total }) });
    post({ type: 'done', hint });
  } catch (err) {
    post({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  }
};
