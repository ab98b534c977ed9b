/**
 * The match master of this server: it replaces boardgame.io 0.50.2's `Master` for socket traffic (the socket
 * transport in ./transport.ts routes `sync`, `update` and disconnects here; the server bots play through the same
 * move service, `botMove`, with no credentials of their own). What it does differently from boardgame.io's Master,
 * and why:
 * - sync never creates a match (STACK.md hole 4): an unknown matchID is refused and storage is not touched;
 * - a playerID needs that seat's credentials for sync and update, joined or not (hole 4, ../seats/credentials.ts);
 * - an update must be one of our moves, made by the seat whose credentials it carries (hole 2,
 *   `acceptClientAction`), legal now (checked against the rules before the reducer runs, so junk costs no
 *   reducer run and no log line), from the current state;
 * - everything a socket receives goes through the game's `viewState` / `viewLog` (./hosted-game.ts; Mint:
 *   ../games/mint.ts → src/game/filter.ts) (hole 1): per-seat G, no random seed or PRNG state,
 *   redacted log, filtered initialState;
 * - the new state is written before it is broadcast, and only broadcast if it was written (the storage's stale
 *   guard): after a crash no client has seen a state the database does not have;
 * - refused or invalid actions change nothing: no write, no broadcast, no metadata touch;
 * - every operation on one match (sync, update, connection change, lobby metadata edits) runs in that match's
 *   queue, so metadata read-modify-writes of one process cannot overwrite each other.
 * A refusal is reported to the socket as `mint:error` (matchID, { event, error }); boardgame.io's client
 * ignores that event, a UI may listen to it on `client.transport.socket`.
 */
import type { Ctx, LogEntry, Server, State } from 'boardgame.io';
import { CreateGameReducer, ProcessGameConfig } from 'boardgame.io/internal';
import { SOCKET_EVENTS, type PlayedBy, type RefusalBody, type SeatID as MintSeatID } from '../../src/protocol';
import type { SqlStorage } from '../storage';
import { credentialsHash, credentialsMatch, isPlayerID, seatIDs, seatMetadata, type SeatID } from '../seats/credentials';
import { argsProblem } from './args';
import { SharedMessage } from './outbox';
import { botKindOf, isMatchID, isRivalSeat, publicPlayers } from './match-data';
import type { ChatLine } from '../chat/lines';
import { MatchChat } from '../chat/room';
import type { MatchEvent } from '../events';
import { afterMove, outOfTime } from '../table/clock';
import { DEFAULT_REMATCH_EXPIRY_MS, playedNote, seated, tableView, type TableMetadata } from '../table/state';
import { ClusterUnavailable, type BusMessage, type ClusterBus } from '../cluster/bus';
import { stateJson } from './state-json';
import { SeatKeys } from '../seats/keys';
import type { HostedGame } from './hosted-game';
import { busLock, processLock, type MatchLock } from './lock';
import { MatchChanges } from './changes';

/** What a socket (or a bot) is, to the hub. */
export interface Connection {
  id: string;
  emit(event: string, ...args: unknown[]): void;
  /** Set by the transport when the socket is gone (queued work for it is skipped then). */
  closed?: boolean;
  /** Send a message shared with other sockets (encoded once); without it the hub calls `emit`. */
  send?(msg: SharedMessage): void;
  /** The client asked for log deltas (src/protocol/log-delta.ts): its updates are `mint:update`. */
  logDeltas?: boolean;
  /** The game whose namespace the socket is in: it reaches only that game's matches. Default the hub's first game. */
  game?: string;
}

/** Who sees what: each seat its own view, every spectator the public one. */
type Audience = SeatID | 'spectator';

interface Registered {
  conn: Connection;
  matchID: string;
  playerID: SeatID | null;
}

export type HubResult = { ok: true } | { ok: false; error: string };

type ProcessedGame = ReturnType<typeof ProcessGameConfig>;

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

/** Encoded sync answers kept for re-use (a few spectators of a finished match asking again share one). */
const SYNC_CACHE_SIZE = 64;
/** Spectator sockets written per event-loop turn when a match has more (see broadcastState). */
const SPECTATOR_SLICE = 50;

const isMetadata = (x: unknown): x is Server.MatchData => typeof x === 'object' && x !== null && typeof (x as { players?: unknown }).players === 'object';

/** Set `at` (ms) on the MAKE_MOVE entries of a reducer's deltalog. */
function stampMoves(deltalog: LogEntry[] | undefined, at: number, played?: PlayedBy): void {
  for (const e of deltalog ?? []) {
    if (e.action.type !== 'MAKE_MOVE') continue;
    (e as LogEntry & { at?: number }).at = at;
    if (played) (e as LogEntry & { played?: PlayedBy }).played = played;
  }
}

export class MatchHub {
  readonly game: ProcessedGame;
  /** Each game's own rules of hosting (views, legality, forfeit, notes, deltas: ./hosted-game.ts), by game name. */
  private readonly hosted = new Map<string, { hosted: HostedGame; game: ProcessedGame; reducer: ReturnType<typeof CreateGameReducer> }>();
  /** The game of each match that has sockets here (set when one syncs): what its broadcasts are cut with. */
  private readonly matchGames = new Map<string, string>();
  readonly db: SqlStorage;
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly registered = new Map<string, Registered>(); // connection id → registration
  private readonly rooms = new Map<string, Set<string>>(); // matchID → connection ids
  /** Match changes for this process's other rooms (bots, table timer, lobby): ./changes.ts. */
  readonly changes: MatchChanges;
  private readonly onError: (err: unknown, where: string) => void;
  private closed = false;
  private readonly touchMs: number;
  /**
   * The last state and metadata this process read or wrote, per match (most recently used last), so a move does
   * not read the match back from the database. Whatever else writes a match's metadata in this process calls
   * `forget`; a write from elsewhere makes the next state write 'stale', which drops the entry.
   */
  private readonly cache = new Map<string, { state: State; metadata: Server.MatchData }>();
  private readonly cacheSize: number;
  /** The last sync answer per match and audience, for the state and players it was built from. */
  private readonly syncCache = new Map<string, { stateID: number; players: string; msg: SharedMessage }>();
  private readonly spectators = new Map<string, number>(); // matchID → spectator sockets registered
  private readonly maxSpectators: number;
  private readonly fanouts = new Map<string, Promise<void>>(); // matchID → spectator slices still being written
  /** Chat (../chat/room.ts): its own queue per match, never the move queue (issue 19 item 3). */
  private readonly chats: MatchChat;
  readonly onEvent: (e: MatchEvent) => void;
  private readonly afterStateWrite: (matchID: string) => void;
  readonly now: () => number;
  readonly abandonMs: number;
  readonly rematchExpiryMs: number;
  readonly stats: HubStats = { moves: 0, botMoves: 0, chatMessages: 0, moveReads: 0, operations: 0, refusals: new Map() };
  /** The seats' credential hashes per match: wrong credentials are refused before the queue (issue 19 item 4). */
  readonly seatKeys: SeatKeys;
  readonly bus: ClusterBus | undefined;
  /** Holds a match across processes (./lock.ts): the move path never asks how many there are. */
  private readonly lock: MatchLock;
  /**
   * Several processes: the newest state ID this process sent the sockets of a match (by sync or update), so a
   * message from another process that arrives after a newer state (rare: pub/sub and the lock use different
   * connections) is not sent: boardgame.io's client would take an older state.
   */
  private readonly newestSent = new Map<string, number>();

