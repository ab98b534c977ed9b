/** The balance study's pieces (src/sim/balance.ts, balanceReport.ts, balanceSvg.ts), with the random bot (fast). */
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, makeConfig } from '../../src/game/content';
import { createState, seededRng, type LogEvent } from '../../src/game/rules';
import { configChanges, KNOB_VARIANTS, missionOutcomes, runBalance } from '../../src/sim/balance';
import { renderReport } from '../../src/sim/balanceReport';
import { barChart, esc } from '../../src/sim/balanceSvg';
import { anyEvent } from '../helpers/logFields';

const ev = (e: string, data: Record<string, unknown>): LogEvent => anyEvent({ e, round: 1, ...data });

describe('balance study', () => {
  it('counts a reveal once and a success for unopposed, attributeless and won attempts only', () => {
    const log = [
      ev('missionRevealed', { card: 'R-01' }), ev('missionSucceeded', { card: 'R-01', opposed: false }),
      ev('missionRevealed', { card: 'R-01' }), ev('missionAttempt', { card: 'R-01', success: false }),
      ev('missionRevealed', { card: 'I-03' }), ev('missionAttempt', { card: 'I-03', success: true }),
      ev('missionRevealed', { card: 'I-08' }),
    ];
    expect(missionOutcomes(log)).toEqual({
      'R-01': { played: 2, succeeded: 1 }, 'I-03': { played: 1, succeeded: 1 }, 'I-08': { played: 1, succeeded: 0 },
    });
  });

  it('every knob variant changes exactly the fields it names, and a game can start with it', () => {
    expect(configChanges(DEFAULT_CONFIG)).toEqual({});
    expect(configChanges(makeConfig({ thresholds: { 'O1-1': 4 } }))).toEqual({ thresholds: { 'O1-1': 4 } });
    const labels = new Set<string>();
    for (const v of KNOB_VARIANTS) {
      const c = makeConfig(v.overrides);
      expect(configChanges(c), v.label).toEqual(v.overrides);
      expect(v.knob).toMatch(/^B7\.[1-7]$/);
      expect(() => createState(seededRng(v.label), c)).not.toThrow();
      labels.add(v.label);
    }
    expect(labels.size).toBe(KNOB_VARIANTS.length);
  });

  it('plays the games and sums them consistently', async () => {
    const r = await runBalance({ bot: 'random', games: 12, budgetMs: 5, seed: 'unit' });
    expect(r.games).toBe(12);
    expect(Object.values(r.winReasons).reduce((a, b) => a + b, 0)).toBe(12);
    const rebel = Object.entries(r.winReasons).filter(([k]) => k.startsWith('R:')).reduce((a, [, v]) => a + v, 0);
    expect(r.rebelWins).toBe(rebel);
    expect(r.ci95[0]).toBeLessThanOrEqual(r.rebelShare);
    expect(r.ci95[1]).toBeGreaterThanOrEqual(r.rebelShare);
    expect(Object.values(r.rounds.histogram).reduce((a, b) => a + b, 0)).toBe(12);
    expect(r.rounds.min).toBeLessThanOrEqual(r.rounds.median);
    expect(r.rounds.median).toBeLessThanOrEqual(r.rounds.max);
    for (const s of Object.values(r.cards)) expect(s.succeeded).toBeLessThanOrEqual(s.played);
    expect(Object.keys(r.cards).length).toBeGreaterThan(10);
    // Same seeds, same bot: the same games.
    expect((await runBalance({ bot: 'random', games: 12, budgetMs: 5, seed: 'unit' })).rounds).toEqual(r.rounds);
  });

  it('renders a report whose tables and charts carry every config', async () => {
    const a = await runBalance({ bot: 'random', games: 4, budgetMs: 5, seed: 'report' });
    const b = await runBalance({ bot: 'random', games: 4, budgetMs: 5, seed: 'report', label: 'B7.1: x', config: makeConfig({ objectiveStart: 13 }) });
    const { markdown, svgs } = renderReport([a, b], { title: 'T', command: 'cmd', notes: ['n'] }, 'p');
    expect(Object.keys(svgs).sort()).toEqual(['p-cards.svg', 'p-rebel-share.svg', 'p-rounds.svg']);
    for (const name of Object.keys(svgs)) expect(markdown).toContain(`(${name})`);
    expect(markdown).toContain('| B7.1: x | `{"objectiveStart":13}` | 4 |');
    expect(svgs['p-rebel-share.svg']).toContain('B7.1: x');
    expect(svgs['p-rebel-share.svg'].startsWith('<svg')).toBe(true);
  });

  it('escapes text in charts', () => {
    expect(esc('a<b & "c"')).toBe('a&lt;b &amp; &quot;c&quot;');
    expect(barChart('<t>', [{ label: 'x&y', value: 0.5 }], { max: 1 })).not.toMatch(/<t>|x&y/);
  });
});
