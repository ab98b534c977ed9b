// @vitest-environment happy-dom
/**
 * A downloaded record of Imperios Milenarios opened from the start screen's Replays, the general "Open a game
 * record…" that opens Mint's records (issue 23): the whole app (App.tsx, the lazy replay screen and Imperios
 * chunk, the rules core) takes the file, re-runs it, and shows the Imperios viewer, which steps to the end and its
 * final scoring of the recorded winner. A damaged Imperios file is refused with what is wrong, and a Mint record
 * offered to the Imperios screen is refused with where it opens; neither leaves the screen it was offered on.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ImperiosRecord } from '../../../src/games/imperios/record';
import { awaitedSeats, legalActions, type ImperiosState } from '../../../src/games/imperios/rules';
import { App } from '../../../src/ui/App';
import { coreSession } from '../../../src/ui/imperios/session';

afterEach(cleanup);
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

/** The record of a whole Tutorial game of four, each seat playing its first listed decision. */
function finishedRecord(): ImperiosRecord {
  const s = coreSession({ players: 4, mode: 'tutorial', seed: 'ui-imp-record-file' });
  for (let i = 0; i < 20_000 && (s.getState() as ImperiosState).phase !== 'over'; i++) {
    const st = s.getState() as ImperiosState;
    const seat = awaitedSeats(st)[0];
    s.act(seat, legalActions(st, seat)[0]);
  }
  const rec = s.record!();
  expect(rec.result).not.toBeNull();
  return rec;
}

async function chooseFile(input: Element, text: string, name = 'record.json') {
  await act(async () => {
    fireEvent.change(input, { target: { files: [new File([text], name, { type: 'application/json' })] } });
  });
}

const startScreenFile = () => waitFor(() => {
  const input = document.querySelector('[data-testid="record-file"]');
  if (!input) throw new Error('not on the start screen');
  return input;
}, { timeout: 20_000 });

const startScreenButton = () => waitFor(() => {
  const b = document.querySelector<HTMLElement>('[data-start="imperios"]');
  if (!b) throw new Error('not on the start screen');
  return b;
}, { timeout: 20_000 });

describe('Imperios record files from the start screen', () => {
  it("opens in the Imperios viewer, steps to the end and shows the final scoring; a damaged one is refused", async () => {
    const rec = finishedRecord();
    render(<App />);
    // Damaged first: the players cut off. The start screen stays, saying what is wrong.
    await chooseFile(await startScreenFile(), JSON.stringify({ ...rec, players: rec.players.slice(0, 2) }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This file is not a record of Imperios Milenarios this version can open: no players.'));
    expect(document.querySelector('[data-screen="imperios-replay"]')).toBeNull();
    // Not JSON at all: Mint's reader says so.
    await chooseFile(await startScreenFile(), '{"game":"imperios", "seed": ');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^This is not a game record this version can open: not JSON/));

    await chooseFile(await startScreenFile(), JSON.stringify(rec), 'imperios-local.json');
    // The replay screen and the Imperios chunk load lazily, then the record re-runs.
    await waitFor(() => expect(document.querySelector('[data-screen="imperios-replay"]')).not.toBeNull(), { timeout: 20_000 });
    expect(screen.getByTestId('imp-replay-step').textContent).toBe(`Step 0 of ${rec.moves.length}`);
    expect(screen.getByTestId('imp-replay-verified').textContent).toMatch(/reaches exactly its recorded result/);
    expect(document.querySelector('[data-layout="imperios"]')!.getAttribute('data-phase')).toBe('setup');
    fireEvent.click(screen.getByRole('button', { name: 'One step forward' }));
    expect(screen.getByTestId('imp-replay-step').textContent).toBe(`Step 1 of ${rec.moves.length}`);
    expect(document.querySelector('[data-testid="imp-end"]')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'To the end' }));
    expect(screen.getByTestId('imp-replay-step').textContent).toBe(`Step ${rec.moves.length} of ${rec.moves.length}`);
    expect(document.querySelector('[data-testid="imp-end"]')!.getAttribute('data-winner')).toBe(rec.result!.winner);
    // Leave: back to the start screen.
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    await startScreenFile();
  });

  it('the Imperios screen refuses a record of Mint Imperium, saying where it opens', async () => {
    render(<App />);
    fireEvent.click(await startScreenButton());
    const input = await screen.findByLabelText(/Open a record file/, {}, { timeout: 20_000 }); // a lazy chunk
    await chooseFile(input, JSON.stringify({ version: 1, game: 'mint-imperium', seed: 's', actions: [] }));
    await waitFor(() => expect(screen.getByTestId('imp-note').textContent).toBe(
      "This is a record of Mint Imperium, not of Imperios Milenarios: open it from the start screen's Replays.",
    ));
    expect(document.querySelector('[data-screen="imperios-replay"]')).toBeNull();
  });
});
