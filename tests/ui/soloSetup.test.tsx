// @vitest-environment happy-dom
/**
 * Issue 20 item 8 — the solo set-up on the start screen keeps its "Solo against the rival deck" title at both
 * steps (side, then difficulty), has a Back button at each (back to the side, then closed), moves the keyboard
 * focus with the steps, and says each difficulty in a player's words for the rival chosen — no "default move".
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { soloLevelWords } from '../../src/game/content';
import { StartScreen } from '../../src/ui/screens/StartScreen';

afterEach(cleanup);

const TITLE = 'Solo against the rival deck';
const setup = () => screen.getByRole('region', { name: TITLE });

describe('solo set-up on the start screen', () => {
  it('keeps its title and a Back button at each step, and Back goes one step back', () => {
    const onStart = vi.fn();
    render(<StartScreen onStart={onStart} />);
    fireEvent.click(screen.getByRole('button', { name: /Solo against the rival deck/ }));
    // Step 1: the side.
    expect(within(setup()).getByRole('heading', { name: TITLE })).toBeTruthy();
    expect(within(setup()).getByRole('group', { name: 'Choose your side' })).toBeTruthy();
    expect(within(setup()).getByRole('button', { name: /Back/ })).toBeTruthy();
    fireEvent.click(within(setup()).getByRole('button', { name: /Play the Rebel/ }));
    // Step 2: the difficulty, still under the title, with the side chosen said and a way back.
    expect(within(setup()).getByRole('heading', { name: TITLE })).toBeTruthy();
    expect(within(setup()).getByRole('group', { name: 'Choose the difficulty' })).toBeTruthy();
    expect(screen.getByTestId('solo-side').textContent).toMatch(/You play the Rebel against the Imperial rival deck/);
    fireEvent.click(within(setup()).getByRole('button', { name: /Back to the choice of side/ }));
    expect(within(setup()).getByRole('group', { name: 'Choose your side' })).toBeTruthy();
    fireEvent.click(within(setup()).getByRole('button', { name: /Back/ }));
    expect(screen.queryByRole('region', { name: TITLE })).toBeNull();
    expect(screen.getByRole('button', { name: /Solo against the rival deck/ })).toBeTruthy();
    expect(onStart).not.toHaveBeenCalled();
  });

  it('moves the focus to the title at each step and back to the entry when closed', () => {
    render(<StartScreen onStart={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: /Solo against the rival deck/ }));
    expect(document.activeElement).toBe(within(setup()).getByRole('heading', { name: TITLE }));
    fireEvent.click(within(setup()).getByRole('button', { name: /Play the Imperial/ }));
    expect(document.activeElement).toBe(within(setup()).getByRole('heading', { name: TITLE }));
    fireEvent.click(within(setup()).getByRole('button', { name: /Back/ }));
    fireEvent.click(within(setup()).getByRole('button', { name: /Back/ }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Solo against the rival deck/ }));
  });

  it.each([['Play the Rebel', 'I'], ['Play the Imperial', 'R']] as const)('%s: the difficulties in plain words for that rival, and the choice started', (side, bot) => {
    const onStart = vi.fn();
    render(<StartScreen onStart={onStart} />);
    fireEvent.click(screen.getByRole('button', { name: /Solo against the rival deck/ }));
    fireEvent.click(within(setup()).getByRole('button', { name: new RegExp(side) }));
    const group = within(setup()).getByRole('group', { name: 'Choose the difficulty' });
    const texts = within(group).getAllByRole('button').map((b) => b.textContent ?? '');
    expect(texts).toEqual(['Easy', 'Normal', 'Hard'].map((n) => `${n}${soloLevelWords(n.toLowerCase() as 'easy', bot)}`));
    for (const t of texts) expect(t).not.toMatch(/default move|default action|at setup/);
    expect(texts.join(' ')).toMatch(bot === 'I' ? /hunting for your base/ : /attacking a weak Imperial group next door/);
    fireEvent.click(within(group).getByRole('button', { name: /^Hard/ }));
    expect(onStart).toHaveBeenCalledWith({ mode: 'solo', bot, difficulty: 'hard' });
  });
});
