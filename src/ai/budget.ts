/** Anytime search control: a wall-clock budget, or a fixed iteration count for reproducible runs. */
import type { BotOptions } from './types';

export interface Budget {
  /** True while another iteration may start. Checks the clock only every few iterations (it is not free). */
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
  // Stop a little early: the last iteration and the answer's bookkeeping must fit in the budget too.
  const deadline = Math.max(1, (opts.budgetMs ?? defaultMs) - 2);
  let lastCheck = 0;
  let over = false;
  return {
    more(done) {
      if (done === 0) return true;
      if (over) return false;
      if (done - lastCheck >= 8 || done < 8) {
        lastCheck = done;
        over = elapsedMs() >= deadline;
      }
      return !over;
    },
    elapsedMs,
  };
}
