/** Worker thread of ./pool.ts `runGames`: plays the games it is sent, one at a time, and answers with their summaries. */
import { parentPort } from 'node:worker_threads';
import { playJob, type GameJob } from './gameJob';

parentPort?.on('message', (msg: { id: number; job: GameJob }) => {
  playJob(msg.job).then(
    (result) => parentPort?.postMessage({ id: msg.id, result }),
    (err: unknown) => parentPort?.postMessage({ id: msg.id, error: err instanceof Error ? err.stack ?? err.message : String(err) }),
  );
});
