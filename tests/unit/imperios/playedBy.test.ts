/**
 * IM15.5, G57: the lines the server writes around a seat handed to the bot (src/games/imperios/playedBy.ts), on
 * states of the core, and a record carrying the notes (src/games/imperios/record.ts). The whole path through the
 * server is tests/integration/imperios-handover.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { notePlayedImperios } from '../../../src/games/imperios/playedBy';
import { imperiosRecord } from '../../../src/games/imperios/record';
import {
  allEvents,
  applyAction,
  awaitedSeats,
  createGame,
  isRefusal,
  legalActions,
  type ImperiosState,
} from '../../../src/games/imperios/rules';

/** States of a 4-player Tutorial game until the first move that opens a new round, with the move's seat. */
function toNewRound(): { before: ImperiosState; after: ImperiosState; seat: number } {
  let s = createGame({ players: 4, mode: 'tutorial', seed: 'played-by' });
  for (let i = 0; i < 5000; i++) {
    const seat = awaitedSeats(s)[0];
    const next = applyAction(s, seat, legalActions(s, seat)[0]);
    if (isRefusal(next)) throw new Error(next.error);
    if (next.log.length > s.log.length && s.round > 0) return { before: s, after: next, seat };
    s = next;
  }
  throw new Error('no new round');
}

/** A deep freeze, as boardgame.io may hand the server a frozen state. */
function freeze<T>(x: T): T {
  if (typeof x === 'object' && x !== null) {
    for (const v of Object.values(x)) freeze(v);
    Object.freeze(x);
  }
  return x;
}

describe('IM15.5: who played a decision online', () => {
  it('the hand-over line comes before the bot decision, whose events (across a new round) are all marked', () => {
    const { before, after, seat } = toNewRound();
    const plain = JSON.stringify(after);
    const noted = notePlayedImperios(before, freeze(after), seat, { bot: true, handedOver: 'away' });
    expect(JSON.stringify(after)).toBe(plain); // the state it was given is untouched
    const was = allEvents(before).length;
    const events = allEvents(noted);
    expect(events.slice(0, was)).toEqual(allEvents(before));
    expect(events[was]).toEqual({ e: 'seatToBot', round: before.round, rule: 'IM15.5', seat, why: 'away' });
    const botEvents = events.slice(was + 1);
    expect(botEvents.length).toBe(allEvents(after).length - was);
    expect(botEvents.every((e) => e.byBot === true)).toBe(true);
    expect(botEvents.map(({ byBot: _b, ...e }) => e)).toEqual(allEvents(after).slice(was));
    // The new round's events stay in the new round's list.
    expect(noted.log.map((r) => r.length)).toEqual(
      after.log.map((r, i) => r.length + (i === before.log.length - 1 ? 1 : 0)),
    );
    // Everything but the log is the state the core made.
    expect({ ...noted, log: null }).toEqual({ ...after, log: null });
  });

  it("the owner's first decision after taking the seat back carries the line, and no bot mark", () => {
    const { before, after, seat } = toNewRound();
    const noted = notePlayedImperios(before, after, seat, { takenBack: true });
    const was = allEvents(before).length;
    expect(allEvents(noted)[was]).toMatchObject({ e: 'seatTakenBack', seat });
    expect(allEvents(noted).some((e) => e.byBot)).toBe(false);
  });

  it("a record keeps each move's note, and refuses a note that is not one", () => {
    const base = { matchID: 'm', seed: 's', setupData: { mode: 'tutorial' }, players: ['a', 'b', 'c', 'd'] };
    const gameover = { winner: '0', ranking: ['0', '1', '2', '3'], reasons: [], scores: [] };
    const action = { kind: 'endTurn' };
    const r = imperiosRecord({
      ...base,
      gameover,
      moves: [
        { playerID: '3', args: [action], played: { bot: true, handedOver: 'time' } },
        { playerID: '2', args: [action] },
      ],
    });
    if ('error' in r) throw new Error(r.error);
    expect(r.moves).toEqual([
      { playerID: '3', action, played: { bot: true, handedOver: 'time' } },
      { playerID: '2', action },
    ]);
    for (const played of [{ bot: 'yes' }, { handedOver: 'away' }, { bot: true, takenBack: true }, 'bot', {}]) {
      expect(imperiosRecord({ ...base, gameover, moves: [{ playerID: '3', args: [action], played }] })).toHaveProperty(
        'error',
      );
    }
  });
});
