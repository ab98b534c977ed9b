/**
 * A long search the page runs off its thread (the hint, the replay's analysis): one request per Web Worker, progress
 * while it runs, one result or one error; Cancel ends the worker at once. Without Web Workers (component tests) the
 * same job runs on the page and Cancel aborts it between chunks. Each job's own module names its worker file (Vite
 * bundles `new Worker(new URL(...))` only where it is written out) and its request.
 */

/** What a job's worker posts back. */
export type JobReply<R> =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; result: R }
  | { type: 'error'; message: string };

export type OnProgress = (done: number, total: number) => void;

export interface JobRun<R> {
  /** The result; rejects with the job's cancelled error after cancel(), or with the job's error. */
  result: Promise<R>;
  cancel(): void;
}

/** Post `request` to `worker` and follow it to its end. `cancelled` makes the error a cancelled run rejects with. */
export function superviseWorker<R>(
  worker: Worker, request: unknown, onProgress: OnProgress, cancelled: () => Error, what: string,
): JobRun<R> {
  let settle: { resolve(r: R): void; reject(e: Error): void } | null = null;
  const result = new Promise<R>((resolve, reject) => { settle = { resolve, reject }; });
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
  worker.onmessage = (e: MessageEvent<JobReply<R>>) => {
    const m = e.data;
    if (!settle) return;
    if (m.type === 'progress') onProgress(m.done, m.total);
    else if (m.type === 'done') finish((s) => s.resolve(m.result));
    else finish((s) => s.reject(new Error(m.message)));
  };
  worker.onerror = (e: ErrorEvent) => finish((s) => s.reject(new Error(e.message || `the ${what} worker failed`)));
  worker.postMessage(request);
  return { result, cancel: () => finish((s) => s.reject(cancelled())) };
}

/** The job on the page: `run` gets the abort signal; a run aborted by cancel() rejects with `cancelled()`. */
export function inlineJob<R>(run: (signal: AbortSignal, onProgress: OnProgress) => Promise<R>, onProgress: OnProgress,
  cancelled: () => Error): JobRun<R> {
  const ctl = new AbortController();
  const result = run(ctl.signal, (d, t) => { if (!ctl.signal.aborted) onProgress(d, t); })
    .catch((e: unknown) => { throw ctl.signal.aborted ? cancelled() : e; });
  return { result, cancel: () => ctl.abort() };
}

/** In a worker: answer one request with `run`'s progress and result (or its error). */
export function serveJob<Q, R>(run: (request: Q, onProgress: OnProgress) => Promise<R>): void {
  const post = (m: JobReply<R>) => (self as unknown as Worker).postMessage(m);
  self.onmessage = async (e: MessageEvent<Q>) => {
    try {
      post({ type: 'done', result: await run(e.data, (done, total) => post({ type: 'progress', done, total })) });
    } catch (err) {
      post({ type: 'error', message: err instanceof Error ? err.message : String(err) });
    }
  };
}
