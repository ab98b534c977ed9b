// @vitest-environment happy-dom
/**
 * Motion that explains (issue 12 item 3), without a browser: the motion queue plays steps one after another and
 * never while reduced motion is asked for; a real game's log gives the steps (a slide per fleet move, each roll
 * and each hit in log order, the time token's steps); the board draws nothing under prefers-reduced-motion and
 * does draw when it is off (the positive control, so the first test can fail).
 */
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { copyJson } from '../../src/game/rules/json';
import { viewFor } from '../../src/game/rules/view';
import { randomGameFromSeed, playRandomGame } from '../../src/sim/randomGame';
import { seededRng } from '../../src/game/rules/rng';
import { Board } from '../../src/ui/board/Board';
import { createMotionQueue, type Playing } from '../../src/ui/motion/queue';
import { MAX_STEPS, stepsFor, stepsForTakeBack } from '../../src/ui/motion/steps';
import { apply, createState, legalActions, needsAdvance, run as advance, type Action, type GameState } from '../../src/game/rules';
import { motionQueue } from '../../src/ui/motion/play';

/** An animation stand-in the test finishes by hand (the browser's own is driven by its frames). */
function handPlayed() {
  let finish!: () => void;
  const p: Playing & { cancelled: boolean; finish(): void } = {
    finished: new Promise<void>((r) => { finish = r; }), cancelled: false,
    cancel() { p.cancelled = true; finish(); }, finish: () => finish(),
  };
  return p;
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('the motion queue', () => {
  it('plays the steps of a burst one after another, the next only when the last one finished', async () => {
    const started: string[] = [];
    const playing: ReturnType<typeof handPlayed>[] = [];
    const q = createMotionQueue<string>({
      play: (s) => { started.push(s); const p = handPlayed(); playing.push(p); return [p]; },
      reduced: () => false, stepCapMs: 60_000, max: 10,
    });
    q.enqueue(['slide', 'dice', 'hit']);
    expect(started).toEqual(['slide']);
    expect(q.size()).toBe(3);
    playing[0].finish();
    await flush();
    expect(started).toEqual(['slide', 'dice']);
    q.enqueue(['token']); // arrives while the queue plays: waits its turn
    playing[1].finish();
    await flush();
    playing[2].finish();
    await flush();
    expect(started).toEqual(['slide', 'dice', 'hit', 'token']);
    playing[3].finish();
    await q.idle();
    expect(q.size()).toBe(0);
  });

  it('a step with nothing on screen is skipped; a long burst keeps its latest steps; clear cancels', async () => {
    const started: number[] = [];
    const dropped: number[] = [];
    const playing: ReturnType<typeof handPlayed>[] = [];
    const q = createMotionQueue<number>({
      play: (s) => { started.push(s); if (s % 2) return []; const p = handPlayed(); playing.push(p); return [p]; },
      reduced: () => false, stepCapMs: 60_000, max: 3, onDrop: (s) => dropped.push(s),
    });
    q.enqueue([0, 1, 2, 3, 4, 5, 6]); // a burst of seven: only the latest three are kept
    expect(started).toEqual([4]);
    expect(dropped).toEqual([0, 1, 2, 3]); // their dimmed chips are let go
    expect(q.size()).toBe(3);
    playing[0].finish();
    await flush();
    expect(started).toEqual([4, 5, 6]); // 5 had nothing to draw
    q.clear();
    expect(playing[1].cancelled).toBe(true);
    expect(q.size()).toBe(0);
  });

  it('reduced motion: nothing plays, and turning it on mid-queue drops what waits', async () => {
    let reduced = true;
    const started: string[] = [];
    const playing: ReturnType<typeof handPlayed>[] = [];
    const q = createMotionQueue<string>({
      play: (s) => { started.push(s); const p = handPlayed(); playing.push(p); return [p]; },
      reduced: () => reduced, stepCapMs: 60_000, max: 10,
    });
    q.enqueue(['slide', 'dice']);
    expect(started).toEqual([]);
    expect(q.size()).toBe(0);
    reduced = false;
    q.enqueue(['slide', 'dice', 'hit']);
    expect(started).toEqual(['slide']);
    reduced = true;
    playing[0].finish();
    await q.idle();
    expect(started).toEqual(['slide']);
  });
});

describe('steps from a real game log', () => {
  it('a slide per fleet move, each roll and each hit in log order, the time token stepping space by space', () => {
    const { state } = randomGameFromSeed('motion-steps-1');
    const log = viewFor(state, 'R').log;
    // Burst by burst (a window of the log at a time, as the board receives it).
    const all = [];
    for (let i = 0; i < log.length; i += 4) all.push(...stepsFor(log.slice(i, i + 4), null, { time: state.time, objective: state.objective }));
    const moves = log.filter((e) => e.e === 'fleetMoved' && e.from !== e.dest).length;
    expect(moves).toBeGreaterThan(0);
    expect(all.filter((s) => s.k === 'slide').length).toBe(moves + log.filter((e) => e.e === 'slipstreamed').length);
    expect(all.filter((s) => s.k === 'dice').length).toBe(log.filter((e) => e.e === 'diceRolled').length);
    expect(all.reduce((n, s) => n + (s.k === 'hits' ? s.hits.length : 0), 0)).toBe(log.filter((e) => e.e === 'hit').length);
    const times = all.filter((s) => s.k === 'token' && s.token === 'time');
    expect(times.length).toBe(log.filter((e) => e.e === 'timeAdvanced').length);
    for (const t of times) if (t.k === 'token') expect(t.to).toBe(t.from + 1); // R7.9: one space per Refresh
    // A hit lands on the side that did not roll (R5.8).
    const firstHit = log.findIndex((e) => e.e === 'hit');
    const roll = [...log.slice(0, firstHit)].reverse().find((e) => e.e === 'diceRolled');
    const hit = stepsFor([log[firstHit]], null, { time: 1, objective: 1 })[0];
    expect(hit.k === 'hits' && hit.hits[0].faction).toBe(roll?.by === 'R' ? 'I' : 'R');
    // The hits of one roll land within one step, in turn (a combat settled at once stays short).
    const burst = stepsFor(log.slice(firstHit - 1, firstHit + 6), null, { time: 1, objective: 1 });
    for (let i = 1; i < burst.length; i++) expect(burst[i].k === 'hits' && burst[i - 1].k === 'hits').toBe(false);
    // The whole log at once (a resumed game): only the latest steps.
    expect(stepsFor(log, null, { time: state.time, objective: state.objective }).length).toBe(MAX_STEPS);
  });

  it('a token move with no event of its own still steps from where it stood', () => {
    expect(stepsFor([], { time: 3, objective: 1 }, { time: 3, objective: 2 })).toEqual([{ k: 'token', token: 'objective', from: 1, to: 2 }]);
    expect(stepsFor([], { time: 3, objective: 1 }, { time: 3, objective: 1 })).toEqual([]);
  });
});

describe('a take-back slides the fleet back', () => {
  it('issue 9: undoing a fleet move gives the one slide from where it went to where it came from', () => {
    let checked = 0;
    // Seeded games until a few fleet moves were taken back (one needs the other seat to have passed before it).
    for (let g = 0; g < 60 && checked < 3; g++) {
      const rng = seededRng(`motion-undo-${g}`);
      const chooser = seededRng(`motion-undo-choices-${g}`);
      const s = createState(rng);
      const last: Partial<Record<'R' | 'I', { a: Action; quiet: boolean }>> = {};
      for (let i = 0; i < 4000 && !s.winner; i++) {
        if (needsAdvance(s)) { advance(s, rng); continue; }
        const seat = s.pending!.seat;
        const acts = legalActions(s, seat);
        const mine = last[seat];
        if (mine?.a.type === 'moveFleet' && mine.quiet && acts.some((a) => a.type === 'undo')) {
          const undone = copyJson(s);
          expect(apply(undone, seat, { type: 'undo' }, rng)).toBe(true);
          expect(stepsForTakeBack(s.planets, undone.planets)).toEqual([{ k: 'slide', faction: seat, from: mine.a.to, to: mine.a.from }]);
          checked++;
        }
        const pool = acts.filter((x) => x.type !== 'undo');
        const a = pool[chooser.int(pool.length)];
        // A move onto enemy units starts a combat (R5): its take-back is more than a fleet going home.
        const quiet = a.type === 'moveFleet' && a.from !== a.to && (['f', 'c', 's'] as const).every((t) => s.planets[a.to][seat === 'R' ? 'I' : 'R'][t] === 0);
        apply(s, seat, a, rng); // the entry point of real games: it keeps the take-back stack
        last[seat] = { a, quiet };
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});

/** The Rebel's views just before and just after the game's first fleet move (R4.2.3). */
function aroundFleetMove(): { before: GameState; after: GameState } {
  let before: GameState | null = null;
  let after: GameState | null = null;
  let moved = false;
  playRandomGame(seededRng('motion-board'), seededRng('choices-motion-board'), undefined, (s, _seat, a) => {
    if (moved && !after) after = copyJson(s);
    if (!before && a.type === 'moveFleet' && a.from !== a.to) { before = copyJson(s); moved = true; }
  });
  if (!before || !after) throw new Error('no fleet move in the game');
  return { before: viewFor(before, 'R'), after: viewFor(after, 'R') };
}

describe('the board under prefers-reduced-motion', () => {
  const calls: string[] = [];
  const animate = Element.prototype.animate;
  const rect = Element.prototype.getBoundingClientRect;
  const settings = () => (window as unknown as { happyDOM: { settings: { device: { prefersReducedMotion: string } } } }).happyDOM.settings.device;

  beforeEach(() => {
    calls.length = 0;
    // happy-dom lays nothing out: give every element a box, so the motion finds its chips on screen.
    Element.prototype.getBoundingClientRect = function () { return new DOMRect(10, 10, 40, 20); };
    Element.prototype.animate = function (this: Element, k: Keyframe[] | PropertyIndexedKeyframes | null, o?: number | KeyframeAnimationOptions) {
      calls.push(typeof o === 'object' ? String(o.id) : '');
      return animate.call(this, k, o);
    };
  });
  afterEach(() => {
    cleanup();
    motionQueue.clear();
    Element.prototype.animate = animate;
    Element.prototype.getBoundingClientRect = rect;
    settings().prefersReducedMotion = 'no-preference';
  });

  it('reduce: a fleet move re-renders the board with no animation started', async () => {
    settings().prefersReducedMotion = 'reduce';
    expect(window.matchMedia('(prefers-reduced-motion: reduce)').matches).toBe(true);
    const { before, after } = aroundFleetMove();
    const { rerender } = render(<Board view={before} seat="R" />);
    await act(async () => { rerender(<Board view={after} seat="R" />); });
    await act(async () => { await new Promise((r) => setTimeout(r, 50)); });
    expect(calls).toEqual([]);
    expect(motionQueue.size()).toBe(0);
  });

  it('no preference: the same move slides the fleet (the ghost and the held chip)', async () => {
    const { before, after } = aroundFleetMove();
    const { rerender } = render(<Board view={before} seat="R" />);
    await act(async () => { rerender(<Board view={after} seat="R" />); });
    await vi.waitFor(() => expect(calls).toContain('motion-slide'), { timeout: 5000 });
    expect(calls).toContain('motion-slide-hold');
  });
});
