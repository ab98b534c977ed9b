/**
 * The server notices a clock running out and a seat passing the disconnect limit by itself (issue 10 items 2, 3),
 * not only on the next move or table action: the opponent is told at once over the socket ('mint:table', with
 * `clock.expired` or `abandoned`), and an operator gets the event line (`clockExpired`, `seatAbandoned`).
 *
 * Each match with something to time (a running clock not yet expired, a seat away and not yet reported) has one
 * deadline in memory, set from its metadata whenever the hub sends its table (the hub's `table` change, ../match/changes.ts: after every
 * clock, presence or hand-over change, and at each sync). One interval per process compares the deadlines with
 * the server's time (`hub.now`, injectable in tests), so an injected time and the real one work alike. A due match
 * is re-read in its queue, its expiry written to storage (`clock.expired`) and its table pushed. On start every
 * unfinished match is re-armed from what is stored (`resume`), so a restart loses no deadline.
 * A question with a time limit (an Imperios block offer or defence question, IM15.1–IM15.2: `metadata.answers`, set
 * with each move's state by ../match/moves.ts from `HostedGame.answersDue`) has a deadline too: when it passes, each
 * seat still owing an answer gets the question's default one, played through the hub as a server event
 * (`hub.timedAnswer`). That move is checked in the match's queue (under its Redis lock with several processes)
 * against what is stored: the same question still open, its deadline passed, the seat still owing — so a question
 * closed in time, a seat that answered, or a second process's timer firing for the same deadline change nothing.
 * A rematch still waiting for a player's playAgain (`unclaimed`) has a deadline too (issue 19 item 2): when it passes,
 * the rematch is deleted with no result (`rematchExpired`), its sockets told, and the match it followed forgets it.
 */
import type { Server, State } from 'boardgame.io';
import { seatIDs, seatMetadata } from '../seats/credentials';
import { clockExpired, clockRuns } from '../../src/protocol';
import { noteExpired, timeLeft } from './clock';
import type { MatchHub } from '../match/hub';
import type { SqlStorage } from '../storage';
import { abandonLimit, abandonedSeats, awaySince, rematchExpiry, type TableMetadata } from './state';

/** How often the deadlines are compared with the server's time. */
export const DEFAULT_TABLE_TICK_MS = 1000;

export class TableTimer {
  private readonly due = new Map<string, number>(); // matchID → earliest deadline (server ms)
  /** Absences already reported: `matchID|seat|awaySince` (in memory: after a restart one is reported again). */
  private readonly reported = new Set<string>();
  private readonly interval: ReturnType<typeof setInterval>;
  /** Matches whose default answers are being played (./moves.ts timedAnswer): their question is not re-armed meanwhile. */
  private readonly answering = new Set<string>();
  /** `matchID|key` of questions their default answers did not close (a bug): never fired again. */
  private readonly stuck = new Set<string>();

  constructor(private readonly hub: MatchHub, tickMs = DEFAULT_TABLE_TICK_MS, private readonly onError: (err: unknown, where: string) => void = () => {}) {
    this.interval = setInterval(() => this.tick(), Math.max(10, tickMs));
    this.interval.unref();
    this.stopListening = hub.changes.on('table', ({ matchID, metadata }) => this.arm(matchID, metadata));
  }

  private readonly stopListening: () => void;

  /** Matches with a deadline (for tests). */
  get armed(): number {
    return this.due.size;
  }

  /** Set (or clear) a match's deadline from its metadata. */
  arm(matchID: string, metadata: Server.MatchData): void {
    const d = this.deadline(matchID, metadata as TableMetadata);
    if (d === null) this.due.delete(matchID);
    else this.due.set(matchID, d);
  }

  private deadline(matchID: string, m: TableMetadata): number | null {
    if (m.gameover !== undefined && m.gameover !== null) return null;
    const now = this.hub.now();
    let d = rematchExpiry(m, this.hub.rematchExpiryMs) ?? Infinity;
    if (m.answers && !this.answering.has(matchID) && !this.stuck.has(`${matchID}|${m.answers.key}`)) d = Math.min(d, m.answers.until);
    const c = m.clock;
    if (c && !c.stopped) {
      // G59: each running seat not yet found out of time runs out on its own.
      const expired = clockExpired(c);
      for (const r of clockRuns(c)) if (!expired.includes(r.seat)) d = Math.min(d, now + timeLeft(c, r.seat, now));
    }
    const limit = abandonLimit(m, this.hub.abandonMs);
    for (const id of seatIDs(m)) {
      const t = awaySince(m, id);
      if (t === undefined || (seatMetadata(m, id)?.data as { bot?: unknown } | undefined)?.bot !== undefined) continue;
      if (!this.reported.has(`${matchID}|${id}|${t}`)) d = Math.min(d, t + limit);
    }
    return Number.isFinite(d) ? d : null;
  }

  private tick(): void {
    const now = this.hub.now();
    for (const [matchID, d] of this.due) {
      if (d > now) continue;
      this.due.delete(matchID);
      this.fire(matchID).catch((err) => this.onError(err, `table timer (match ${matchID})`));
    }
  }

