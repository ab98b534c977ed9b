// @vitest-environment happy-dom
/**
 * Issue 20 item 4 — starting a new game never silently deletes a saved one. The start screen lists every saved
 * local game (mode, sides, round, moves, date) with Resume and Delete (Delete asks first), and "Play hot-seat",
 * the bot's sides and solo's difficulties ask in the page's own dialog (never window.confirm) when a game of that
 * mode is saved: resume it, keep it and start anew, or discard it (a second question). A mode keeps up to 5 games;
 * the oldest goes only when the player agrees.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listSaved, loadSaved, MAX_SAVED_PER_MODE, saveLocal, type SavedLocal } from '../../src/ui/saved/localSave';
import { StartScreen } from '../../src/ui/screens/StartScreen';

// The browser's own box, which the page must never use (happy-dom has none: a stand-in that would say yes).
const confirmSpy = vi.fn(() => true);
beforeEach(() => { confirmSpy.mockClear(); window.confirm = confirmSpy; });
afterEach(() => { cleanup(); vi.restoreAllMocks(); localStorage.clear(); sessionStorage.clear(); });

const move = { seat: 'I', action: { type: 'imperialSetup', capitalOn: 'IMP', fightersOnImperium: 2 } } as SavedLocal['moves'][number];

/** A saved game of `setup`, last played at `savedAt` (ms), in `round`, with `n` moves. */
function saved(id: string, setup: SavedLocal['setup'], savedAt: number, round = 3, n = 4): SavedLocal {
  vi.spyOn(Date, 'now').mockReturnValue(savedAt);
  const s: SavedLocal = { id, seed: `seed-${id}`, setup, moves: Array.from({ length: n }, () => move), round, startedAt: savedAt - 60_000 };
  saveLocal(s);
  vi.restoreAllMocks();
  return s;
}

const MARCH = Date.UTC(2026, 2, 4, 14, 5);
const dialog = () => screen.getByRole('alertdialog');

