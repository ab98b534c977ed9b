/**
 * Turn clocks (issue 10 item 2), chosen when a match is created and kept in its metadata (`metadata.clock`, written
 * in the same transaction as each state: restart-safe). The server's time only (an injectable `now`); clients get
 * a snapshot with the server's time and count down from it.
 * - live: a bank per seat (default 10 min) charged for the time the seat's turns take, plus an increment
 *   (default 20 s) when it hands the turn over;
 * - turn: each turn has its own limit (default 24 h), for games that last days.
 * A turn is what the game waits for from one seat: the decisions that seat makes in a row (G.pending.seat stays the
 * same). The clock acts only when the turn really changes hands (issue 19 item 1): a decision after which the same
 * seat decides again, and a take-back (`undo`, which always leaves the decision with its mover: src/game/rules/
 * undo.ts keeps a stack for the pending seat only, dropped as soon as the other seat decides), change nothing, so
 * time spent before a take-back stays spent, and no take-back refills a bank or restarts a limit.
 * A seat is out of time when its running turn has used up what it had. Then its moves are refused, the game
 * waits, and the opponent may claim the win or hand the seat to the bot (./route.ts); while a seat is with the bot
 * the clock is paused (a bot needs none) and resumes with the banks it had when the owner takes the seat back
 * (issue 19 item 5). Pure functions: the hub decides when to call them.
 */
import type { ClockSettings, ClockState, ClockView, SeatID } from '../../src/protocol';

// The clock's shape is shared with the board, which counts it down (src/protocol/table.ts).
export type { ClockSettings, ClockState } from '../../src/protocol';

export const LIVE_DEFAULT = { bankMs: 10 * 60_000, incrementMs: 20_000 };
export const TURN_DEFAULT = { perDecisionMs: 24 * 60 * 60_000 };
const MIN = 60_000;

/** The `clock` field of a create body, strictly; undefined if absent. Throws a message for a bad one. */
export function parseClockOption(x: unknown): ClockSettings | undefined | { error: string } {
  if (x === undefined || x === null || x === 'none') return undefined;
  if (typeof x !== 'object' || Array.isArray(x)) return { error: 'clock must be { kind: "live" | "turn", … }' };
  const o = x as Record<string, unknown>;
  const num = (k: string, lo: number, hi: number): number | undefined | { error: string } => {
    const v = o[k];
    if (v === undefined) return undefined;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi) return { error: `clock.${k} must be an integer from ${lo} to ${hi} (ms)` };
    return v;
  };
  if (o.kind === 'live') {
    for (const k of Object.keys(o)) if (!['kind', 'bankMs', 'incrementMs'].includes(k)) return { error: `unknown field clock.${k.slice(0, 40)}` };
    const bank = num('bankMs', MIN, 180 * MIN);
    const inc = num('incrementMs', 0, 10 * MIN);
    if (typeof bank === 'object') return bank;
    if (typeof inc === 'object') return inc;
    return { kind: 'live', bankMs: bank ?? LIVE_DEFAULT.bankMs, incrementMs: inc ?? LIVE_DEFAULT.incrementMs };
  }
  if (o.kind === 'turn') {
    for (const k of Object.keys(o)) if (!['kind', 'perDecisionMs'].includes(k)) return { error: `unknown field clock.${k.slice(0, 40)}` };
    const per = num('perDecisionMs', MIN, 14 * 24 * 60 * MIN);
    if (typeof per === 'object') return per;
    return { kind: 'turn', perDecisionMs: per ?? TURN_DEFAULT.perDecisionMs };
  }
  return { error: 'clock.kind must be "live" or "turn"' };
}

/** A new clock for a match of `seats` seats (default 2; a live clock has a bank per seat, '0' … seats − 1). */
export function newClock(s: ClockSettings, seats = 2): ClockState {
  const c: ClockState = { ...s, running: null };
  if (s.kind === 'live') {
    c.banks = Object.fromEntries(Array.from({ length: seats }, (_, i) => [String(i), s.bankMs!])) as Record<SeatID, number>;
  }
  return c;
}

/** What `seat` has left now (ms, may be negative); Infinity when its clock is not running or is stopped. */
export function timeLeft(c: ClockState, seat: SeatID, now: number): number {
  if (c.stopped) return Infinity;
  if (c.kind === 'live') {
    const bank = c.banks?.[seat] ?? 0;
    return c.running?.seat === seat ? bank - (now - c.running.since) : bank;
  }
  return c.running?.seat === seat ? c.perDecisionMs! - (now - c.running.since) : Infinity;
}

