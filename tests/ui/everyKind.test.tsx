// @vitest-environment happy-dom
/**
 * Every pending kind of the core (state.ts `Pending`) gets its sentence and its buttons, and clicking only
 * what the board offers — at random — always completes to one of the seat's legal actions.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  actionKey, applyLegal, createState, legalActions, needsAdvance, run, seededRng, type Action, type GameState, type PendingKind,
} from '../../src/game/rules';
import { viewFor } from '../../src/game/rules/view';
import { Board } from '../../src/ui/board/Board';
import { askSentence } from '../../src/ui/prompt/wording';

afterEach(cleanup);

const KINDS: PendingKind[] = [
  'imperialSetup', 'chooseBase', 'plan', 'turn', 'oppose', 'assignHit', 'secretPlans', 'objective', 'detain', 'subjugate',
  'patrol', 'pursuit', 'slipstream', 'queueSabotage', 'intercept', 'council', 'relocate', 'handLimit', 'shortfall', 'deploy',
  'baseMoves',
];

/** One state per pending kind, from seeded random games. */
function statesPerKind(): Map<PendingKind, GameState> {
  const found = new Map<PendingKind, GameState>();
  for (let g = 0; g < 120 && found.size < KINDS.length; g++) {
    const rng = seededRng(`kinds-${g}`);
    const chooser = seededRng(`kinds-choices-${g}`);
    const s = createState(rng);
    while (!s.winner) {
      if (needsAdvance(s)) { run(s, rng); continue; }
      const k = s.pending!.kind;
      if (!found.has(k)) found.set(k, JSON.parse(JSON.stringify(s)) as GameState);
      const acts = legalActions(s, s.pending!.seat);
      applyLegal(s, acts[chooser.int(acts.length)], rng);
    }
  }
  return found;
}

const states = statesPerKind();

describe('every pending decision on the board', () => {
  it('is reached by the sample games', () => {
    expect(KINDS.filter((k) => !states.has(k))).toEqual([]);
  });

  for (const kind of KINDS) {
    it(`${kind}: says what is asked and random clicks on offered choices send a legal action`, () => {
      const s = states.get(kind);
      if (!s) return;
      const seat = s.pending!.seat;
      const view = viewFor(s, seat);
      const legal = new Set(legalActions(s, seat).map(actionKey));
      const clicks = seededRng(`clicks-${kind}`);
      for (let trial = 0; trial < 3; trial++) {
        const onAction = vi.fn<(a: Action) => void>();
        const { container, unmount } = render(<Board view={view} seat={seat} onAction={onAction} />);
        expect(screen.getByTestId('prompt').textContent).toContain(askSentence(view, s.pending!));
        for (let i = 0; i < 40 && onAction.mock.calls.length === 0; i++) {
          const offered = [...container.querySelectorAll<HTMLButtonElement>('[data-choice]')]
            .filter((b) => !b.disabled && b.getAttribute('data-choice') !== 'back');
          expect(offered.length, `nothing offered for ${kind}`).toBeGreaterThan(0);
          fireEvent.click(offered[clicks.int(offered.length)]);
        }
        expect(onAction).toHaveBeenCalledTimes(1);
        expect(legal.has(actionKey(onAction.mock.calls[0][0]))).toBe(true);
        unmount();
      }
    });
  }
});
