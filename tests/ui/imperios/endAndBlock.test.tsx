// @vitest-environment happy-dom
/**
 * The Imperios board at the end (IM13: the final sheet's totals and categories are the core's finalResult) and when
 * a block offer waits for a rival (IM5.4: the seat asked gets Block / Let it pass, the route is on the map).
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { finalResult, legalActions, type ImperiosState } from '../../../src/games/imperios/rules';
import { ImperiosBoard } from '../../../src/ui/imperios/ImperiosBoard';
import { CATEGORIES } from '../../../src/ui/imperios/ScoreSheet';
import { randomGame, randomUntil } from './states';

afterEach(cleanup);

describe('Imperios final scoring sheet', () => {
  it('shows every category and total of finalResult, best first', () => {
    const { state } = randomGame({ players: 5, mode: 'tutorial', seed: 'ui-imp-end' });
    expect(state.phase).toBe('over');
    const result = finalResult(state, state.result!.reasons);
    render(<ImperiosBoard view={state} seat={null} act={() => {}} />);
    const sheet = screen.getByTestId('imp-score-sheet');
    for (const line of result.scores) {
      expect(Number(sheet.querySelector(`[data-total="${line.seat}"]`)!.textContent)).toBe(line.total);
    }
    const header = [...sheet.querySelectorAll('thead th')].slice(1).map((th) => th.textContent);
    expect(header).toEqual(result.ranking.map((s) => expect.stringContaining(`Player ${s + 1}`)));
    const rows = [...sheet.querySelectorAll('tbody tr')];
    CATEGORIES.forEach((c, i) => {
      const cells = [...rows[i].querySelectorAll('td')].map((td) => Number(td.textContent));
      expect(cells).toEqual(result.ranking.map((s) => result.scores[s][c.key]));
    });
    expect(screen.getByTestId('imp-end').getAttribute('data-winner')).toBe(String(result.winner));
  });
});

describe('Imperios block offer', () => {
  it('asks the rival in the route to block or let pass, draws the route, and sends its answer', () => {
    // The first block offer of a seeded random game.
    let found: ImperiosState | null = null;
    for (let i = 0; i < 6 && !found; i++) {
      const state = randomUntil(4, `ui-imp-block-${i}`, (s) => s.pending?.kind === 'block');
      if (state.pending?.kind === 'block') found = state;
    }
    expect(found, 'a block offer within six seeded games').not.toBeNull();
    const state = found!;
    const p = state.pending as Extract<ImperiosState['pending'], { kind: 'block' }>;
    const asked = p.asked[0];
    const act = vi.fn();
    const { container } = render(<ImperiosBoard view={state} seat={asked} act={act} />);
    const prompt = screen.getByTestId('imp-prompt');
    expect(prompt.getAttribute('data-pending')).toBe('block');
    expect(prompt.textContent).toContain('Will you block it?');
    expect(container.querySelector(`[data-route="${p.action.route.join('>')}"]`)).not.toBeNull();
    const offered = [...prompt.querySelectorAll('[data-choice^="kind-"]')].map((b) => b.getAttribute('data-choice'));
    expect(offered).toEqual(legalActions(state, asked).map((a) => `kind-${a.kind}`));
    fireEvent.click(within(prompt).getByRole('button', { name: 'Block it' }));
    expect(act).toHaveBeenCalledWith({ kind: 'block' });
  });
});
