/** Elo from game results (src/sim/elo.ts): Bradley–Terry maximum likelihood and bootstrap intervals. */
import { describe, expect, it } from 'vitest';
import { eloFromScore, eloWithIntervals, fitElo, scoreFromElo, uniform, type PairResult } from '../../src/sim/elo';

/** Games between every pair of players rated `truth`, won at random by the model's odds. */
function synthetic(truth: Record<string, number>, n: number, seed: string, allPairs = true): PairResult[] {
  const u = uniform(seed);
  const names = Object.keys(truth);
  const out: PairResult[] = [];
  for (let j = 1; j < names.length; j++) {
    for (let i = allPairs ? 0 : j - 1; i < j; i++) {
      const p = scoreFromElo(truth[names[j]] - truth[names[i]]);
      let w = 0;
      for (let g = 0; g < n; g++) if (u() < p) w++;
      out.push({ a: names[j], b: names[i], n, aWins: w });
    }
  }
  return out;
}

const TRUTH = { random: 0, flat: 150, easy: 250, normal: 420 };

describe('Elo', () => {
  it('a 0.64 score is about +100 Elo, and back', () => {
    expect(eloFromScore(0.64)).toBeCloseTo(100, 0);
    expect(scoreFromElo(100)).toBeCloseTo(0.64, 2);
    expect(eloFromScore(0.5)).toBe(0);
    expect(scoreFromElo(-eloFromScore(0.8))).toBeCloseTo(0.2, 10);
  });

  it('two players: the fit is the score\'s Elo (the prior barely moves it at 1,000 games)', () => {
    const r = fitElo(['b', 'a'], [{ a: 'a', b: 'b', n: 1000, aWins: 640 }], { anchor: 'b' });
    expect(r.b).toBe(0);
    expect(r.a).toBeGreaterThan(98);
    expect(r.a).toBeLessThan(101);
    // The order of the pairing does not matter.
    const s = fitElo(['b', 'a'], [{ a: 'b', b: 'a', n: 1000, aWins: 360 }], { anchor: 'b' });
    expect(s.a).toBeCloseTo(r.a, 6);
  });

  it('a pairing won every time gives a large, finite gap', () => {
    const r = fitElo(['x', 'y'], [{ a: 'y', b: 'x', n: 200, aWins: 200 }]);
    expect(Number.isFinite(r.y)).toBe(true);
    expect(r.y).toBeGreaterThan(600);
  });

  it('recovers known ratings from synthetic games, all pairs and a chain', () => {
    const players = Object.keys(TRUTH);
    for (const allPairs of [true, false]) {
      const r = fitElo(players, synthetic(TRUTH, 4000, `recover-${allPairs}`, allPairs), { anchor: 'random' });
      for (const p of players) expect(Math.abs(r[p] - TRUTH[p as keyof typeof TRUTH]), `${p} ${allPairs}`).toBeLessThan(allPairs ? 20 : 35);
    }
  });

  it('the maximum-likelihood fit is a stationary point: expected wins equal actual wins for every player', () => {
    const players = Object.keys(TRUTH);
    const games = synthetic(TRUTH, 50, 'stationary');
    const r = fitElo(players, games, { prior: 0 });
    for (const p of players) {
      let actual = 0;
      let expected = 0;
      for (const g of games) {
        if (g.a === p) { actual += g.aWins; expected += g.n * scoreFromElo(r[g.a] - r[g.b]); }
        if (g.b === p) { actual += g.n - g.aWins; expected += g.n * scoreFromElo(r[g.b] - r[g.a]); }
      }
      expect(expected).toBeCloseTo(actual, 4);
    }
  });

  it('throws on players no game links to the anchor', () => {
    expect(() => fitElo(['a', 'b', 'c'], [{ a: 'a', b: 'b', n: 10, aWins: 5 }])).toThrow(/no games link c to a/);
  });

  it('bootstrap intervals contain the truth (≈ 95% of the time) and shrink with more games', () => {
    const players = Object.keys(TRUTH);
    let inside = 0;
    let total = 0;
    for (let t = 0; t < 20; t++) {
      const fit = eloWithIntervals(players, synthetic(TRUTH, 200, `cover-${t}`, false), { anchor: 'random', resamples: 200, seed: `b${t}` });
      for (const p of players.slice(1)) {
        const [lo, hi] = fit.ci95[p];
        expect(lo).toBeLessThanOrEqual(fit.elo[p]);
        expect(hi).toBeGreaterThanOrEqual(fit.elo[p]);
        total++;
        if (lo <= TRUTH[p as keyof typeof TRUTH] && TRUTH[p as keyof typeof TRUTH] <= hi) inside++;
      }
    }
    expect(inside / total).toBeGreaterThan(0.8);
    const width = (n: number) => {
      const f = eloWithIntervals(players, synthetic(TRUTH, n, `width-${n}`, false), { anchor: 'random', resamples: 300 });
      return f.ci95.normal[1] - f.ci95.normal[0];
    };
    const w200 = width(200);
    const w800 = width(800);
    expect(w800).toBeLessThan(w200 * 0.7); // ~1/√4 = 0.5 in theory
    expect(w800).toBeGreaterThan(w200 * 0.3);
  });

  it('is reproducible: the same seed, the same intervals; the anchor\'s interval is [0, 0]', () => {
    const games = synthetic(TRUTH, 100, 'repro');
    const a = eloWithIntervals(Object.keys(TRUTH), games, { resamples: 50, seed: 's' });
    const b = eloWithIntervals(Object.keys(TRUTH), games, { resamples: 50, seed: 's' });
    expect(a.ci95).toEqual(b.ci95);
    expect(a.ci95.random).toEqual([0, 0]);
    expect(a.anchor).toBe('random');
  });
});