/** The seat that is out of time now, if any (only the running decision can run out). */
export function outOfTime(c: ClockState | undefined, now: number): SeatID | null {
  if (!c || c.stopped || !c.running) return null;
  return timeLeft(c, c.running.seat, now) <= 0 ? c.running.seat : null;
}

/** Start timing `seat`'s turn now (both seats held, or the turn changed hands). */
export function startDecision(c: ClockState, seat: SeatID | null, now: number): ClockState {
  if (c.stopped) return c;
  return { ...c, running: seat === null ? null : { seat, since: now } };
}

/** What a live bank holds after `usedMs` of its turn (never below 0), plus `increment`. */
function charged(c: ClockState, seat: SeatID, usedMs: number, increment: number): Record<SeatID, number> {
  return { ...c.banks!, [seat]: Math.max(0, c.banks![seat] - usedMs) + increment };
}

/**
 * After an accepted move by `mover` (`takeBack`: an `undo`): `next` is the seat the game waits for now (null at the
 * end). Returns `c` itself when nothing changes:
 * - not started (a seat not yet held by its player): untouched, the first turn starts when both are (./route.ts);
 * - the same seat's turn goes on (another decision of the same seat, or a take-back): untouched — the turn's time
 *   keeps running from its start, and no increment is earned;
 * - the turn changes hands: the running seat is charged what its turn used (live: bank − used, + the increment if
 *   it handed the turn over by a decision of its own), and the next seat's turn starts now. A take-back never earns
 *   the increment, should one ever hand the turn over (the core does not allow it, see above);
 * - paused (a seat with the bot): nothing is timed; when the turn changes hands, the paused turn is over (a live
 *   bank was charged when the clock paused, a turn limit starts afresh on resume).
 */
export function afterMove(c: ClockState, mover: SeatID, next: SeatID | null, now: number, takeBack = false): ClockState {
  if (c.stopped) return c;
  if (next === null) {
    const out: ClockState = { ...c, running: null, stopped: true };
    delete out.paused;
    if (c.kind === 'live' && c.running) out.banks = charged(c, c.running.seat, now - c.running.since, 0);
    return out;
  }
  if (c.paused) return c.paused.seat === next ? c : { ...c, paused: { seat: next, usedMs: 0 } };
  if (!c.running || c.running.seat === next) return c;
  const out: ClockState = { ...c };
  if (c.kind === 'live') {
    const earns = !takeBack && c.running.seat === mover;
    out.banks = charged(c, c.running.seat, now - c.running.since, earns ? c.incrementMs ?? 0 : 0);
  }
  return startDecision(out, next, now);
}

/**
 * A seat goes to the bot (./route.ts handToBot): the clock pauses. What the running turn used so far stays used
 * (live: charged to the bank now, without the increment; turn: kept in `paused.usedMs`).
 */
export function pauseClock(c: ClockState, now: number): ClockState {
  if (c.stopped || c.paused) return c;
  const out: ClockState = { ...c, running: null };
  if (!c.running) return out; // not started yet: nothing to keep
  const used = now - c.running.since;
  if (c.kind === 'live') {
    out.banks = charged(c, c.running.seat, used, 0);
    out.paused = { seat: c.running.seat, usedMs: 0 };
  } else {
    out.paused = { seat: c.running.seat, usedMs: used };
  }
  return out;
}

/**
 * The owner took the seat back and no seat is with the bot any more (./route.ts takeBack): the clock resumes for
 * `pending` (the seat the game waits for) with the banks it had. If the paused turn is still going on, what it had
 * used before the pause stays used; the time the bot held the seat is charged to nobody. `expired` is judged again
 * (../match/hub.ts, ./timer.ts). A clock stopped by a hand-over before issue 19 (stopped in an unfinished game)
 * resumes the same way. `gameOver`: the match ended meanwhile (nothing to resume).
 */
export function resumeClock(c: ClockState, pending: SeatID | null, now: number, gameOver: boolean): ClockState {
  const legacy = c.stopped && !c.paused && !gameOver;
  if (!c.paused && !legacy) return c;
  if (gameOver || pending === null) return c;
  const out: ClockState = { ...c };
  delete out.paused;
  delete out.stopped;
  delete out.expired;
  const used = c.paused?.seat === pending ? c.paused.usedMs : 0;
  return startDecision(out, pending, now - used);
}

/** The clock as clients see it (no secrets in it; `serverNow` lets them count down). */
export function clockView(c: ClockState, now: number): ClockView {
  return { ...c, serverNow: now };
}
