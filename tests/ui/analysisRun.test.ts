// @vitest-environment happy-dom
/**
 * The replay's analysis runs (src/ui/analysis): the real analysis on the page (src/ai's analyseRecord, a few
 * iterations on the first 30 actions of a seeded random game) gives what analyseRecord gives, minus the
 * per-decision detail; Cancel stops it between decisions; the worker path, driven at the message level (happy-dom
 * has no Worker), reports progress, ends the worker on Cancel and ignores what comes after; the cache returns an
 * analysis for the same record and settings only, keeps it across a reload, stays bounded and never throws.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analyseRecord } from '../../src/ai/analysis';
import { recordFromGame, type GameRecord } from '../../src/game/record';
import { playRecordedGame } from '../../src/sim/recordedGame';
import {
  ANALYSES_STORAGE_KEY, MAX_STORED_ANALYSES, cachedAnalysis, clearMemoryCache, latestAnalysis, storeAnalysis,
} from '../../src/ui/analysis/cache';
import type { AnalysisReply } from '../../src/ui/analysis/protocol';
import { AnalysisCancelled, inlineRun, workerRun } from '../../src/ui/analysis/run';
import { settingsFor, slimAnalysis, type ReplayAnalysis } from '../../src/ui/analysis/settings';

const full = playRecordedGame('ui-analysis-run').record;
const short = (() => {
  const r = recordFromGame({
    seed: full.seed, config: full.config, solo: null, players: full.players, actions: full.actions.slice(0, 30),
    startedAt: full.startedAt, source: 'simulate',
  });
  if ('error' in r) throw new Error(r.error);
  return r;
})();
const tiny = { bot: 'ismcts-easy', iterations: 4, seed: 't' };

beforeEach(() => { localStorage.clear(); clearMemoryCache(); });
afterEach(() => vi.unstubAllGlobals());

describe('running the analysis on the page', () => {
  it('gives analyseRecord\'s curve, turning points and accuracy, with progress up to the total', async () => {
    const seen: [number, number][] = [];
    const got = await inlineRun({ record: short, settings: tiny }, (d, t) => seen.push([d, t])).result;
    const direct = await analyseRecord(short, { iterations: 4, seed: 't', bot: 'ismcts-easy' });
    expect(got).toEqual(slimAnalysis(direct));
    expect(got.curve.length).toBeGreaterThan(10);
    expect(seen.length).toBe(got.curve.length);
    expect(seen[seen.length - 1]).toEqual([got.curve.length, got.curve.length]);
  });

  it('Cancel stops it between decisions: the result rejects and no progress follows', async () => {
    const seen: number[] = [];
    let run: ReturnType<typeof inlineRun> | null = null;
    run = inlineRun({ record: short, settings: tiny }, (d) => {
      seen.push(d);
      if (d === 2) run!.cancel();
    });
    await expect(run.result).rejects.toBeInstanceOf(AnalysisCancelled);
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toEqual([1, 2]);
  });
});

/** A stand-in Worker: records what the page posts and whether it was ended; the test plays the worker's replies. */
class FakeWorker {
  static last: FakeWorker | null = null;
  posted: unknown[] = [];
  terminated = false;
  onmessage: ((e: { data: AnalysisReply }) => void) | null = null;
  onerror: ((e: { message: string }) => void) | null = null;
  constructor(public url: URL, public opts: unknown) { FakeWorker.last = this; }
  postMessage(m: unknown) { this.posted.push(m); }
  terminate() { this.terminated = true; }
  reply(m: AnalysisReply) { this.onmessage?.({ data: m }); }
}

