/**
 * server/clock.ts, the rules of issue 19 items 1 and 5 that the socket tests (server-clock-attacks) cannot reach
 * through the game: a take-back that would hand the turn over, a turn changing hands while paused, a clock stopped by
 * a hand-over before the change, a move before the clock started.
 */
import { describe, expect, it } from 'vitest';
import { afterMove, newClock, outOfTime, pauseClock, resumeClock, startDecision, type ClockState } from '../../server/table/clock';

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
