/**
 * The move service: one way in for every move, a player's from a socket (`update`) or a server bot's (`botMove`: no
 * credentials of its own, ../bots/driver.ts), and the lobby's forfeit (`forfeitInQueue`). A move is, in the match's
 * queue under its lock (./queue.ts, ./lock.ts): checked (who, whose turn, the state it was made on, the clock, its
 * legality by the game's rules: junk costs no reducer run and no log line), reduced by boardgame.io's reducer,
 * written (state, new log entries and metadata in one transaction, guarded against a stale write), then broadcast
 * (./broadcaster.ts). The new state is written before it is broadcast, and only broadcast if it was written: after a
 * crash no client has seen a state the database does not have. Refused or invalid moves change nothing.
 * What differs from boardgame.io's Master (STACK.md hole 2): an update must be one of the game's moves, made by the
 * seat whose credentials it carries (`acceptClientAction`), legal now, from the current state.
 */
import type { LogEntry, Server, State } from 'boardgame.io';
import type { PlayedBy, SeatID as MintSeatID } from '../../src/protocol';
import type { MatchEvent } from '../events';
import { credentialsMatch, isPlayerID, seatIDs, seatMetadata, type SeatID } from '../seats/credentials';
import type { SqlStorage } from '../storage';
import { afterMoveAwaited, noteExpired, outOfTimeSeats } from '../table/clock';
import { playedNote, type OpenAnswers, type TableMetadata } from '../table/state';
import { argsProblem } from './args';
import type { Broadcaster } from './broadcaster';
import type { MatchChanges } from './changes';
import type { Connection } from './connections';
import { clockSeats, type HostedGame } from './hosted-game';
import type { HostedGames } from './hosted-games';
import { botKindOf, isMatchID } from './match-data';
import type { MatchQueue } from './queue';
import type { HubResult, Refusals } from './refusals';
import type { MatchStore } from './store';

export interface MoveServiceOptions {
  db: SqlStorage;
  games: HostedGames;
  store: MatchStore;
  queue: MatchQueue;
  refusals: Refusals;
  broadcaster: Broadcaster;
  /** Told `activity` after a move of a match with a bot seat (the bot driver). */
  changes: MatchChanges;
  /** A player's socket whose move met a stale write gets the match again (./sync.ts). */
  resync: (conn: Connection, matchID: string, seat: SeatID) => void;
  /** Moves and reads counted (the hub's stats). */
  stats: { moves: number; botMoves: number; moveReads: number };
  onEvent: (e: MatchEvent) => void;
  onError: (err: unknown, where: string) => void;
  now: () => number;
  /** A move refreshes metadata.updatedAt only if it is older than this. */
  touchMs: number;
  /** Tests only: after a state is written, before anything is sent or published. */
  afterStateWrite: (matchID: string) => void;
  isClosed: () => boolean;
}

/**
 * The question with a time limit open after a move (`HostedGame.answersDue` of `next`), as the metadata keeps it:
 * `prev` itself when nothing changed, a new deadline (now + limit) for a new question, null when one just closed
 * (undefined: the match never had one).
 */
export function openAnswers(hosted: HostedGame, next: State, over: boolean, prev: OpenAnswers | null | undefined, now: number): OpenAnswers | null | undefined {
  const due = over ? null : hosted.answersDue?.(next) ?? null;
  if (!due) return prev ? null : prev; // null once closed: the table still goes out, saying it is closed
  const seats = Object.keys(due.owing).sort();
  if (prev?.key === due.key) {
    return prev.seats.length === seats.length && prev.seats.every((x, i) => x === seats[i]) ? prev : { ...prev, seats };
  }
  return { key: due.key, kind: due.kind, until: now + due.limitMs, seats };
}

/** A move's action with nothing but the fields boardgame.io's reducer reads. */
type CleanAction = { type: unknown; payload: { type: unknown; args: unknown; playerID: unknown } };

/** Set `at` (ms) on the MAKE_MOVE entries of a reducer's deltalog. */
function stampMoves(deltalog: LogEntry[] | undefined, at: number, played?: PlayedBy): void {
  for (const e of deltalog ?? []) {
    if (e.action.type !== 'MAKE_MOVE') continue;
    (e as LogEntry & { at?: number }).at = at;
    if (played) (e as LogEntry & { played?: PlayedBy }).played = played;
  }
}

export class MoveService {
  constructor(private readonly o: MoveServiceOptions) {}

