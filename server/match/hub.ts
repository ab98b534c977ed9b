/**
 * The match room of this server: it replaces boardgame.io 0.50.2's `Master` for socket traffic (the socket
 * transport in ./transport.ts routes `sync`, `update`, chat and disconnects here; the server bots play through the
 * same move service with no credentials of their own). `MatchHub` builds the room's parts and is their one face to
 * the rest of the server (the transport, the lobby, the table and hint routes, the bot driver, /metrics):
 * - ./connections.ts: the sockets registered per match and seat;
 * - ./store.ts: what this process keeps of each match (last state and metadata, sync answers);
 * - ./queue.ts + ./lock.ts: one operation of a match at a time, in this process or (Redis lock) in all;
 * - ./sync.ts: a socket joins a match's audience, is sent it again, leaves or is evicted;
 * - ./moves.ts: the move service (a player's or a bot's move: checked, reduced, written, then broadcast);
 * - ./broadcaster.ts: per-audience views, log deltas, players and tables to the match's sockets;
 * - ./presence.ts: which seats have a socket (isConnected, awaySince);
 * - ./bus-link.ts: several processes: the others' messages to this process's sockets, and evictions;
 * - ../chat/room.ts: the chat, in its own queue per match.
 * A change other rooms react to (a bot may be due, a table to arm) is emitted on `changes` (./changes.ts).
 * docs/ARCHITECTURE.md ("Server") follows a move through these parts.
 */
import type { Ctx, Server, State } from 'boardgame.io';
import type { SqlStorage } from '../storage';
import type { SeatID } from '../seats/credentials';
import { MatchChat } from '../chat/room';
import type { MatchEvent } from '../events';
import { DEFAULT_REMATCH_EXPIRY_MS } from '../table/state';
import type { ClusterBus } from '../cluster/bus';
import { SeatKeys } from '../seats/keys';
import type { HostedGame } from './hosted-game';
import { busLock, processLock } from './lock';
import { MatchChanges } from './changes';
import { ConnectionRegistry, deliver, type Connection } from './connections';
import { HostedGames, type ProcessedGame } from './hosted-games';
import { Refusals, type HubResult } from './refusals';
import { MatchStore } from './store';
import { MatchQueue } from './queue';
import { Broadcaster } from './broadcaster';
import { SeatPresence } from '../table/presence';
import { SyncService } from './sync';
import { MoveService } from './moves';
import { BusLink } from './bus-link';

export type { Connection } from './connections';
export type { HubResult } from './refusals';
export { botKindOf, isMatchID, isRivalSeat, MATCH_ID_RE, publicPlayers, RIVAL_NAME } from './match-data';

export interface HubOptions {
  /**
   * The games this hub serves, and what it knows of each (./hosted-game.ts; Mint: ../games/mint.ts). The first is
   * the default (`hub.game`: Mint's own routes). A match is served only as the game it was created as (its
   * metadata's gameName).
   */
  games: readonly HostedGame[];
  db: SqlStorage;
  /**
   * Where this process's rooms hear that a match changed (./changes.ts): the hub emits `activity` (outside
   * the match queue) after a state was written and broadcast and after a player's sync, and `table` whenever it
   * sends a match's table. Default: a set of its own (`hub.changes`).
   */
  changes?: MatchChanges;
  /** Unexpected errors (never refusals). Default console.error. */
  onError?: (err: unknown, where: string) => void;
  /** A move refreshes metadata.updatedAt only if it is older than this. Default 60 s; 0: on every move. */
  touchMs?: number;
  /** Matches whose state is kept in memory. Default 2000; 0: none. */
  cacheSize?: number;
  /** Spectator sockets per match; a sync beyond it is refused. Default 100; 0: no limit. */
  maxSpectatorsPerMatch?: number;
  /** Match events an operator wants in the log (../events.ts): here 'finished' and 'clockExpired'. */
  onEvent?: (e: MatchEvent) => void;
  /** The server's time for turn clocks and absences (tests inject one). Default Date.now. */
  now?: () => number;
  /** A seat disconnected this long may be handed to the bot by its opponent (turn clocks: the decision limit). Default 3 min. */
  abandonMs?: number;
  /** A rematch still waiting for a player's playAgain is deleted after this long (issue 19 item 2). Default 30 min. */
  rematchExpiryMs?: number;
  /** Several processes (../cluster/bus.ts, docs/DEPLOY.md): cross-process match locks, broadcasts and presence. */
  bus?: ClusterBus;
  /**
   * Fault injection for tests only: called after a state is written and before anything is sent or published (the
   * window in which a process may die: tests/integration/cluster-crash-window.test.ts). Never set in production.
   */
  afterStateWrite?: (matchID: string) => void;
}

