/**
 * server/clock.ts, the rules of issue 19 items 1 and 5 that the socket tests (server-clock-attacks) cannot reach
 * through the game: a take-back that would hand the turn over, a turn changing hands while paused, a clock stopped by
 * a hand-over before the change, a move before the clock started; and G59's several seats owing at once.
 */
import { describe, expect, it } from 'vitest';
import {
  afterMove,
  afterMoveAwaited,
  newClock,
  noteExpired,
  outOfTime,
  outOfTimeSeats,
  pauseClock,
  resumeClock,
  startDecision,
  timeLeft,
  type ClockState,
} from '../../server/table/clock';
import { clockExpired, clockRuns, type SeatID } from '../../src/protocol';

const live = (): ClockState => startDecision(newClock({ kind: 'live', bankMs: 60_000, incrementMs: 10_000 }), '0', 0);
const turn = (): ClockState => startDecision(newClock({ kind: 'turn', perDecisionMs: 60_000 }), '0', 0);

describe('afterMove (issue 19 item 1)', () => {
  it('leaves the clock as it is while the same seat decides, take-back or not', () => {
    const c = live();
    expect(afterMove(c, '0', '0', 5_000)).toBe(c);
    expect(afterMove(c, '0', '0', 5_000, true)).toBe(c);
  });

  it('charges the whole turn with one increment when the turn changes hands; never an increment for a take-back', () => {
    expect(afterMove(live(), '0', '1', 20_000)).toMatchObject({ banks: { '0': 50_000, '1': 60_000 }, running: { seat: '1', since: 20_000 } });
    expect(afterMove(live(), '0', '1', 20_000, true)).toMatchObject({ banks: { '0': 40_000, '1': 60_000 }, running: { seat: '1', since: 20_000 } });
  });

  it('does not start a clock before both players hold their seats', () => {
    const c = newClock({ kind: 'live', bankMs: 60_000, incrementMs: 0 });
    expect(afterMove(c, '1', '0', 5_000)).toBe(c);
  });

  it('stops at the end', () => {
    expect(afterMove(turn(), '0', null, 5_000)).toMatchObject({ running: null, stopped: true });
  });
});

describe('pause and resume (issue 19 item 5)', () => {
  it('a turn clock keeps what the paused turn used when the same turn resumes, and starts afresh after a change', () => {
    const p = pauseClock(turn(), 50_000);
    expect(p).toMatchObject({ running: null, paused: { seat: '0', usedMs: 50_000 } });
    expect(outOfTime(p, 1e9)).toBeNull();
    const back = resumeClock(p, '0', 100_000, false);
    expect(back.running).toEqual({ seat: '0', since: 50_000 });
    expect(outOfTime(back, 110_000)).toBe('0');
    // The bot finished the turn while paused: the next turn is a new one.
    const moved = afterMove(p, '0', '1', 70_000);
    expect(moved.paused).toEqual({ seat: '1', usedMs: 0 });
    expect(resumeClock(moved, '1', 100_000, false).running).toEqual({ seat: '1', since: 100_000 });
  });

  it('a live clock is charged at the pause, and resumes with the banks it had', () => {
    const p = pauseClock(live(), 15_000);
    expect(p.banks).toEqual({ '0': 45_000, '1': 60_000 });
    expect(afterMove(p, '0', '1', 1e6).banks).toEqual(p.banks);
    const back = resumeClock(afterMove(p, '0', '1', 1e6), '1', 2e6, false);
    expect(back).toMatchObject({ banks: { '0': 45_000, '1': 60_000 }, running: { seat: '1', since: 2e6 } });
    expect(back.paused).toBeUndefined();
  });

  it('resumes a clock stopped by a hand-over before issue 19, but never one of a finished game', () => {
    const legacy: ClockState = { ...live(), running: null, stopped: true };
    expect(resumeClock(legacy, '1', 5_000, false)).toMatchObject({ running: { seat: '1', since: 5_000 } });
    expect(resumeClock(legacy, '1', 5_000, false).stopped).toBeUndefined();
    expect(resumeClock(legacy, '1', 5_000, true)).toBe(legacy);
  });
});

describe('a clock for more than two seats (issue 23 item 7)', () => {
  it('has a bank per seat, and charges the seat that held the turn when it changes hands to any other', () => {
    const c = newClock({ kind: 'live', bankMs: 60_000, incrementMs: 0 }, 5);
    expect(c.banks).toEqual({ 0: 60_000, 1: 60_000, 2: 60_000, 3: 60_000, 4: 60_000 });
    let t = startDecision(c, '3' as never, 0);
    t = afterMove(t, '3' as never, '1', 7_000);
    expect(t.banks).toMatchObject({ 3: 53_000, 1: 60_000, 4: 60_000 });
    expect(t.running).toEqual({ seat: '1', since: 7_000 });
    expect(outOfTime(t, 67_000)).toBe('1');
    expect(newClock({ kind: 'live', bankMs: 60_000, incrementMs: 0 }).banks).toEqual({ 0: 60_000, 1: 60_000 });
  });
});

