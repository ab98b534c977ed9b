/**
 * Bot games on every core: a pool of worker threads (./gameWorker.ts), each playing one game at a time.
 * Studies (balance, ladder, tuning, tournaments) hand it a list of jobs and get the summaries back in job order.
 * `workers: 0` plays in this thread (tests, profiling). Results do not depend on the number of workers: every
 * game is seeded by its job alone.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { playJob, type GameJob, type GameSummary } from './gameJob';

export interface PoolOptions {
  /** Worker threads (default: one per core). 0 = play in this thread. */
  workers?: number;
  /** Called after each finished game with the job's index and its summary. */
  onGame?: (index: number, summary: GameSummary, done: number, total: number) => void;
}

export const defaultWorkers = (): number => Math.max(1, availableParallelism());

export async function runGames(jobs: GameJob[], o: PoolOptions = {}): Promise<GameSummary[]> {
  const out: GameSummary[] = new Array(jobs.length);
  let done = 0;
  const workers = Math.min(o.workers ?? defaultWorkers(), jobs.length);
  if (workers <= 0) {
    for (const [i, job] of jobs.entries()) {
      out[i] = await playJob(job);
      o.onGame?.(i, out[i], ++done, jobs.length);
    }
    return out;
  }
  let next = 0;
  const threads: Worker[] = [];
  try {
    await Promise.all(Array.from({ length: workers }, () => new Promise<void>((resolve, reject) => {
      const w = new Worker(new URL('./worker-boot.mjs', import.meta.url), {
        workerData: { entry: new URL('./gameWorker.ts', import.meta.url).href },
      });
      threads.push(w);
      let current = -1;
      const feed = () => {
        if (next >= jobs.length) {
          resolve();
          return;
        }
        current = next++;
        w.postMessage({ id: current, job: jobs[current] });
      };
      w.on('message', (msg: { id: number; summary?: GameSummary; error?: string }) => {
        if (msg.id !== current) return;
        if (!msg.summary) {
          reject(new Error(`game ${jobs[current].seed} failed: ${msg.error}`));
          return;
        }
        out[current] = msg.summary;
        o.onGame?.(current, msg.summary, ++done, jobs.length);
        feed();
      });
      w.on('error', reject);
      w.on('exit', (code) => {
        if (current >= 0 && out[current] === undefined) reject(new Error(`worker exited (${code}) during ${jobs[current].seed}`));
      });
      feed();
    })));
  } finally {
    await Promise.all(threads.map((t) => t.terminate()));
  }
  return out;
}
