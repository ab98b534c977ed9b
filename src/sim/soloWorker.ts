/** Worker thread of ./soloJob.ts: plays the solo games it is sent, one at a time, and answers with their outcomes. */
import { parentPort } from 'node:worker_threads';
import { playSoloJob, type SoloJob } from './soloJob';

parentPort?.on('message', (msg: { id: number; job: SoloJob }) => {
  void playSoloJob(msg.job).then((result) => parentPort?.postMessage({ id: msg.id, result }));
});