describe('several seats owing at once (G59)', () => {
  const S = (x: string) => x as SeatID;
  // Four seats; seat 0 acts, then 1, 2 and 3 are asked about its block offer at once (a live clock, 5 s increment).
  const asked = (): ClockState => {
    const c = startDecision(newClock({ kind: 'live', bankMs: 60_000, incrementMs: 5_000 }, 4), '0', 0);
    return afterMoveAwaited(c, '0', ['1', S('2'), S('3')], 10_000);
  };

  it('starts every awaited seat at once, each spending its own bank; the seat that acted is charged with its increment', () => {
    const c = asked();
    expect(c.banks).toEqual({ 0: 55_000, 1: 60_000, 2: 60_000, 3: 60_000 });
    expect(clockRuns(c)).toEqual([{ seat: '1', since: 10_000 }, { seat: '2', since: 10_000 }, { seat: '3', since: 10_000 }]);
    for (const s of ['1', '2', '3']) expect(timeLeft(c, S(s), 30_000)).toBe(40_000);
    expect(timeLeft(c, '0', 30_000)).toBe(55_000);
  });

  it('stops the bank of a seat that answered, with its increment, while the others keep falling from their own start', () => {
    const c = afterMoveAwaited(asked(), S('2'), ['1', S('3')], 25_000);
    expect(c.banks).toEqual({ 0: 55_000, 1: 60_000, 2: 50_000, 3: 60_000 });
    expect(clockRuns(c)).toEqual([{ seat: '1', since: 10_000 }, { seat: '3', since: 10_000 }]);
    expect(timeLeft(c, S('2'), 1e6)).toBe(50_000);
    expect(timeLeft(c, S('3'), 40_000)).toBe(30_000);
    // Nothing else changes while the same seats still owe: the very same clock.
    expect(afterMoveAwaited(c, '1', ['1', S('3')], 30_000)).toBe(c);
  });

  it('a seat that answered the question and is then awaited again starts a fresh decision', () => {
    const c = afterMoveAwaited(afterMoveAwaited(asked(), '1', [S('2'), S('3')], 20_000), S('3'), ['1', S('2')], 30_000);
    expect(clockRuns(c)).toEqual([{ seat: '1', since: 30_000 }, { seat: '2', since: 10_000 }]);
    expect(c.banks).toMatchObject({ 1: 55_000, 3: 45_000 });
  });

  it('each seat runs out for itself: both found out of time once, and a seat no longer owing is out of time no more', () => {
    let c = asked();
    c = afterMoveAwaited(c, '1', [S('2'), S('3')], 20_000); // seat 1 answers after 10 s
    expect(outOfTimeSeats(c, 69_999)).toEqual([]);
    expect(outOfTimeSeats(c, 70_000)).toEqual(['2', '3']);
    const noted = noteExpired(c, 70_000);
    expect(noted.newly).toEqual(['2', '3']);
    expect(clockExpired(noted.clock)).toEqual(['2', '3']);
    expect(noteExpired(noted.clock, 80_000)).toEqual({ clock: noted.clock, newly: [] });
    // The time limit answers for seat 3 (IM15.1): seat 2 is still out of time, seat 3 no longer.
    const after = afterMoveAwaited(noted.clock, S('3'), [S('2')], 80_000);
    expect(clockExpired(after)).toEqual(['2']);
    expect(after.banks).toMatchObject({ 3: 5_000 });
  });

  it('the end charges every running seat and stops', () => {
    const c = afterMoveAwaited(asked(), '1', null, 30_000);
    expect(c).toMatchObject({ running: null, stopped: true, banks: { 0: 55_000, 1: 40_000, 2: 40_000, 3: 40_000 } });
    expect(c.alsoRunning).toBeUndefined();
  });

  it('a pause charges every running seat; the resume restarts every awaited seat, a turn limit keeping what each had used', () => {
    const p = pauseClock(asked(), 20_000);
    expect(p.banks).toEqual({ 0: 55_000, 1: 50_000, 2: 50_000, 3: 50_000 });
    expect(clockRuns(p)).toEqual([]);
    const back = resumeClock(p, ['1', S('2'), S('3')], 100_000, false);
    expect(clockRuns(back)).toEqual(['1', '2', '3'].map((seat) => ({ seat, since: 100_000 })));
    expect(back.paused).toBeUndefined();
    expect(back.alsoPaused).toBeUndefined();

    const turn = afterMoveAwaited(startDecision(newClock({ kind: 'turn', perDecisionMs: 60_000 }, 4), '0', 0), '0', ['1', S('2')], 10_000);
    const tp = pauseClock(afterMoveAwaited(turn, '1', [S('2'), S('3')], 15_000), 40_000);
    expect([tp.paused, ...(tp.alsoPaused ?? [])]).toEqual([{ seat: '2', usedMs: 30_000 }, { seat: '3', usedMs: 25_000 }]);
    // Seat 2 answered while the bot held a seat: it leaves the pause; seat 3's decision goes on.
    const moved = afterMoveAwaited(tp, S('2'), [S('3')], 50_000);
    expect(resumeClock(moved, [S('3')], 100_000, false).running).toEqual({ seat: '3', since: 75_000 });
  });
});
