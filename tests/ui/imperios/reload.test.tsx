// @vitest-environment happy-dom
/**
 * A reload during a hot-seat game of Imperios comes back into it (issue 23): the whole app (App.tsx, its lazy
 * Imperios chunk, the rules core, this tab's sessionStorage and the sealed save in localStorage) is rendered, taken
 * down as a reload takes down the page, and rendered again. The same game returns at the same seat's cover, and
 * plays on into the same save. "Leave" ends that: a reload then shows the start screen. A finished game is never
 * resumed by a reload. "Learn to play" comes back too, at the same lesson on the same board.
 * A save that no longer replays is refused with the reason, and kept.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ImperiosRecord } from '../../../src/games/imperios/record';
import { awaitedSeats, legalActions, type ImperiosState } from '../../../src/games/imperios/rules';
import { App } from '../../../src/ui/App';
import { listImperiosSaves, saveOf, writeImperiosSave } from '../../../src/ui/imperios/localSaves';
import { IMPERIOS_OPEN_KEY, imperiosOpenId, setImperiosOpen } from '../../../src/ui/imperios/openGame';
import { coreSession, resumeSession, type ImperiosSession } from '../../../src/ui/imperios/session';
import { ImperiosTutorial } from '../../../src/ui/imperios/tutorial/ImperiosTutorial';
import { readTutorial } from '../../../src/ui/imperios/tutorial/tutorialSave';

afterEach(cleanup);
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

/** A reload: the page goes (React runs no clean-up then, as a real unload), the storages stay, the app starts again. */
function reload() {
  const before = { ...sessionStorage };
  cleanup(); // unmounting runs the effects' clean-ups, which an unload never does: put the tab's storage back
  sessionStorage.clear();
  for (const [k, v] of Object.entries(before)) sessionStorage.setItem(k, v as string);
  return render(<App />);
}

/** Pass the cover and choose the first offered territory (a Metropolis, IM3.4); the chosen one. */
async function chooseMetropolis(): Promise<string> {
  fireEvent.click(await screen.findByRole('button', { name: /^I am Player \d/ }));
  const t = document.querySelector<HTMLElement>('[data-choice="territory"]')!;
  fireEvent.click(t);
  await screen.findByTestId('imp-cover');
  return t.getAttribute('data-territory')!;
}

function playFirst(s: ImperiosSession) {
  const st = s.getState() as ImperiosState;
  const seat = awaitedSeats(st)[0];
  s.act(seat, legalActions(st, seat)[0]);
}

/** The start screen's Imperios button (found once the app has rendered it). */
const onStartScreen = () => waitFor(() => {
  const b = document.querySelector<HTMLElement>('[data-start="imperios"]');
  if (!b) throw new Error('not on the start screen');
  return b;
}, { timeout: 20_000 });