  /** In the match's queue: write an expiry, report absences past the limit, push the table. */
  async fire(matchID: string): Promise<void> {
    const { hub } = this;
    const expired: { rematchOf?: string } = {}; // an expired rematch: the match it followed
    const answers: { gameName?: string; key?: string; seats?: { playerID: string; move: string; args: unknown[] }[] } = {};
    await hub.enqueue(matchID, async () => {
      hub.forget(matchID);
      const { state, metadata } = await hub.db.fetch(matchID, { state: true, metadata: true });
      if (!state || !metadata || (state as State).ctx.gameover !== undefined) return;
      const m = metadata as TableMetadata;
      const now = hub.now();
      const unopened = rematchExpiry(m, hub.rematchExpiryMs);
      if (unopened !== null && unopened <= now) {
        await hub.db.wipe(matchID);
        hub.evict(matchID);
        hub.onEvent({ event: 'rematchExpired', matchID, ...(m.rematchOf ? { rematchOf: m.rematchOf } : {}) });
        expired.rematchOf = m.rematchOf;
        return;
      }
      if (m.answers && m.answers.until <= now) {
        // The question closed: the default answers of the seats still owing one, played after this operation.
        const hosted = hub.hostedGame(m.gameName);
        const due = hosted?.answersDue?.(state) ?? null;
        if (due && due.key === m.answers.key) {
          answers.gameName = m.gameName;
          answers.key = due.key;
          answers.seats = Object.entries(due.owing).map(([playerID, a]) => ({ playerID, move: a.move, args: a.args }));
          this.answering.add(matchID); // its deadline is not armed again while the answers are played
        } else {
          // Stored without its question (written by an older server, or the game moved on): dropped, not re-fired.
          m.answers = null;
          await hub.db.setMetadata(matchID, metadata);
          hub.forget(matchID);
        }
      }
      let news = false;
      const noted = m.clock ? noteExpired(m.clock, now) : null;
      if (noted && noted.newly.length > 0) {
        m.clock = noted.clock;
        await hub.db.setMetadata(matchID, metadata);
        for (const late of noted.newly) hub.onEvent({ event: 'clockExpired', matchID, playerID: late });
        news = true;
      }
      for (const id of abandonedSeats(m, now, hub.abandonMs)) {
        const key = `${matchID}|${id}|${awaySince(m, id)}`;
        if (this.reported.has(key)) continue;
        this.reported.add(key);
        hub.onEvent({ event: 'seatAbandoned', matchID, playerID: id, awayMs: now - awaySince(m, id)! });
        news = true;
      }
      if (this.reported.size > 10_000) this.reported.clear(); // bounded; at worst a line is repeated
      if (news) hub.sendTable(matchID, metadata); // re-arms
      else this.arm(matchID, metadata);
    });
    if (expired.rematchOf !== undefined) await forgetRematch(hub, expired.rematchOf, matchID);
    if (answers.seats) {
      try {
        for (const a of answers.seats) await hub.timedAnswer(matchID, answers.gameName!, a.playerID, { type: a.move, args: a.args });
      } finally {
        this.answering.delete(matchID);
      }
      // What is left to time is what is stored now (an answer refused: another process played it first, or the
      // question closed meanwhile). A question still open past its deadline after its answers would be a bug of
      // the game's `answersDue`: reported once, and not fired again (no hot loop).
      const { metadata } = await hub.db.fetch(matchID, { metadata: true });
      const open = (metadata as TableMetadata | undefined)?.answers;
      if (open && open.key === answers.key && open.until <= hub.now()) {
        this.stuck.add(`${matchID}|${open.key}`);
        this.onError(new Error(`the default answers left question ${open.key} open`), `table timer (match ${matchID})`);
      }
      if (metadata) this.arm(matchID, metadata);
    }
  }

  /** On start: arm every unfinished match from its stored metadata. */
  async resume(db: SqlStorage, gameName: string): Promise<void> {
    const ids = await db.listMatches({ gameName, where: { isGameover: false } });
    for (const id of ids) {
      const { metadata } = await db.fetch(id, { metadata: true });
      if (metadata) this.arm(id, metadata);
    }
  }

  close(): void {
    this.stopListening();
    clearInterval(this.interval);
    this.due.clear();
  }
}

/**
 * After a rematch was deleted unopened (expired here, or left by its only player: ../lobby/routes/leave.ts), the match it followed no
 * longer offers it: a later playAgain there makes a new one. In that match's queue (never inside the rematch's).
 */
export async function forgetRematch(hub: MatchHub, matchID: string, rematchID: string): Promise<void> {
  await hub.enqueue(matchID, async () => {
    const { metadata } = await hub.db.fetch(matchID, { metadata: true });
    if (!metadata || metadata.nextMatchID !== rematchID) return;
    delete metadata.nextMatchID;
    await hub.db.setMetadata(matchID, metadata);
    hub.forget(matchID);
  });
}