  constructor(opts: HubOptions) {
    this.maxSpectators = opts.maxSpectatorsPerMatch ?? 100;
    this.touchMs = opts.touchMs ?? 60_000;
    this.cacheSize = opts.cacheSize ?? 2000;
    for (const hosted of opts.games) {
      const game = ProcessGameConfig(hosted.game);
      this.hosted.set(game.name as string, { hosted, game, reducer: CreateGameReducer({ game }) });
    }
    this.game = this.hosted.get(opts.games[0]!.game.name as string)!.game;
    this.db = opts.db;
    this.onError = opts.onError ?? ((err, where) => console.error(`[hub] ${where}:`, err));
    this.changes = opts.changes ?? new MatchChanges(this.onError);
    this.onEvent = opts.onEvent ?? (() => {});
    this.now = opts.now ?? Date.now;
    this.abandonMs = opts.abandonMs ?? 3 * 60_000;
    this.rematchExpiryMs = opts.rematchExpiryMs ?? DEFAULT_REMATCH_EXPIRY_MS;
    this.bus = opts.bus;
    this.lock = opts.bus ? busLock(opts.bus) : processLock;
    this.afterStateWrite = opts.afterStateWrite ?? (() => {});
    this.chats = new MatchChat({
      db: this.db, bus: this.bus, stats: this.stats,
      isClosed: () => this.closed,
      registration: (connID) => this.registered.get(connID),
      readers: (matchID) => [...this.rooms.get(matchID) ?? []].map((id) => this.registered.get(id)!).filter(Boolean),
      metadata: async (matchID) => this.cache.get(matchID)?.metadata ?? (await this.db.fetch(matchID, { metadata: true })).metadata,
      refuse: (conn, matchID, event, error) => this.refuse(conn, matchID, event, error),
      unavailable: (conn, matchID, event, run) => this.unavailable(conn, matchID, event, run),
      deliver: (conn, msg) => this.deliver(conn, msg),
      onError: this.onError,
    }, this.cacheSize);
    this.seatKeys = new SeatKeys({ read: async (id) => (await this.db.fetch(id, { metadata: true })).metadata });
  }

  /** The hosted game named `name` (a match's metadata.gameName, a socket's namespace); undefined for none. */
  private gameNamed(name: unknown) {
    return typeof name === 'string' ? this.hosted.get(name) : undefined;
  }

  /** The hosted game named `name` (a match's metadata.gameName), for the lobby's readers; undefined for none. */
  hostedGame(name: unknown): HostedGame | undefined {
    return this.gameNamed(name)?.hosted;
  }

  /** The players of a match as clients see them, bot kinds named by the match's game (old names resolved). */
  private playersOf(metadata: Server.MatchData) {
    return publicPlayers(metadata, this.gameNamed(metadata.gameName)?.hosted.bots);
  }

  /** The game a connection reaches (its namespace's), or the default game's name for the server's own callers. */
  private gameOf(conn: Connection | undefined): string {
    return conn?.game ?? (this.game.name as string);
  }

  /** Start receiving the other processes' messages (with a bus; once, before the server listens). */
  async startBus(): Promise<void> {
    await this.bus?.start((msg, cacheable) => this.fromBus(msg, cacheable), () => {
      this.seatKeys.clear(); // seat changes published while Redis was down never arrived
      this.resyncAll();
    }, (matchID, messages) => this.finalizeForBus(matchID, messages));
  }

  /**
   * Several processes, at the end of an operation: when its last new state is what this process keeps of the match,
   * that state's message carries the kept metadata too, so the process that runs the match's next operation (in a
   * match whose two players sit on different processes: every other move) need not read the match back.
   */
  private finalizeForBus(matchID: string, messages: BusMessage[]): void {
    const kept = this.cache.get(matchID);
    if (!kept) return;
    for (let i = messages.length - 1; i >= 0; i--) {
      const msg = messages[i];
      if (msg.t !== 'state') continue;
      if ((msg.state as State)._stateID === kept.state._stateID) msg.md = kept.metadata;
      return;
    }
  }

  /** What another process did to a match: send it to this process's sockets of that match. */
  private fromBus(msg: BusMessage, cacheable = false): void {
    const id = msg.m;
    if (!isMatchID(id)) return;
    // Metadata on the bus carries the seats' credential hashes, not the credentials (issue 19 item 9).
    if ((msg.t === 'state' || msg.t === 'matchData' || msg.t === 'table' || msg.t === 'seats') && isMetadata(msg.md)) {
      this.seatKeys.learn(id, msg.md);
    }
    if (msg.t === 'state') {
      // Deltas follow the state this process keeps of the match (the sockets' base when it is the previous one).
      this.broadcastLocal(id, msg.state as State, msg.deltalog as LogEntry[], this.cache.get(id)?.state);
      // Kept as if read (the bus keeps its version token with it: the next operation here trusts it only if no
      // other operation ran since), with the credentials this process knows put back; not kept if it knows them not
      // (the next operation here reads the match).
      if (cacheable && msg.md !== undefined) {
        const md = this.withKnownCredentials(id, msg.md as Server.MatchData);
        this.forget(id);
        if (md) this.remember(id, msg.state as State, md);
      }
      // A bot of this match may be due (../bots/driver.ts: the lease decides which process plays).
      if (msg.bot) this.changes.emit('activity', { matchID: id });
    } else if (msg.t === 'matchData') {
      if (this.rooms.has(id)) this.announceLocal(id, msg.md as Server.MatchData);
    } else if (msg.t === 'table') {
      if (this.rooms.has(id)) this.tableLocal(id, msg.md as Server.MatchData);
    } else if (msg.t === 'chat') {
      this.chats.fromBus(id, msg.line as ChatLine);
    } else if (msg.t === 'evict') {
      this.evictLocal(id, isPlayerID(msg.seat) ? msg.seat : undefined);
    }
  }

