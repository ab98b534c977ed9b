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
import { inlineJob, superviseWorker, type OnProgress } from '../worker/job';
import type { HintRequest } from './protocol';

export interface HintRun {
  result: Promise<Hint>;
  cancel(): void;
}

export class HintCancelled extends Error {
  constructor() {
    super('hint cancelled');
  }
}

export type { OnProgress };

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
  return superviseWorker<Hint>(worker, req, onProgress, () => new HintCancelled(), 'hint');
}

function inlineRun(req: HintRequest, onProgress: OnProgress): HintRun {
  // A macrotask between chunks, so a Cancel clicked on the page is seen.
  const macrotask = () => new Promise<void>((r) => setTimeout(r, 0));
  return inlineJob((signal, progress) => import('../../ai/hint').then(({ hintFor }) => hintFor(req.view, req.seat, {
    iterations: req.iterations, seed: req.seed, signal,
    onProgress: async (d, t) => { progress(d, t); await macrotask(); },
  })), onProgress, () => new HintCancelled());
}
