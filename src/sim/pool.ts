/**
 * Bot games on every core: a pool of worker threads, each playing one job at a time. Studies (balance, ladder,
 * tuning, tournaments, solo) hand it a list of jobs and get the results back in job order. `workers: 0` plays in
 * this thread (tests, profiling). Results do not depend on the number of workers: every game is seeded by its job.
 * A worker entry (./gameWorker.ts, ./soloWorker.ts) answers `{ id, job }` with `{ id, result }` or `{ id, error }`.
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

export interface WorkerRun<J, R> {
  /** The worker thread's module (loaded through ./worker-boot.mjs, so it may be TypeScript). */
  entry: URL;
  /** The same work in this thread, for `workers: 0`. */
  here: (job: J) => Promise<R>;
  /** A job's name for error messages. */
  name: (job: J) => string;
  workers?: number;
  onDone?: (index: number, result: R, done: number, total: number) => void;
}

/** Runs `jobs` on worker threads, one job at a time per thread; results in job order. */
export async function runInWorkers<J, R>(jobs: J[], o: WorkerRun<J, R>): Promise<R[]> {
  const out: R[] = new Array(jobs.length);
  let done = 0;
  const finish = (i: number, r: R) => {
    out[i] = r;
    o.onDone?.(i, r, ++done, jobs.length);
  };
  const workers = Math.min(o.workers ?? defaultWorkers(), jobs.length);
  if (workers <= 0) {
    for (const [i, job] of jobs.entries()) finish(i, await o.here(job));
    return out;
  }
  let next = 0;
  const threads: Worker[] = [];
  try {
    await Promise.all(Array.from({ length: workers }, () => new Promise<void>((resolve, reject) => {
      const w = new Worker(new URL('./worker-boot.mjs', import.meta.url), { workerData: { entry: o.entry.href } });
      threads.push(w);
      let current = -1;
      const feed = () => {
        if (next >= jobs.length) {
          current = -1;
          resolve();
          return;
        }
        current = next++;
        w.postMessage({ id: current, job: jobs[current] });
      };
      w.on('message', (msg: { id: number; result?: R; error?: string }) => {
        if (msg.id !== current) return;
        if (msg.result === undefined) {
          reject(new Error(`${o.name(jobs[current])} failed: ${msg.error}`));
          return;
        }
        finish(current, msg.result);
        feed();
      });
      w.on('error', reject);
      w.on('exit', (code) => {
        if (current >= 0 && out[current] === undefined) reject(new Error(`worker exited (${code}) during ${o.name(jobs[current])}`));
      });
      feed();
    })));
  } finally {
    await Promise.all(threads.map((t) => t.terminate()));
  }
  return out;
}

export function runGames(jobs: GameJob[], o: PoolOptions = {}): Promise<GameSummary[]> {
  return runInWorkers(jobs, {
    entry: new URL('./gameWorker.ts', import.meta.url), here: playJob, name: (j) => `game ${j.seed}`,
    workers: o.workers, onDone: o.onGame,
  });
}