/** Counters for GET /metrics (../http/metrics.ts), since the process started. */
export interface HubStats {
  moves: number;
  botMoves: number;
  chatMessages: number;
  /** Moves that found the match not kept in memory and read it from storage (several processes: docs/SERVER.md). */
  moveReads: number;
  /** Operations run in a match's queue (with several processes: each under the match's Redis lock). */
  operations: number;
  /** Refusals by event (sync, update, chat). */
  refusals: Map<string, number>;
}

export class MatchHub {
  /** The default game's processed config (Mint's own routes). */
  readonly game: ProcessedGame;
  readonly db: SqlStorage;
  /** Match changes for this process's other rooms (bots, table timer, lobby): ./changes.ts. */
  readonly changes: MatchChanges;
  readonly onEvent: (e: MatchEvent) => void;
  readonly now: () => number;
  readonly abandonMs: number;
  readonly rematchExpiryMs: number;
  readonly stats: HubStats = { moves: 0, botMoves: 0, chatMessages: 0, moveReads: 0, operations: 0, refusals: new Map() };
  /** The seats' credential hashes per match: wrong credentials are refused before the queue (issue 19 item 4). */
  readonly seatKeys: SeatKeys;
  readonly bus: ClusterBus | undefined;
  private readonly games: HostedGames;
  private readonly connectionRegistry: ConnectionRegistry;
  private readonly store: MatchStore;
  private readonly queue: MatchQueue;
  private readonly broadcaster: Broadcaster;
  private readonly presence: SeatPresence;
  private readonly syncs: SyncService;
  private readonly moves: MoveService;
  private readonly link: BusLink;
  /** Chat (../chat/room.ts): its own queue per match, never the move queue (issue 19 item 3). */
  private readonly chats: MatchChat;
  private closed = false;

