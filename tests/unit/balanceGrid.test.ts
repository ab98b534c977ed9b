/**
 * Studies of several balance configs (src/sim/balanceStudy.ts): grid expansion, paired McNemar test, early stop and
 * resume, issue 24's goals and the report's new columns. Pure: synthetic game summaries, no games played.
 */
import { describe, expect, it } from 'vitest';
import type { Faction } from '../../src/game/content';
import type { WinReason } from '../../src/game/rules';
import { aggregateBalance } from '../../src/sim/balance';
import { renderReport } from '../../src/sim/balanceReport';
import {
  expandGrid, gameKey, issue24Goals, mcnemarExact, pairedDiff, parseConfigList, runStudy, stopCheck, StudyInputError,
  withReference, type StudyConfig, type StudyOptions,
} from '../../src/sim/balanceStudy';
import type { GameJob, GameSummary } from '../../src/sim/gameJob';

const summary = (seed: string, winner: Faction, reason: WinReason = winner === 'R' ? 'objectives' : 'occupation', rounds = 8): GameSummary => ({
  seed, winner, reason, rounds, decisions: 100, iterations: { R: 300, I: 500 }, choices: { R: 10, I: 10 }, thinkMs: { R: 100, I: 300 },
  stats: { combats: 1, captures: 0, rescues: 0, relocations: 1, baseRevealedRound: winner === 'I' ? 5 : 0 },
  cards: { 'R-S4': { played: 2, succeeded: 1 } },
});