  /**
   * Metadata from the bus with each seat's credentials hash replaced by the credentials this process kept of the
   * match (they hash to it), so it can be kept and written back like metadata read from storage; null if a seat's
   * credentials are unknown here (a join on another process).
   */
  private withKnownCredentials(matchID: string, md: Server.MatchData): Server.MatchData | null {
    const known = this.cache.get(matchID)?.metadata;
    const players = { ...md.players } as Record<string, Server.PlayerMetadata & { credentialsHash?: string }>;
    for (const id of seatIDs(md)) {
      const p = players[id];
      if (!p || typeof p.credentialsHash !== 'string') continue;
      const c = seatMetadata(known, id)?.credentials;
      if (typeof c !== 'string' || credentialsHash(c) !== p.credentialsHash) return null;
      const { credentialsHash: _h, ...rest } = p;
      players[id] = { ...rest, credentials: c };
    }
    return { ...md, players } as Server.MatchData;
  }

  /**
   * Inside the match queue, after a seat got credentials (the lobby's join): the pre-check of ../seats/keys.ts here
   * and in the other processes learns them (the bus carries their hashes).
   */
  seatsChanged(matchID: string, metadata: Server.MatchData): void {
    this.seatKeys.learn(matchID, metadata);
    this.bus?.publish({ t: 'seats', m: matchID, md: metadata });
  }

  /**
   * Send every socket of this process a fresh sync answer (after Redis came back: what was published while it was
   * down never arrived). boardgame.io's client takes a 'sync' at any time.
   */
  resyncAll(): void {
    for (const r of [...this.registered.values()]) {
      // Redis may have restarted empty: tell it again which seats have a socket here.
      if (r.playerID !== null) this.bus?.presence(r.matchID, r.playerID, this.localSeatSockets(r.matchID, r.playerID));
      this.resync(r.conn, r.matchID, r.playerID);
    }
  }

  /**
   * Several processes: after another process died holding a match (its bot lease expired), send this process's
   * sockets of the match what is stored if they were sent an older state (it may have written a state and died
   * before publishing it).
   */
  catchUp(matchID: string): void {
    if (!this.bus || !this.rooms.has(matchID)) return;
    void this.enqueue(matchID, async () => {
      const { state } = await this.db.fetch(matchID, { state: true });
      const newest = this.newestSent.get(matchID);
      if (!state || newest === undefined || newest >= (state as State)._stateID) return;
      for (const id of this.rooms.get(matchID) ?? []) {
        const r = this.registered.get(id);
        if (r && !r.conn.closed) this.resync(r.conn, matchID, r.playerID);
      }
    }).catch((err) => this.onError(err, 'catch up'));
  }

  private resync(conn: Connection, matchID: string, seat: SeatID | null): void {
    void this.enqueue(matchID, async () => {
      if (conn.closed || this.registered.get(conn.id)?.matchID !== matchID) return;
      const answer = await this.syncAnswer(matchID, seat, this.gameOf(conn));
      if (answer && !conn.closed) this.deliver(conn, answer.msg);
    }).catch((err) => this.onError(err, 'resync'));
  }

  /** Run `fn` after every earlier operation of this match (one at a time per match, in this process). */
  enqueue<T>(matchID: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.queues.get(matchID) ?? Promise.resolve();
    this.stats.operations++;
    // One at a time per match in every process; what another process changed is re-read.
    const locked = () => this.lock.hold(matchID, (stale) => {
      if (stale) this.forget(matchID);
      return fn();
    });
    const run = prev.then(locked, locked);
    const tail = run.then(() => undefined, () => undefined);
    this.queues.set(matchID, tail);
    void tail.then(() => {
      if (this.queues.get(matchID) === tail) this.queues.delete(matchID);
    });
    return run;
  }

  private remember(matchID: string, state: State, metadata: Server.MatchData): void {
    if (this.cacheSize <= 0) return;
    this.cache.delete(matchID);
    this.cache.set(matchID, { state, metadata });
    if (this.cache.size > this.cacheSize) this.cache.delete(this.cache.keys().next().value as string);
  }

  /**
   * The match as stored, without a read when this process is its only writer and keeps it; otherwise read from
   * storage (another process may have written it since).
   */
  async current(matchID: string): Promise<{ state?: State; metadata?: Server.MatchData }> {
    const kept = this.lock.soleWriter ? this.cache.get(matchID) : undefined;
    if (kept) return kept;
    const { state, metadata } = await this.db.fetch(matchID, { state: true, metadata: true });
    return { state: state as State | undefined, metadata };
  }

  /** Drop what is kept in memory of a match (call after writing its metadata or deleting it). */
  forget(matchID: string): void {
    this.cache.delete(matchID);
    for (const a of ['0', '1', 'spectator']) this.syncCache.delete(`${matchID}|${a}`);
  }

  /** Send `msg` to one connection, shared encoding if the transport offers it. */
  private deliver(conn: Connection, msg: SharedMessage): void {
    if (conn.send) conn.send(msg);
    else conn.emit(msg.event, ...msg.args);
  }

  /** Matches with queued work (for tests and shutdown). */
  get busyMatches(): number {
    return this.queues.size;
  }

  /** Wait until every queued operation is done; refuse new socket work. */
  async close(): Promise<void> {
    this.closed = true;
    while (this.queues.size > 0) await Promise.all([...this.queues.values()]);
    await this.chats.drain();
  }

  /** Matches with at least one registered socket (for /metrics). */
  get activeMatches(): number {
    return this.rooms.size;
  }

