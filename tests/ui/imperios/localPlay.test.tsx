// @vitest-environment happy-dom
/**
 * Imperios local play (issue 23): hot-seat saves (kept after every move, listed, resumed to the exact same state,
 * deleted only after the page's own question, a damaged one refused with a message and kept), the full list asking
 * before the oldest goes, the downloadable record of a finished game (none while it runs, IM14.1: it re-runs to the
 * state saved) and a record file opened in the viewer.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImperiosRecord } from '../../../src/games/imperios/record';
import { replayCore } from '../../../src/games/imperios/replay';
import { awaitedSeats, legalActions, type ImperiosState } from '../../../src/games/imperios/rules';
import { ImperiosScreen } from '../../../src/ui/imperios/ImperiosScreen';
import { listImperiosSaves, MAX_IMPERIOS_SAVES, readImperiosSave, saveOf, writeImperiosSave } from '../../../src/ui/imperios/localSaves';
import { coreSession, resumeSession, type ImperiosSession, type LocalSetup } from '../../../src/ui/imperios/session';

afterEach(cleanup);
beforeEach(() => localStorage.clear());

const sessions: ImperiosSession[] = [];
const make = (s: LocalSetup) => {
  const session = coreSession(s);
  sessions.push(session);
  return session;
};

function openScreen() {
  return render(<ImperiosScreen seed="ui-imp-saves" onExit={() => {}} makeSession={make} />);
}

/** Pass the cover and choose the first offered territory (a Metropolis, IM3.4), `n` times. */
async function chooseMetropolises(n: number) {
  for (let i = 0; i < n; i++) {
    fireEvent.click(await screen.findByRole('button', { name: /^I am Player \d/ }));
    fireEvent.click(document.querySelector<HTMLElement>('[data-choice="territory"]')!);
  }
  await screen.findByTestId('imp-cover');
}

/** Past the cover (the board under it is inert), then a button of the board. */
function onBoard(name: string) {
  fireEvent.click(screen.getByRole('button', { name: /^I am Player \d/ }));
  fireEvent.click(screen.getByRole('button', { name }));
}

/** Plays the first legal decision of the seat the game awaits. */
function playFirst(s: ImperiosSession) {
  const st = s.getState() as ImperiosState;
  const seat = awaitedSeats(st)[0];
  s.act(seat, legalActions(st, seat)[0]);
}

/** Stores the save of a game of `moves` first-listed decisions, last played at `savedAt`. */
function storeGame(id: string, moves: number, savedAt: number) {
  const s = coreSession({ players: 5, mode: 'normal', seed: id });
  for (let i = 0; i < moves; i++) playFirst(s);
  expect(writeImperiosSave({ ...saveOf(id, savedAt - 1000, s.getState() as ImperiosState, s.record!()), savedAt })).toBe(true);
}

describe('Imperios hot-seat saves', () => {
  it('saves after each move; the start screen lists it; Resume continues the exact same state', async () => {
    const view = openScreen();
    expect(screen.queryByTestId('imp-saves')).toBeNull();
    fireEvent.click(screen.getByText(/Start a 4-player Normal game/));
    expect(localStorage.length).toBe(0); // nothing before the first move
    await chooseMetropolises(2);
    expect(screen.getByTestId('imp-save-bar').querySelector('[data-saved]')!.getAttribute('data-saved')).toBe('true');
    const played = sessions[sessions.length - 1].getState();
    const { saves } = listImperiosSaves();
    expect(saves).toHaveLength(1);
    expect(saves[0].record.moves).toHaveLength(2);
    expect(localStorage.getItem(`imperios-save:${saves[0].id}`)).toMatch(/^sealed:/); // the seed is not in plain sight

    onBoard('Leave');
    const row = within(await screen.findByTestId('imp-saves')).getByTestId('imp-save-line');
    expect(row.textContent).toMatch(/^4 players, Normal, choosing Metropolises · /);
    fireEvent.click(screen.getByRole('button', { name: /^Resume: 4 players/ }));
    await screen.findByTestId('imp-cover');
    // The resumed game is the saved one: the same state, the same seat asked next.
    const again = resumeSession(saves[0].record);
    if ('error' in again) throw new Error(again.error);
    expect(again.getState()).toEqual(played);
    expect(screen.getByTestId('imp-cover').getAttribute('data-seat')).toBe(String(awaitedSeats(played as ImperiosState)[0]));
    // Playing on writes the same save, one move longer.
    await chooseMetropolises(1);
    expect(listImperiosSaves().saves.map((s) => [s.id, s.record.moves.length])).toEqual([[saves[0].id, 3]]);
    view.unmount();
  });

  it('a new game keeps the saved ones; Delete asks in the page first', async () => {
    openScreen();
    fireEvent.click(screen.getByText(/Start a 4-player Normal game/));
    await chooseMetropolises(1);
    onBoard('Leave');
    fireEvent.click(await screen.findByText(/Start a 4-player Normal game/));
    await chooseMetropolises(1);
    onBoard('Leave');
    await screen.findByTestId('imp-saves');
    expect(screen.getAllByRole('button', { name: /^Resume:/ })).toHaveLength(2);
    fireEvent.click(screen.getAllByRole('button', { name: /^Delete:/ })[0]);
    const dialog = screen.getByTestId('imp-delete-dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(listImperiosSaves().saves).toHaveLength(2);
    fireEvent.click(screen.getAllByRole('button', { name: /^Delete:/ })[0]);
    fireEvent.click(within(screen.getByTestId('imp-delete-dialog')).getByRole('button', { name: 'Delete it' }));
    expect(listImperiosSaves().saves).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /^Resume:/ })).toHaveLength(1);
  });

  it('a damaged save is refused with a message and kept as it was', async () => {
    localStorage.setItem('imperios-save:imp-garbage', 'sealed:xx:not-base64!');
    const s = coreSession({ players: 4, mode: 'normal', seed: 'ui-imp-damaged' });
    playFirst(s);
    const rec: ImperiosRecord = s.record!();
    rec.moves[0] = { ...rec.moves[0], playerID: String((Number(rec.moves[0].playerID) + 1) % 4) };
    writeImperiosSave(saveOf('imp-tampered', 1, s.getState() as ImperiosState, rec));
    const stored = localStorage.getItem('imperios-save:imp-tampered');
    openScreen();
    expect(screen.getByTestId('imp-saves-unreadable').textContent).toMatch(/^One saved game cannot be read/);
    fireEvent.click(screen.getByRole('button', { name: /^Resume: 4 players/ }));
    expect(screen.getByTestId('imp-note').textContent).toMatch(/cannot be resumed: move 1 is refused by the rules .* kept on this device/);
    expect(screen.queryByTestId('imp-cover')).toBeNull();
    expect(localStorage.getItem('imperios-save:imp-tampered')).toBe(stored);
    expect(localStorage.getItem('imperios-save:imp-garbage')).toBe('sealed:xx:not-base64!');
  });

  it(`with ${MAX_IMPERIOS_SAVES} saves, a new game asks before the oldest goes`, async () => {
    for (let i = 0; i < MAX_IMPERIOS_SAVES; i++) storeGame(`imp-full-${i}`, 1, 1_000_000 + i * 1000);
    openScreen();
    fireEvent.click(screen.getByText(/Start a 4-player Normal game/));
    const dialog = screen.getByTestId('imp-full-dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByTestId('imp-cover')).toBeNull();
    expect(listImperiosSaves().saves).toHaveLength(MAX_IMPERIOS_SAVES);
    fireEvent.click(screen.getByText(/Start a 4-player Normal game/));
    fireEvent.click(within(screen.getByTestId('imp-full-dialog')).getByRole('button', { name: 'Delete it and start' }));
    await screen.findByTestId('imp-cover');
    expect(readImperiosSave('imp-full-0')).toHaveProperty('error');
    expect(listImperiosSaves().saves.map((s) => s.id)).not.toContain('imp-full-0');
  });
});

