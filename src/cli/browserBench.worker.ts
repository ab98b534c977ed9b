/// <reference lib="webworker" />
/**
 * The Web Worker of `npm run bench:browser` (src/cli/browserBench.ts), bundled by esbuild and started by a page in
 * Chromium as a module worker, like the board's src/ui/bot/bot.worker.ts. It runs the real bot (`IsmctsSeatBot`,
 * the class `createBot('ismcts-normal')` returns) on the views it is handed, exactly as src/cli/browserBench.ts does
 * in Node, and answers with the iterations and the time the search took. `clock` reports what `performance.now()`
 * is worth here (its cost per call and its resolution: 100 µs with jitter unless the page is cross-origin isolated).
 */
import { IsmctsSeatBot } from '../ai/ismcts/bot';
import type { Faction } from '../game/content';
import type { GameState } from '../game/rules';

export interface BenchRequest {
  id: number;
  /** A search of one view; `view` arrives by structured clone, like the board's requests. */
  decide?: { view: GameState; seat: Faction; budgetMs: number; depth: number; seed: string };
  clock?: true;
}

export interface DecideAnswer {
  iterations: number;
  /** The bot's own measure of its think time (`thoughts.elapsedMs`, the same clock as its budget). */
  elapsedMs: number;
}

export interface ClockAnswer {
  /** Cost of one `performance.now()` call, ns. */
  nsPerCall: number;
  /** Smallest non-zero step seen between two consecutive readings, µs. */
  resolutionUs: number;
  crossOriginIsolated: boolean | null;
}

/** One search, the same call in the worker and in Node. */
export function benchDecide(d: NonNullable<BenchRequest['decide']>): DecideAnswer {
  const bot = new IsmctsSeatBot('normal', { budgetMs: d.budgetMs, seed: d.seed, search: { playoutDepth: d.depth } });
  const { thoughts } = bot.decide(d.view, d.seat);
  return { iterations: thoughts.iterations, elapsedMs: thoughts.elapsedMs };
}

export function measureClock(): ClockAnswer {
  const n = 200_000;
  let sink = 0;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) sink += performance.now();
  const t1 = performance.now();
  let step = Infinity;
  let prev = performance.now();
  for (let i = 0; i < n && sink !== -1; i++) {
    const t = performance.now();
    if (t > prev && t - prev < step) step = t - prev;
    prev = t;
  }
  const isolated = (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated;
  return {
    nsPerCall: Math.round(((t1 - t0) * 1e6) / n * 10) / 10,
    resolutionUs: Math.round(step * 1000 * 100) / 100,
    crossOriginIsolated: isolated ?? null,
  };
}

if (typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope !== 'undefined') {
  self.onmessage = (e: MessageEvent<BenchRequest>) => {
    const { id, decide, clock } = e.data;
    try {
      const answer = decide ? benchDecide(decide) : clock ? measureClock() : null;
      (self as unknown as Worker).postMessage({ id, answer });
    } catch (err) {
      (self as unknown as Worker).postMessage({ id, error: String((err as Error)?.stack ?? err) });
    }
  };
}
