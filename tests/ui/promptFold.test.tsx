// @vitest-environment happy-dom
/**
 * Issue 20 item 9 — the phone's prompt bar folds to its question and opens again (src/ui/prompt/Fold.tsx): a native
 * toggle button with aria-expanded / aria-controls; folded, the choices are hidden but the question and "Your
 * decision" stay; the next step of the decision opens the bar by itself (folding is never remembered); on a desktop
 * there is nothing to fold. The heights are checked in Chromium (tests/e2e/phone.test.ts).
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Faction } from '../../src/game/content';
import type { Action, GameState } from '../../src/game/rules';
import { viewFor } from '../../src/game/rules/view';
import { Board } from '../../src/ui/board/Board';
import { stateAt } from './states';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function asPhone(isPhone: boolean) {
  // Only the layout query answers "phone"; reduced motion and the rest stay off.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: isPhone && query.includes('max-width'), media: query, addEventListener() {}, removeEventListener() {},
  }));
}

function renderBoard(state: GameState, seat: Faction) {
  const onAction = vi.fn<(a: Action) => void>();
  render(<Board view={viewFor(state, seat)} seat={seat} onAction={onAction} moments={false} />);
  return { prompt: screen.getByTestId('prompt'), onAction };
}

const choices = (prompt: HTMLElement) => [...prompt.querySelectorAll<HTMLElement>('[data-choice]')]
  .filter((b) => !b.closest('[hidden]'));

describe('the phone prompt bar folds (issue 20 item 9)', () => {
  it('an opposition: fold hides the choices and the revealed card, keeps the question and that it is yours; unfold brings them back', () => {
    asPhone(true);
    const s = stateAt('oppose');
    const { prompt } = renderBoard(s, s.pending!.seat);
    const toggle = within(prompt).getByTestId('prompt-fold');
    expect(toggle.tagName).toBe('BUTTON');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const body = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(prompt.contains(body)).toBe(true);
    const question = within(prompt).getByTestId('prompt-sentence').textContent;
    expect(question).toMatch(/oppose/i);
    expect(choices(prompt).length).toBeGreaterThan(0);
    expect(within(prompt).queryByTestId('revealed-mission')).not.toBeNull();

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.textContent).toMatch(/Show choices/);
    expect(prompt.getAttribute('data-folded')).toBe('true');
    expect(body.hidden).toBe(true);
    expect(choices(prompt)).toEqual([]);
    expect(within(prompt).getByTestId('prompt-sentence').textContent).toBe(question);
    expect(within(prompt).getByTestId('prompt-pending').textContent).toBe('Your decision');

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(body.hidden).toBe(false);
    expect(choices(prompt).length).toBeGreaterThan(0);
    expect(within(prompt).queryByTestId('prompt-pending')).toBeNull();
  });

  it('the next step of the decision opens a folded bar by itself (folding is not remembered)', () => {
    asPhone(true);
    const s = stateAt('turn');
    const { prompt } = renderBoard(s, s.pending!.seat);
    const withFields = choices(prompt).find((b) => b.dataset.choice === 'type' && b.textContent?.endsWith('…'));
    expect(withFields, 'a turn offers an action with further steps').toBeDefined();
    fireEvent.click(within(prompt).getByTestId('prompt-fold'));
    expect(prompt.getAttribute('data-folded')).toBe('true');
    // The folded bar still takes a choice from the board; here the hidden type button stands for that next step.
    fireEvent.click(withFields!);
    expect(prompt.getAttribute('data-folded')).toBe('false');
    expect(within(prompt).getByTestId('prompt-fold').getAttribute('aria-expanded')).toBe('true');
    expect(choices(prompt).length).toBeGreaterThan(0);
  });

  it('the other side deciding: the toggle says "details", and no "Your decision" when folded', () => {
    asPhone(true);
    const s = stateAt('oppose');
    const other: Faction = s.pending!.seat === 'R' ? 'I' : 'R';
    const { prompt } = renderBoard(s, other);
    const toggle = within(prompt).getByTestId('prompt-fold');
    fireEvent.click(toggle);
    expect(toggle.textContent).toMatch(/Show details/);
    expect(within(prompt).queryByTestId('prompt-pending')).toBeNull();
    expect(within(prompt).getByTestId('prompt-sentence').textContent).toMatch(/\S/);
  });

  it('desktop: no toggle, nothing folds', () => {
    asPhone(false);
    const s = stateAt('oppose');
    const { prompt } = renderBoard(s, s.pending!.seat);
    expect(within(prompt).queryByTestId('prompt-fold')).toBeNull();
    expect(prompt.getAttribute('data-folded')).toBe('false');
  });
});