  constructor(opts: HubOptions) {
    const onError = opts.onError ?? ((err, where) => console.error(`[hub] ${where}:`, err));
    const cacheSize = opts.cacheSize ?? 2000;
    const isClosed = () => this.closed;
    this.games = new HostedGames(opts.games);
    this.game = this.games.first;
    this.db = opts.db;
    this.changes = opts.changes ?? new MatchChanges(onError);
    this.onEvent = opts.onEvent ?? (() => {});
    this.now = opts.now ?? Date.now;
    this.abandonMs = opts.abandonMs ?? 3 * 60_000;
    this.rematchExpiryMs = opts.rematchExpiryMs ?? DEFAULT_REMATCH_EXPIRY_MS;
    const bus = (this.bus = opts.bus);
    // The one place that asks how many processes there are: the lock (./lock.ts) and the bus's presence.
    const lock = bus ? busLock(bus) : processLock;
    this.seatKeys = new SeatKeys({ read: async (id) => (await this.db.fetch(id, { metadata: true })).metadata });
    const connections = (this.connectionRegistry = new ConnectionRegistry(
      (conn) => this.games.of(conn),
      bus ? (matchID, seat, sockets) => bus.presence(matchID, seat, sockets) : undefined,
    ));
    const store = (this.store = new MatchStore(this.db, cacheSize, lock.soleWriter));
    const queue = (this.queue = new MatchQueue(lock, (matchID) => store.forget(matchID), this.stats));
    const refusals = new Refusals(this.stats.refusals, this.seatKeys, onError);
    const broadcaster = (this.broadcaster = new Broadcaster({
      connections, games: this.games, bus, changes: this.changes, now: this.now, abandonMs: this.abandonMs, onError,
    }));
    this.presence = new SeatPresence({ db: this.db, bus, connections, store, broadcaster, now: this.now });
    this.chats = new MatchChat({
      db: this.db, bus, stats: this.stats, isClosed,
      registration: (connID) => connections.get(connID),
      readers: (matchID) => connections.idsOf(matchID).map((id) => connections.get(id)!).filter(Boolean),
      metadata: (matchID) => store.metadata(matchID),
      refuse: (conn, matchID, event, error) => refusals.refuse(conn, matchID, event, error),
      unavailable: (conn, matchID, event, run) => refusals.unavailable(conn, matchID, event, run),
      deliver,
      onError,
    }, cacheSize);
    const syncs = (this.syncs = new SyncService({
      db: this.db, bus, games: this.games, connections, store, queue, refusals, broadcaster, presence: this.presence,
      chats: this.chats, seatKeys: this.seatKeys, changes: this.changes, maxSpectators: opts.maxSpectatorsPerMatch ?? 100,
      isClosed, onError,
    }));
    this.moves = new MoveService({
      db: this.db, games: this.games, store, queue, refusals, broadcaster, changes: this.changes,
      resync: (conn, matchID, seat) => syncs.resync(conn, matchID, seat), stats: this.stats, onEvent: this.onEvent,
      onError, now: this.now, touchMs: opts.touchMs ?? 60_000, afterStateWrite: opts.afterStateWrite ?? (() => {}),
      isClosed,
    });
    this.link = new BusLink({
      bus, connections, store, broadcaster, sync: syncs, chats: this.chats, seatKeys: this.seatKeys, changes: this.changes,
    });
  }

  /** The hosted game named `name` (a match's metadata.gameName), for the lobby's readers; undefined for none. */
  hostedGame(name: unknown): HostedGame | undefined {
    return this.games.named(name)?.hosted;
  }

  /** Start receiving the other processes' messages (with a bus; once, before the server listens). */
  startBus(): Promise<void> {
    return this.link.start();
  }

  // --- sockets (./sync.ts, ./moves.ts, ../chat/room.ts) ------------------------------------------------------

  /** A socket asks for a match as a player (credentials required) or as a spectator (playerID null). */
  sync(conn: Connection, matchID: unknown, playerID: unknown, credentials: unknown): Promise<HubResult> {
    return this.syncs.sync(conn, matchID, playerID, credentials);
  }

  /** A move from a socket (boardgame.io's `update`): ./moves.ts. */
  update(action: unknown, stateID: unknown, matchID: unknown, playerID: unknown, conn: Connection): Promise<HubResult> {
    return this.moves.update(action, stateID, matchID, playerID, conn);
  }

  /** A socket went away. */
  disconnect(connID: string): Promise<void> {
    return this.syncs.disconnect(connID);
  }

  /** A chat line from a socket (../chat/room.ts `say`). */
  chat(conn: Connection, matchID: unknown, message: unknown, credentials: unknown): Promise<HubResult> {
    return this.chats.say(conn, matchID, message, credentials);
  }

  /** `mint:chat` (matchID, { spectators }): a player opens or closes the spectators' channel (../chat/room.ts `watch`). */
  watchChat(conn: Connection, matchID: unknown, options: unknown): HubResult {
    return this.chats.watch(conn, matchID, options);
  }

  /** Whether a socket is registered as a spectator of `matchID` (the transport's spectator chat budgets). */
  spectating(connID: string, matchID: unknown): boolean {
    return this.connectionRegistry.spectating(connID, matchID);
  }

  // --- the server's own callers (bots, lobby, table, cluster) ------------------------------------------------