describe('balance grid', () => {
  it('expands a grid to the cartesian product, first knob slowest, with labels', () => {
    const g = expandGrid({ probesPerRefresh: [1, 2], relocationCooldown: [1, 2], occupationAtEveryCheck: [false, true], objectiveStart: [12, 13] });
    expect(g).toHaveLength(16);
    expect(new Set(g.map((c) => c.label)).size).toBe(16);
    expect(g[0]).toEqual({
      label: 'probesPerRefresh=1, relocationCooldown=1, occupationAtEveryCheck=false, objectiveStart=12',
      overrides: { probesPerRefresh: 1, relocationCooldown: 1, occupationAtEveryCheck: false, objectiveStart: 12 },
    });
    expect(g[1].overrides).toEqual({ probesPerRefresh: 1, relocationCooldown: 1, occupationAtEveryCheck: false, objectiveStart: 13 });
    expect(g[15].label).toBe('probesPerRefresh=2, relocationCooldown=2, occupationAtEveryCheck=true, objectiveStart=13');
    expect(expandGrid({ buildSpaces: [[2, 4, 6, 8, 10], [3, 5, 7, 9]] }).map((c) => c.label))
      .toEqual(['buildSpaces=[2,4,6,8,10]', 'buildSpaces=[3,5,7,9]']);
  });

  it('puts the reference first: the combination equal to it, or the base itself', () => {
    const g = expandGrid({ probesPerRefresh: [2, 1], relocationCooldown: [1, 0] });
    const withDefault = withReference({ label: 'default', overrides: {} }, g);
    expect(withDefault).toHaveLength(4);
    expect(withDefault[0]).toEqual({ label: 'probesPerRefresh=2, relocationCooldown=0', overrides: {} });
    const onlyChanges = withReference({ label: 'default', overrides: {} }, expandGrid({ probesPerRefresh: [3, 4] }));
    expect(onlyChanges.map((c) => c.label)).toEqual(['default', 'probesPerRefresh=3', 'probesPerRefresh=4']);
    // Over a base config: the listed knobs are merged over it.
    const overBase = withReference({ label: 'base', overrides: { objectiveStart: 13 } }, expandGrid({ probesPerRefresh: [3] }));
    expect(overBase).toEqual([
      { label: 'base', overrides: { objectiveStart: 13 } },
      { label: 'probesPerRefresh=3', overrides: { objectiveStart: 13, probesPerRefresh: 3 } },
    ]);
    expect(() => withReference({ label: 'x', overrides: {} }, [{ label: 'x', overrides: { deployCap: 3 } }])).toThrow(/two configs/);
  });

  it('rejects bad grids and config lists', () => {
    expect(() => expandGrid([1, 2])).toThrow(StudyInputError);
    expect(() => expandGrid({})).toThrow(/no knob/);
    expect(() => expandGrid({ probesPerRefrsh: [1] })).toThrow(/unknown knob "probesPerRefrsh"/);
    expect(() => expandGrid({ probesPerRefresh: [] })).toThrow(/non-empty/);
    expect(() => expandGrid({ probesPerRefresh: 2 })).toThrow(/non-empty/);
    expect(() => expandGrid({ occupationAtEveryCheck: ['yes'] })).toThrow(/not a valid value/);
    expect(() => expandGrid({ probesPerRefresh: [1, 1] })).toThrow(/twice/);
    expect(parseConfigList([{ label: 'a', overrides: { probesPerRefresh: 2 } }])).toEqual([{ label: 'a', overrides: { probesPerRefresh: 2 } }]);
    expect(() => parseConfigList([])).toThrow(StudyInputError);
    expect(() => parseConfigList([{ label: 'a' }])).toThrow(/entry 0/);
    expect(() => parseConfigList([{ label: 'a', overrides: { nope: 1 } }])).toThrow(/unknown knob/);
  });

  it('McNemar exact p on known data', () => {
    expect(mcnemarExact(0, 0)).toBe(1);
    expect(mcnemarExact(3, 3)).toBe(1);
    expect(mcnemarExact(0, 5)).toBeCloseTo(0.0625, 12);
    expect(mcnemarExact(1, 9)).toBeCloseTo(0.021484375, 12);
    expect(mcnemarExact(9, 1)).toBeCloseTo(0.021484375, 12);
    expect(mcnemarExact(10, 30)).toBeCloseTo(0.0022214337732293643, 12);
    expect(mcnemarExact(9, 38)).toBeCloseTo(2.4904030624384177e-05, 15);
    expect(mcnemarExact(200, 260)).toBeCloseTo(0.005883922473103979, 10); // no overflow at large n
  });

  it('pairs games by seed: discordant pairs, Δ and p', () => {
    const w = (s: string): Faction[] => [...s].map((c) => (c === 'R' ? 'R' : 'I'));
    const ref = w('RRRRRRRRII').map((x, i) => summary(`s-${i}`, x));
    const other = w('IIRRRRRRIR').map((x, i) => summary(`s-${i}`, x));
    expect(pairedDiff(ref, other)).toEqual({ n: 10, delta: -0.1, refOnly: 2, otherOnly: 1, p: 1 });
    // Only the seeds both played count.
    expect(pairedDiff(ref.slice(0, 4), other).n).toBe(4);
    const allLost = ref.map((g) => summary(g.seed, 'I'));
    expect(pairedDiff(ref, allLost)).toMatchObject({ n: 10, delta: -0.8, refOnly: 8, otherOnly: 0, p: 0.0078 });
  });

  it('stops when the Wilson interval lies wholly outside the band, not when it overlaps', () => {
    expect(stopCheck(10, 10, [0.45, 0.55])).toBe('above'); // [72%, 100%]
    expect(stopCheck(0, 10, [0.45, 0.55])).toBe('below');
    expect(stopCheck(7, 10, [0.45, 0.55])).toBeUndefined(); // [40%, 89%] overlaps
    expect(stopCheck(0, 0, [0.45, 0.55])).toBeUndefined();
    expect(stopCheck(138, 200, [0.45, 0.55])).toBe('above'); // 69% [62, 75]
  });
});

