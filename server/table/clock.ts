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
 * (issue 19 item 5). A game of more seats may wait for several at once (Imperios: a block offer to several, the
 * reserve; G59): each of them spends its own bank (or its own decision limit) from when it started owing until it
 * has answered, and each runs out for itself (`expired`, then `alsoExpired`). Pure functions: the hub decides when
 * to call them.
 */
import { clockExpired, clockRuns, type ClockRun, type ClockSettings, type ClockState, type ClockView, type SeatID } from '../../src/protocol';

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

/** The running decision of `seat` (G59: one of several at once), if any. */
function runOf(c: ClockState, seat: SeatID): ClockRun | undefined {
  return clockRuns(c).find((r) => r.seat === seat);
}

/** `c` timing exactly `runs` (the first is `running`, the others `alsoRunning`). */
function withRuns(c: ClockState, runs: ClockRun[]): ClockState {
  const out: ClockState = { ...c, running: runs[0] ?? null };
  if (runs.length > 1) out.alsoRunning = runs.slice(1);
  else delete out.alsoRunning;
  return out;
}

/** `c` with exactly `seats` out of time (the first is `expired`, the others `alsoExpired`). */
function withExpired(c: ClockState, seats: SeatID[]): ClockState {
  const out: ClockState = { ...c };
  delete out.expired;
  delete out.alsoExpired;
  if (seats.length > 0) out.expired = seats[0];
  if (seats.length > 1) out.alsoExpired = seats.slice(1);
  return out;
}

const sameSeats = (a: SeatID[], b: SeatID[]) => a.length === b.length && a.every((s, i) => s === b[i]);

/** What `seat` has left now (ms, may be negative); Infinity when its clock is not running or is stopped. */
export function timeLeft(c: ClockState, seat: SeatID, now: number): number {
  if (c.stopped) return Infinity;
  const run = runOf(c, seat);
  if (c.kind === 'live') {
    const bank = c.banks?.[seat] ?? 0;
    return run ? bank - (now - run.since) : bank;
  }
  return run ? c.perDecisionMs! - (now - run.since) : Infinity;
}

/** Every seat out of time now (only running decisions run out; G59: several may run at once). */
export function outOfTimeSeats(c: ClockState | undefined, now: number): SeatID[] {
  if (!c || c.stopped) return [];
  return clockRuns(c).filter((r) => timeLeft(c, r.seat, now) <= 0).map((r) => r.seat);
}

/** The first seat out of time now, if any (two seats: the only one that can be). */
export function outOfTime(c: ClockState | undefined, now: number): SeatID | null {
  return outOfTimeSeats(c, now)[0] ?? null;
}

/**
 * The server noticed the time now: every seat out of time is written into `expired` / `alsoExpired` (G59: each for
 * itself). `newly`: the seats found out of time by this call (to announce once); `clock` is `c` itself if none.
 */
export function noteExpired(c: ClockState, now: number): { clock: ClockState; newly: SeatID[] } {
  const known = clockExpired(c);
  const newly = outOfTimeSeats(c, now).filter((s) => !known.includes(s));
  return newly.length === 0 ? { clock: c, newly } : { clock: withExpired(c, [...known, ...newly]), newly };
}

/** Start timing `seat`'s turn now (both seats held, or the turn changed hands). */
export function startDecision(c: ClockState, seat: SeatID | null, now: number): ClockState {
  return startDecisions(c, seat === null ? [] : [seat], now);
}

/** Start timing the decisions of every seat in `seats` now (G59: each its own; the first is `running`). */
export function startDecisions(c: ClockState, seats: SeatID[], now: number): ClockState {
  if (c.stopped) return c;
  return withRuns(c, seats.map((seat) => ({ seat, since: now })));
}

/** What a live bank holds after `usedMs` of its turn (never below 0), plus `increment`. */
function charged(banks: Record<SeatID, number>, seat: SeatID, usedMs: number, increment: number): Record<SeatID, number> {
  return { ...banks, [seat]: Math.max(0, banks[seat] - usedMs) + increment };
}

/**
 * After an accepted move by `mover` (`takeBack`: an `undo`): `next` is the seat the game waits for now (null at the
 * end). Two seats: one decides at a time. See `afterMoveAwaited`.
 */
export function afterMove(c: ClockState, mover: SeatID, next: SeatID | null, now: number, takeBack = false): ClockState {
  return afterMoveAwaited(c, mover, next === null ? null : [next], now, takeBack);
}

