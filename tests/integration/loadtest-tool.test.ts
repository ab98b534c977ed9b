/**
 * The load benchmark itself (issue 11; tools/load/loadtest.ts): run as a child process with tiny numbers, this
 * project's server and boardgame.io's stock server side by side; the JSON on stdout has both runs, their moves and
 * round trips, and the ratio. Figures are not judged here (speed goes in docs/SERVER.md, not in tests).
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const TSX = join(process.cwd(), 'node_modules', '.bin', 'tsx');

describe('npm run loadtest -- --baseline stock', () => {
  it('plays the same load against both servers and prints both results and their ratio', async () => {
    const { stdout } = await run(TSX, ['tools/load/loadtest.ts', '--matches', '2', '--moves-per-match', '4', '--think', '0',
      '--baseline', 'stock', '--json-only'], { timeout: 50_000 });
    const out = JSON.parse(stdout);
    expect(out.load).toMatchObject({ matches: 2, thinkMs: 0, movesPerMatch: 4 });
    expect(Object.keys(out.runs).sort()).toEqual(['ours', 'stock']);
    for (const side of ['ours', 'stock']) {
      const r = out.runs[side];
      expect(r.errors, `${side}: ${JSON.stringify(r.errorKinds)}`).toBe(0);
      expect(r.moves).toBe(8); // 2 matches × 4 moves, each acknowledged
      for (const k of ['movesPerSecond', 'p50', 'p99']) expect(r[k]).toBeGreaterThan(0);
      // The whole machine's CPU during play (/proc/stat): something ran, and never more than all cores.
      expect(r.cores).toBeGreaterThanOrEqual(1);
      expect(r.machineBusyPercent).toBeGreaterThan(0);
      expect(r.machineBusyPercent).toBeLessThanOrEqual(100);
    }
    expect(out.runs.ours.storage).toMatch(/SQLite/);
    expect(out.runs.stock.storage).toBe('InMemory');
    const ratio = out.ratios['ours / stock'];
    expect(ratio.movesPerSecond).toBeCloseTo(out.runs.ours.movesPerSecond / out.runs.stock.movesPerSecond, 1);
    expect(ratio.p99).toBeGreaterThan(0);
  }, 60_000);
});