describe('study loop (synthetic games)', () => {
  const configs: StudyConfig[] = [
    { label: 'ref', overrides: {} },
    { label: 'always R', overrides: { probesPerRefresh: 2 } },
    { label: 'even', overrides: { relocationCooldown: 2 } },
    { label: 'never R', overrides: { occupationAtEveryCheck: true } },
  ];
  const base: StudyOptions = { configs, bot: 'random', budgetMs: 5, seed: 's', maxGames: 30, batch: 10, band: [0.45, 0.55], targetCi: [0.4, 0.6] };
  // Who wins game i under a config (by its knobs): fixed, so a replay gives the same games.
  const winner = (job: GameJob): Faction => {
    const i = Number(job.seed.split('-').pop());
    const c = job.config ?? {};
    if (c.probesPerRefresh === 2) return 'R';
    if (c.occupationAtEveryCheck) return 'I';
    if (c.relocationCooldown === 2) return i % 2 === 0 ? 'R' : 'I';
    return i % 3 === 0 ? 'I' : 'R';
  };
  const player = (log: GameJob[][]) => async (jobs: GameJob[], onGame: (i: number, s: GameSummary) => void) => {
    log.push(jobs);
    const out = jobs.map((j) => summary(j.seed, winner(j), winner(j) === 'R' ? 'objectives' : (Number(j.seed.split('-')[1]) % 4 === 1 ? 'obliterator' : 'occupation')));
    // Finish in reverse order, as worker threads may.
    for (let i = out.length - 1; i >= 0; i--) onGame(i, out[i]);
    return out;
  };

  it('stops configs whose interval leaves the band, continues the others on the same seeds, records games played', async () => {
    const log: GameJob[][] = [];
    const played: string[] = [];
    const progress: number[][] = [];
    const out = await runStudy(base, {
      play: player(log), onPlayed: (c, s) => played.push(`${c.label}|${s.seed}`),
      onProgress: (p) => progress.push([p.done, p.planned, p.alive]),
    });
    const [ref, always, even, never] = out.results;
    expect(always).toMatchObject({ games: 10, maxGames: 30, stopped: 'above', rebelWins: 10 });
    expect(never).toMatchObject({ games: 10, maxGames: 30, stopped: 'below', rebelWins: 0 });
    expect(even).toMatchObject({ games: 30, maxGames: 30, rebelWins: 15 });
    expect(even.stopped).toBeUndefined();
    expect(ref).toMatchObject({ games: 30, rebelWins: 20 });
    expect(ref.stopped).toBeUndefined();
    // Batch 1: all four configs on seeds 0–9; batches 2 and 3: the two still running, on the same seeds.
    expect(log.map((jobs) => jobs.length)).toEqual([40, 20, 20]);
    for (const [b, jobs] of log.entries()) {
      const seeds = [...new Set(jobs.map((j) => j.seed))].sort();
      expect(seeds).toEqual(Array.from({ length: 10 }, (_, i) => `s-${b * 10 + i}`).sort());
    }
    expect(new Set(log[1].map((j) => JSON.stringify(j.config)))).toEqual(new Set(['{}', '{"relocationCooldown":2}']));
    expect(out.played).toBe(80);
    expect(played).toHaveLength(80);
    expect(out.games.map((g) => g.length)).toEqual([30, 10, 30, 10]);
    // Paired against the reference, over the seeds both played.
    expect(always.paired).toMatchObject({ n: 10, refOnly: 0, otherOnly: 4 }); // seeds 0, 3, 6, 9: only here the Rebel won
    expect(even.paired?.n).toBe(30);
    expect(ref.paired).toBeUndefined();
    expect(ref.targetCi).toMatchObject({ lo: 0.4, hi: 0.6 });
    expect(never.targetCi?.inside).toBe(false);
    // Progress: planned shrinks as configs stop; ends with everything done.
    expect(progress[0]).toEqual([0, 120, 4]);
    expect(progress.at(-1)).toEqual([80, 80, 2]);
  });

  it('replays nothing that is cached, and gives the same results', async () => {
    const cache = new Map<string, GameSummary>();
    const first = await runStudy(base, {
      play: player([]), onPlayed: (c, s) => cache.set(gameKey(base, c, s.seed), s),
    });
    const log: GameJob[][] = [];
    const again = await runStudy(base, { play: player(log), cached: cache });
    expect(log).toEqual([]);
    expect(again.played).toBe(0);
    expect(again.results).toEqual(first.results);
    // A larger study reuses the first 30 games of the configs still running and plays only the rest.
    const bigger = await runStudy({ ...base, maxGames: 40 }, { play: player(log), cached: cache });
    expect(bigger.played).toBe(20);
    // Another bot effort is another key.
    expect(gameKey({ ...base, iterations: 10 }, configs[0], 's-0')).not.toBe(gameKey(base, configs[0], 's-0'));
  });

  it('--keep-reference: the first config plays on even when it leaves the band', async () => {
    const refAbove: StudyConfig[] = [{ label: 'ref', overrides: { probesPerRefresh: 2 } }, { label: 'even', overrides: { relocationCooldown: 2 } }];
    const stops = await runStudy({ ...base, configs: refAbove }, { play: player([]) });
    expect(stops.results.map((r) => [r.games, r.stopped])).toEqual([[10, 'above'], [30, undefined]]);
    expect(stops.results[1].paired?.n).toBe(10);
    const kept = await runStudy({ ...base, configs: refAbove, keepReference: true }, { play: player([]) });
    expect(kept.results.map((r) => [r.games, r.stopped])).toEqual([[30, undefined], [30, undefined]]);
    expect(kept.results[1].paired?.n).toBe(30);
  });

  it('without a band plays every game in one batch', async () => {
    const log: GameJob[][] = [];
    const out = await runStudy({ ...base, band: undefined, batch: undefined, maxGames: 6 }, { play: player(log) });
    expect(log.map((j) => j.length)).toEqual([24]);
    expect(out.results.map((r) => r.games)).toEqual([6, 6, 6, 6]);
    expect(out.results.every((r) => r.stopped === undefined && r.maxGames === undefined)).toBe(true);
  });
});

