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

export function workerRunner(make: () => WorkerLike): SoloBotRunner {
  const worker = make();
  const waiting = new Map<number, { resolve(a: Action): void; reject(e: Error): void }>();
  let next = 0;
  worker.onmessage = (e: MessageEvent<Reply>) => {
    const w = waiting.get(e.data.id);
    if (!w) return;
    waiting.delete(e.data.id);
    if (e.data.action) w.resolve(e.data.action);
    else w.reject(new Error(e.data.error ?? 'the bot failed'));
  };
  worker.onerror = (e: ErrorEvent) => {
    for (const w of waiting.values()) w.reject(new Error(e.message || 'the bot worker failed'));
    waiting.clear();
  };
  return {
    where: 'worker',
    choose(request) {
      const id = ++next;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, request });
      });
    },
    dispose() {
      waiting.clear();
      worker.onmessage = null;
      worker.onerror = null;
      worker.terminate();
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