  /** Number of registered connections (sockets that synced), per match or in all. */
  connections(matchID?: string): number {
    return matchID === undefined ? this.registered.size : this.rooms.get(matchID)?.size ?? 0;
  }

  private refuse(conn: Connection | undefined, matchID: unknown, event: string, error: string): HubResult {
    if (event === 'sync' || event === 'update' || event === 'chat') {
      this.stats.refusals.set(event, (this.stats.refusals.get(event) ?? 0) + 1);
    }
    if (conn) {
      try {
        conn.emit(SOCKET_EVENTS.error, typeof matchID === 'string' ? matchID.slice(0, 64) : null, { event, error } satisfies RefusalBody);
      } catch (err) {
        this.onError(err, 'emit refusal');
      }
    }
    return { ok: false, error };
  }

  // ------------------------------------------------------------------------------------------------------------
  // sync

  /** A socket asks for a match as a player (credentials required) or as a spectator (playerID null). */
  async sync(conn: Connection, matchID: unknown, playerID: unknown, credentials: unknown): Promise<HubResult> {
    if (this.closed) return this.refuse(conn, matchID, 'sync', 'server shutting down');
    if (!isMatchID(matchID)) return this.refuse(conn, matchID, 'sync', 'bad matchID');
    if (playerID !== null && playerID !== undefined && !isPlayerID(playerID)) {
      return this.refuse(conn, matchID, 'sync', 'bad playerID');
    }
    const seat: SeatID | null = isPlayerID(playerID) ? playerID : null;
    const early = seat === null ? null : await this.refusedEarly(conn, matchID, 'sync', seat, credentials);
    if (early) return early;
    const result = await this.unavailable(conn, matchID, 'sync', () => this.enqueue(matchID, async (): Promise<HubResult> => {
      // Queued syncs of a socket that is gone cost nothing: no read, no filter, no encoding.
      if (conn.closed) return { ok: false, error: 'disconnected' };
      const answer = await this.syncAnswer(matchID, seat, this.gameOf(conn));
      if (!answer) return this.refuse(conn, matchID, 'sync', 'match not found');
      const { metadata } = answer;
      if (seat !== null && !credentialsMatch(metadata, seat, credentials)) {
        return this.refuse(conn, matchID, 'sync', 'unauthorized');
      }
      if (conn.closed) return { ok: false, error: 'disconnected' };
      const previous = this.registered.get(conn.id);
      const sameSpectator = previous?.matchID === matchID && previous.playerID === null && seat === null;
      if (seat === null && !sameSpectator && this.maxSpectators > 0
        && (this.spectators.get(matchID) ?? 0) >= this.maxSpectators) {
        return this.refuse(conn, matchID, 'sync', 'too many spectators');
      }
      this.unregister(conn.id);
      this.register({ conn, matchID, playerID: seat });
      this.deliver(conn, answer.msg);
      if (answer.behind) {
        // The match's other sockets here missed that state: each gets a sync answer of its own (queued after this).
        for (const id of this.rooms.get(matchID) ?? []) {
          const r = this.registered.get(id);
          if (r && r.conn !== conn && !r.conn.closed) this.resync(r.conn, matchID, r.playerID);
        }
      }
      this.chats.synced(conn, matchID, seat); // the chat history, in the chat's own queue (../chat/room.ts)
      if (seat !== null) await this.updateConnected(matchID, metadata);
      this.sendTable(matchID, metadata, conn);
      if (previous && previous.playerID !== null && (previous.matchID !== matchID || previous.playerID !== seat)) {
        // The socket moved to another match or seat: its old seat may be disconnected now.
        void this.enqueue(previous.matchID, () => this.refreshConnected(previous.matchID))
          .catch((err) => this.onError(err, 'refresh connection'));
      }
      return { ok: true };
    }));
    if (result.ok && seat !== null) this.changes.emit('activity', { matchID });
    return result;
  }

  /**
   * Credentials that cannot be the seat's are refused before the match's queue and (several processes) its Redis
   * lock (issue 19 item 4, ../seats/keys.ts): a flood of them costs the match nothing. Null: maybe theirs, checked for
   * real in the queue (also when the pre-check could not read the match: the queue reports that).
   */
  private async refusedEarly(conn: Connection, matchID: string, event: string, seat: SeatID, credentials: unknown): Promise<HubResult | null> {
    const pre = await this.seatKeys.check(matchID, seat, credentials).catch(() => 'maybe' as const);
    return pre === 'maybe' ? null : this.refuse(conn, matchID, event, pre === 'match not found' ? 'match not found' : 'unauthorized');
  }

  /**
   * Inside the match queue: the sync answer of one audience for the current state, built once and shared by
   * every socket that asks for the same state and players; null if the match does not exist.
   */
  private async syncAnswer(matchID: string, seat: SeatID | null, gameName: string): Promise<{ metadata: Server.MatchData; msg: SharedMessage; behind?: boolean } | null> {
    const key = `${matchID}|${seat ?? 'spectator'}`;
    const cached = this.cache.get(matchID);
    const hit = this.syncCache.get(key);
    if (cached && hit && cached.metadata.gameName === gameName && hit.stateID === cached.state._stateID && hit.players === JSON.stringify(this.playersOf(cached.metadata))) {
      this.syncCache.delete(key);
      this.syncCache.set(key, hit);
      this.markSent(matchID, hit.stateID);
      return { metadata: cached.metadata, msg: hit.msg };
    }
    const { state, metadata, log, initialState } = await this.db.fetch(matchID, {
      state: true, metadata: true, log: true, initialState: true,
    });
    // Never create a match on sync (boardgame.io does): unknown IDs are refused and storage stays as it was. A match
    // of another game is not found either: each game's views cut only its own state.
    const g = this.gameNamed(metadata?.gameName);
    if (!state || !metadata || !initialState || !g || metadata.gameName !== gameName) return null;
    const s = state as State;
    // Several processes: storage holds a newer state than this process's sockets of the match were sent. The
    // process that wrote it died before publishing it (or Redis lost the message): the others are told below.
    const newest = this.newestSent.get(matchID);
    const behind = this.bus !== undefined && newest !== undefined && newest < s._stateID;
    // The other processes may be behind too, and this one cannot know: the writer may have died between its write
    // and its publish, with a socket of this match elsewhere waiting for that state, and this process (a restarted
    // one) sent nothing of it yet. So a state read here that this process has not sent goes out on the bus; a
    // process that sent it (or a newer one) drops it (broadcastLocal).
    if (this.bus && (newest === undefined || newest < s._stateID)) {
      const last = (log as LogEntry[] | undefined)?.filter((e) => e._stateID === s._stateID - 1) ?? [];
      this.bus.publish({ t: 'state', m: matchID, state: s, deltalog: last });
    }
    const players = this.playersOf(metadata);
    const msg = new SharedMessage('sync', [matchID, {
      state: g.hosted.viewState(s, seat),
      log: g.hosted.viewLog(log as LogEntry[] | undefined, seat),
      filteredMetadata: players,
      initialState: g.hosted.viewState(initialState as State, seat),
    }]);
    this.remember(matchID, s, metadata);
    this.markSent(matchID, s._stateID);
    this.syncCache.set(key, { stateID: s._stateID, players: JSON.stringify(players), msg });
    if (this.syncCache.size > SYNC_CACHE_SIZE) this.syncCache.delete(this.syncCache.keys().next().value as string);
    return { metadata, msg, behind };
  }

