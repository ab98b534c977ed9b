// @vitest-environment happy-dom
/**
 * The replay viewer (src/ui/replay) on a record made by playing a random game through the core: the cached
 * timeline equals a fresh re-run at every step, stepping and jumping (buttons, keys, rounds, log lines, the end),
 * playing at a speed, and the four viewpoints — each seat sees its own hand only, the spectator neither, and
 * "everything" the base and both hands (the game is over: RULES R8.3 item 9).
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MISSIONS, PLANETS, type MissionId } from '../../src/game/content';
import { replayStates } from '../../src/game/record';
import { isHidden, viewFor } from '../../src/game/rules/view';
import { playRecordedGame } from '../../src/sim/recordedGame';
import { ReplayViewer } from '../../src/ui/replay/ReplayViewer';
import { buildTimeline } from '../../src/ui/replay/timeline';
import { replayLines } from '../../src/ui/replay/viewpoint';

afterEach(cleanup);

const game = playRecordedGame('ui-replay-1');
const rec = game.record;
const timeline = buildTimeline(rec);

const stepOf = () => Number(screen.getByTestId('replay-controls').getAttribute('data-step'));
const handCards = () => [...(screen.queryByTestId('hand')?.querySelectorAll('[data-card]') ?? [])].map((el) => el.getAttribute('data-card'));
const click = (sel: string) => fireEvent.click(document.querySelector(sel)!);

describe('replay timeline', () => {
  it('re-runs the record: every cached step equals a fresh replay of the same record, log included', () => {
    const fresh = replayStates(rec);
    expect(fresh.error).toBeUndefined();
    expect(timeline.error).toBeUndefined();
    expect(timeline.length).toBe(rec.actions.length);
    expect(fresh.states.length).toBe(timeline.length + 1);
    for (let k = 0; k <= timeline.length; k++) expect(JSON.stringify(timeline.state(k))).toBe(JSON.stringify(fresh.states[k]));
    expect(timeline.state(timeline.length).winner).toEqual(game.state.winner);
  });

  it('ties each log event to the step it happened at, and each round to its first step', () => {
    for (let i = 0; i < timeline.log.length; i += 7) {
      const k = timeline.stepOfEvent(i);
      expect(timeline.state(k).log.length).toBeGreaterThan(i);
      if (k > 0) expect(timeline.state(k - 1).log.length).toBeLessThanOrEqual(i);
    }
    const r2 = timeline.roundStart(2)!;
    expect(timeline.state(r2).round).toBe(2);
    expect(timeline.state(r2 - 1).round).toBe(1);
    expect(timeline.roundStart(timeline.lastRound + 1)).toBeUndefined();
  });

  it('a record the core refuses part-way keeps the steps before and says which action (R8 bad input: no crash)', () => {
    const bad = { ...rec, actions: rec.actions.map((a, i) => (i === 10 ? { ...a, seat: a.seat === 'R' ? 'I' as const : 'R' as const } : a)) };
    const t = buildTimeline(bad);
    expect(t.error).toMatch(/action 10/);
    expect(t.length).toBe(10);
  });
});

describe('replay viewer', () => {
  it('steps forward and back with the buttons and the keys, goes to the end (end screen) and back', async () => {
    render(<ReplayViewer timeline={timeline} />);
    expect(stepOf()).toBe(0);
    expect(screen.getByTestId('replay-step').textContent).toBe(`Step 0 / ${timeline.length}`);
    click('[data-replay="forward"]');
    click('[data-replay="forward"]');
    expect(stepOf()).toBe(2);
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(stepOf()).toBe(3);
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    click('[data-replay="back"]');
    expect(stepOf()).toBe(1);
    expect(screen.queryByTestId('end-screen')).toBeNull();
    click('[data-replay="last"]');
    expect(stepOf()).toBe(timeline.length);
    // The end screen is a lazy chunk: beside other test files on two busy cores its first load can take over 1 s.
    expect((await screen.findByTestId('end-screen', {}, { timeout: 10_000 })).getAttribute('data-winner')).toBe(rec.result!.winner);
    expect((document.querySelector('[data-replay="forward"]') as HTMLButtonElement).disabled).toBe(true);
    click('[data-replay="back"]');
    expect(screen.queryByTestId('end-screen')).toBeNull();
    fireEvent.keyDown(window, { key: 'Home' });
    expect(stepOf()).toBe(0);
    expect((document.querySelector('[data-replay="back"]') as HTMLButtonElement).disabled).toBe(true);
  });

  it('jumps to a round with the round picker; the header shows that round', () => {
    render(<ReplayViewer timeline={timeline} />);
    fireEvent.change(document.querySelector('[data-replay="round"]')!, { target: { value: '2' } });
    expect(stepOf()).toBe(timeline.roundStart(2));
    expect(screen.getByLabelText('Round and phase').textContent).toMatch(/^Round 2/);
    fireEvent.change(document.querySelector('[data-replay="round"]')!, { target: { value: '0' } });
    expect(stepOf()).toBe(0);
  });

  it('a click on a log line goes to the moment it happened; later lines are dimmed, the current one marked', () => {
    render(<ReplayViewer timeline={timeline} />);
    const lines = replayLines(timeline, 'public');
    const target = lines.find((l) => l.round === 3 && l.step > 0)!;
    const el = within(screen.getByTestId('replay-log')).getByText(target.text, { selector: 'button', exact: false });
    fireEvent.click(el);
    expect(stepOf()).toBe(target.step);
    const current = screen.getByTestId('replay-log').querySelector('[aria-current="true"]')!;
    expect(Number(current.getAttribute('data-step'))).toBe(target.step);
    // The state at that step holds the event the line tells.
    expect(timeline.state(target.step).log.length).toBeGreaterThan(target.index);
    expect(screen.getByTestId('replay-moment').textContent).toContain(target.text);
  });

  it('switches viewpoints: each seat sees its own hand only, the spectator none, "everything" the base and both hands', () => {
    render(<ReplayViewer timeline={timeline} />);
    const k = timeline.roundStart(2)! + 3;
    fireEvent.change(document.querySelector('[data-replay="scrub"]')!, { target: { value: String(k) } });
    expect(stepOf()).toBe(k);
    const full = timeline.state(k);
    // Spectator: no hand strip, no hidden base.
    expect(screen.getByTestId('replay-controls').getAttribute('data-viewpoint')).toBe('public');
    expect(screen.queryByTestId('hand')).toBeNull();
    expect(screen.queryByTestId('secrets')).toBeNull();
    const pubLog = screen.getByTestId('replay-log').textContent!;
    expect(pubLog).not.toMatch(/only/);
    // Rebel: the Rebel's hand, and the hidden base marked on its planet.
    click('[data-view="R"]');
    expect(handCards()).toEqual(full.hands.R);
    expect(document.querySelector('[data-seat]')!.getAttribute('data-seat')).toBe('R');
    if (!full.base.revealed) expect(document.body.textContent).toContain(`Hidden on ${PLANETS[full.base.planet!].name}`);
    // Imperial: the Imperial's hand, the Rebel's cards hidden.
    click('[data-view="I"]');
    expect(handCards()).toEqual(full.hands.I);
    const imperialView = viewFor(full, 'I');
    expect(imperialView.hands.R.every((c) => isHidden(c))).toBe(true);
    const rebelOnly = full.hands.R.filter((c) => !full.hands.I.includes(c) && !full.discards.R.includes(c) && !full.discards.I.includes(c));
    const panel = document.querySelector('[data-panel="R"]')!.textContent!;
    for (const c of rebelOnly) expect(panel).not.toContain(MISSIONS[c as MissionId].name);
    // Everything: the base and both hands in the secrets strip.
    click('[data-view="all"]');
    const secrets = screen.getByTestId('secrets');
    expect(secrets.querySelector('[data-secret="base"]')!.textContent).toContain(PLANETS[full.base.planet!].name);
    const names = (sel: string) => [...secrets.querySelector(`[data-secret="${sel}"]`)!.querySelectorAll('span[title]')].map((e) => e.textContent);
    expect(names('hand-R')).toEqual(full.hands.R.map((c) => MISSIONS[c as MissionId].name));
    expect(names('hand-I')).toEqual(full.hands.I.map((c) => MISSIONS[c as MissionId].name));
    expect(screen.getByText('Replay: everything')).toBeTruthy();
    // The step is kept across viewpoints.
    expect(stepOf()).toBe(k);
  });

  it('plays at the chosen speed and pauses', async () => {
    render(<ReplayViewer timeline={timeline} />);
    fireEvent.change(document.querySelector('[data-replay="speed"]')!, { target: { value: '100' } });
    click('[data-replay="play"]');
    expect(document.querySelector('[data-replay="play"]')!.getAttribute('aria-label')).toBe('Pause');
    for (let i = 0; i < 100 && stepOf() < 3; i++) await act(() => new Promise<void>((r) => setTimeout(r, 50)));
    click('[data-replay="play"]');
    const at = stepOf();
    expect(at).toBeGreaterThanOrEqual(3);
    expect(at).toBeLessThan(timeline.length);
    await act(() => new Promise<void>((r) => setTimeout(r, 250)));
    expect(stepOf()).toBe(at);
  });
});

describe('replay screen', () => {
  it('opens a record file and says it re-runs exactly; a record whose final state differs is flagged', async () => {
    const { ReplayScreen } = await import('../../src/ui/replay/ReplayScreen');
    const view = render(<ReplayScreen source={{ kind: 'file', record: rec }} onExit={() => {}} />);
    expect(screen.getByTestId('replay-verified').textContent).toMatch(/re-runs exactly/);
    expect(screen.getByTestId('replay-result').textContent).toContain(rec.result!.winner === 'R' ? 'Rebel' : 'Imperial');
    view.unmount();
    const forged = { ...rec, fingerprint: 'f1-0000000000000000' };
    render(<ReplayScreen source={{ kind: 'file', record: forged }} onExit={() => {}} />);
    expect(screen.getByTestId('replay-mismatch').textContent).toMatch(/does not reach the recorded final state/);
    expect(screen.queryByTestId('replay-verified')).toBeNull();
  });

  it('a record kept in this browser that is gone says so, with a way back (R8 bad input: no crash)', async () => {
    const { ReplayScreen } = await import('../../src/ui/replay/ReplayScreen');
    let left = false;
    render(<ReplayScreen source={{ kind: 'local', id: 'abc123' }} onExit={() => { left = true; }} />);
    expect(screen.getByRole('alert').textContent).toMatch(/no longer keeps/);
    fireEvent.click(screen.getByText('Back to the start screen'));
    expect(left).toBe(true);
  });
});
