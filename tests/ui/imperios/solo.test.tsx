// @vitest-environment happy-dom
/**
 * Imperios against bots (issue 23): on the real core, the bots answer every decision they owe — alone, and beside
 * other seats (block offers, the reserve) — through the worker protocol, each handed its seat's view only (what the
 * worker is sent is checked: no `rng`); the player's prompt appears whenever the game waits for the player alone.
 * From the start screen: the solo form, the save listed with its bots, resumed as the same solo game, and its record
 * replaying to the same state.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { replayCore } from '../../../src/games/imperios/replay';
import { awaitedSeats, type ImperiosState, type PendingKind, type Seat } from '../../../src/games/imperios/rules';
import { ImperiosScreen } from '../../../src/ui/imperios/ImperiosScreen';
import { listImperiosSaves } from '../../../src/ui/imperios/localSaves';
import { coreSession } from '../../../src/ui/imperios/session';
import { workerRunner, type WorkerLike } from '../../../src/ui/imperios/solo/botRunner';
import { answerSoloBot, soloBotRequest, type SoloBotRequest } from '../../../src/ui/imperios/solo/soloBot';
import { SoloTable } from '../../../src/ui/imperios/solo/SoloTable';
import { playUntil } from './states';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** What the worker was sent, as it would receive it (a structured clone), and the game's awaited seats then. */
interface Sent { request: SoloBotRequest; awaited: Seat[]; kind: PendingKind }

/** A worker double that answers with the real bot code, as ./soloBot.worker.ts does, on a later macrotask. */
function recordingWorker(sent: Sent[], state: () => ImperiosState): WorkerLike {
  const w: WorkerLike = {
    onmessage: null,
    onerror: null,
    postMessage(message) {
      const { id, request } = structuredClone(message) as { id: number; request: SoloBotRequest };
      sent.push({ request, awaited: awaitedSeats(state()), kind: state().pending!.kind });
      setTimeout(() => w.onmessage?.({ data: { id, action: answerSoloBot(request) } } as MessageEvent), 0);
    },
    terminate() {},
  };
  return w;
}

/** The board (drawn deferred) shows the state the strip (drawn at once) shows. */
function boardCaughtUp(): boolean {
  const strip = document.querySelector('[data-testid="imp-solo"]')?.getAttribute('data-state');
  return strip !== undefined && strip === document.querySelector('[data-testid="imp-solo-board"]')?.getAttribute('data-state');
}

/** The player's answer by clicks: an ending choice (end the turn, let pass) if offered, else the first one. */
function clickForPlayer() {
  const buttons = [...document.querySelectorAll<HTMLButtonElement>('[data-testid="imp-prompt"] [data-choice]')]
    .filter((b) => !b.disabled && b.getAttribute('data-choice') !== 'back');
  const b = buttons.find((x) => x.getAttribute('data-ending') === 'true') ?? buttons[0];
  expect(b, 'the player is offered a choice').toBeTruthy();
  fireEvent.click(b);
}

