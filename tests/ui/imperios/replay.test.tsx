// @vitest-environment happy-dom
/**
 * The Imperios replay (src/ui/imperios/ImperiosReplay.tsx) on the record of a game played through boardgame.io as
 * the server plays it (a seat with the bot for a while, IM15.5; ended by a leaver, G56): it opens at the set-up,
 * steps forward and back by buttons, keys and the slider, shows at each step the board of that step's state (its
 * phase, round, whose decision, the log) and what the step did, ends on the final scoring, is read-only, says the
 * record re-runs exactly, and says so when it does not or when the server sends no record.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ImperiosRecord } from '../../../src/games/imperios/record';
import { replayCore } from '../../../src/games/imperios/replay';
import { allEvents, awaitedSeats, legalActions } from '../../../src/games/imperios/rules';
import { HotSeat } from '../../../src/ui/imperios/HotSeat';
import { FinishedImperios, ImperiosReplayScreen } from '../../../src/ui/imperios/ImperiosReplay';
import { coreSession } from '../../../src/ui/imperios/session';
import { randomInt, seedState } from '../../../src/games/imperios/rules/rng';
import { sentence } from '../../../src/ui/imperios/LogList';
import { replayFromLocation, replayHref } from '../../../src/ui/replay/routes';
import { recordOf } from '../../unit/imperios/records';

const PREVIOUS_NODE_ENV = process.env.NODE_ENV;
process.env.NODE_ENV = 'production'; // boardgame.io's per-move check of G, as on a real server
afterAll(() => {
  process.env.NODE_ENV = PREVIOUS_NODE_ENV;
});
afterEach(cleanup);

const record: ImperiosRecord = { ...recordOf(120, 'ui-imp-replay'), players: ['Ana', 'Bea', 'Cai', 'Dan', 'Eli'] };
const replay = replayCore(record);
const last = replay.states.length - 1;

const stepShown = () => Number(screen.getByTestId('imp-replay-controls').getAttribute('data-step'));
const click = (sel: string) => fireEvent.click(document.querySelector(sel)!);
const layout = () => document.querySelector('[data-layout="imperios"]')!;

async function open(rec: ImperiosRecord | { error: string } = record) {
  render(<ImperiosReplayScreen matchID="m1" onExit={() => {}} fetchRecord={() => Promise.resolve(rec)} />);
  await act(async () => {});
}

/** The board shows state `k`: its phase, its round, the seats it awaits, its newest log line. */
function expectBoardAt(k: number) {
  const s = replay.states[k];
  expect(stepShown()).toBe(k);
  expect(layout().getAttribute('data-phase')).toBe(s.phase);
  expect(screen.getByLabelText('Round and phase').textContent).toContain(s.phase === 'setup' ? 'Set-up' : `Round ${s.round}`);
  const awaited = screen.getByTestId('imp-awaited');
  const marks = [...awaited.querySelectorAll('[data-seat-mark]')].map((m) => Number(m.getAttribute('data-seat-mark')));
  expect(marks).toEqual(awaitedSeats(s));
}