  /**
   * A move from a socket: `action` as boardgame.io's client sends it (credentials in its payload), `stateID` the
   * state it was made on, `playerID` the seat it claims. Checked for shape and credentials, then played by `play`.
   */
  async update(action: unknown, stateID: unknown, matchID: unknown, playerID: unknown, conn: Connection): Promise<HubResult> {
    const { refusals } = this.o;
    if (this.o.isClosed()) return refusals.refuse(conn, matchID, 'update', 'server shutting down');
    if (!isMatchID(matchID)) return refusals.refuse(conn, matchID, 'update', 'bad matchID');
    if (!isPlayerID(playerID)) return refusals.refuse(conn, matchID, 'update', 'bad playerID');
    if (typeof stateID !== 'number' || !Number.isSafeInteger(stateID) || stateID < 0) {
      return refusals.refuse(conn, matchID, 'update', 'bad stateID');
    }
    if (typeof action !== 'object' || action === null) return refusals.refuse(conn, matchID, 'update', 'bad action');
    const payload = (action as { payload?: unknown }).payload;
    if (typeof payload !== 'object' || payload === null) return refusals.refuse(conn, matchID, 'update', 'bad action');
    const { credentials } = payload as { credentials?: unknown };
    // Shape and size first, before anything walks, stringifies or copies the arguments.
    const bad = argsProblem((payload as { args?: unknown }).args);
    if (bad) return refusals.refuse(conn, matchID, 'update', `action refused: ${bad}`);
    // Rebuilt from known fields only: nothing else of the client's object reaches the reducer or the log.
    const p = payload as { type?: unknown; args?: unknown; playerID?: unknown };
    const clean = { type: (action as { type?: unknown }).type, payload: { type: p.type, args: p.args, playerID: p.playerID } };
    // Hole 2: only our own moves, made by the seat the credentials are checked against, with printable args.
    const gameName = this.o.games.of(conn);
    const g = this.o.games.named(gameName);
    if (!g || !g.hosted.acceptClientAction(clean, playerID)) return refusals.refuse(conn, matchID, 'update', 'action refused');
    const early = await refusals.early(conn, matchID, 'update', playerID, credentials);
    if (early) return early;
    return this.play(matchID, gameName, playerID, clean, stateID, { conn, credentials });
  }

  /**
   * A server bot's move for `playerID` (../bots/driver.ts): a move of game `gameName` (the match's, from its
   * metadata), made on state `stateID`. It goes through the same path as a player's (`play`), checked by that game;
   * instead of credentials, the seat must be the bot's now. A match of another game is not found.
   */
  botMove(matchID: string, gameName: string, playerID: SeatID, move: { type: string; args: unknown[] }, stateID: number): Promise<HubResult> {
    const { refusals } = this.o;
    if (this.o.isClosed()) return Promise.resolve(refusals.refuse(undefined, matchID, 'update', 'server shutting down'));
    const g = this.o.games.named(gameName);
    if (!g) return Promise.resolve(refusals.refuse(undefined, matchID, 'update', 'match not found'));
    const clean = { type: 'MAKE_MOVE', payload: { type: move.type, args: move.args, playerID } };
    if (!g.hosted.acceptClientAction(clean, playerID)) {
      return Promise.resolve(refusals.refuse(undefined, matchID, 'update', 'action refused'));
    }
    return this.play(matchID, gameName, playerID, clean, stateID, 'bot');
  }

  /**
   * The default answer of `playerID` to the question with a time limit that has just closed (../table/timer.ts,
   * `HostedGame.answersDue`): a server event in the seat's name, no credentials. Played only if, in the queue, that
   * question is still the one open (its key in the metadata), its deadline has passed, the seat still owes an answer
   * and `move` is the game's default answer for it: a seat that answered in time, a question closed before its
   * deadline, and a second timer (another process, or a second tick) find nothing to do. Noted `{ timeLimit: true }`.
   */
  timedAnswer(matchID: string, gameName: string, playerID: SeatID, move: { type: string; args: unknown[] }): Promise<HubResult> {
    const { refusals } = this.o;
    if (this.o.isClosed()) return Promise.resolve(refusals.refuse(undefined, matchID, 'update', 'server shutting down'));
    const g = this.o.games.named(gameName);
    if (!g) return Promise.resolve(refusals.refuse(undefined, matchID, 'update', 'match not found'));
    const clean = { type: 'MAKE_MOVE', payload: { type: move.type, args: move.args, playerID } };
    return this.play(matchID, gameName, playerID, clean, null, 'time');
  }

