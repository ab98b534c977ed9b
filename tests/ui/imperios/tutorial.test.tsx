// @vitest-environment happy-dom
/**
 * Imperios "Learn to play" (issue 23): the lessons (src/ui/imperios/tutorial/steps.ts) move on only when the game
 * shows the player did what was asked — not when the bots play, not by a "Next" — and a whole Tutorial game played
 * by the greedy bot for the player goes through every lesson; on the page, the coach starts at the Metropolis, the
 * three bots play their seats, and choosing a Metropolis and a pool chit by clicks moves the coach on.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { greedyAction } from '../../../src/games/imperios/ai/baseline';
import { awaitedSeats, publicView, type ImperiosState } from '../../../src/games/imperios/rules';
import { nextFloat, seedState } from '../../../src/games/imperios/rules/rng';
import { ImperiosScreen } from '../../../src/ui/imperios/ImperiosScreen';
import { coreSession } from '../../../src/ui/imperios/session';
import { ImperiosTutorial } from '../../../src/ui/imperios/tutorial/ImperiosTutorial';
import { advance, HUMAN, IMP_STEPS, type Outcome } from '../../../src/ui/imperios/tutorial/steps';

afterEach(cleanup);

describe('the lessons', () => {
  it('a whole Tutorial game: every lesson done in order, none while only the bots played', () => {
    const s = coreSession({ players: 4, mode: 'tutorial', seed: 'imp-tut-steps' });
    const holder = { rng: seedState('imp-tut-steps-bots') };
    const rnd = () => nextFloat(holder);
    let outcomes: Outcome[] = [];
    const when: number[] = [];
    for (let i = 0; i < 4000; i++) {
      const st = s.getState() as ImperiosState;
      if (st.result) break;
      const seat = awaitedSeats(st)[0];
      s.act(seat, greedyAction(publicView(st), seat, rnd)!);
      const next = advance(outcomes, s.getState() as ImperiosState);
      // A lesson of the player's own decisions moves on only after one of them.
      if (next.length > outcomes.length && ['metropolis', 'pool', 'phases', 'action'].includes(IMP_STEPS[outcomes.length].id)) {
        expect(seat).toBe(HUMAN);
      }
      for (let k = outcomes.length; k < next.length; k++) when.push(i);
      outcomes = next;
    }
    expect((s.getState() as ImperiosState).phase).toBe('over');
    expect(outcomes).toEqual(IMP_STEPS.map(() => 'done'));
    expect(when).toEqual([...when].sort((a, b) => a - b));
  });

  it('a lesson that can no longer happen is skipped, so the coach never gets stuck', () => {
    const s = coreSession({ players: 4, mode: 'tutorial', seed: 'imp-tut-skip' });
    const st = s.getState() as ImperiosState;
    // Round 4 without a single map action of the player: the action and block lessons are skipped, said so.
    const late = { ...st, round: 4, phase: 'red' as const, civs: st.civs.map((c) => ({ ...c, metropolis: 'x' as never })) };
    expect(advance(['done'], late)).toEqual(['done', 'skipped', 'skipped', 'skipped', 'skipped', 'done']);
  });
});

describe('the tutorial on the page', () => {
  it('"Learn to play" opens the coach; the bots play; the player\'s clicks move the lessons on', async () => {
    render(<ImperiosScreen seed="ui-imp-tut" onExit={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: /Learn to play/ }));
    const coach = screen.getByTestId('coach');
    expect(coach.getAttribute('data-step')).toBe('metropolis');
    expect(within(coach).getByTestId('coach-text').textContent).toMatch(/Metropolis.*Rule IM3\.4/s);
    expect(screen.getByTestId('coach-count').textContent).toBe(`1/${IMP_STEPS.length}`);
    cleanup();

    const session = coreSession({ players: 4, mode: 'tutorial', seed: 'ui-imp-tut' });
    const state = () => session.getState() as ImperiosState;
    render(<ImperiosTutorial session={session} seed="ui-imp-tut" onExit={() => {}} pauseMs={0} />);
    // The bots choose until it is the player's Metropolis; the lesson waits for the player.
    await waitFor(() => expect(awaitedSeats(state())).toEqual([HUMAN]), { timeout: 5000 });
    expect(screen.getByTestId('coach').getAttribute('data-step')).toBe('metropolis');
    fireEvent.click(document.querySelector<HTMLElement>('[data-testid="imp-prompt"] [data-choice="territory-button"]')!);
    expect(state().civs[HUMAN].metropolis).not.toBeNull();
    await waitFor(() => expect(screen.getByTestId('coach').getAttribute('data-step')).toBe('pool'));
    expect(screen.getByTestId('coach-text').textContent).toContain('IM4.3');
    // The bots take their pool chits; then the player names a colour.
    await waitFor(() => expect(state().pending).toMatchObject({ kind: 'pool', seat: HUMAN }), { timeout: 5000 });
    expect(screen.getByTestId('coach').getAttribute('data-step')).toBe('pool');
    const colour = document.querySelector<HTMLElement>('[data-testid="imp-prompt"] [data-choice]:not([data-choice="back"])')!;
    fireEvent.click(colour);
    await waitFor(() => expect(screen.getByTestId('coach').getAttribute('data-step')).toBe('phases'));
    expect(screen.getByTestId('coach-text').textContent).toMatch(/Red, Yellow, Blue, Black.*IM4\.5/s);
    expect(screen.getByRole('list', { name: 'Lessons' }).querySelectorAll('[data-state="done"]')).toHaveLength(2);
  });
});
