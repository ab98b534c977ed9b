/**
 * IM15.1, IM15.2: the questions with a time limit as the server times them (src/games/imperios/timeLimits.ts,
 * server/games/imperios.ts `answersDue`), the log's mark on an answer the time limit made
 * (src/games/imperios/playedBy.ts) and the note in the protocol (src/protocol/played.ts). The whole path through
 * the server is tests/integration/imperios-time-limits.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { IMPERIOS_HOSTED } from '../../../server/games/imperios';
import { notePlayedImperios } from '../../../src/games/imperios/playedBy';
import {
  allEvents,
  applyAction,
  awaitedSeats,
  createGame,
  isRefusal,
  legalActions,
  type Action,
  type ImperiosState,
} from '../../../src/games/imperios/rules';
import { timedQuestion } from '../../../src/games/imperios/timeLimits';
import { parsePlayedBy } from '../../../src/protocol/played';

/** Random-ish play (the first legal action but muster) until `kind` is pending; seed by seed until one has it. */
function until(kind: 'block' | 'defend' | 'turn'): ImperiosState {
  for (let seed = 0; seed < 50; seed++) {
    let s = createGame({ players: 4, mode: 'tutorial', seed });
    for (let i = 0; i < 3000 && s.phase !== 'over'; i++) {
      if (
        s.pending?.kind === kind &&
        (kind !== 'block' || (s.pending.kind === 'block' && s.pending.asked.length >= 2))
      ) {
        return s;
      }
      const seat = awaitedSeats(s)[0];
      const legal = legalActions(s, seat);
      const next = applyAction(s, seat, legal[(i * 7 + seed) % legal.length]);
      if (isRefusal(next)) throw new Error(next.error);
      s = next;
    }
  }
  throw new Error(`no ${kind}`);
}

const act = (s: ImperiosState, seat: number, a: Action): ImperiosState => {
  const next = applyAction(s, seat, a);
  if (isRefusal(next)) throw new Error(next.error);
  return next;
};

describe('IM15.1–IM15.2: questions with a time limit', () => {
  it('IM15.1: a block offer is timed for 60 s, the silent let pass, and its key stays while it is open', () => {
    const s = until('block');
    const q = timedQuestion(s)!;
    const p = s.pending as Extract<ImperiosState['pending'], { kind: 'block' }>;
    expect(q).toMatchObject({
      kind: 'block',
      rule: 'IM15.1',
      limitSeconds: 60,
      owing: p.asked,
      silence: { kind: 'letPass' },
    });
    const after = act(s, p.asked[0], { kind: 'letPass' });
    const q2 = timedQuestion(after)!;
    expect(q2.key).toBe(q.key);
    expect(q2.owing).toEqual(p.asked.slice(1));
    // A block closes it at once: nothing timed.
    expect(timedQuestion(act(after, p.asked[1], { kind: 'block' }))).toBeNull();
  });

  it('IM15.2: a defence question is timed for 45 s and silence means no defence', () => {
    const s = until('defend');
    const p = s.pending as Extract<ImperiosState['pending'], { kind: 'defend' }>;
    expect(timedQuestion(s)).toMatchObject({
      kind: 'defend',
      rule: 'IM15.2',
      limitSeconds: 45,
      owing: [p.seat],
      silence: { kind: 'noDefence' },
    });
    expect(timedQuestion(act(s, p.seat, { kind: 'noDefence' }))).toBeNull();
  });

  it('IM15.3–IM15.4: nothing else is timed by the game; the hosted game gives each owing seat its default move', () => {
    expect(timedQuestion(until('turn'))).toBeNull();
    const s = until('block');
    const due = IMPERIOS_HOSTED.answersDue!({ G: s, ctx: {} } as never)!;
    expect(due.limitMs).toBe(60_000);
    expect(Object.keys(due.owing)).toEqual(awaitedSeats(s).map(String));
    for (const a of Object.values(due.owing)) expect(a).toEqual({ move: 'act', args: [{ kind: 'letPass' }] });
    expect(IMPERIOS_HOSTED.answersDue!({ G: s, ctx: { gameover: {} } } as never)).toBeNull();
  });

  it('the answer the time limit made is marked in the log with the rule; the note is strict', () => {
    const s = until('block');
    const seat = (s.pending as { asked: number[] }).asked[0];
    const next = act(s, seat, { kind: 'letPass' });
    const noted = notePlayedImperios(s, next, seat, { timeLimit: true });
    const was = allEvents(s).length;
    expect(allEvents(noted)[was]).toMatchObject({ e: 'blockAnswer', seat, block: false, timeLimit: 'IM15.1' });
    expect(allEvents(noted).filter((e) => e.timeLimit).length).toBe(1);
    expect(parsePlayedBy({ timeLimit: true })).toEqual({ timeLimit: true });
    for (const bad of [
      { timeLimit: false },
      { timeLimit: 1 },
      { timeLimit: true, bot: true },
      { timeLimit: true, takenBack: true },
    ]) {
      expect(parsePlayedBy(bad)).toBeNull();
    }
  });
});
