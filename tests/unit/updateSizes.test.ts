/**
 * The update-size benchmark (tools/update-sizes.ts, issue 21 item 8) on a few seeded games: it measures real
 * round-8 updates, and they stay within 5 KB, a tenth of the whole views they replace (the full figures over 300
 * and 1,000 games are in docs/SERVER.md "Update sizes").
 */
import { describe, expect, it } from 'vitest';
import { measureUpdateSizes } from '../../tools/update-sizes';

describe('update sizes (npm run bench:update-sizes)', () => {
  it('round-8 updates of 6 seeded games: each at most 5 KB, the median under a tenth of a whole view', () => {
    let games = 0;
    const out = measureUpdateSizes({ games: 6, round: 8, withEnd: false, onGame: (n) => { games = n; } });
    expect(games).toBe(6);
    expect(out.updates).toBeGreaterThan(50);
    expect(out.over5KB).toBe(0);
    expect(out.bytes.max).toBeLessThanOrEqual(5 * 1024);
    expect(out.bytes.p50 * 10).toBeLessThan(out.wholeBytes.p50);
    expect(out.largest?.parts.log).toBeGreaterThan(0);
  });
});
