// @vitest-environment happy-dom
/**
 * The Undo button (issue 9 item 3): on the prompt bar only when legalActions on the seat's own view offers the
 * take-back, never on the other seat's board; it sends `{ type: 'undo' }`, and the take-back's log line reads as a
 * sentence that names no card.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Faction } from '../../src/game/content';
import { apply, legalActions, seededRng, type Action, type GameState } from '../../src/game/rules';
import { viewFor } from '../../src/game/rules/view';
import { Board } from '../../src/ui/board/Board';
import { describeEvent } from '../../src/ui/log/sentences';
import { stateAt } from './states';
import { anyEvent } from '../helpers/logFields';

afterEach(cleanup);

function board(state: GameState, seat: Faction) {
  const onAction = vi.fn<(a: Action) => void>();
  render(<Board view={viewFor(state, seat)} seat={seat} onAction={onAction} />);
  const prompt = screen.getByTestId('prompt');
  return { onAction, undo: within(prompt).queryByRole('button', { name: /Undo/ }) };
}

/** A planning prompt where the seat can plan and still plan again after (two leaders in the pool, two cards). */
function planning(): GameState {
  const s = stateAt('plan', 'ui-undo');
  const seat = s.pending!.seat;
  expect(legalActions(s, seat).filter((a) => a.type === 'planMission').length).toBeGreaterThan(3);
  return s;
}

describe('the Undo button', () => {
  it('appears only when the core offers a take-back, for that seat only, and sends the undo', () => {
    const s = planning();
    const seat = s.pending!.seat;
    const other: Faction = seat === 'R' ? 'I' : 'R';
    // Before any decision since the phase began: no button.
    expect(board(s, seat).undo).toBeNull();
    cleanup();

    const plan = legalActions(s, seat).find((a) => a.type === 'planMission')!;
    expect(apply(s, seat, plan, seededRng(1))).toBe(true);
    expect(s.pending).toEqual({ kind: 'plan', seat });
    const { undo, onAction } = board(s, seat);
    expect(undo?.textContent).toContain('Undo a mission plan');
    fireEvent.click(undo!);
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(onAction.mock.calls[0][0]).toEqual({ type: 'undo' });
    cleanup();

    // The other seat's board (waiting) shows no Undo.
    expect(board(s, other).undo).toBeNull();
    cleanup();

    // Taken back: the button goes, and the log line says what kind of decision, not which card.
    expect(apply(s, seat, { type: 'undo' }, seededRng(1))).toBe(true);
    expect(board(s, seat).undo).toBeNull();
    const line = describeEvent(s.log[s.log.length - 1], other);
    expect(line).toBe(`${seat === 'R' ? 'The Rebel' : 'The Imperial'} took back a mission plan.`);
    expect(screen.getByText('You took back a mission plan.')).toBeTruthy();
  });

  it('the take-back sentence for each viewer', () => {
    const ev = anyEvent({ e: 'tookBack', round: 2, faction: 'I', what: 'fleetMove' });
    expect(describeEvent(ev, 'R')).toBe('The Imperial took back a fleet move.');
    expect(describeEvent(ev, 'I')).toBe('You took back a fleet move.');
    expect(describeEvent(anyEvent({ ...ev, what: 'nonsense' }), null)).toBe('The Imperial took back a decision.');
  });
});
