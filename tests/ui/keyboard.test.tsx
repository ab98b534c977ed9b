// @vitest-environment happy-dom
/**
 * Issue 12 item 4 — keyboard and screen readers on the board: a new step puts the focus on the prompt's first
 * choice, Escape goes back one step, planets say what stands on them, and the combat roll is announced.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PLANETS } from '../../src/game/content';
import { viewFor } from '../../src/game/rules/view';
import { Board } from '../../src/ui/board/Board';
import { stateAt } from './states';

afterEach(cleanup);

const flush = () => act(() => new Promise<void>((r) => setTimeout(r, 10)));

describe('keyboard play on the board', () => {
  it('focus starts on the first choice; a chosen step moves it to the next; Escape goes back a step', async () => {
    const s = stateAt('turn', 'ui');
    render(<Board view={viewFor(s, s.pending!.seat)} seat={s.pending!.seat} onAction={() => {}} />);
    await flush();
    const prompt = screen.getByTestId('prompt');
    const first = () => prompt.querySelector<HTMLElement>('[data-choice]:not([disabled]):not([data-choice="back"])');
    expect(document.activeElement).toBe(first());
    const move = within(prompt).getByRole('button', { name: 'Move a fleet…' });
    fireEvent.click(move);
    await flush();
    expect(prompt.querySelector('[data-choice="back"]')).not.toBeNull();
    expect(document.activeElement).toBe(first()); // the first source planet, not the vanished type button
    expect(prompt.textContent).toContain('Esc to go back');
    fireEvent.keyDown(window, { key: 'Escape' });
    await flush();
    expect(prompt.querySelector('[data-choice="back"]')).toBeNull();
    expect(within(prompt).getByRole('button', { name: 'Move a fleet…' })).toBeTruthy();
  });

  it('Escape inside the rules sheet closes the sheet only, not a step of the decision', async () => {
    const s = stateAt('turn', 'ui');
    render(<Board view={viewFor(s, s.pending!.seat)} seat={s.pending!.seat} onAction={() => {}} />);
    const prompt = screen.getByTestId('prompt');
    fireEvent.click(within(prompt).getByRole('button', { name: 'Move a fleet…' }));
    await flush();
    fireEvent.click(within(prompt).getByTestId('why'));
    let sheet: HTMLElement | null = null;
    for (let i = 0; i < 100 && !sheet; i++) { await flush(); sheet = screen.queryByTestId('rules'); }
    fireEvent.keyDown(sheet!, { key: 'Escape' });
    await flush();
    expect(screen.queryByTestId('rules')).toBeNull();
    expect(prompt.querySelector('[data-choice="back"]')).not.toBeNull(); // still at the second step
  });

  it('a planet card says its units, leaders and marks to screen readers, not only its name', () => {
    const s = stateAt('turn', 'kbd3');
    const { container } = render(<Board view={viewFor(s, 'R')} seat="R" />);
    const start = container.querySelector(`[data-planet="${s.start.R}"]`)!;
    // Spoken by its content (a screen-reader-only line first: the card opens its details, issue 13 item 1).
    const label = start.getAttribute('aria-label') ?? start.querySelector('.sr-only')?.textContent ?? '';
    expect(label).toContain(PLANETS[s.start.R].name);
    expect(label).toMatch(/Rebel \d+ starfighter/);
    expect(label).toContain('Rebel starting planet');
  });

  it('the combat sheet announces the roll in a status line', () => {
    const s = stateAt('assignHit', 'kbd4');
    render(<Board view={viewFor(s, s.pending!.seat)} seat={s.pending!.seat} onAction={() => {}} />);
    const status = screen.getByTestId('combat-status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toMatch(/rolled (white|black) \d/);
    expect(status.textContent).toContain('Hits left to assign');
  });
});