describe('the start screen never starts a game over a saved one without asking (issue 20 item 4)', () => {
  it('"Play hot-seat" with a saved hot-seat game asks in the page\'s own dialog: focus inside, Escape cancels, nothing lost', () => {
    saved('hotseat-old', { mode: 'hotseat' }, MARCH, 3, 4);
    const onStart = vi.fn();
    render(<StartScreen onStart={onStart} />);
    fireEvent.click(screen.getByRole('button', { name: /Play hot-seat/ }));
    expect(onStart).not.toHaveBeenCalled();
    expect(confirmSpy).not.toHaveBeenCalled();
    const d = dialog();
    expect(d.getAttribute('aria-modal')).toBe('true');
    expect(d.getAttribute('aria-labelledby') && document.getElementById(d.getAttribute('aria-labelledby')!)?.textContent)
      .toBe('You have a saved hot-seat game');
    expect(d.contains(document.activeElement)).toBe(true);
    // The saved game named as the list does: round, moves, date.
    expect(within(d).getByTestId('saved-progress').textContent).toMatch(/^Round 3 · 4 moves played · last played .*2026/);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onStart).not.toHaveBeenCalled();
    expect(loadSaved('hotseat-old')).not.toBeNull();
  });

  it('"Keep it and start a new game" starts the new game and keeps the saved one; "Resume" resumes it', () => {
    saved('hotseat-old', { mode: 'hotseat' }, MARCH);
    const onStart = vi.fn();
    render(<StartScreen onStart={onStart} />);
    fireEvent.click(screen.getByRole('button', { name: /Play hot-seat/ }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Keep it and start a new game' }));
    expect(onStart).toHaveBeenCalledWith({ mode: 'hotseat' });
    expect(loadSaved('hotseat-old')).not.toBeNull();
    cleanup();
    render(<StartScreen onStart={onStart} />);
    fireEvent.click(screen.getByRole('button', { name: /Play hot-seat/ }));
    fireEvent.click(within(dialog()).getByRole('button', { name: /^Resume: Hot-seat game/ }));
    expect(onStart).toHaveBeenLastCalledWith({ mode: 'resume', saved: expect.objectContaining({ id: 'hotseat-old', seed: 'seed-hotseat-old' }) });
  });

  it('discarding asks a second time; "Back" keeps it; confirmed, that game only is deleted and the new one starts', () => {
    saved('hotseat-old', { mode: 'hotseat' }, MARCH);
    saved('bot-other', { mode: 'bot', human: 'R', difficulty: 'hard' }, MARCH);
    const onStart = vi.fn();
    render(<StartScreen onStart={onStart} />);
    fireEvent.click(screen.getByRole('button', { name: /Play hot-seat/ }));
    fireEvent.click(within(dialog()).getByRole('button', { name: /^Discard: Hot-seat game/ }));
    expect(within(dialog()).getByRole('heading').textContent).toBe('Discard this saved game?');
    expect(dialog().contains(document.activeElement)).toBe(true);
    expect(document.activeElement?.textContent).toBe('Back'); // the safe answer has the focus
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Back' }));
    expect(within(dialog()).getByRole('heading').textContent).toBe('You have a saved hot-seat game');
    expect(loadSaved('hotseat-old')).not.toBeNull();
    fireEvent.click(within(dialog()).getByRole('button', { name: /^Discard: Hot-seat game/ }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Discard it and start a new game' }));
    expect(loadSaved('hotseat-old')).toBeNull();
    expect(loadSaved('bot-other')).not.toBeNull();
    expect(onStart).toHaveBeenCalledWith({ mode: 'hotseat' });
  });

  it('a full list (5 games of a mode) offers no "keep": the oldest goes only once the player confirms it', () => {
    const games = Array.from({ length: MAX_SAVED_PER_MODE }, (_, i) => saved(`bot-${i}`, { mode: 'bot', human: 'I', difficulty: 'easy' }, MARCH + i * 3_600_000, i + 1));
    const onStart = vi.fn();
    render(<StartScreen onStart={onStart} />);
    fireEvent.click(screen.getByRole('button', { name: /Play against the bot/ }));
    fireEvent.click(screen.getByRole('button', { name: /Play the Rebel/ }));
    const d = dialog();
    expect(within(d).getByRole('heading').textContent).toBe('You have 5 saved games against the bot');
    expect(within(d).queryByRole('button', { name: /Keep/ })).toBeNull();
    // Newest first: the last one listed is the oldest.
    expect(within(d).getAllByTestId('saved-progress').map((e) => e.textContent?.split(' · ')[0])).toEqual(['Round 5', 'Round 4', 'Round 3', 'Round 2', 'Round 1']);
    fireEvent.click(within(d).getByRole('button', { name: /Discard the oldest/ }));
    expect(within(dialog()).getByTestId('dropping').textContent).toMatch(/^Game against the bot, Round 1 · 4 moves played/);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Discard it and start a new game' }));
    expect(loadSaved(games[0].id)).toBeNull();
    expect(listSaved('bot').map((s) => s.id)).toEqual(['bot-4', 'bot-3', 'bot-2', 'bot-1']);
    expect(onStart).toHaveBeenCalledWith({ mode: 'bot', human: 'R', difficulty: 'normal' });
  });

  it('asks only for the mode of the new game: solo asks about a saved solo game, not about a hot-seat one', () => {
    saved('hotseat-old', { mode: 'hotseat' }, MARCH);
    const onStart = vi.fn();
    render(<StartScreen onStart={onStart} />);
    fireEvent.click(screen.getByRole('button', { name: /Solo against the rival deck/ }));
    fireEvent.click(screen.getByRole('button', { name: /Play the Imperial/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Hard/ }));
    expect(onStart).toHaveBeenCalledWith({ mode: 'solo', bot: 'R', difficulty: 'hard' });
    cleanup();
    saved('solo-old', { mode: 'solo', solo: { bot: 'R', difficulty: 'normal' } }, MARCH, 2, 1);
    onStart.mockClear();
    render(<StartScreen onStart={onStart} />);
    fireEvent.click(screen.getByRole('button', { name: /Solo against the rival deck/ }));
    fireEvent.click(screen.getByRole('button', { name: /Play the Imperial/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Hard/ }));
    expect(onStart).not.toHaveBeenCalled();
    expect(within(dialog()).getByRole('heading').textContent).toBe('You have a saved solo game');
    expect(dialog().textContent).toContain('You play the Imperial against the Rebel rival deck (Normal)');
  });
});

describe('the start screen lists the saved games', () => {
  it('each with its mode, sides, round, moves and date, newest first; "Delete" asks in the page\'s dialog', () => {
    saved('hotseat-old', { mode: 'hotseat' }, MARCH, 0, 1);
    saved('bot-new', { mode: 'bot', human: 'I', difficulty: 'hard' }, MARCH + 86_400_000, 7, 120);
    const onStart = vi.fn();
    render(<StartScreen onStart={onStart} />);
    const list = screen.getByRole('region', { name: 'Your saved games' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('data-save-id'))).toEqual(['bot-new', 'hotseat-old']);
    expect(rows[0].textContent).toMatch(/^Game against the botYou play the Imperial against the Hard bot\.Round 7 · 120 moves played · last played .*2026/);
    expect(rows[1].textContent).toMatch(/Both players on this device\.Set-up · 1 move played · last played/);
    fireEvent.click(within(rows[1]).getByRole('button', { name: /^Delete/ }));
    expect(confirmSpy).not.toHaveBeenCalled();
    expect(within(dialog()).getByRole('heading').textContent).toBe('Delete this saved game?');
    expect(document.activeElement?.textContent).toBe('Keep it');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Keep it' }));
    expect(loadSaved('hotseat-old')).not.toBeNull();
    fireEvent.click(within(rows[1]).getByRole('button', { name: /^Delete/ }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Delete it' }));
    expect(loadSaved('hotseat-old')).toBeNull();
    expect(within(list).getAllByRole('listitem').map((r) => r.getAttribute('data-save-id'))).toEqual(['bot-new']);
    fireEvent.click(within(list).getByRole('button', { name: /^Resume/ }));
    expect(onStart).toHaveBeenCalledWith({ mode: 'resume', saved: expect.objectContaining({ id: 'bot-new' }) });
  });
});