describe('Imperios replay viewer', () => {
  it('opens at the set-up; steps forward and back by buttons, keys and the slider, each step its state', async () => {
    expect(replay.error).toBeUndefined();
    await open();
    expectBoardAt(0);
    expect(screen.getByTestId('imp-replay-step').textContent).toBe(`Step 0 of ${last}`);
    expect(screen.getByTestId('imp-replay-verified')).toBeTruthy();
    // Read-only: no prompt, nothing to choose on the map.
    expect(screen.queryByTestId('imp-prompt')).toBeNull();
    expect(document.querySelector('.imp-choosable')).toBeNull();
    click('[data-replay="forward"]');
    expectBoardAt(1);
    // What step 1 did: its mover by name and the events it added, in words.
    const added = allEvents(replay.states[1]).slice(allEvents(replay.states[0]).length).map(sentence);
    const moment = screen.getByTestId('imp-replay-moment').textContent!;
    expect(moment).toContain(`${record.players[replay.movers[0]!]}:`);
    for (const line of added) expect(moment).toContain(line);
    for (let k = 2; k <= 6; k++) {
      fireEvent.keyDown(window, { key: 'ArrowRight' });
      expectBoardAt(k);
    }
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expectBoardAt(5);
    click('[data-replay="back"]');
    expectBoardAt(4);
    fireEvent.change(screen.getByLabelText('Step'), { target: { value: '40' } });
    expectBoardAt(40);
    fireEvent.keyDown(window, { key: 'Home' });
    expectBoardAt(0);
    expect((document.querySelector('[data-replay="back"]') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the hand-over lines in the log, and ends on the final scoring of the recorded result', async () => {
    await open();
    const toBot = replay.states.findIndex((s) => allEvents(s).some((e) => e.e === 'seatToBot'));
    expect(toBot).toBeGreaterThan(0);
    fireEvent.change(screen.getByLabelText('Step'), { target: { value: String(toBot) } });
    expect(screen.getByTestId('imp-replay-moment').textContent).toContain('The bot plays for Player 3 from here');
    fireEvent.click(screen.getByRole('tab', { name: 'Log' }));
    expect(within(screen.getByTestId('imp-log')).getAllByText(/\(bot\)$/).length).toBeGreaterThan(0);
    click('[data-replay="end"]');
    expectBoardAt(last);
    const end = screen.getByTestId('imp-end');
    expect(end.getAttribute('data-winner')).toBe(record.result!.winner);
    expect((document.querySelector('[data-replay="forward"]') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(stepShown()).toBe(last);
  });

  it('says when a record does not re-run, or when there is none', async () => {
    await open({ ...record, moves: record.moves.slice(0, 30) });
    expect(screen.getByTestId('imp-replay-mismatch').textContent).toContain('does not reach the recorded result');
    cleanup();
    await open({ ...record, moves: [record.moves[1], ...record.moves] });
    expect(screen.getByTestId('imp-replay-mismatch').textContent).toContain('stops re-running at move');
    cleanup();
    await open({ error: 'This match is not over yet: its replay opens once the game has ended.' });
    expect(screen.getByRole('alert').textContent).toContain('not over yet');
  });

  it('lists finished online games on demand, each linking to its replay', async () => {
    render(
      <FinishedImperios
        list={() => Promise.resolve([{ matchID: 'abc_1', players: [{ id: 0, name: 'Ana' }, { id: 1, name: 'Bea' }], createdAt: 1, updatedAt: 2 }])}
      />,
    );
    expect(screen.queryByTestId('imp-finished')).toBeNull();
    fireEvent.click(screen.getByText('Show finished online games'));
    await act(async () => {});
    const link = within(screen.getByTestId('imp-finished')).getByRole('link');
    expect(link.getAttribute('href')).toBe('/replay/imperios/abc_1');
    expect(link.textContent).toBe('Ana, Bea');
  });

  it('has its own address, /replay/imperios/<matchID>, beside Mint\'s /replay/<matchID>', () => {
    const src = replayFromLocation({ pathname: '/replay/imperios/abc_1', search: '' });
    expect(src).toEqual({ kind: 'server', matchID: 'abc_1', game: 'imperios' });
    expect(replayHref(src as Exclude<typeof src, null | { kind: 'file' }>)).toBe('/replay/imperios/abc_1');
    expect(replayFromLocation({ pathname: '/replay/abc_1', search: '' })).toEqual({ kind: 'server', matchID: 'abc_1' });
    expect(replayFromLocation({ pathname: '/replay/imperios/a%2F..', search: '' })).toBeNull();
    expect(replayFromLocation({ pathname: '/replay/imperios/', search: '' })).toEqual({ kind: 'server', matchID: 'imperios' });
  });

  it('a finished hot-seat game offers its replay, from the states the page kept, and back to the end', async () => {
    const session = coreSession({ players: 4, mode: 'tutorial', seed: 'ui-imp-hot-replay' });
    const chooser = { rng: seedState('ui-imp-hot-replay-moves') };
    const seen = [session.getState()!];
    for (let i = 0; i < 20_000 && session.getState()!.phase !== 'over'; i++) {
      const s = session.getState()!;
      const seat = awaitedSeats({ ...s, rng: 0 })[0];
      const legal = legalActions({ ...s, rng: 0 }, seat);
      session.act(seat, legal[randomInt(chooser, legal.length)]);
      seen.push(session.getState()!);
    }
    expect(session.getState()!.phase).toBe('over');
    render(<HotSeat session={session} onExit={() => {}} />);
    await act(async () => {});
    expect(screen.getByTestId('imp-end')).toBeTruthy();
    fireEvent.click(screen.getByText('Watch the replay'));
    expect(screen.getByTestId('imp-replay-step').textContent).toBe(`Step 0 of ${seen.length - 1}`);
    expect(screen.queryByTestId('imp-replay-verified')).toBeNull(); // no record to check: nothing claimed
    expect(layout().getAttribute('data-phase')).toBe(seen[0].phase);
    click('[data-replay="forward"]');
    expect(layout().getAttribute('data-phase')).toBe(seen[1].phase);
    expect(screen.getByTestId('imp-replay-moment').textContent).toContain(sentence(allEvents(seen[1]).at(-1)!));
    click('[data-replay="end"]');
    expect(screen.getByTestId('imp-end').getAttribute('data-winner')).toBe(String(seen.at(-1)!.result!.winner));
    fireEvent.click(screen.getByText('Leave'));
    expect(screen.queryByTestId('imp-replay-controls')).toBeNull();
    expect(screen.getByText('Watch the replay')).toBeTruthy();
  });
});
