// @vitest-environment happy-dom
/**
 * The replay's analysis on screen (src/ui/analysis): the win-chance curve has one point per curve entry, a mark at
 * each round start and each player's turning points in their own shape; a click (or Enter) on a point jumps with
 * that point's record action, and the arrows move between points without stepping the replay; the report lists
 * accuracy and turning points; in the viewer a kept analysis shows on opening, without running, its turning points
 * are marked in the log with what the bot preferred and the points lost, its moves are worded with the board's
 * names, and a point takes the replay to the step after that action.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurvePoint, TurningPoint } from '../../src/ai/analysis';
import { playRecordedGame } from '../../src/sim/recordedGame';
import AnalysisReport from '../../src/ui/analysis/AnalysisReport';
import { clearMemoryCache, storeAnalysis } from '../../src/ui/analysis/cache';
import { settingsFor, type ReplayAnalysis } from '../../src/ui/analysis/settings';
import { WinCurve } from '../../src/ui/analysis/WinCurve';
import { ReplayViewer } from '../../src/ui/replay/ReplayViewer';
import { buildTimeline } from '../../src/ui/replay/timeline';

afterEach(cleanup);
beforeEach(() => { localStorage.clear(); clearMemoryCache(); });

/** Eight decisions over three rounds (starts of rounds 2 and 3 between points 2|3 and 5|6). */
const ROUNDS = [1, 1, 1, 2, 2, 2, 3, 3];
const curve: CurvePoint[] = ROUNDS.map((round, i) => ({
  decision: i, action: 10 + 3 * i, round, seat: i % 2 ? 'I' : 'R', rebel: 0.5 + (i % 3) * 0.1, bestRebel: 0.5 + (i % 3) * 0.1,
}));
const tp = (i: number, drop: number, played: string, best: string): TurningPoint => ({
  decision: i, action: curve[i].action, round: curve[i].round, seat: curve[i].seat,
  played: { action: { type: 'pass' }, label: played }, best: { action: { type: 'pass' }, label: best },
  chancePlayed: 0.4, chanceBest: 0.4 + drop, drop,
});
const analysis: ReplayAnalysis = {
  settings: settingsFor('normal'),
  curve,
  turningPoints: { R: [tp(4, 0.12, 'pass', 'reveal R-S1 on F'), tp(2, 0.07, 'end planning', 'plan R-S2 with LD-R1')], I: [tp(5, 0.2, 'do not oppose', 'oppose with LD-I2')] },
  accuracy: { R: 0.75, I: 0.5 },
};

const pointEls = () => [...document.querySelectorAll<SVGGElement>('[data-testid="win-curve"] [data-point]')];