  /**
   * The shared store (PostgreSQL, or Redis with several processes) failed: the socket gets a refusal it can show,
   * instead of nothing. Nothing was written (a state is broadcast only after its write).
   */
  private async unavailable(conn: Connection | undefined, matchID: unknown, event: string, run: () => Promise<HubResult>): Promise<HubResult> {
    try {
      return await run();
    } catch (err) {
      if (!(err instanceof ClusterUnavailable)) this.onError(err, event);
      return this.refuse(conn, matchID, event, err instanceof ClusterUnavailable
        ? `service unavailable: ${err.message}` : 'service unavailable: storage error, try again');
    }
  }

  private register(r: Registered): void {
    this.registered.set(r.conn.id, r);
    let room = this.rooms.get(r.matchID);
    if (!room) this.rooms.set(r.matchID, (room = new Set()));
    room.add(r.conn.id);
    // Registered only after a sync that found the match to be the socket's game (syncAnswer): its broadcasts are cut
    // by that game. Set here, not in syncAnswer: a socket syncing the same match again is unregistered first, and
    // its room, if it was the last socket, forgets the game in between.
    this.matchGames.set(r.matchID, this.gameOf(r.conn));
    if (r.playerID === null) this.spectators.set(r.matchID, (this.spectators.get(r.matchID) ?? 0) + 1);
    else this.bus?.presence(r.matchID, r.playerID, this.localSeatSockets(r.matchID, r.playerID));
  }

  private unregister(connID: string): Registered | undefined {
    const r = this.registered.get(connID);
    if (!r) return undefined;
    this.registered.delete(connID);
    if (r.playerID === null) {
      const n = (this.spectators.get(r.matchID) ?? 1) - 1;
      if (n > 0) this.spectators.set(r.matchID, n);
      else this.spectators.delete(r.matchID);
    } else {
      this.bus?.presence(r.matchID, r.playerID, this.localSeatSockets(r.matchID, r.playerID));
    }
    const room = this.rooms.get(r.matchID);
    if (room) {
      room.delete(connID);
      if (room.size === 0) {
        this.rooms.delete(r.matchID);
        this.matchGames.delete(r.matchID);
      }
    }
    return r;
  }

  /**
   * Stop sending a match (or one seat of it) to the sockets registered for it: the seat was left in the lobby,
   * or the match was deleted. Those sockets get `mint:error` and must sync again (with new credentials).
   */
  evict(matchID: string, playerID?: SeatID): void {
    this.bus?.publish({ t: 'evict', m: matchID, ...(playerID === undefined ? {} : { seat: playerID }) });
    this.evictLocal(matchID, playerID);
  }

  private evictLocal(matchID: string, playerID?: SeatID): void {
    if (playerID === undefined) this.chats.forget(matchID);
    this.seatKeys.drop(matchID); // a seat's credentials are gone (../seats/keys.ts)
    for (const id of [...this.rooms.get(matchID) ?? []]) {
      const r = this.registered.get(id);
      if (!r || (playerID !== undefined && r.playerID !== playerID)) continue;
      this.unregister(id);
      this.chats.left(id);
      this.refuse(r.conn, matchID, 'sync', playerID === undefined ? 'match deleted' : 'seat released');
    }
    this.forget(matchID);
  }

  /** A socket went away. */
  async disconnect(connID: string): Promise<void> {
    this.chats.left(connID);
    const r = this.unregister(connID);
    if (!r || r.playerID === null) return;
    await this.enqueue(r.matchID, () => this.refreshConnected(r.matchID));
  }

  /** Sockets of this process registered for one seat of a match. */
  private localSeatSockets(matchID: string, seat: SeatID): number {
    let n = 0;
    for (const id of this.rooms.get(matchID) ?? []) if (this.registered.get(id)?.playerID === seat) n++;
    return n;
  }

  /** Which seats have a registered socket, here or (several processes) on another live process. */
  private async connectedSeats(matchID: string): Promise<Set<string>> {
    const out = this.bus ? await this.bus.remoteSeats(matchID) : new Set<string>();
    for (const id of this.rooms.get(matchID) ?? []) {
      const r = this.registered.get(id);
      if (r?.playerID) out.add(r.playerID);
    }
    return out;
  }

  /** Inside the match queue: re-read metadata and store/broadcast the seats' connection status if it changed. */
  private async refreshConnected(matchID: string): Promise<void> {
    this.forget(matchID);
    const { metadata } = await this.db.fetch(matchID, { metadata: true });
    if (metadata) await this.updateConnected(matchID, metadata);
  }

  /** Inside the match queue: store and announce which seats have a socket now, if that changed. */
  async updateConnected(matchID: string, metadata: Server.MatchData): Promise<void> {
    const connected = await this.connectedSeats(matchID);
    let changed = false;
    for (const id of seatIDs(metadata)) {
      const p = seatMetadata(metadata, id);
      if (!p || botKindOf(p) || isRivalSeat(p)) continue;
      const now = connected.has(id);
      if ((p.isConnected ?? false) !== now) {
        p.isConnected = now;
        // Since when the seat is away (../table/state.ts: an abandoned seat may be handed to the bot); only once both
        // players hold their seats (issue 19 item 2: nobody is away from a game that has not started).
        const q = p as { awaySince?: number };
        if (now || !seated(metadata)) delete q.awaySince;
        else q.awaySince = this.now();
        changed = true;
      }
    }
    if (!changed) return;
    await this.db.setMetadata(matchID, metadata);
    this.announce(matchID, metadata);
  }