describe('Imperios: a reload resumes the running hot-seat game', () => {
  it('comes back into the same game at the same seat; it plays on into the same save; "Leave" ends that', async () => {
    render(<App />);
    fireEvent.click(await onStartScreen());
    // The Imperios chunk loads lazily (as in the page): a bound, not a pause.
    fireEvent.click(await screen.findByText(/Start a 4-player Normal game/, {}, { timeout: 20_000 }));
    await chooseMetropolis();
    await chooseMetropolis();
    const seat = screen.getByTestId('imp-cover').getAttribute('data-seat');
    const [save] = listImperiosSaves().saves;
    expect(save.record.moves).toHaveLength(2);
    expect(imperiosOpenId()).toBe(save.id);

    reload();
    const cover = await screen.findByTestId('imp-cover', {}, { timeout: 20_000 });
    expect(cover.getAttribute('data-seat')).toBe(seat);
    // The state on screen is the saved one: both Metropolises chosen, the seat the saved game awaits asked.
    const saved = resumeSession(save.record);
    if ('error' in saved) throw new Error(saved.error);
    expect(String(awaitedSeats(saved.getState() as ImperiosState)[0])).toBe(seat);
    expect(document.querySelectorAll('[data-testid="imp-map"] [data-territory][aria-label*="controls it"]')).toHaveLength(2);
    // Playing on writes the same save, one move longer: the same game, not a new one.
    await chooseMetropolis();
    expect(listImperiosSaves().saves.map((s) => [s.id, s.record.moves.length])).toEqual([[save.id, 3]]);

    // "Leave" on purpose: the Imperios screen, and a reload then opens the start screen, the game kept to resume.
    fireEvent.click(screen.getByRole('button', { name: /^I am Player \d/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    await screen.findByTestId('imp-saves');
    expect(imperiosOpenId()).toBeNull();
    reload();
    await onStartScreen();
    expect(screen.queryByTestId('imp-cover')).toBeNull();
    expect(screen.queryByTestId('imp-saves')).toBeNull();
    expect(listImperiosSaves().saves).toHaveLength(1);
  });

  it('a game against bots comes back as one: the same bots seated, the player\'s seat kept', async () => {
    const s = coreSession({ players: 4, mode: 'tutorial', seed: 'imp-reload-solo' });
    playFirst(s);
    const state = s.getState() as ImperiosState;
    const human = awaitedSeats(state)[0];
    expect(writeImperiosSave(saveOf('imp-solo', 1, state, s.record!(), { human, level: 'greedy' }))).toBe(true);
    setImperiosOpen('imp-solo');
    render(<App />);
    // The solo table, not the hot-seat one: its bots strip names the level, and the seat asked is the player's.
    const strip = await screen.findByTestId('imp-solo', {}, { timeout: 20_000 });
    expect(strip.textContent).toMatch(/Quick/);
    expect(imperiosOpenId()).toBe('imp-solo');
    expect(screen.queryByTestId('imp-cover')).toBeNull();
  });

  it('a finished game does not come back; a save that no longer replays is refused with the reason and kept', async () => {
    const s = coreSession({ players: 4, mode: 'tutorial', seed: 'imp-reload-over' });
    for (let i = 0; i < 20_000 && (s.getState() as ImperiosState).phase !== 'over'; i++) playFirst(s);
    expect((s.getState() as ImperiosState).phase).toBe('over');
    expect(writeImperiosSave(saveOf('imp-over', 1, s.getState() as ImperiosState, s.record!()))).toBe(true);
    // Opened from the list, a finished game is not this tab's game to come back to: nothing left to play.
    render(<App />);
    fireEvent.click(await onStartScreen());
    fireEvent.click(await screen.findByRole('button', { name: /^Open: 4 players, Tutorial, game over/ }, { timeout: 20_000 }));
    await waitFor(() => expect(document.querySelector('[data-testid="imp-end"]')).not.toBeNull());
    expect(sessionStorage.getItem(IMPERIOS_OPEN_KEY)).toBeNull();
    cleanup();
    // Marked as on screen all the same (the tab closed as it ended): the set-up, not the game.
    setImperiosOpen('imp-over');
    render(<App />);
    await screen.findByText(/Start a 4-player Normal game/);
    expect(document.querySelector('[data-testid="imp-end"]')).toBeNull();
    expect(sessionStorage.getItem(IMPERIOS_OPEN_KEY)).toBeNull();
    cleanup();

    const t = coreSession({ players: 4, mode: 'normal', seed: 'imp-reload-tampered' });
    playFirst(t);
    const rec: ImperiosRecord = t.record!();
    rec.moves[0] = { ...rec.moves[0], playerID: String((Number(rec.moves[0].playerID) + 1) % 4) };
    writeImperiosSave(saveOf('imp-tampered', 1, t.getState() as ImperiosState, rec));
    const stored = localStorage.getItem('imperios-save:imp-tampered');
    setImperiosOpen('imp-tampered');
    render(<App />);
    await waitFor(() => expect(screen.getByTestId('imp-note').textContent).toMatch(/before the reload cannot be resumed: move 1 is refused by the rules .* kept on this device/));
    expect(screen.queryByTestId('imp-cover')).toBeNull();
    expect(localStorage.getItem('imperios-save:imp-tampered')).toBe(stored);
    expect(imperiosOpenId()).toBeNull();
  });
});

describe('Imperios: a reload resumes "Learn to play"', () => {
  /** The seats the board says the game awaits. */
  const awaited = () => [...document.querySelectorAll('[data-testid="imp-awaited"] [data-seat-mark]')].map((m) => m.getAttribute('data-seat-mark'));
  const civs = () => [...document.querySelectorAll('[data-civ]')].map((e) => e.textContent);
  const step = () => screen.getByTestId('coach').getAttribute('data-step');

  it('the same lesson on the same board, the lessons done still done; "Leave tutorial" ends that', async () => {
    render(<App />);
    fireEvent.click(await onStartScreen());
    fireEvent.click(await waitFor(() => {
      const b = document.querySelector<HTMLElement>('[data-start="imperios-tutorial"]'); // the Imperios screen's
      if (!b) throw new Error('not on the Imperios screen yet');
      return b;
    }, { timeout: 20_000 }));
    // The bots choose their Metropolises a moment apart (a bound, not a pause); then the player's, on the map.
    await waitFor(() => expect(document.querySelector('[data-choice="territory"]')).not.toBeNull(), { timeout: 20_000 });
    fireEvent.click(document.querySelector('[data-choice="territory"]')!);
    // The pool chit: wait until only the player is awaited (the bots have chosen), so nothing moves at the reload.
    await waitFor(() => expect([step(), awaited()]).toEqual(['pool', ['0']]), { timeout: 20_000 });
    const before = { civs: civs(), moves: readTutorial()?.record.moves.length };
    expect(before.moves).toBeGreaterThan(0);
    expect(imperiosOpenId()).toBe('tutorial');

    reload();
    await waitFor(() => expect(screen.getByTestId('coach').getAttribute('data-step')).toBe('pool'), { timeout: 20_000 });
    expect(awaited()).toEqual(['0']);
    expect({ civs: civs(), moves: readTutorial()?.record.moves.length }).toEqual(before);
    // The first lesson (the Metropolis) is still done.
    expect(screen.getByTestId('coach').textContent).toMatch(/2\/\d+/);

    fireEvent.click(screen.getByRole('button', { name: /Leave tutorial/ }));
    await screen.findByText(/Start a 4-player Normal game/);
    expect(imperiosOpenId()).toBeNull();
    expect(readTutorial()).toBeNull();
    reload();
    await onStartScreen();
    expect(screen.queryByTestId('coach')).toBeNull();
  });
});

describe('Imperios: a resumed lesson goes on as it would have', () => {
  /**
   * Plays the lesson on `session` until it holds `moves` moves: the bots on their own (no pause), the player its
   * first listed decision whenever the game awaits only the player (so the two runs interleave the same way).
   */
  async function playTo(session: ImperiosSession, moves: number) {
    while (session.record!().moves.length < moves) {
      const at = session.record!().moves.length;
      const st = session.getState() as ImperiosState;
      const seats = awaitedSeats(st);
      if (seats.length === 1 && seats[0] === 0) act(() => session.act(0, legalActions(st, 0)[0]));
      else await waitFor(() => expect(session.record!().moves.length).toBeGreaterThan(at), { timeout: 20_000 });
    }
  }

  it('the same moves after a reload as without one: the record and the bots\' stream are kept', async () => {
    const straight = coreSession({ players: 4, mode: 'tutorial', seed: 'ui-imp-tut-resume' });
    render(<ImperiosTutorial seed="ui-imp-tut-resume" session={straight} pauseMs={0} onExit={() => {}} />);
    await playTo(straight, 40);
    const want = straight.record!().moves.slice(0, 40);
    cleanup();

    const first = coreSession({ players: 4, mode: 'tutorial', seed: 'ui-imp-tut-resume' });
    render(<ImperiosTutorial seed="ui-imp-tut-resume" session={first} pauseMs={0} keep onExit={() => {}} />);
    await playTo(first, 20);
    const kept = readTutorial()!; // read before the unmount forgets it, as an unload would not
    expect(kept.record.moves).toEqual(first.record!().moves);
    cleanup();
    const resumed = resumeSession(kept.record);
    if ('error' in resumed) throw new Error(resumed.error);
    render(<ImperiosTutorial seed="ui-imp-tut-resume" session={resumed} bots={kept.bots} pauseMs={0} keep onExit={() => {}} />);
    await playTo(resumed, 40);
    expect(resumed.record!().moves.slice(0, 40)).toEqual(want);
  });
});
