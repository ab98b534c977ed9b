// @vitest-environment happy-dom
/**
 * Issue 20 item 6 — the objective card's badge agrees with when the game checks the card. In the guided game,
 * Frontier Friends (an end-of-Operations objective, R4.2.9) is true from the reveal of Rally Support on; the
 * after-combat window (R4.5.2) cannot take it. Its badge says "reveal now" only in the end-of-Operations window,
 * where the prompt offers it; before that it says its condition is met but it must wait — never "claimable now"
 * while the prompt says it is checked only at the end of Operations.
 */
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { claimableObjectives, legalActions, type GameState } from '../../src/game/rules';
import { FactionPanel } from '../../src/ui/board/FactionPanel';
import { objectiveStatus, objectiveStatusText } from '../../src/ui/board/objectiveStatus';
import { follower, playTutorial } from '../helpers/tutorialGame';

afterEach(cleanup);

const { moments } = playTutorial(follower);
const met = moments.filter((m) => m.view.round === 1 && claimableObjectives(m.view, 'operations').includes('O1-7'));
const windowOf = (v: GameState) => (v.pending?.kind === 'objective' ? v.pending.window : null);

/** The card in the Rebel's own panel: its visible text and its label (the spoken name without a detail sheet). */
function badge(view: GameState) {
  const { container } = render(<FactionPanel view={view} faction="R" viewer="R" />);
  const card = container.querySelector('[data-card="O1-7"]')!;
  expect(card).not.toBeNull();
  return { label: card.getAttribute('aria-label') ?? '', text: card.textContent ?? '' };
}
const choices = (v: GameState) => legalActions(v, 'R').filter((a) => a.type !== 'undo');

describe('the objective badge', () => {
  it('says "met, wait" while Operations go on and in the after-combat window, where the prompt cannot take it', () => {
    const during = met.find((m) => m.view.pending?.kind === 'turn')!;
    const afterCombat = met.find((m) => windowOf(m.view) === 'combat')!;
    expect(during).toBeDefined();
    expect(afterCombat).toBeDefined();
    // The prompt of the after-combat window does not offer the card: only "Reveal none".
    expect(choices(afterCombat.view)).toEqual([{ type: 'revealObjective', card: null }]);
    for (const m of [during, afterCombat]) {
      expect(objectiveStatus(m.view, 'O1-7')).toBe('met');
      const b = badge(m.view);
      expect(b.text).toMatch(/condition met · wait/);
      expect(b.text).not.toMatch(/reveal now|claimable/);
      expect(b.label).toMatch(/checked only at the end of Operations/);
      cleanup();
    }
  });

  it('says "reveal now" in the end-of-Operations window, where the prompt offers it', () => {
    const atEnd = met.find((m) => windowOf(m.view) === 'operations')!;
    expect(choices(atEnd.view)).toContainEqual({ type: 'revealObjective', card: 'O1-7' });
    expect(objectiveStatus(atEnd.view, 'O1-7')).toBe('now');
    const b = badge(atEnd.view);
    expect(b.text).toMatch(/✓ reveal now/);
    expect(b.label).toMatch(/can be revealed now/);
  });

  it('says nothing while the condition does not hold', () => {
    const before = moments.find((m) => m.view.phase === 'operations' && !claimableObjectives(m.view, 'operations').includes('O1-7'))!;
    expect(objectiveStatus(before.view, 'O1-7')).toBeNull();
    const b = badge(before.view);
    expect(b.text).not.toMatch(/reveal now|condition met|claimable/);
    expect(objectiveStatusText(null, 'operations')).toMatch(/not met/);
  });
});