describe('issue 24 goals and the report', () => {
  const games = (rebel: number, n: number, rounds = 8, obliterator = true) => Array.from({ length: n }, (_, i) => summary(`g-${i}`,
    i < rebel ? 'R' : 'I', i < rebel ? 'objectives' : (obliterator && i === n - 1 ? 'obliterator' : 'occupation'), rounds));

  it('meets the goals only with share, interval, length and both Imperial win reasons', () => {
    const ok = aggregateBalance(games(200, 400), { bot: 'random', budgetMs: 5, label: 'ok' });
    expect(issue24Goals(ok)).toMatchObject({ all: true, misses: [] });
    const small = aggregateBalance(games(10, 20), { bot: 'random', budgetMs: 5 });
    expect(issue24Goals(small)).toMatchObject({ share: true, interval: false, all: false });
    const short = aggregateBalance(games(200, 400, 5), { bot: 'random', budgetMs: 5 });
    expect(issue24Goals(short)).toMatchObject({ rounds: false, all: false });
    const noObl = aggregateBalance(games(200, 400, 8, false), { bot: 'random', budgetMs: 5 });
    expect(issue24Goals(noObl).misses).toEqual(['no Imperial win by obliterator']);
    const high = aggregateBalance(games(300, 400), { bot: 'random', budgetMs: 5 });
    expect(issue24Goals(high).misses[0]).toBe('Rebel share 75% outside 45–55%');
  });

  it('a game kept in compact form (no card table: docs/balance/data/) counts for all but the card table', () => {
    const full = games(3, 4);
    const { cards: _dropped, ...compact } = full[0];
    const r = aggregateBalance([compact, ...full.slice(1)], { bot: 'random', budgetMs: 5 });
    expect(r).toMatchObject({ games: 4, rebelWins: 3, cards: { 'R-S4': { played: 6, succeeded: 3 } } });
  });

  it('sums synthetic summaries like the games would', () => {
    const r = aggregateBalance(games(3, 4), { bot: 'random', budgetMs: 5 });
    expect(r).toMatchObject({
      games: 4, rebelWins: 3, rebelShare: 0.75, winReasons: { 'R:objectives': 3, 'I:obliterator': 1 },
      cards: { 'R-S4': { played: 8, succeeded: 4 } }, perGame: { relocations: 1, combats: 1 },
      baseRevealed: { share: 0.25, medianRound: 5 }, search: { itersPerDecision: 40, thinkMsP50: 20 }, seconds: 2,
    });
  });

  it('reports games played, stopped, paired Δ, McNemar p and a goals line per config', async () => {
    const out = await runStudy(
      { configs: [{ label: 'ref', overrides: {} }, { label: 'hot', overrides: { probesPerRefresh: 3 } }], bot: 'random', budgetMs: 5, seed: 'r', maxGames: 20, batch: 10, band: [0.45, 0.55], targetCi: [0.4, 0.6] },
      { play: async (jobs) => jobs.map((j) => summary(j.seed, j.config?.probesPerRefresh === 3 ? 'I' : (Number(j.seed.split('-')[1]) % 2 ? 'R' : 'I'))) },
    );
    const { markdown } = renderReport(out.results, { title: 'T', command: 'cmd', notes: [] }, 'p');
    expect(markdown).toContain('| stopped | paired Δ vs first (pairs) | McNemar p |');
    expect(markdown).toMatch(/\| hot \| `\{"probesPerRefresh":3\}` \| 10 of 20 \| 0 \| 0% \[0%, 28%\] \| below the band \| -50 pts \(10\) \| 0\.063 \|/);
    expect(markdown).toMatch(/\| ref \| — \| 20 \| 10 \| 50% \[30%, 70%\] \| — \| — \| — \|/);
    expect(markdown).toContain('- ref: misses: 95% interval [30%, 70%] not inside [40, 60]; no Imperial win by obliterator; interval **not** inside the target [40%, 60%]');
    expect(markdown).toContain('| hot | -50 pts | +0 | **no** | -50 pts (10) | 5 / 0 | 0.063 |');
  });
});
