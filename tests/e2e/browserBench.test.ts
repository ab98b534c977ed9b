/**
 * `npm run bench:browser` (src/cli/browserBench.ts) end to end, tiny: 2 positions, 20 ms per decision. Checks only
 * that the bot searched in Chromium's Web Worker and in Node and that both rates are reported — never a speed
 * threshold (the machine is shared; the figures are in docs/BENCH.md "Bot search in the browser").
 */
import { describe, expect, it } from 'vitest';
import { browserBench } from '../../src/cli/browserBench';
import { CHROMIUM, e2eEnabled } from './enabled';

const run = e2eEnabled();

describe.skipIf(!run)('bot search speed in the browser', () => {
  it('reports iterations per second in Chromium\'s worker and in Node', async () => {
    const r = await browserBench({ positions: 2, budgetMs: 20, chromiumPath: CHROMIUM });
    console.log(JSON.stringify(r));
    expect(r.positions).toBe(2);
    expect(r.budgetMs).toBe(20);
    for (const side of [r.node, r.chromium]) {
      expect(side.itersPerSec).toBeGreaterThan(0);
      expect(side.itersPerDecision).toBeGreaterThan(0);
    }
    expect(r.ratio).toBeGreaterThan(0);
  });
});