describe('Imperios records of local games', () => {
  it('IM14.1: no record while the game runs (its seed tells every future draw); a finished save downloads one that re-runs', async () => {
    const blobs: Blob[] = [];
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blobs.push(b as Blob);
      return 'blob:x';
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    openScreen();
    fireEvent.click(screen.getByText(/Start a 4-player Normal game/));
    await chooseMetropolises(3);
    fireEvent.click(screen.getByRole('button', { name: /^I am Player \d/ }));
    expect(screen.getByTestId('imp-save-bar')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download the record' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    // The running game's saved row offers no download either.
    const running = await screen.findByTestId('imp-saves');
    expect(within(running).queryByRole('button', { name: /^Download the record/ })).toBeNull();
    expect(blobs).toHaveLength(0);
    cleanup();

    // A finished game: its saved row downloads its record, which re-runs to the state saved.
    const s = coreSession({ players: 4, mode: 'tutorial', seed: 'imp-over' });
    let st = s.getState() as ImperiosState;
    for (let i = 0; i < 20_000 && st.phase !== 'over'; i++) {
      playFirst(s);
      st = s.getState() as ImperiosState;
    }
    expect(st.phase).toBe('over');
    expect(writeImperiosSave(saveOf('imp-over', 1, st, s.record!()))).toBe(true);
    openScreen();
    fireEvent.click(within(await screen.findByTestId('imp-saves')).getByRole('button', { name: /^Download the record/ }));
    expect(blobs).toHaveLength(1);
    const rec = JSON.parse(await blobs[0].text()) as ImperiosRecord;
    expect(rec.result).not.toBeNull();
    const replay = replayCore(rec);
    expect(replay.exact).toBe(true);
    expect(replay.states[replay.states.length - 1]).toEqual(st);
    create.mockRestore();
    click.mockRestore();
  });

  it('a record file opens in the viewer (one cut short while its game ran too); a wrong file is refused', async () => {
    // A record of a running game (an older page offered them): the viewer says where it ends.
    const s = coreSession({ players: 4, mode: 'normal', seed: 'imp-running' });
    for (let i = 0; i < 3; i++) playFirst(s);
    const text = JSON.stringify(s.record!());
    openScreen();
    const input = (await screen.findByLabelText(/Open a record file/)) as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File([text], 'game.json', { type: 'application/json' })] } });
    });
    await waitFor(() => expect(screen.getByTestId('imp-replay-step').textContent).toBe('Step 0 of 3'));
    expect(screen.getByTestId('imp-replay-verified').textContent).toMatch(/its last recorded move \(the game was still running\)/);
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    await act(async () => {
      fireEvent.change(await screen.findByLabelText(/Open a record file/), { target: { files: [new File(['{"game":"mint"}'], 'x.json')] } });
    });
    await waitFor(() => expect(screen.getByTestId('imp-note').textContent).toMatch(/not a record of Imperios Milenarios/));
  });
});
