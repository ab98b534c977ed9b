/**
 * Start a hint: the search of src/ai/hint in a Web Worker when the browser has them (Cancel ends the worker at
 * once), otherwise on the page (component tests), where Cancel aborts between chunks. The worker is handed the
 * seat's view and nothing else: `hintRequest` refuses any state that is not exactly `viewFor(state, seat)` (a view
 * is a fixed point of viewFor), so a caller cannot pass the full state by mistake. Loaded by a dynamic import with
 * the hint panel: not in the first load.
 */
import type { Hint } from '../../ai/hint';
import type { Faction } from '../../game/content';
import type { GameState } from '../../game/rules';
import { jsonEqual } from '../../game/rules/sample';
import { viewFor } from '../../game/rules/view';
import type { HintReply, HintRequest } from './protocol';

export interface HintRun {
  result: Promise<Hint>;
  cancel(): void;
}

export class HintCancelled extends Error {
  constructor() {
    super('hint cancelled');
  }
}

export type OnProgress = (done: number, total: number) => void;

/** Search effort of a hint: about a second or two in a browser (docs/BOTS.md "Hint"); `?hintIterations=` in tests. */
export const HINT_ITERATIONS = 1500;

export function hintRequest(view: GameState, seat: Faction, iterations = HINT_ITERATIONS): HintRequest {
  if (!jsonEqual(viewFor(view, seat), view)) throw new Error('a hint is given only from the player\'s own view');
  // Seeded by what the view shows (its log length): asking again at the same decision gives the same hint.
  return { view, seat, iterations, seed: `hint-${view.round}-${view.log.length}` };
}

export function startHint(view: GameState, seat: Faction, onProgress: OnProgress, iterations?: number): HintRun {
  const req = hintRequest(view, seat, iterations);
  return typeof Worker === 'function' ? workerRun(req, onProgress) : inlineRun(req, onProgress);
}

function workerRun(req: HintRequest, onProgress: OnProgress): HintRun {
  const worker = new Worker(new URL('./hint.worker.ts', import.meta.url), { type: 'module' });
  let settle: { resolve(h: Hint): void; reject(e: Error): void } | null = null;
  const result = new Promise<Hint>((resolve, reject) => { settle = { resolve, reject }; });
  const finish = (f: (s: NonNullable<typeof settle>) => void) => {
    const s = settle;
    if (!s) return;
    settle = null;
    worker.onmessage = null;
    worker.onerror = null;
    worker.terminate();
    f(s);
  };
  worker.onmessage = (e: MessageEvent<HintReply>) => {
    const m = e.data;
    if (m.type === 'progress') onProgress(m.done, m.total);
    else if (m.type === 'done') finish((s) => s.resolve(m.hint));
    else finish((s) => s.reject(new Error(m.message)));
  };
  worker.onerror = (e: ErrorEvent) => finish((s) => s.reject(new Error(e.message || 'the hint worker failed')));
  worker.postMessage(req);
  return { result, cancel: () => finish((s) => s.reject(new HintCancelled())) };
}

function inlineRun(req: HintRequest, onProgress: OnProgress): HintRun {
  const ctl = new AbortController();
  const macrotask = () => new Promise<void>((r) => setTimeout(r, 0));
  const result = import('../../ai/hint')
    .then(({ hintFor }) => hintFor(req.view, req.seat, {
      iterations: req.iterations, seed: req.seed, signal: ctl.signal,
      onProgress: async (d, t) => { if (!ctl.signal.aborted) onProgress(d, t); await macrotask(); },
    }))
    .catch((e: unknown) => { throw ctl.signal.aborted ? new HintCancelled() : e; });
  return { result, cancel: () => ctl.abort() };
}
