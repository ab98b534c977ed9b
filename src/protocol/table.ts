/**
 * The table around an online match on the wire (issue 10 items 2 and 3, issue 19): the turn clock, the seats away,
 * the hand-overs of a seat to the server bot. The server keeps them in the match's metadata (server/table-state.ts,
 * server/clock.ts) and sends every socket of the match socket event 'mint:table' (matchID, TableView); a seated
 * player acts on the other seat with `POST /games/mint-imperium/:matchID/table` (TableRequest, server/table.ts).
 * Nothing here is secret: no credentials, no game state.
 */
import type { HintTable } from './hint';
import type { SeatID } from './seats';

export type ClockKind = 'live' | 'turn';

/** A clock as chosen when the match is created (server/clock.ts parseClockOption fills the defaults). */
export interface ClockSettings {
  kind: ClockKind;
  /** live: starting bank per seat. */
  bankMs?: number;
  /** live: added to the mover's bank after each of its decisions. */
  incrementMs?: number;
  /** turn: time per decision. */
  perDecisionMs?: number;
}

/** A running clock (server/clock.ts says how it moves). */
export interface ClockState extends ClockSettings {
  /** live: what each seat had when its current (or last) decision started. */
  banks?: Record<SeatID, number>;
  /**
   * The turn being timed: whose, and since when (server ms). null until both players hold their seats
   * (server/table-state.ts `seated`), while paused, and at the end.
   */
  running: ClockRun | null;
  /**
   * G59: the other seats the game waits for at the same time (Imperios: several asked about a block offer, several
   * keeping a reserve), each spending its own bank (or its own decision limit) since its `since`, in seat order after
   * `running`. Absent: none (always for two seats).
   */
  alsoRunning?: ClockRun[];
  /**
   * Paused while a seat is with the bot (issue 19 item 5): the seat whose turn it was when the clock paused and what
   * that turn had used (turn clocks; a live clock charged it to the bank at once). Cleared when the turn changes
   * hands during the pause (the bot's time is nobody's).
   */
  paused?: { seat: SeatID; usedMs: number };
  /** The other seats that were running when the clock paused (G59), each with what its decision had used. */
  alsoPaused?: { seat: SeatID; usedMs: number }[];
  /** Stopped for good: the game ended. (Stored matches from before issue 19 also have it after a hand-over.) */
  stopped?: boolean;
  /** The seat whose time ran out (set when the server first noticed). */
  expired?: SeatID;
  /** G59: other seats out of time at the same time, each for itself (several run at once). Absent: none. */
  alsoExpired?: SeatID[];
}

/** One seat's running decision on a clock: whose, and since when (server ms). */
export interface ClockRun {
  seat: SeatID;
  since: number;
}

/** Every seat whose decision the clock is timing (G59: several at once), `running` first. */
export function clockRuns(c: Pick<ClockState, 'running' | 'alsoRunning'>): ClockRun[] {
  return c.running ? [c.running, ...(c.alsoRunning ?? [])] : [];
}

/** Every seat the server found out of time (G59: each for itself), `expired` first. */
export function clockExpired(c: Pick<ClockState, 'expired' | 'alsoExpired'>): SeatID[] {
  return c.expired === undefined ? [] : [c.expired, ...(c.alsoExpired ?? [])];
}

/** The clock as clients see it: `serverNow` lets them count down from the server's time. */
export type ClockView = ClockState & { serverNow: number };

/** A seat played by the server bot for its owner from state `from` (inclusive) until `to` (the state taken back). */
export interface Handover {
  seat: SeatID;
  from: number;
  to?: number;
  why: 'time' | 'away';
  /** The bot made a decision for the seat (its first one carried the log line of the hand-over). */
  botMoved?: true;
  /** The owner made a decision after taking the seat back (its first one carried the log line). */
  ownerBack?: true;
}

/** Socket event 'mint:table' (matchID, TableView). */
export interface TableView {
  /** The server's time when it sent the view (ms). */
  serverNow: number;
  clock?: ClockView;
  /** Seats away (no socket) since when (server ms). */
  away: Partial<Record<SeatID, number>>;
  /** How long a seat must be away before its opponent may hand it to the bot. */
  abandonMs: number;
  /** Seats away for at least `abandonMs`, as the server judged (pushed when the limit passes; older servers: absent). */
  abandoned?: SeatID[];
  handovers: Handover[];
  /** Issue 22: the match allows hints; its limit, each seat's count and the hints asked for (absent: no hints). */
  hints?: HintTable;
  /**
   * A question with a time limit is open (Imperios: a block offer IM15.1, a defence question IM15.2): its kind, when it
   * closes (server ms) and the seats (playerIDs) that still owe an answer. Absent: none.
   */
  answers?: AnswersView;
}

/** An open question with a time limit (TableView.answers). */
export interface AnswersView {
  kind: string;
  /** When the server closes it (server ms): each seat still owing then gets the question's default answer. */
  until: number;
  seats: string[];
}

/** What a seated player may do about the other seat (or, for `takeBack`, its own). */
export const TABLE_ACTIONS = ['claimWin', 'handToBot', 'takeBack'] as const;
export type TableAction = (typeof TABLE_ACTIONS)[number];

/** The body of `POST /games/:name/:matchID/table`; the answer is `{}` or an ErrorBody (./lobby.ts). */
export interface TableRequest {
  playerID: SeatID;
  credentials: string;
  action: TableAction;
  /**
   * The seat acted on by claimWin and handToBot: optional in a game of two seats (the other one), required in a game
   * of more (Imperios: a playerID '0' … '6'); never for takeBack (the caller's own seat).
   */
  seat?: string;
}
