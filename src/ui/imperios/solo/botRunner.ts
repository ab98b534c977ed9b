/**
 * Where a solo game's bots think: in a Web Worker when the browser has them, so a long search never freezes the
 * page; otherwise on the page after a macrotask (component tests without workers). Both answer the same requests
 * with the same code (./soloBot.ts `answerSoloBot`).
 */
import type { Action } from '../../../games/imperios/rules';
import { answerSoloBot, type SoloBotRequest } from './soloBot';

export interface SoloBotRunner {
  /** Where the bots run, shown on the board's strip (`data-bot-runner`). */
  readonly where: 'worker' | 'page';
  choose(request: SoloBotRequest): Promise<Action>;
  dispose(): void;
}

/** What the runner needs of a Worker (a test may hand a double that answers with the real bot). */
export interface WorkerLike {
  postMessage(message: unknown): void;
  onmessage: ((e: MessageEvent) => void) | null;
  onerror: ((e: ErrorEvent) => void) | null;
  terminate(): void;
}

type Reply = { id: number; action?: Action; error?: string };

/**
 * The worker is started on the first request and ended by `dispose`; a request after that starts a new one (React's
 * development mode disposes and reuses a screen's runner once, to check the effect's clean-up).
 */
export function workerRunner(make: () => WorkerLike): SoloBotRunner {
  let worker: WorkerLike | null = null;
  const waiting = new Map<number, { resolve(a: Action): void; reject(e: Error): void }>();
  let next = 0;
  const start = (): WorkerLike => {
    const w = make();
    w.onmessage = (e: MessageEvent<Reply>) => {
      const p = waiting.get(e.data.id);
      if (!p) return;
      waiting.delete(e.data.id);
      if (e.data.action) p.resolve(e.data.action);
      else p.reject(new Error(e.data.error ?? 'the bot failed'));
    };
    w.onerror = (e: ErrorEvent) => {
      for (const p of waiting.values()) p.reject(new Error(e.message || 'the bot worker failed'));
      waiting.clear();
    };
    return w;
  };
  return {
    where: 'worker',
    choose(request) {
      const id = ++next;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        (worker ??= start()).postMessage({ id, request });
      });
    },
    dispose() {
      // Pending answers are dropped: whoever asked has stopped listening (../solo/soloDriver.ts stop()).
      waiting.clear();
      if (!worker) return;
      worker.onmessage = null;
      worker.onerror = null;
      worker.terminate();
      worker = null;
    },
  };
}

export function pageRunner(): SoloBotRunner {
  const macrotask = () => new Promise<void>((r) => setTimeout(r, 0));
  return {
    where: 'page',
    async choose(request) {
      await macrotask();
      return answerSoloBot(request);
    },
    dispose() {},
  };
}

/** The runner for this browser: a worker of ./soloBot.worker.ts, else the page. */
export function makeSoloBotRunner(): SoloBotRunner {
  if (typeof Worker !== 'function') return pageRunner();
  return workerRunner(() => new Worker(new URL('./soloBot.worker.ts', import.meta.url), { type: 'module' }));
}
