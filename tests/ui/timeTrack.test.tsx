// @vitest-environment happy-dom
/**
 * R7.9 time track, and R9.11: a solo Imperial rival's time bonus (Hard: 2) starts the human Rebel's objective token
 * beyond the printed 12 spaces; the track grows dashed spaces so the token is on the board, not only in the label.
 */
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SOLO_LEVELS } from '../../src/game/content';
import { createState, seededRng } from '../../src/game/rules';
import { viewFor } from '../../src/game/rules/view';
import { TimeTrack } from '../../src/ui/board/TimeTrack';

describe('TimeTrack', () => {
  it('two players: 12 spaces, the objective token on its space', () => {
    const s = createState(seededRng('tt'));
    const { container } = render(<TimeTrack view={viewFor(s, 'R')} />);
    expect(container.querySelectorAll('[data-space]')).toHaveLength(12);
    expect(container.querySelector('[data-token="objective"]')!.closest('[data-space]')!.getAttribute('data-space')).toBe(String(s.objective));
  });

  it('solo Hard against the Imperial rival: the token starts beyond 12 and is drawn there', () => {
    const s = createState(seededRng('tt'), undefined, { bot: 'I', difficulty: 'hard' });
    expect(s.objective).toBe(12 + SOLO_LEVELS.hard.imperialTimeBonus);
    expect(s.objective).toBeGreaterThan(12);
    const { container } = render(<TimeTrack view={viewFor(s, 'R')} />);
    expect(container.querySelectorAll('[data-space]')).toHaveLength(s.objective);
    const space = container.querySelector('[data-token="objective"]')!.closest('[data-space]')!;
    expect(space.getAttribute('data-space')).toBe(String(s.objective));
    expect(space.getAttribute('title')).toMatch(/beyond the printed track/);
  });
});
