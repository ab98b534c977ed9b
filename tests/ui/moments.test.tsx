// @vitest-environment happy-dom
/**
 * Issue 20 item 2 — the events that change the game stop the player's flow until acknowledged
 * (src/ui/story/moments.ts, MomentCard.tsx, wired in useStory and Board): one card at a time, large, above the
 * board, with the player's choices held back meanwhile; a spectator and the tutorial are not stopped.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { viewFor } from '../../src/game/rules/view';
import { Board } from '../../src/ui/board/Board';
import { stateWhere } from './states';
import { describeEvent } from '../../src/ui/log/sentences';
import { momentsSince } from '../../src/ui/story/moments';
import { fields } from '../helpers/logFields';
import type { LogEventOf } from '../../src/game/rules';

afterEach(cleanup);

const find = stateWhere;

describe('moments in the log', () => {
  it('every base find, objective scored, mission roll, combat result and capture of a game is a moment, worded as the log', () => {
    const s = find((x) => x.log.some((e) => e.e === 'objectiveScored') && x.log.some((e) => e.e === 'missionAttempt')
      && x.log.some((e) => e.e === 'combatEnded'), 'mo-all');
    for (const seat of ['R', 'I'] as const) {
      const v = viewFor(s, seat);
      const m = momentsSince(v.log, 0, seat);
      for (const kind of ['objectiveScored', 'missionAttempt', 'combatEnded', 'baseRevealed', 'leaderCaptured', 'leaderRescued']) {
        const n = v.log.filter((e) => e.e === kind).length;
        expect(m.filter((x) => v.log[x.index].e === kind), `${seat} ${kind}`).toHaveLength(n);
      }
      for (const x of m) expect(x.text).toBe(describeEvent(v.log[x.index], seat));
      // Ordinary events are not moments.
      expect(m.some((x) => ['fleetMoved', 'deployed', 'missionPlanned'].includes(v.log[x.index].e))).toBe(false);
    }
  });

  it('a mission roll is titled from the reader\'s side', () => {
    const s = find((x) => x.log.some((e) => e.e === 'missionAttempt'), 'mo-roll');
    const i = s.log.findIndex((e) => e.e === 'missionAttempt');
    const ev = s.log[i] as LogEventOf<'missionAttempt'>;
    const by = ev.faction as 'R' | 'I';
    const other = by === 'R' ? 'I' : 'R';
    const verb = ev.success ? 'succeeds' : 'fails';
    expect(momentsSince(s.log, i, by)[0].title).toBe(`Your mission ${verb}`);
    expect(momentsSince(s.log, i, other)[0].title).toBe(`Your opponent's mission ${verb}`);
  });
});

describe('on the board', () => {
  // A decision of a seat with a mission roll and more since that seat's last act.
  const state = () => find((x) => {
    if (!x.pending || x.pending.kind !== 'turn') return false;
    const seat = x.pending.seat;
    let last = -1;
    for (let i = x.log.length - 1; i >= 0; i--) if (fields(x.log[i]).faction === seat && ['fleetMoved', 'passed', 'missionRevealed', 'opposed', 'notOpposed'].includes(x.log[i].e)) { last = i; break; }
    return last >= 0 && momentsSince(x.log, last + 1, seat).length >= 2;
  }, 'mo-board');

  it('holds the player\'s choices until each moment is acknowledged, one at a time', () => {
    const s = state();
    const seat = s.pending!.seat;
    const v = viewFor(s, seat);
    let last = -1;
    for (let i = v.log.length - 1; i >= 0; i--) if (fields(v.log[i]).faction === seat && ['fleetMoved', 'passed', 'missionRevealed', 'opposed', 'notOpposed'].includes(v.log[i].e)) { last = i; break; }
    const expected = momentsSince(v.log, last + 1, seat);
    const sent: unknown[] = [];
    render(<Board view={v} seat={seat} onAction={(a) => sent.push(a)} since={last + 1} />);
    for (const m of expected) {
      const card = screen.getByTestId('moment');
      expect(card.getAttribute('role')).toBe('alertdialog');
      expect(card.textContent).toContain(m.text);
      // Nothing else can be chosen meanwhile: the OK is the only choice on the page.
      expect([...document.querySelectorAll('[data-choice]')].map((b) => b.getAttribute('data-choice'))).toEqual(['moment-ok']);
      expect(screen.getByTestId('prompt-paused')).toBeTruthy();
      expect(document.activeElement?.getAttribute('data-choice')).toBe('moment-ok');
      fireEvent.click(screen.getByText('OK'));
    }
    expect(screen.queryByTestId('moment')).toBeNull();
    expect(document.querySelectorAll('[data-choice="type"]').length).toBeGreaterThan(0);
    expect(sent).toEqual([]);
  });

  it('a spectator is never stopped, nor is the tutorial (its coach tells every event)', () => {
    const s = state();
    render(<Board view={viewFor(s, null)} seat={null} />);
    expect(screen.queryByTestId('moment')).toBeNull();
    cleanup();
    const seat = s.pending!.seat;
    render(<Board view={viewFor(s, seat)} seat={seat} onAction={() => {}} since={0} moments={false} />);
    expect(screen.queryByTestId('moment')).toBeNull();
    expect(document.querySelectorAll('[data-choice="type"]').length).toBeGreaterThan(0);
  });
});