describe('Imperios against bots', () => {
  it('IM14.1: the bots answer what they owe, alone and beside others, from views without rng; the player is prompted', async () => {
    const HUMAN = 2;
    const session = coreSession({ players: 4, mode: 'tutorial', seed: 'ui-imp-solo' });
    const state = () => session.getState() as ImperiosState;
    const sent: Sent[] = [];
    const makeRunner = () => workerRunner(() => recordingWorker(sent, state));
    render(<SoloTable session={session} solo={{ human: HUMAN, level: 'greedy' }} seed="ui-imp-solo" pauseMs={0} makeRunner={makeRunner} onExit={() => {}} />);
    expect(screen.getByTestId('imp-solo').getAttribute('data-bot-runner')).toBe('worker');
    const humanKinds = new Set<PendingKind>();
    // Two rounds: set-up, pools, the four colour phases with their block offers, the reserve.
    while (state().round <= 2 && !state().result) {
      // The bots play until the game waits for the player alone, and the board shows that state.
      await waitFor(() => {
        expect(awaitedSeats(state())).toEqual([HUMAN]);
        expect(boardCaughtUp()).toBe(true);
      }, { timeout: 10_000 });
      expect(document.querySelector('[data-layout="imperios"]')!.getAttribute('data-seat')).toBe(String(HUMAN));
      humanKinds.add(state().pending!.kind);
      const before = state();
      // A choice may take a few steps (kind, then field); each click re-renders the prompt.
      for (let i = 0; i < 6 && state() === before; i++) act(clickForPlayer);
      expect(state()).not.toBe(before);
    }
    expect([...humanKinds]).toEqual(expect.arrayContaining(['metropolis', 'pool', 'turn']));
    // Every request: a bot seat the game awaited then, its view without the generator.
    expect(sent.length).toBeGreaterThan(50);
    for (const s of sent) {
      expect('rng' in s.request.view).toBe(false);
      expect(s.request.seat).not.toBe(HUMAN);
      expect(s.awaited).toContain(s.request.seat);
    }
    const together = (kind: PendingKind) => sent.filter((s) => s.kind === kind && s.awaited.length > 1);
    expect(together('block').length, 'block offers to several seats at once').toBeGreaterThan(0);
    expect([...new Set(sent.map((s) => s.kind))]).toEqual(expect.arrayContaining(['metropolis', 'pool', 'turn', 'block']));
    // The record (seed and moves) replays to the very state on screen.
    expect(replayCore(session.record!()).states.at(-1)).toEqual(state());
    // The strip says what the last bot did.
    expect(screen.getByTestId('imp-solo-last').textContent).toMatch(/^Player [124] .+\.$/);
  }, 120_000);

  it('in React\'s strict mode (a screen disposed and reused once) the bots still answer in their worker', async () => {
    const session = coreSession({ players: 4, mode: 'tutorial', seed: 'ui-imp-solo-strict' });
    const state = () => session.getState() as ImperiosState;
    const sent: Sent[] = [];
    let started = 0;
    let ended = 0;
    const makeRunner = () => workerRunner(() => {
      started++;
      const w = recordingWorker(sent, state);
      w.terminate = () => {
        ended++;
      };
      return w;
    });
    const errors = vi.spyOn(console, 'error');
    render(<StrictMode><SoloTable session={session} solo={{ human: 3, level: 'greedy' }} seed="strict" pauseMs={0} makeRunner={makeRunner} onExit={() => {}} /></StrictMode>);
    await waitFor(() => expect(awaitedSeats(state())).toEqual([3]), { timeout: 10_000 });
    expect(state().civs.slice(0, 3).every((c) => c.metropolis !== null)).toBe(true);
    expect(errors).not.toHaveBeenCalled();
    expect(started - ended).toBeLessThanOrEqual(1);
    errors.mockRestore();
  });

  it('IM14.1: a request is cut to the seat\'s view (no rng, no log); a request holding rng is refused', () => {
    const whole = coreSession({ players: 4, mode: 'tutorial', seed: 'ui-imp-solo-cut' }).getState() as ImperiosState;
    const seat = awaitedSeats(whole)[0];
    const req = soloBotRequest(whole, seat, 'greedy', 'cut');
    expect('rng' in req.view).toBe(false);
    expect(req.view.log).toEqual([]);
    expect(() => soloBotRequest(whole, (seat + 1) % 4, 'greedy', 'cut')).toThrow(/does not wait/);
    expect(() => answerSoloBot({ ...req, view: whole })).toThrow(/view only/);
    expect(answerSoloBot(req).kind).toBe('chooseMetropolis');
  });

  it('IM4.7: the reserve asks several seats at once: every bot keeps its chits, then the player is asked', async () => {
    // Everyone ended their turns at once: at the reserve (IM4.7) every seat holds more chits than it may keep.
    const HUMAN = 1;
    const start = playUntil(4, 'ui-imp-solo-reserve', (s) => s.pending?.kind === 'reserve' && s.pending.seats.length === 4);
    const session = coreSession(start);
    const state = () => session.getState() as ImperiosState;
    const sent: Sent[] = [];
    render(<SoloTable session={session} solo={{ human: HUMAN, level: 'easy' }} seed="ui-imp-solo-reserve" pauseMs={0}
      makeRunner={() => workerRunner(() => recordingWorker(sent, state))} onExit={() => {}} />);
    await waitFor(() => {
      expect(awaitedSeats(state())).toEqual([HUMAN]);
      expect(boardCaughtUp()).toBe(true);
    }, { timeout: 20_000 });
    expect(sent.map((s) => [s.request.seat, s.kind, s.awaited.length])).toEqual([[0, 'reserve', 4], [2, 'reserve', 3], [3, 'reserve', 2]]);
    for (const s of sent) expect('rng' in s.request.view).toBe(false);
    expect(document.querySelector('[data-testid="imp-prompt"] [data-choice="keep"]')).not.toBeNull();
    act(() => fireEvent.click(document.querySelector('[data-testid="imp-prompt"] [data-choice="keep"]')!));
    expect(state().phase).not.toBe('reserve');
  });

  it('from the start screen: a solo game, saved with its bots, resumed as one, its record replaying exactly', async () => {
    render(<ImperiosScreen seed="ui-imp-solo-start" onExit={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: /Play against bots/ }));
    fireEvent.click(document.querySelector('[data-solo-players="5"]')!);
    fireEvent.click(document.querySelector('[data-solo-mode="tutorial"]')!);
    fireEvent.change(document.querySelector('[data-solo-seat]')!, { target: { value: '3' } });
    fireEvent.click(document.querySelector('[data-solo-level="easy"]')!);
    fireEvent.click(document.querySelector('[data-start="imperios-solo-go"]')!);
    // Without Web Workers (happy-dom) the bots think on the page, until the player's Metropolis (IM3.4).
    expect(screen.getByTestId('imp-solo').getAttribute('data-bot-runner')).toBe('page');
    await waitFor(() => expect(document.querySelector('[data-testid="imp-prompt"] [data-choice="territory-button"]')).not.toBeNull(), { timeout: 20_000 });
    const botMoves = () => Number(screen.getByTestId('imp-solo').getAttribute('data-bot-moves'));
    const before = botMoves();
    act(clickForPlayer);
    await waitFor(() => expect(botMoves()).toBeGreaterThan(before), { timeout: 20_000 });
    const played = botMoves() + 1;
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));

    const { saves } = listImperiosSaves();
    expect(saves).toHaveLength(1);
    expect(saves[0].solo).toEqual({ human: 3, level: 'easy' });
    expect(screen.getByTestId('imp-save-line').textContent).toMatch(/^5 players, Tutorial, .*, against Easy bots · /);
    // Every move shown was saved: the bots' and the player's one.
    expect(saves[0].record.moves).toHaveLength(played);
    const replayed = replayCore(saves[0].record);
    expect(replayed.error).toBeUndefined();
    const last = replayed.states[replayed.states.length - 1];
    expect(last.civs[3].metropolis).not.toBeNull();

    fireEvent.click(document.querySelector('[data-save="resume"]')!);
    expect(screen.getByTestId('imp-solo')).toBeTruthy();
    expect(document.querySelector('[data-layout="imperios"]')!.getAttribute('data-seat')).toBe('3');
    // The resumed game is the saved one, move for move.
    const board = (last.board as Record<string, number[]>);
    const chosen = last.civs[3].metropolis!;
    expect(board[chosen][3]).toBe(2);
  }, 60_000);
});
