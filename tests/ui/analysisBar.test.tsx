// @vitest-environment happy-dom
/**
 * The replay's analysis strip (src/ui/analysis/AnalysisBar + useReplayAnalysis) with the run replaced at its
 * boundary (./run's startAnalysis; the run itself is tests/ui/analysisRun.test.ts): "Analyse" starts a run at the
 * chosen depth, the strip shows decisions done of the total, Cancel cancels the run and returns to "Analyse" (a
 * result arriving afterwards changes nothing), a finished run is shown and kept for the next opening, and another
 * depth runs again while a kept one shows at once.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalysisSettings } from '../../src/ai/analysis';
import { playRecordedGame } from '../../src/sim/recordedGame';
import { cachedAnalysis, clearMemoryCache } from '../../src/ui/analysis/cache';
import type { ReplayAnalysis } from '../../src/ui/analysis/settings';
import { ReplayViewer } from '../../src/ui/replay/ReplayViewer';
import { buildTimeline } from '../../src/ui/replay/timeline';

interface FakeRun {
  settings: AnalysisSettings;
  progress(done: number, total: number): void;
  resolve(a: ReplayAnalysis): void;
  cancel: ReturnType<typeof vi.fn>;
}
const runs: FakeRun[] = [];

vi.mock('../../src/ui/analysis/run', () => ({
  startAnalysis: (_rec: unknown, settings: AnalysisSettings, onProgress: (d: number, t: number) => void) => {
    let resolve!: (a: ReplayAnalysis) => void;
    const result = new Promise<ReplayAnalysis>((r) => { resolve = r; });
    const cancel = vi.fn();
    runs.push({ settings, progress: onProgress, resolve, cancel });
    return { result, cancel };
  },
}));

afterEach(cleanup);
beforeEach(() => { localStorage.clear(); clearMemoryCache(); runs.length = 0; });

const rec = playRecordedGame('ui-analysis-bar').record;
const timeline = buildTimeline(rec);
const status = () => screen.getByTestId('analysis').getAttribute('data-status');
const analysisOf = (settings: AnalysisSettings): ReplayAnalysis => ({
  settings,
  curve: [0, 1, 2].map((i) => ({ decision: i, action: 4 + i, round: 1, seat: 'R', rebel: 0.5, bestRebel: 0.5 })),
  turningPoints: { R: [], I: [] },
  accuracy: { R: 1, I: null },
});
const flush = () => act(async () => { await new Promise((r) => setTimeout(r, 0)); });

describe('the analysis strip', () => {
  it('runs at the chosen depth with progress; Cancel stops it and a late result changes nothing', async () => {
    render(<ReplayViewer timeline={timeline} record={rec} />);
    fireEvent.change(document.querySelector('[data-analysis="depth"]')!, { target: { value: 'quick' } });
    fireEvent.click(document.querySelector('[data-analysis="start"]')!);
    expect(status()).toBe('running');
    expect(screen.getByTestId('analysis-progress').textContent).toMatch(/Starting…/);
    await vi.waitFor(() => expect(runs.length).toBe(1));
    expect(runs[0].settings.iterations).toBe(50);
    act(() => runs[0].progress(3, 10));
    expect(screen.getByTestId('analysis-progress').textContent).toMatch(/Decision 3 of 10 · 50 searches each/);
    fireEvent.click(document.querySelector('[data-analysis="cancel"]')!);
    expect(runs[0].cancel).toHaveBeenCalled();
    expect(status()).toBe('idle');
    act(() => runs[0].progress(4, 10));
    runs[0].resolve(analysisOf(runs[0].settings));
    await flush();
    expect(status()).toBe('idle');
  });

  it('shows a finished run and keeps it: the next opening shows it without a run', async () => {
    const { unmount } = render(<ReplayViewer timeline={timeline} record={rec} />);
    fireEvent.click(document.querySelector('[data-analysis="start"]')!);
    await vi.waitFor(() => expect(runs.length).toBe(1));
    expect(runs[0].settings.iterations).toBe(200);
    runs[0].resolve(analysisOf(runs[0].settings));
    await flush();
    expect(status()).toBe('done');
    await screen.findByTestId('win-curve', {}, { timeout: 10_000 });
    expect(cachedAnalysis(rec, runs[0].settings)).not.toBeNull();
    unmount();
    clearMemoryCache();
    render(<ReplayViewer timeline={timeline} record={rec} />);
    expect(status()).toBe('done');
    expect(runs.length).toBe(1);
    // Another depth runs again; the kept one shows at once.
    fireEvent.change(document.querySelector('[data-analysis="depth"]')!, { target: { value: 'deep' } });
    fireEvent.click(document.querySelector('[data-analysis="again"]')!);
    await vi.waitFor(() => expect(runs.length).toBe(2));
    expect(runs[1].settings.iterations).toBe(600);
    fireEvent.click(document.querySelector('[data-analysis="cancel"]')!);
    fireEvent.change(document.querySelector('[data-analysis="depth"]')!, { target: { value: 'normal' } });
    fireEvent.click(document.querySelector('[data-analysis="start"]')!);
    expect(status()).toBe('done');
    expect(runs.length).toBe(2);
  });
});