/**
 * After an accepted move by `mover` (`takeBack`: an `undo`): `awaited` are the seats the game waits for now, the
 * one whose turn it is first (../match/hosted-game.ts `clockSeats`; null at the end). Returns `c` itself when
 * nothing changes:
 * - not started (a seat not yet held by its player): untouched, the first turn starts when all are (./route.ts);
 * - the same seats' decisions go on (another decision of the same seat, a take-back, or, G59, an answer that leaves
 *   the others still owing): each still-awaited seat keeps timing from its own start, and earns no increment;
 * - a seat no longer awaited is charged what its decision used (live: bank − used, + the increment if it stopped
 *   owing by a decision of its own); a seat newly awaited starts now. A take-back never earns the increment. A seat
 *   out of time that is no longer awaited (a time limit answered for it, IM15.1) is no longer out of time: its
 *   empty bank runs out again at its next decision;
 * - paused (a seat with the bot): nothing is timed; seats no longer awaited leave the pause (a live bank was
 *   charged when the clock paused; a turn limit starts afresh on resume for a seat newly awaited).
 */
export function afterMoveAwaited(c: ClockState, mover: SeatID, awaited: SeatID[] | null, now: number, takeBack = false): ClockState {
  if (c.stopped) return c;
  if (awaited === null) {
    let out: ClockState = { ...withRuns(c, []), stopped: true };
    delete out.paused;
    delete out.alsoPaused;
    if (c.kind === 'live') out = { ...out, banks: clockRuns(c).reduce((b, r) => charged(b, r.seat, now - r.since, 0), c.banks!) };
    return out;
  }
  if (awaited.length === 0) return c; // waiting on nobody yet (not a state the games reach): nothing to time
  if (c.paused) {
    const was = [c.paused, ...(c.alsoPaused ?? [])];
    if (sameSeats(was.map((p) => p.seat), awaited)) return c;
    const paused = awaited.map((seat) => was.find((p) => p.seat === seat) ?? { seat, usedMs: 0 });
    const out: ClockState = { ...c, paused: paused[0] };
    if (paused.length > 1) out.alsoPaused = paused.slice(1);
    else delete out.alsoPaused;
    return out;
  }
  const runs = clockRuns(c);
  if (runs.length === 0 || sameSeats(runs.map((r) => r.seat), awaited)) return c;
  let out: ClockState = { ...c };
  if (c.kind === 'live') {
    let banks = c.banks!;
    for (const r of runs) {
      if (awaited.includes(r.seat)) continue;
      banks = charged(banks, r.seat, now - r.since, !takeBack && r.seat === mover ? c.incrementMs ?? 0 : 0);
    }
    out.banks = banks;
  }
  out = withRuns(out, awaited.map((seat) => runOf(c, seat) ?? { seat, since: now }));
  const expired = clockExpired(c);
  return expired.every((s) => awaited.includes(s)) ? out : withExpired(out, expired.filter((s) => awaited.includes(s)));
}

/**
 * A seat goes to the bot (./route.ts handToBot): the clock pauses. What the running decisions used so far stays used
 * (live: charged to each bank now, without the increment; turn: kept in `paused.usedMs` / `alsoPaused`).
 */
export function pauseClock(c: ClockState, now: number): ClockState {
  if (c.stopped || c.paused) return c;
  const runs = clockRuns(c);
  const out: ClockState = withRuns(c, []);
  if (runs.length === 0) return out; // not started yet: nothing to keep
  const paused = runs.map((r) => ({ seat: r.seat, usedMs: c.kind === 'live' ? 0 : now - r.since }));
  if (c.kind === 'live') out.banks = runs.reduce((b, r) => charged(b, r.seat, now - r.since, 0), c.banks!);
  out.paused = paused[0];
  if (paused.length > 1) out.alsoPaused = paused.slice(1);
  return out;
}

/**
 * The owner took the seat back and no seat is with the bot any more (./route.ts takeBack): the clock resumes for
 * `pending` (the seats the game waits for, the one whose turn it is first) with the banks it had. For a seat whose
 * paused decision is still going on, what it had used before the pause stays used; the time the bot held the seat
 * is charged to nobody. `expired` is judged again (../match/hub.ts, ./timer.ts). A clock stopped by a hand-over
 * before issue 19 (stopped in an unfinished game) resumes the same way. `gameOver`: the match ended meanwhile
 * (nothing to resume).
 */
export function resumeClock(c: ClockState, pending: SeatID | SeatID[] | null, now: number, gameOver: boolean): ClockState {
  const legacy = c.stopped && !c.paused && !gameOver;
  if (!c.paused && !legacy) return c;
  const seats = pending === null ? [] : Array.isArray(pending) ? pending : [pending];
  if (gameOver || seats.length === 0) return c;
  const was = c.paused ? [c.paused, ...(c.alsoPaused ?? [])] : [];
  const out: ClockState = withExpired({ ...c }, []);
  delete out.paused;
  delete out.alsoPaused;
  delete out.stopped;
  return withRuns(out, seats.map((seat) => ({ seat, since: now - (was.find((p) => p.seat === seat)?.usedMs ?? 0) })));
}

/** The clock as clients see it (no secrets in it; `serverNow` lets them count down). */
export function clockView(c: ClockState, now: number): ClockView {
  return { ...c, serverNow: now };
}
