/** Anytime search control: a wall-clock budget, or a fixed iteration count for reproducible runs. */
import type { BotOptions } from './types';

export interface Budget {
  /** True while another iteration may start. */
  more(done: number): boolean;
  elapsedMs(): number;
}

export function budgetOf(opts: BotOptions, defaultMs: number): Budget {
  const start = performance.now();
  const elapsedMs = () => performance.now() - start;
  if (opts.iterations !== undefined) {
    const n = Math.max(1, Math.floor(opts.iterations));
    return { more: (done) => done < n, elapsedMs };
  }
  // Stop a little early: the last iteration and the answer's bookkeeping must fit in the budget too. The clock is
  // read every iteration: performance.now() costs well under a microsecond, an iteration ~100 µs.
  const deadline = Math.max(1, (opts.budgetMs ?? defaultMs) - 2);
  return { more: (done) => done === 0 || elapsedMs() < deadline, elapsedMs };
}