  /**
   * Inside the match queue, after its metadata changed: the players (boardgame.io's matchData) and the table
   * (clock, absences, hand-overs: 'mint:table') to every socket of the match.
   */
  announce(matchID: string, metadata: Server.MatchData): void {
    this.changes.emit('table', { matchID, metadata }); // the table timer arms the new deadlines (e.g. an absence starting now)
    this.bus?.publish({ t: 'matchData', m: matchID, md: metadata });
    this.announceLocal(matchID, metadata);
  }

  private announceLocal(matchID: string, metadata: Server.MatchData): void {
    const msg = new SharedMessage('matchData', [matchID, this.playersOf(metadata)]);
    this.broadcast(matchID, (r) => this.deliver(r.conn, msg));
    this.tableLocal(matchID, metadata);
  }

  /** 'mint:table' (matchID, view) to one socket, or to every socket of the match. Nothing for a plain match. */
  sendTable(matchID: string, metadata: Server.MatchData, conn?: Connection): void {
    this.changes.emit('table', { matchID, metadata });
    if (!conn && this.bus && tableView(metadata as TableMetadata, this.now(), this.abandonMs)) {
      this.bus.publish({ t: 'table', m: matchID, md: metadata });
    }
    this.tableLocal(matchID, metadata, conn);
  }

  private tableLocal(matchID: string, metadata: Server.MatchData, conn?: Connection): void {
    const view = tableView(metadata as TableMetadata, this.now(), this.abandonMs);
    if (!view) return;
    const msg = new SharedMessage(SOCKET_EVENTS.table, [matchID, view]);
    if (conn) this.deliver(conn, msg);
    else this.broadcast(matchID, (r) => this.deliver(r.conn, msg));
  }

  // ------------------------------------------------------------------------------------------------------------
  // update

  /**
   * A move from a socket: `action` as boardgame.io's client sends it (credentials in its payload), `stateID` the
   * state it was made on, `playerID` the seat it claims. Checked for shape and credentials, then played by `play`.
   */
  async update(action: unknown, stateID: unknown, matchID: unknown, playerID: unknown, conn: Connection): Promise<HubResult> {
    if (this.closed) return this.refuse(conn, matchID, 'update', 'server shutting down');
    if (!isMatchID(matchID)) return this.refuse(conn, matchID, 'update', 'bad matchID');
    if (!isPlayerID(playerID)) return this.refuse(conn, matchID, 'update', 'bad playerID');
    if (typeof stateID !== 'number' || !Number.isSafeInteger(stateID) || stateID < 0) {
      return this.refuse(conn, matchID, 'update', 'bad stateID');
    }
    if (typeof action !== 'object' || action === null) return this.refuse(conn, matchID, 'update', 'bad action');
    const payload = (action as { payload?: unknown }).payload;
    if (typeof payload !== 'object' || payload === null) return this.refuse(conn, matchID, 'update', 'bad action');
    const { credentials } = payload as { credentials?: unknown };
    // Shape and size first, before anything walks, stringifies or copies the arguments.
    const bad = argsProblem((payload as { args?: unknown }).args);
    if (bad) return this.refuse(conn, matchID, 'update', `action refused: ${bad}`);
    // Rebuilt from known fields only: nothing else of the client's object reaches the reducer or the log.
    const p = payload as { type?: unknown; args?: unknown; playerID?: unknown };
    const clean = { type: (action as { type?: unknown }).type, payload: { type: p.type, args: p.args, playerID: p.playerID } };
    // Hole 2: only our own moves, made by the seat the credentials are checked against, with printable args.
    const g = this.gameNamed(this.gameOf(conn));
    if (!g || !g.hosted.acceptClientAction(clean, playerID)) return this.refuse(conn, matchID, 'update', 'action refused');
    const early = await this.refusedEarly(conn, matchID, 'update', playerID, credentials);
    if (early) return early;
    return this.play(matchID, this.gameOf(conn), playerID, clean, stateID, { conn, credentials });
  }

  /**
   * A server bot's move for `playerID` (../bots/driver.ts): a move of game `gameName` (the match's, from its
   * metadata), made on state `stateID`. It goes through the same move service as a player's (`play`), checked by
   * that game; instead of credentials, the seat must be the bot's now. A match of another game is not found.
   */
  botMove(matchID: string, gameName: string, playerID: SeatID, move: { type: string; args: unknown[] }, stateID: number): Promise<HubResult> {
    if (this.closed) return Promise.resolve(this.refuse(undefined, matchID, 'update', 'server shutting down'));
    const g = this.gameNamed(gameName);
    if (!g) return Promise.resolve(this.refuse(undefined, matchID, 'update', 'match not found'));
    const clean = { type: 'MAKE_MOVE', payload: { type: move.type, args: move.args, playerID } };
    if (!g.hosted.acceptClientAction(clean, playerID)) {
      return Promise.resolve(this.refuse(undefined, matchID, 'update', 'action refused'));
    }
    return this.play(matchID, gameName, playerID, clean, stateID, 'bot');
  }