  /**
   * In the match's queue, play one move checked for its envelope (`clean`) on state `stateID`, by a player (`conn`
   * and the credentials it sent, checked against the stored seat) or by the server bot. Every refusal changes
   * nothing; an accepted move is written, then broadcast.
   */
  private play(matchID: string, gameName: string, playerID: SeatID, clean: CleanAction, stateID: number | null,
    by: { conn?: Connection; credentials: unknown } | 'bot' | 'time'): Promise<HubResult> {
    const { refusals, store } = this.o;
    const conn = typeof by === 'string' ? undefined : by.conn;
    const refuse = (error: string) => refusals.refuse(conn, matchID, 'update', error);
    // Whether the match has a bot seat after this move (from the metadata just written): only then may a bot be due.
    let botSeat = false;
    return refusals.unavailable(conn, matchID, 'update', () => this.o.queue.enqueue(matchID, async (): Promise<HubResult> => {
      const { state, metadata } = store.kept(matchID)
        ?? (this.o.stats.moveReads++, await this.o.db.fetch(matchID, { state: true, metadata: true }));
      // A match of another game than the socket's namespace (or than the bot's) is not found.
      const g = metadata?.gameName === gameName ? this.o.games.named(metadata.gameName) : undefined;
      if (!state || !metadata || !g) return refuse('match not found');
      if (typeof by !== 'string' && !credentialsMatch(metadata, playerID, by.credentials)) return refuse('unauthorized');
      const s = state as State;
      if (s.ctx.gameover !== undefined) return refuse('game over');
      if (!g.game.flow.isPlayerActive(s.G, s.ctx, playerID)) return refuse('not your turn');
      if (!g.game.flow.getMove(s.ctx, clean.payload.type as string, playerID)) return refuse('move not allowed now');
      let timedKind = '';
      if (by === 'time') {
        // The question's key and deadline, as stored, stand in for the state the move was made on.
        const open = (metadata as TableMetadata).answers;
        const due = g.hosted.answersDue?.(s) ?? null;
        const answer = due?.owing[playerID];
        if (!open || !due || due.key !== open.key || open.until > this.o.now() || !answer) return refuse('no answer due');
        if (answer.move !== clean.payload.type || JSON.stringify(answer.args) !== JSON.stringify(clean.payload.args)) {
          return refuse('not the default answer');
        }
        timedKind = open.kind;
      } else if (s._stateID !== stateID) return refuse('stale state');
      // A bot move for a seat its owner took back in the meantime (../table/route.ts) is not the owner's.
      if (by === 'bot' && !botKindOf(seatMetadata(metadata, playerID))) return refuse('not a bot seat');
      // The owner of a seat handed to the bot takes it back first (../table/route.ts), so the two never race.
      if (typeof by !== 'string' && (seatMetadata(metadata, playerID)?.data as { handedOver?: unknown } | undefined)?.handedOver === true) {
        return refuse('your seat is played by the bot: take it back first');
      }
      const clock = (metadata as TableMetadata).clock;
      // A default answer at a question's time limit is the rule's, not the seat's decision: it is made even for a seat
      // out of time (whose bank stays empty: it is out of time again at its next decision).
      if (clock && by !== 'time' && outOfTimeSeats(clock, this.o.now()).includes(playerID as MintSeatID)) {
        // Out of time: the game waits for another seat to claim the win or hand the seat to the bot (G59: each seat
        // for itself; the others owing at the same time go on).
        const noted = noteExpired(clock, this.o.now());
        if (noted.newly.length > 0) {
          const md = { ...metadata, clock: noted.clock } as Server.MatchData;
          await this.o.db.setMetadata(matchID, md);
          store.remember(matchID, s, md);
          for (const late of noted.newly) this.o.onEvent({ event: 'clockExpired', matchID, playerID: late });
          this.o.broadcaster.sendTable(matchID, md);
        }
        return refuse('time is up');
      }
      if (!g.hosted.isLegalMove(s.G, playerID, clean.payload.type as string, clean.payload.args)) return refuse('illegal move');

      let next: State & { transients?: { error?: unknown } };
      try {
        next = g.reducer(s, clean as Parameters<typeof g.reducer>[1]) as typeof next;
      } catch (err) {
        this.o.onError(err, `reducer (match ${matchID})`);
        return refuse('invalid move');
      }
      if (next.transients?.error !== undefined || next._stateID === s._stateID) return refuse('invalid move');
      // Around a hand-over, who played the move is the server's event (src/game/playedBy.ts, issue 21 item 2): the
      // game writes it into the new state, and it is kept beside the move's log entry for the record.
      // A default answer made at the time limit is noted as such (the seat's hand-overs are not its business).
      const note: { played: PlayedBy; handovers?: TableMetadata['handovers'] } | null =
        by === 'time' ? { played: { timeLimit: true } } : playedNote((metadata as TableMetadata).handovers, playerID, by === 'bot');
      if (note && g.hosted.notePlayed) next = g.hosted.notePlayed(s, next, playerID, clean.payload.type as string, note.played);
      // The move's time (and that note) go into its log entry, stored for the match's record (../records.ts);
      // clients never get them (filterLog rebuilds entries from known fields).
      stampMoves(next.deltalog, this.o.now(), note?.played);
      const { deltalog, transients: _t, ...toStore } = next;
      // Metadata: gameover when the game ends; updatedAt (used by stale-match clean-up and listings) at most once
      // per `touchMs`; a turn clock after every move. Written in the state's transaction (one write per move, and
      // a crash never keeps a state without its clock).
      const now = this.o.now();
      const over = next.ctx.gameover !== undefined;
      let md = metadata;
      let touched = false;
      if (note?.handovers) {
        md = { ...md, handovers: note.handovers } as Server.MatchData;
        touched = true;
      }
      if (clock) {
        // Issue 19 item 1: the clock acts only when the turn changes hands (../table/clock.ts afterMove); a take-back, or
        // another decision of the same seat, leaves it as it is.
        // Every seat the game waits for spends its own time (G59: a game of more seats may wait for several at once).
        // Nobody awaited: the game is over (the clock stops).
        const awaited = clockSeats(g.hosted, next) as MintSeatID[];
        const ticked = afterMoveAwaited(clock, playerID as MintSeatID, awaited.length > 0 ? awaited : null, this.o.now(), clean.payload.type === 'undo');
        if (ticked !== clock) {
          md = { ...md, clock: ticked } as Server.MatchData;
          touched = true;
        }
      }
      // A question with a time limit: its deadline is fixed when it opens and kept while it stays open.
      const answers = openAnswers(g.hosted, next, over, (metadata as TableMetadata).answers, now);
      if (answers !== (metadata as TableMetadata).answers) {
        md = { ...md, answers } as Server.MatchData;
        touched = true;
      }
      if ((metadata.gameover === undefined || metadata.gameover === null)
        && (over || !(now - metadata.updatedAt < this.o.touchMs))) {
        md = { ...md, updatedAt: now };
        if (over) md.gameover = next.ctx.gameover;
        touched = true;
      }
      // `s` is what is stored: only the game log entries the move added (or a take-back rewrote) are written.
      const written = await this.o.db.trySetState(matchID, toStore as State, deltalog, touched ? md : undefined, s);
      if (written !== 'written') {
        // Another process wrote this match first: refuse, and give the socket what is stored now.
        store.forget(matchID);
        if (conn && written === 'stale') this.o.resync(conn, matchID, playerID);
        return refuse(written === 'missing' ? 'match not found' : 'stale state');
      }
      this.o.afterStateWrite(matchID);
      store.remember(matchID, toStore as State, md);
      botSeat = seatIDs(md).some((id) => botKindOf(seatMetadata(md, id)));
      this.o.broadcaster.state(matchID, next, deltalog ?? [], botSeat, s);
      if (clock || (md as TableMetadata).handovers || answers || (metadata as TableMetadata).answers) {
        this.o.broadcaster.sendTable(matchID, md); // the table timer arms (or drops) the match's deadline
      }
      if (by === 'time') this.o.onEvent({ event: 'answeredByTimeLimit', matchID, playerID, kind: timedKind });
      if (by === 'bot') this.o.stats.botMoves++;
      else this.o.stats.moves++;
      if (over) this.o.onEvent({ event: 'finished', matchID, winner: next.ctx.gameover?.winner, reason: next.ctx.gameover?.reason });
      return { ok: true };
    })).then((r) => {
      // A move in a match without a bot seat gives no bot the move: no need to wake the bot driver (which reads
      // the match back). Seats handed to the bot later are kicked by the hand-over itself (../table/route.ts).
      if (r.ok && botSeat) this.o.changes.emit('activity', { matchID });
      return r;
    });
  }