describe('the analysis worker, at the message level', () => {
  it('posts the record and settings, reports progress, resolves with the result and ends the worker', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const seen: [number, number][] = [];
    const run = workerRun({ record: short, settings: tiny }, (d, t) => seen.push([d, t]));
    const w = FakeWorker.last!;
    expect(w.url.pathname).toMatch(/analysis\.worker\.ts$/);
    expect(w.posted).toEqual([{ record: short, settings: tiny }]);
    w.reply({ type: 'progress', done: 1, total: 3 });
    const analysis = { settings: tiny, curve: [], turningPoints: { R: [], I: [] }, accuracy: { R: null, I: null } };
    w.reply({ type: 'done', result: analysis });
    await expect(run.result).resolves.toEqual(analysis);
    expect(seen).toEqual([[1, 3]]);
    expect(w.terminated).toBe(true);
  });

  it('Cancel ends the worker at once, rejects, and ignores a progress already on its way', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const seen: number[] = [];
    const run = workerRun({ record: short, settings: tiny }, (d) => seen.push(d));
    const w = FakeWorker.last!;
    w.reply({ type: 'progress', done: 1, total: 9 });
    run.cancel();
    expect(w.terminated).toBe(true);
    w.reply({ type: 'progress', done: 2, total: 9 });
    await expect(run.result).rejects.toBeInstanceOf(AnalysisCancelled);
    expect(seen).toEqual([1]);
  });

  it('a worker error rejects with its message', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const run = workerRun({ record: short, settings: tiny }, () => {});
    FakeWorker.last!.reply({ type: 'error', message: 'the record does not replay: action 3' });
    await expect(run.result).rejects.toThrow(/action 3/);
  });
});

const fake = (iterations: number, rebel = 0.5): ReplayAnalysis => ({
  settings: { ...settingsFor('normal'), iterations },
  curve: [{ decision: 0, action: 3, round: 1, seat: 'R', rebel, bestRebel: rebel }],
  turningPoints: { R: [], I: [] },
  accuracy: { R: 1, I: null },
});
const other = (i: number): GameRecord => ({ ...full, fingerprint: `${full.fingerprint.slice(0, -4)}${String(i).padStart(4, '0')}` });

describe('the analysis cache', () => {
  it('returns the stored analysis for the same record and settings, not for other settings or another record', () => {
    const a = fake(200);
    storeAnalysis(full, a);
    expect(cachedAnalysis(full, a.settings)).toEqual(a);
    expect(cachedAnalysis(full, { ...a.settings, iterations: 50 })).toBeNull();
    expect(cachedAnalysis(full, { ...a.settings, seed: 'other' })).toBeNull();
    expect(cachedAnalysis(other(1), a.settings)).toBeNull();
    expect(cachedAnalysis({ ...full, actions: full.actions.slice(1) }, a.settings)).toBeNull();
  });

  it('keeps it across a reload (localStorage); reopening shows the newest analysis of that record', () => {
    storeAnalysis(full, fake(50, 0.2), 1000);
    storeAnalysis(full, fake(200, 0.7), 2000);
    clearMemoryCache();
    expect(cachedAnalysis(full, fake(50).settings)?.curve[0].rebel).toBe(0.2);
    expect(latestAnalysis(full)?.curve[0].rebel).toBe(0.7);
    expect(latestAnalysis(other(2))).toBeNull();
  });

  it(`keeps only the newest ${MAX_STORED_ANALYSES} in storage, and never throws when the storage is full`, () => {
    for (let i = 0; i < MAX_STORED_ANALYSES + 2; i++) storeAnalysis(other(i), fake(200), i);
    const kept = JSON.parse(localStorage.getItem(ANALYSES_STORAGE_KEY)!) as { record: string }[];
    expect(kept.length).toBe(MAX_STORED_ANALYSES);
    clearMemoryCache();
    expect(cachedAnalysis(other(0), fake(200).settings)).toBeNull();
    expect(cachedAnalysis(other(MAX_STORED_ANALYSES + 1), fake(200).settings)).not.toBeNull();

    const real = localStorage;
    let tries = 0;
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => real.getItem(k),
      removeItem: (k: string) => real.removeItem(k),
      setItem: () => { tries++; throw new DOMException('full', 'QuotaExceededError'); },
    });
    expect(() => storeAnalysis(full, fake(600))).not.toThrow();
    expect(tries).toBe(MAX_STORED_ANALYSES); // the oldest dropped one by one, then given up
    vi.unstubAllGlobals();
    // Still shown on this page (memory), though the storage could not take it.
    expect(cachedAnalysis(full, fake(600).settings)).not.toBeNull();
  });

  it('ignores a storage entry of another shape', () => {
    localStorage.setItem(ANALYSES_STORAGE_KEY, JSON.stringify([{ key: 'x', record: 'y', savedAt: 1, analysis: { curve: 3 } }]));
    expect(latestAnalysis(full)).toBeNull();
    localStorage.setItem(ANALYSES_STORAGE_KEY, '{not json');
    expect(() => storeAnalysis(full, fake(200))).not.toThrow();
    expect(cachedAnalysis(full, fake(200).settings)).not.toBeNull();
  });
});
