/** Worker thread of ./pool.ts: plays the games it is sent, one at a time, and answers with their summaries. */
import { parentPort } from 'node:worker_threads';
import { playJob, type GameJob } from './gameJob';

parentPort?.on('message', (msg: { id: number; job: GameJob }) => {
  playJob(msg.job).then(
    (summary) => parentPort?.postMessage({ id: msg.id, summary }),
    (err: unknown) => parentPort?.postMessage({ id: msg.id, error: err instanceof Error ? err.stack ?? err.message : String(err) }),
  );
});