  /**
   * Inside the match queue (the lobby's leave): the game ends now, won by the other seat (`reason: 'forfeit'`),
   * written like a move (state, then metadata.gameover) and broadcast. Nothing if the game is already over.
   */
  async forfeitInQueue(matchID: string, loser: SeatID, metadata: Server.MatchData, reason = 'forfeit'): Promise<boolean> {
    const { state } = await this.o.db.fetch(matchID, { state: true });
    if (!state || (state as State).ctx.gameover !== undefined) return false;
    const g = this.o.games.named(metadata.gameName);
    if (!g) return false;
    const next = g.hosted.forfeit(state as State, loser, reason);
    const written = await this.o.db.trySetState(matchID, next as State, [], undefined, state as State);
    this.o.store.forget(matchID);
    if (written !== 'written') return false;
    metadata.gameover = next.ctx.gameover;
    metadata.updatedAt = this.o.now();
    const t = metadata as TableMetadata;
    if (t.clock) t.clock = { ...t.clock, running: null, stopped: true };
    await this.o.db.setMetadata(matchID, metadata);
    this.o.broadcaster.state(matchID, next, [], false, state as State);
    this.o.broadcaster.sendTable(matchID, metadata);
    this.o.onEvent({ event: 'finished', matchID, winner: next.ctx.gameover?.winner, reason });
    return true;
  }
}