  /** A server bot's move for `playerID` of a match of game `gameName`, made on state `stateID`: ./moves.ts. */
  botMove(matchID: string, gameName: string, playerID: SeatID, move: { type: string; args: unknown[] }, stateID: number): Promise<HubResult> {
    return this.moves.botMove(matchID, gameName, playerID, move, stateID);
  }

  /** The default answer of a seat to a question whose time limit has passed (../table/timer.ts): ./moves.ts. */
  timedAnswer(matchID: string, gameName: string, playerID: SeatID, move: { type: string; args: unknown[] }): Promise<HubResult> {
    return this.moves.timedAnswer(matchID, gameName, playerID, move);
  }

  /** Inside the match queue (the lobby's leave, a claimed clock): the game ends now, lost by `loser`. */
  forfeitInQueue(matchID: string, loser: SeatID, metadata: Server.MatchData, reason = 'forfeit'): Promise<boolean> {
    return this.moves.forfeitInQueue(matchID, loser, metadata, reason);
  }

  /** Run `fn` after every earlier operation of this match (one at a time per match, under its lock). */
  enqueue<T>(matchID: string, fn: () => Promise<T>): Promise<T> {
    return this.queue.enqueue(matchID, fn);
  }

  /** The match as stored (kept in memory when this process is its only writer): ./store.ts. */
  current(matchID: string): Promise<{ state?: State; metadata?: Server.MatchData }> {
    return this.store.current(matchID);
  }

  /** Drop what is kept in memory of a match (call after writing its metadata or deleting it). */
  forget(matchID: string): void {
    this.store.forget(matchID);
  }

  /** Inside the match queue, after its metadata changed: players and table to every socket of the match. */
  announce(matchID: string, metadata: Server.MatchData): void {
    this.broadcaster.announce(matchID, metadata);
  }

  /** 'mint:table' (matchID, view) to one socket, or to every socket of the match. Nothing for a plain match. */
  sendTable(matchID: string, metadata: Server.MatchData, conn?: Connection): void {
    this.broadcaster.sendTable(matchID, metadata, conn);
  }

  /** Inside the match queue: store and announce which seats have a socket now, if that changed. */
  updateConnected(matchID: string, metadata: Server.MatchData): Promise<void> {
    return this.presence.update(matchID, metadata);
  }

  /** Inside the match queue, after a seat got credentials (the lobby's join): ./bus-link.ts. */
  seatsChanged(matchID: string, metadata: Server.MatchData): void {
    this.link.seatsChanged(matchID, metadata);
  }

  /**
   * Stop sending a match (or one seat of it) to the sockets registered for it: the seat was left in the lobby,
   * or the match was deleted. Those sockets get `mint:error` and must sync again (with new credentials).
   */
  evict(matchID: string, playerID?: SeatID): void {
    this.link.evict(matchID, playerID);
  }

  /** Every socket of this process gets a fresh sync answer (after Redis came back). */
  resyncAll(): void {
    this.syncs.resyncAll();
  }

  /** Several processes: after another process died holding a match, its sockets here catch up with storage. */
  catchUp(matchID: string): void {
    this.syncs.catchUp(matchID);
  }

  // --- counters and shutdown ---------------------------------------------------------------------------------

  /** Matches with queued work (for tests and shutdown). */
  get busyMatches(): number {
    return this.queue.busy;
  }

  /** Matches with at least one registered socket (for /metrics). */
  get activeMatches(): number {
    return this.connectionRegistry.matches;
  }

  /** Number of registered connections (sockets that synced), per match or in all. */
  connections(matchID?: string): number {
    return this.connectionRegistry.count(matchID);
  }

  /** Wait until every queued operation is done; refuse new socket work. */
  async close(): Promise<void> {
    this.closed = true;
    await this.queue.drain();
    await this.chats.drain();
  }

  /** Who may move now (boardgame.io's rule: the active players, else the current player). */
  static allowedPlayers(ctx: Ctx): string[] {
    return ctx.activePlayers ? Object.keys(ctx.activePlayers) : [ctx.currentPlayer];
  }
}