describe('the win-chance curve', () => {
  it('has one point per curve entry, a mark at each round start, and the turning points in their faction\'s shape', () => {
    render(<WinCurve curve={curve} turningPoints={analysis.turningPoints} currentAction={0} onJump={() => {}} />);
    expect(pointEls().map((g) => Number(g.getAttribute('data-action')))).toEqual(curve.map((p) => p.action));
    const rounds = [...document.querySelectorAll('[data-testid="round-marks"] [data-round]')].map((g) => g.getAttribute('data-round'));
    expect(rounds).toEqual(['2', '3']);
    expect(pointEls().map((g) => g.getAttribute('data-turn'))).toEqual([null, null, 'R', null, 'R', 'I', null, null]);
    const svg = screen.getByTestId('win-curve');
    expect(svg.querySelector('title')?.textContent).toMatch(/Rebel's estimated chance/);
    expect(svg.querySelector('desc')?.textContent).toMatch(/8 decisions judged over 3 rounds/);
    expect(pointEls()[5].getAttribute('aria-label')).toMatch(/Round 2, Imperial's decision.*turning point 1: 20 points/);
  });

  it('a click or Enter on a point jumps with its action; arrows move the focus and do not reach the replay', () => {
    const onJump = vi.fn();
    const windowKeys = vi.fn();
    window.addEventListener('keydown', windowKeys);
    render(<WinCurve curve={curve} turningPoints={analysis.turningPoints} currentAction={curve[3].action} onJump={onJump} />);
    fireEvent.click(pointEls()[6]);
    expect(onJump).toHaveBeenLastCalledWith(curve[6].action);
    // One Tab stop: the point at the replay's action.
    expect(pointEls().filter((g) => g.getAttribute('tabindex') === '0').map((g) => g.getAttribute('data-point'))).toEqual(['6']);
    act(() => pointEls()[6].focus());
    fireEvent.keyDown(pointEls()[6], { key: 'ArrowRight' });
    expect(document.activeElement?.getAttribute('data-point')).toBe('7');
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(onJump).toHaveBeenLastCalledWith(curve[7].action);
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement?.getAttribute('data-point')).toBe('0');
    expect(windowKeys).not.toHaveBeenCalled();
    window.removeEventListener('keydown', windowKeys);
  });
});

describe('the analysis report', () => {
  it('shows each player\'s accuracy with what it means, and their turning points: played, preferred, points', () => {
    const onJump = vi.fn();
    render(<AnalysisReport analysis={analysis} currentAction={0} onJump={onJump} />);
    expect(screen.getByTestId('accuracy').querySelector('[data-accuracy="R"]')?.textContent).toMatch(/Rebel accuracy 75%/);
    expect(screen.getByTestId('accuracy').querySelector('[data-accuracy="I"]')?.textContent).toMatch(/Imperial accuracy 50%/);
    expect(screen.getByTestId('accuracy').textContent).toMatch(/share of a player's decisions within 5 points of the bot's best/);
    const rebel = within(screen.getByTestId('turning-R')).getAllByRole('button').map((b) => b.textContent);
    expect(rebel).toEqual([
      '1. Round 2: played pass; the bot preferred reveal R-S1 on F — −12 points',
      '2. Round 1: played end planning; the bot preferred plan R-S2 with LD-R1 — −7 points',
    ]);
    const imp = within(screen.getByTestId('turning-I')).getAllByRole('button');
    expect(imp.map((b) => b.textContent)).toEqual(['1. Round 2: played do not oppose; the bot preferred oppose with LD-I2 — −20 points']);
    fireEvent.click(imp[0]);
    expect(onJump).toHaveBeenCalledWith(curve[5].action);
  });

  it('says when a player has no turning point, and "—" for a player without decisions', () => {
    render(<AnalysisReport analysis={{ ...analysis, turningPoints: { R: [], I: [] }, accuracy: { R: 1, I: null } }} currentAction={0} onJump={() => {}} />);
    expect(screen.getByTestId('turning-R').textContent).toMatch(/None: no Rebel move fell below/);
    expect(screen.getByTestId('accuracy').querySelector('[data-accuracy="I"]')?.textContent).toMatch(/— \(no decisions\)/);
  });
});

describe('the analysis in the replay viewer', () => {
  const rec = playRecordedGame('ui-analysis-viewer').record;
  const timeline = buildTimeline(rec);
  const stepOf = () => Number(screen.getByTestId('replay-controls').getAttribute('data-step'));

  it('offers "Analyse" for a finished record, and nothing without a record', () => {
    const { unmount } = render(<ReplayViewer timeline={timeline} record={rec} />);
    expect(screen.getByTestId('analysis').getAttribute('data-status')).toBe('idle');
    expect(document.querySelector('[data-analysis="start"]')?.textContent).toBe('Analyse');
    unmount();
    render(<ReplayViewer timeline={timeline} />);
    expect(screen.queryByTestId('analysis')).toBeNull();
  });

  it('shows a kept analysis on opening, marks its turning points in the log, and a point jumps to the step after its action', async () => {
    const kept: ReplayAnalysis = { ...analysis, settings: settingsFor('quick') };
    storeAnalysis(rec, kept);
    clearMemoryCache(); // as after a reload: from localStorage
    render(<ReplayViewer timeline={timeline} record={rec} />);
    expect(screen.getByTestId('analysis').getAttribute('data-status')).toBe('done');
    await screen.findByTestId('win-curve', {}, { timeout: 10_000 });
    expect(pointEls().length).toBe(curve.length);
    const marked = [...document.querySelectorAll('[data-testid="replay-log"] [data-turning]')];
    const steps = new Set(marked.map((l) => Number(l.getAttribute('data-step'))));
    const expected = [tp(4, 0, '', ''), tp(2, 0, '', ''), tp(5, 0, '', '')].map((t) => t.action + 1)
      .filter((s) => [...document.querySelectorAll('[data-testid="replay-log"] [data-step]')].some((l) => Number(l.getAttribute('data-step')) === s));
    expect([...steps].sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    expect(marked.length).toBeGreaterThan(0);
    expect(marked[0].textContent).toMatch(/turning point [123]/);
    // Under each marked move's first line: the bot's preferred move in words and the points it cost.
    const said: Record<number, string> = {
      [curve[4].action + 1]: 'the bot preferred “reveal Rally Support on Marrowind” — −12 points',
      [curve[2].action + 1]: 'the bot preferred “plan Sabotage with Envoy Nessa Quill” — −7 points',
      [curve[5].action + 1]: 'the bot preferred “oppose with Overseer Calyx Dorn” — −20 points',
    };
    const notes = [...document.querySelectorAll('[data-testid="turning-note"]')]
      .map((n) => [Number(n.closest('[data-step]')!.getAttribute('data-step')), n.textContent]);
    expect(notes.sort()).toEqual(expected.map((st) => [st, said[st]]).sort());
    // The turning points' moves in the board's words, not the search's ids (../../src/ui/log/plainLabel.ts).
    expect(within(screen.getByTestId('turning-R')).getAllByRole('button').map((b) => b.textContent)).toEqual([
      '1. Round 2: played pass; the bot preferred reveal Rally Support on Marrowind — −12 points',
      '2. Round 1: played end planning; the bot preferred plan Sabotage with Envoy Nessa Quill — −7 points',
    ]);
    expect(screen.getByTestId('turning-I').textContent).toContain('oppose with Overseer Calyx Dorn');
    fireEvent.click(pointEls()[4]);
    expect(stepOf()).toBe(curve[4].action + 1);
    fireEvent.click(within(screen.getByTestId('turning-I')).getByRole('button'));
    expect(stepOf()).toBe(curve[5].action + 1);
  });
});
