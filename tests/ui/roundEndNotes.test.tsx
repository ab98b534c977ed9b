// @vitest-environment happy-dom
/**
 * Issue 20 item 3 — no surprise passes, on the board: an opposition that leaves the player nothing to do this
 * round is marked and explained before it is chosen, and an automatic pass stays on the prompt bar with its reason
 * while the other side plays on (src/ui/prompt/RoundEndNotes.tsx).
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { legalActions, roundEndsAfter, type LogEventOf } from '../../src/game/rules';
import { viewFor } from '../../src/game/rules/view';
import { Board } from '../../src/ui/board/Board';
import { stateWhere } from './states';
import { LEADERS } from '../../src/game/content';

afterEach(cleanup);

const find = stateWhere;

describe('R4.2.2: the round\'s end is never a surprise', () => {
  it('an opposition that ends the round is marked and says why, the others are not', () => {
    const s = find((x) => {
      if (x.pending?.kind !== 'oppose') return false;
      const ends = legalActions(x, x.pending.seat).filter((a) => a.type === 'oppose').map((a) => roundEndsAfter(x, x.pending!.seat, a));
      return ends.some((e) => e !== null) && ends.some((e) => e === null);
    }, 'rn-oppose');
    const seat = s.pending!.seat;
    render(<Board view={viewFor(s, seat)} seat={seat} onAction={() => {}} />);
    fireEvent.click(document.querySelector('[data-type="oppose"]')!);
    const ending = legalActions(s, seat).flatMap((a) => (a.type === 'oppose' && roundEndsAfter(s, seat, a) ? [a.leader] : []));
    const marked = [...document.querySelectorAll('[data-choice="option"][data-ends-round="true"]')].map((b) => JSON.parse(b.getAttribute('data-value')!));
    expect(marked.sort()).toEqual([...ending].sort());
    const warning = screen.getByTestId('round-end-warning').textContent!;
    for (const l of ending) expect(warning).toContain(`Sending ${LEADERS[l].name} there ends your round`);
    expect(warning).toContain('pass automatically');
  });

  it('an automatic pass stays on the prompt bar, with its reason, while the other side plays on', () => {
    const s = find((x) => {
      if (x.phase !== 'operations' || x.pending?.kind !== 'turn') return false;
      const other = x.pending.seat === 'R' ? 'I' : 'R';
      return x.passed[other] && x.log.some((e) => e.round === x.round && e.e === 'passed' && e.faction === other && !!e.auto);
    }, 'rn-auto');
    const me = s.pending!.seat === 'R' ? 'I' : 'R';
    const ev = [...s.log].reverse().find((e): e is LogEventOf<'passed'> => e.e === 'passed' && e.faction === me)!;
    render(<Board view={viewFor(s, me)} seat={me} onAction={() => {}} />);
    const notice = screen.getByTestId('auto-pass');
    expect(notice.getAttribute('data-reason')).toBe(ev.auto);
    expect(notice.textContent).toMatch(/^You passed automatically: /);
    expect(notice.textContent).toContain(ev.auto === 'noLeader' ? 'no leader left' : 'none of your fleets could move');
    cleanup();
    // The other seat, deciding, gets no such notice.
    render(<Board view={viewFor(s, s.pending!.seat)} seat={s.pending!.seat} onAction={() => {}} />);
    expect(screen.queryByTestId('auto-pass')).toBeNull();
  });
});