  /**
   * The move service: in the match's queue, play one move checked for its envelope (`clean`) on state `stateID`,
   * by a player (`conn` and the credentials it sent, checked against the stored seat) or by the server bot. Every
   * refusal changes nothing; an accepted move is written, then broadcast.
   */
  private play(
    matchID: string, gameName: string, playerID: SeatID, clean: { type: unknown; payload: { type: unknown; args: unknown; playerID: unknown } },
    stateID: number, by: { conn?: Connection; credentials: unknown } | 'bot',
  ): Promise<HubResult> {
    const conn = by === 'bot' ? undefined : by.conn;
    // Whether the match has a bot seat after this move (from the metadata just written): only then may a bot be due.
    let botSeat = false;
    return this.unavailable(conn, matchID, 'update', () => this.enqueue(matchID, async (): Promise<HubResult> => {
      const { state, metadata } = this.cache.get(matchID)
        ?? (this.stats.moveReads++, await this.db.fetch(matchID, { state: true, metadata: true }));
      // A match of another game than the socket's namespace (or than the bot's) is not found.
      const g = metadata?.gameName === gameName ? this.gameNamed(metadata.gameName) : undefined;
      if (!state || !metadata || !g) return this.refuse(conn, matchID, 'update', 'match not found');
      if (by !== 'bot' && !credentialsMatch(metadata, playerID, by.credentials)) return this.refuse(conn, matchID, 'update', 'unauthorized');
      const s = state as State;
      if (s.ctx.gameover !== undefined) return this.refuse(conn, matchID, 'update', 'game over');
      if (!g.game.flow.isPlayerActive(s.G, s.ctx, playerID)) return this.refuse(conn, matchID, 'update', 'not your turn');
      if (!g.game.flow.getMove(s.ctx, clean.payload.type as string, playerID)) {
        return this.refuse(conn, matchID, 'update', 'move not allowed now');
      }
      if (s._stateID !== stateID) return this.refuse(conn, matchID, 'update', 'stale state');
      // A bot move for a seat its owner took back in the meantime (../table/route.ts) is not the owner's.
      if (by === 'bot' && !botKindOf(seatMetadata(metadata, playerID))) return this.refuse(conn, matchID, 'update', 'not a bot seat');
      // The owner of a seat handed to the bot takes it back first (../table/route.ts), so the two never race.
      if (by !== 'bot' && (seatMetadata(metadata, playerID)?.data as { handedOver?: unknown } | undefined)?.handedOver === true) {
        return this.refuse(conn, matchID, 'update', 'your seat is played by the bot: take it back first');
      }
      const clock = (metadata as TableMetadata).clock;
      const late = outOfTime(clock, this.now());
      if (late === playerID) {
        // Out of time: the game waits for the opponent to claim the win or hand the seat to the bot.
        if (clock!.expired !== playerID) {
          const md = { ...metadata, clock: { ...clock!, expired: playerID } } as Server.MatchData;
          await this.db.setMetadata(matchID, md);
          this.remember(matchID, s, md);
          this.onEvent({ event: 'clockExpired', matchID, playerID });
          this.sendTable(matchID, md);
        }
        return this.refuse(conn, matchID, 'update', 'time is up');
      }
      if (!g.hosted.isLegalMove(s.G, playerID, clean.payload.type as string, clean.payload.args)) {
        return this.refuse(conn, matchID, 'update', 'illegal move');
      }

      let next: State & { transients?: { error?: unknown } };
      try {
        next = g.reducer(s, clean as Parameters<typeof g.reducer>[1]) as typeof next;
      } catch (err) {
        this.onError(err, `reducer (match ${matchID})`);
        return this.refuse(conn, matchID, 'update', 'invalid move');
      }
      if (next.transients?.error !== undefined || next._stateID === s._stateID) {
        return this.refuse(conn, matchID, 'update', 'invalid move');
      }
      // Around a hand-over, who played the move is the server's event (src/game/playedBy.ts, issue 21 item 2): the
      // game writes it into the new state, and it is kept beside the move's log entry for the record.
      const note = playedNote((metadata as TableMetadata).handovers, playerID, by === 'bot');
      if (note && g.hosted.notePlayed) next = g.hosted.notePlayed(s, next, playerID, clean.payload.type as string, note.played);
      // The move's time (and that note) go into its log entry, stored for the match's record (../records.ts);
      // clients never get them (filterLog rebuilds entries from known fields).
      stampMoves(next.deltalog, this.now(), note?.played);
      const { deltalog, transients: _t, ...toStore } = next;
      // Metadata: gameover when the game ends; updatedAt (used by stale-match clean-up and listings) at most once
      // per `touchMs`; a turn clock after every move. Written in the state's transaction (one write per move, and
      // a crash never keeps a state without its clock).
      const now = this.now();
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
        // Clocks are for two-seat games only (../lobby/new-match.ts), whose seats are Mint's '0' and '1'.
        const nextSeat = g.hosted.nextToMove(next) as MintSeatID | null;
        const ticked = afterMove(clock, playerID as MintSeatID, nextSeat, this.now(), clean.payload.type === 'undo');
        if (ticked !== clock) {
          md = { ...md, clock: ticked } as Server.MatchData;
          touched = true;
        }
      }
      if ((metadata.gameover === undefined || metadata.gameover === null)
        && (over || !(now - metadata.updatedAt < this.touchMs))) {
        md = { ...md, updatedAt: now };
        if (over) md.gameover = next.ctx.gameover;
        touched = true;
      }
      // `s` is what is stored: only the game log entries the move added (or a take-back rewrote) are written.
      const written = await this.db.trySetState(matchID, toStore as State, deltalog, touched ? md : undefined, s);
      if (written !== 'written') {
        // Another process wrote this match first: refuse, and give the socket what is stored now.
        this.forget(matchID);
        if (conn && written === 'stale') this.resync(conn, matchID, playerID);
        return this.refuse(conn, matchID, 'update', written === 'missing' ? 'match not found' : 'stale state');
      }
      this.afterStateWrite(matchID);
      this.remember(matchID, toStore as State, md);
      botSeat = seatIDs(md).some((id) => botKindOf(seatMetadata(md, id)));
      this.broadcastState(matchID, next, deltalog ?? [], botSeat, s);
      if (clock || (md as TableMetadata).handovers) this.sendTable(matchID, md);
      if (by === 'bot') this.stats.botMoves++;
      else this.stats.moves++;
      if (over) this.onEvent({ event: 'finished', matchID, winner: next.ctx.gameover?.winner, reason: next.ctx.gameover?.reason });
      return { ok: true };
    })).then((r) => {
      // A move in a match without a bot seat gives no bot the move: no need to wake the bot driver (which reads
      // the match back). Seats handed to the bot later are kicked by the hand-over itself (../table/route.ts).
      if (r.ok && botSeat) this.changes.emit('activity', { matchID });
      return r;
    });
  }

  private broadcast(matchID: string, send: (r: Registered) => void): void {
    for (const id of [...this.rooms.get(matchID) ?? []]) {
      const r = this.registered.get(id);
      if (!r || r.conn.closed) continue;
      try {
        send(r);
      } catch (err) {
        this.onError(err, 'broadcast');
      }
    }
  }

  /**
   * One filtered, encoded update per audience, shared by all its sockets. Players get it at once; a crowd of
   * spectators gets it in slices of SPECTATOR_SLICE sockets, one slice per event-loop turn, so writing a state to
   * thousands of sockets never holds up other matches for long. Slices of one match run in order (a spectator
   * never gets state N+1 before N).
   */
  private broadcastState(matchID: string, state: State, deltalog: LogEntry[], bot: boolean, prev: State): void {
    if (this.bus) {
      const { transients: _t, deltalog: _d, ...stored } = state as State & { transients?: unknown };
      this.bus.publish({ t: 'state', m: matchID, state: stored, deltalog, ...(bot ? { bot } : {}) });
    }
    this.broadcastLocal(matchID, state, deltalog, prev);
  }

  /** Several processes: state `stateID` went to sockets of a match (kept if it is the newest so far). */
  private markSent(matchID: string, stateID: number): void {
    if (!this.bus) return;
    const newest = this.newestSent.get(matchID);
    if (newest !== undefined && newest >= stateID) return;
    this.newestSent.delete(matchID);
    this.newestSent.set(matchID, stateID);
    if (this.newestSent.size > 10_000) this.newestSent.delete(this.newestSent.keys().next().value as string);
  }

  /**
   * `prev`: the state before `state` (the sockets' base for log deltas); without it, or when it is not older,
   * every socket gets the whole view.
   */
  private broadcastLocal(matchID: string, state: State, deltalog: LogEntry[], prev?: State): void {
    if (!this.rooms.has(matchID)) return;
    // The match's sockets synced it as its own game (syncAnswer): its views are cut by that game.
    const hosted = this.gameNamed(this.matchGames.get(matchID))?.hosted;
    if (!hosted) return;
    const newest = this.newestSent.get(matchID);
    if (this.bus && newest !== undefined && newest >= state._stateID) return;
    this.markSent(matchID, state._stateID);
    const base = prev && prev._stateID < state._stateID ? prev : undefined;
    // Per audience: its view (shared by both kinds of message) and each kind's message, built on first need.
    const views = new Map<Audience, State>();
    const byAudience = new Map<string, SharedMessage>();
    const message = (seat: SeatID | null, delta: boolean) => {
      const audience: Audience = seat ?? 'spectator';
      const key = delta && base ? `${audience}|delta` : audience;
      let msg = byAudience.get(key);
      if (!msg) {
        let view = views.get(audience);
        if (!view) views.set(audience, (view = hosted.viewState(state, seat)));
        const log = hosted.viewLog(deltalog, seat);
        const v = view;
        const logDelta = hosted.logDelta;
        msg = delta && base && logDelta
          ? new SharedMessage(SOCKET_EVENTS.update, [matchID, logDelta(base, state, v, seat), log])
          : new SharedMessage('update', [matchID, v, log],
            () => `["update",${JSON.stringify(matchID)},${stateJson(v)},${JSON.stringify(log)}]`);
        byAudience.set(key, msg);
      }
      return msg;
    };
    const watchers: string[] = [];
    const crowd = (this.spectators.get(matchID) ?? 0) > SPECTATOR_SLICE;
    this.broadcast(matchID, (r) => {
      if (r.playerID === null && crowd) watchers.push(r.conn.id);
      else this.deliver(r.conn, message(r.playerID, r.conn.logDeltas === true));
    });
    if (watchers.length === 0) return;
    const full = message(null, false);
    const withDeltas = base ? message(null, true) : full;
    const earlier = this.fanouts.get(matchID) ?? Promise.resolve();
    const run = earlier.then(async () => {
      for (let i = 0; i < watchers.length; i += SPECTATOR_SLICE) {
        if (i > 0) await new Promise<void>((r) => setImmediate(r));
        for (const id of watchers.slice(i, i + SPECTATOR_SLICE)) {
          const r = this.registered.get(id);
          if (!r || r.matchID !== matchID || r.playerID !== null || r.conn.closed) continue;
          try {
            this.deliver(r.conn, r.conn.logDeltas === true ? withDeltas : full);
          } catch (err) {
            this.onError(err, 'broadcast');
          }
        }
      }
    });
    this.fanouts.set(matchID, run);
    void run.then(() => {
      if (this.fanouts.get(matchID) === run) this.fanouts.delete(matchID);
    });
  }

  /**
   * Inside the match queue (the lobby's leave): the game ends now, won by the other seat (`reason: 'forfeit'`),
   * written like a move (state, then metadata.gameover) and broadcast. Nothing if the game is already over.
   */
  async forfeitInQueue(matchID: string, loser: SeatID, metadata: Server.MatchData, reason = 'forfeit'): Promise<boolean> {
    const { state } = await this.db.fetch(matchID, { state: true });
    if (!state || (state as State).ctx.gameover !== undefined) return false;
    const g = this.gameNamed(metadata.gameName);
    if (!g) return false;
    const next = g.hosted.forfeit(state as State, loser, reason);
    const written = await this.db.trySetState(matchID, next as State, [], undefined, state as State);
    this.forget(matchID);
    if (written !== 'written') return false;
    metadata.gameover = next.ctx.gameover;
    metadata.updatedAt = this.now();
    const t = metadata as TableMetadata;
    if (t.clock) t.clock = { ...t.clock, running: null, stopped: true };
    await this.db.setMetadata(matchID, metadata);
    this.broadcastState(matchID, next, [], false, state as State);
    this.sendTable(matchID, metadata);
    this.onEvent({ event: 'finished', matchID, winner: next.ctx.gameover?.winner, reason });
    return true;
  }

  // ------------------------------------------------------------------------------------------------------------
  // chat (../chat/lines.ts, ../chat/room.ts: its own queue, never the move queue)

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
    const r = this.registered.get(connID);
    return r !== undefined && r.playerID === null && r.matchID === matchID;
  }

  /** Who may move now (boardgame.io's rule: the active players, else the current player). */
  static allowedPlayers(ctx: Ctx): string[] {
    return ctx.activePlayers ? Object.keys(ctx.activePlayers) : [ctx.currentPlayer];
  }
}
