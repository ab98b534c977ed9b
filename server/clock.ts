/**
 * Turn clocks (issue 10 item 2), chosen when a match is created and kept in its metadata (`metadata.clock`, written
 * in the same transaction as each state: restart-safe). The server's time only (an injectable `now`); clients get
 * a snapshot with the server's time and count down from it.
 * - live: a bank per seat (default 10 min) charged for the time the seat's decisions take, plus an increment
 *   (default 20 s) after each of its decisions;
 * - turn: each decision has its own limit (default 24 h), for games that last days.
 * A seat is out of time when its running decision has used up what it had. Then its moves are refused, the game
 * waits, and the opponent may claim the win or hand the seat to the bot (./table.ts); handing it over stops the
 * clock (a bot needs none). Pure functions: the hub decides when to call them.
 */
import type { SeatID } from './auth';

export type ClockKind = 'live' | 'turn';

export interface ClockSettings {
  kind: ClockKind;
  /** live: starting bank per seat. */
  bankMs?: number;
  /** live: added to the mover's bank after each of its decisions. */
  incrementMs?: number;
  /** turn: time per decision. */
  perDecisionMs?: number;
}

export interface ClockState extends ClockSettings {
  /** live: what each seat had when its current (or last) decision started. */
  banks?: Record<SeatID, number>;
  /** The decision being timed: whose, and since when (server ms). null until both seats are taken, and at the end. */
  running: { seat: SeatID; since: number } | null;
  /** Stopped for good (a seat was handed to the bot, or the game ended). */
  stopped?: boolean;
  /** The seat whose time ran out (set when the server first noticed). */
  expired?: SeatID;
}

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

export function newClock(s: ClockSettings): ClockState {
  const c: ClockState = { ...s, running: null };
  if (s.kind === 'live') c.banks = { '0': s.bankMs!, '1': s.bankMs! };
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

/** Start timing `seat`'s decision now (both seats taken, or the next decision after a move). */
export function startDecision(c: ClockState, seat: SeatID | null, now: number): ClockState {
  if (c.stopped) return c;
  return { ...c, running: seat === null ? null : { seat, since: now } };
}

/**
 * After an accepted move by `mover`: charge its time (live: bank − used + increment), then time the next decision
 * (`next`: the seat the game waits for, or null at the end).
 */
export function afterMove(c: ClockState, mover: SeatID, next: SeatID | null, now: number): ClockState {
  if (c.stopped) return c;
  let out: ClockState = { ...c };
  if (c.kind === 'live' && c.running?.seat === mover) {
    const used = now - c.running.since;
    out.banks = { ...c.banks!, [mover]: Math.max(0, c.banks![mover] - used) + (c.incrementMs ?? 0) };
  }
  out = startDecision(out, next, now);
  if (next === null) out.stopped = true;
  return out;
}

/** The clock as clients see it (no secrets in it; `serverNow` lets them count down). */
export function clockView(c: ClockState, now: number) {
  return { ...c, serverNow: now };
}
