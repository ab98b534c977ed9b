// @vitest-environment happy-dom
/**
 * Who played each decision, on the board (issue 10 item 3): the log lines of a hand-over to the server bot and of
 * the owner taking the seat back (src/game/playedBy.ts), a "bot" mark on the lines of the bot's decisions and on no
 * other; and the end screen's line for a game the bot finished (src/ui/online/OnlineGame.tsx `FinishedByBot`), and
 * the replay's summary of such a record (`finishedByBot`).
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LogPanel } from '../../src/ui/board/LogPanel';
import { FinishedByBot } from '../../src/ui/online/OnlineGame';
import { describeLog } from '../../src/ui/log/sentences';
import type { GameState, LogEvent } from '../../src/game/rules';
import type { GameRecord } from '../../src/game/record';
import { resultText } from '../../src/ui/replay/describeRecord';

afterEach(cleanup);

const log: LogEvent[] = [
  { e: 'passed', round: 1, faction: 'I' },
  { e: 'seatToBot', round: 1, seat: 'R', why: 'away' },
  { e: 'passed', round: 1, faction: 'R', byBot: true },
  { e: 'passed', round: 1, faction: 'I' },
  { e: 'passed', round: 1, faction: 'R', by: 'bot' }, // the tag of games stored before session 9: still marked
  { e: 'seatTakenBack', round: 2, seat: 'R' },
  { e: 'passed', round: 2, faction: 'R' },
];

describe('the log says who played', () => {
  it('words the hand-over and the take-back, and marks only the bot\'s lines', () => {
    const lines = describeLog(log, 'I');
    expect(lines.map((l) => l.text)).toContain('The bot plays for the Rebel from here (they were away too long).');
    expect(lines.map((l) => l.text)).toContain('The Rebel\'s owner took the seat back.');
    expect(describeLog(log, 'R').find((l) => l.e === 'seatToBot')!.text).toContain('the Rebel (you)');
    render(<LogPanel view={{ log } as unknown as GameState} seat="I" />);
    const items = [...screen.getByTestId('log').querySelectorAll('li')];
    const marked = items.filter((li) => li.getAttribute('data-by') === 'bot');
    expect(marked).toHaveLength(2);
    expect(marked[0].textContent).toMatch(/^bot/);
    expect(marked.map((li) => items.indexOf(li))).toEqual([2, 4]);
  });

  it('the end screen names the seat the bot finished, for players and spectators', () => {
    const handovers = [{ seat: '1' as const, from: 4, why: 'time' as const }, { seat: '0' as const, from: 2, to: 9, why: 'away' as const }];
    render(<FinishedByBot handovers={handovers} me="0" />);
    expect(screen.getAllByTestId('finished-by-bot').map((e) => e.textContent)).toEqual([
      'The server bot finished this game for your opponent, the Imperial (from when their time ran out).',
    ]);
    cleanup();
    render(<FinishedByBot handovers={handovers} me={null} />);
    expect(screen.getByTestId('finished-by-bot').textContent).toContain('for the Imperial');
  });

  it('the replay\'s summary of a record the bot finished says for whom and from which decision', () => {
    const rec = { result: { winner: 'I', reason: 'occupation', round: 5 }, finishedByBot: [{ seat: 'R', fromAction: 41 }] } as unknown as GameRecord;
    expect(resultText(rec)).toMatch(/won in round 5: .*\. The server bot finished the game for the Rebel \(from decision 42\)\.$/);
    expect(resultText({ ...rec, finishedByBot: undefined })).not.toContain('server bot');
  });
});
