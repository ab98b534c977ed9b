/**
 * Who receives a match: a socket joins a match's audience by a sync (as a seat, with that seat's credentials, or as a
 * spectator), is sent the match again (`resync`, `resyncAll`, `catchUp`), leaves (`disconnect`) or is dropped
 * (`evict`). What differs from boardgame.io's Master (STACK.md holes 1 and 4):
 * - sync never creates a match: an unknown matchID (or a match of another game than the socket's namespace) is
 *   refused and storage is not touched;
 * - a playerID needs that seat's credentials, joined or not (../seats/credentials.ts);
 * - the answer is the audience's view (./hosted-game.ts `viewState` / `viewLog`), built once per state and audience
 *   and shared (./store.ts keeps it).
 */
import type { LogEntry, Server, State } from 'boardgame.io';
import type { MatchChat } from '../chat/room';
import type { ClusterBus } from '../cluster/bus';
import { credentialsMatch, isPlayerID, type SeatID } from '../seats/credentials';
import type { SeatKeys } from '../seats/keys';
import type { SqlStorage } from '../storage';
import type { Broadcaster } from './broadcaster';
import type { MatchChanges } from './changes';
import { deliver, type Connection, type ConnectionRegistry } from './connections';
import type { HostedGames } from './hosted-games';
import { isMatchID } from './match-data';
import { SharedMessage } from './outbox';
import type { SeatPresence } from '../table/presence';
import type { MatchQueue } from './queue';
import type { HubResult, Refusals } from './refusals';
import type { MatchStore } from './store';

/** A resync that failed is tried again after 250 ms, 500 ms, … (six attempts: about 8 s in all). */
const RESYNC_RETRY_MS = 250;
const RESYNC_ATTEMPTS = 6;

export interface SyncOptions {
  db: SqlStorage;
  bus: ClusterBus | undefined;
  games: HostedGames;
  connections: ConnectionRegistry;
  store: MatchStore;
  queue: MatchQueue;
  refusals: Refusals;
  broadcaster: Broadcaster;
  presence: SeatPresence;
  chats: MatchChat;
  seatKeys: SeatKeys;
  changes: MatchChanges;
  /** Spectator sockets per match; a sync beyond it is refused. 0: no limit. */
  maxSpectators: number;
  isClosed: () => boolean;
  onError: (err: unknown, where: string) => void;
}

export class SyncService {
  constructor(private readonly o: SyncOptions) {}

  /** A socket asks for a match as a player (credentials required) or as a spectator (playerID null). */
  async sync(conn: Connection, matchID: unknown, playerID: unknown, credentials: unknown): Promise<HubResult> {
    const { refusals, connections } = this.o;
    if (this.o.isClosed()) return refusals.refuse(conn, matchID, 'sync', 'server shutting down');
    if (!isMatchID(matchID)) return refusals.refuse(conn, matchID, 'sync', 'bad matchID');
    if (playerID !== null && playerID !== undefined && !isPlayerID(playerID)) {
      return refusals.refuse(conn, matchID, 'sync', 'bad playerID');
    }
    const seat: SeatID | null = isPlayerID(playerID) ? playerID : null;
    const early = seat === null ? null : await refusals.early(conn, matchID, 'sync', seat, credentials);
    if (early) return early;
    const result = await refusals.unavailable(conn, matchID, 'sync', () => this.o.queue.enqueue(matchID, async (): Promise<HubResult> => {
      // Queued syncs of a socket that is gone cost nothing: no read, no filter, no encoding.
      if (conn.closed) return { ok: false, error: 'disconnected' };
      const answer = await this.answer(matchID, seat, this.o.games.of(conn));
      if (!answer) return refusals.refuse(conn, matchID, 'sync', 'match not found');
      const { metadata } = answer;
      if (seat !== null && !credentialsMatch(metadata, seat, credentials)) {
        return refusals.refuse(conn, matchID, 'sync', 'unauthorized');
      }
      if (conn.closed) return { ok: false, error: 'disconnected' };
      const previous = connections.get(conn.id);
      const sameSpectator = previous?.matchID === matchID && previous.playerID === null && seat === null;
      if (seat === null && !sameSpectator && this.o.maxSpectators > 0
        && connections.spectatorCount(matchID) >= this.o.maxSpectators) {
        return refusals.refuse(conn, matchID, 'sync', 'too many spectators');
      }
      connections.unregister(conn.id);
      connections.register({ conn, matchID, playerID: seat });
      deliver(conn, answer.msg);
      if (answer.behind) {
        // The match's other sockets here missed that state: each gets a sync answer of its own (queued after this).
        for (const id of connections.idsOf(matchID)) {
          const r = connections.get(id);
          if (r && r.conn !== conn && !r.conn.closed) this.resync(r.conn, matchID, r.playerID);
        }
      }
      this.o.chats.synced(conn, matchID, seat); // the chat history, in the chat's own queue (../chat/room.ts)
      if (seat !== null) await this.o.presence.update(matchID, metadata);
      this.o.broadcaster.sendTable(matchID, metadata, conn);
      if (previous && previous.playerID !== null && (previous.matchID !== matchID || previous.playerID !== seat)) {
        // The socket moved to another match or seat: its old seat may be disconnected now.
        void this.o.queue.enqueue(previous.matchID, () => this.o.presence.refresh(previous.matchID))
          .catch((err) => this.o.onError(err, 'refresh connection'));
      }
      return { ok: true };
    }));
    if (result.ok && seat !== null) this.o.changes.emit('activity', { matchID });
    return result;
  }

  /**
   * Inside the match queue: the sync answer of one audience for the current state, built once and shared by
   * every socket that asks for the same state and players; null if the match does not exist.
   */
  private async answer(matchID: string, seat: SeatID | null, gameName: string): Promise<{ metadata: Server.MatchData; msg: SharedMessage; behind?: boolean } | null> {
    const { store, games, bus, broadcaster } = this.o;
    const key = `${matchID}|${seat ?? 'spectator'}`;
    const cached = store.kept(matchID);
    const hit = store.answer(key);
    if (cached && hit && cached.metadata.gameName === gameName && hit.stateID === cached.state._stateID && hit.players === JSON.stringify(games.playersOf(cached.metadata))) {
      store.keepAnswer(key, hit);
      broadcaster.markSent(matchID, hit.stateID);
      return { metadata: cached.metadata, msg: hit.msg };
    }
    const { state, metadata, log, initialState } = await this.o.db.fetch(matchID, {
      state: true, metadata: true, log: true, initialState: true,
    });
    // Never create a match on sync (boardgame.io does): unknown IDs are refused and storage stays as it was. A match
    // of another game is not found either: each game's views cut only its own state.
    const g = games.named(metadata?.gameName);
    if (!state || !metadata || !initialState || !g || metadata.gameName !== gameName) return null;
    const s = state as State;
    // Several processes: storage holds a newer state than this process's sockets of the match were sent. The
    // process that wrote it died before publishing it (or Redis lost the message): the others are told below.
    const newest = broadcaster.newest(matchID);
    const behind = bus !== undefined && newest !== undefined && newest < s._stateID;
    // The other processes may be behind too, and this one cannot know: the writer may have died between its write
    // and its publish, with a socket of this match elsewhere waiting for that state, and this process (a restarted
    // one) sent nothing of it yet. So a state read here that this process has not sent goes out on the bus; a
    // process that sent it (or a newer one) drops it (Broadcaster.stateLocal).
    if (bus && (newest === undefined || newest < s._stateID)) {
      const last = (log as LogEntry[] | undefined)?.filter((e) => e._stateID === s._stateID - 1) ?? [];
      bus.publish({ t: 'state', m: matchID, state: s, deltalog: last });
    }
    const players = games.playersOf(metadata);
    const msg = new SharedMessage('sync', [matchID, {
      state: g.hosted.viewState(s, seat),
      log: g.hosted.viewLog(log as LogEntry[] | undefined, seat),
      filteredMetadata: players,
      initialState: g.hosted.viewState(initialState as State, seat),
    }]);
    store.remember(matchID, s, metadata);
    broadcaster.markSent(matchID, s._stateID);
    store.keepAnswer(key, { stateID: s._stateID, players: JSON.stringify(players), msg });
    return { metadata, msg, behind };
  }

  /**
   * Send one socket a fresh sync answer (in the match's queue), if it is still registered for the match. The socket
   * asked for nothing, so nobody would ask again: a failed attempt (Redis or the database not back yet) is tried
   * again after RESYNC_RETRY_MS, doubling, while the socket is still there.
   */
  resync(conn: Connection, matchID: string, seat: SeatID | null, attempt = 0): void {
    const registered = () => !conn.closed && this.o.connections.get(conn.id)?.matchID === matchID;
    void this.o.queue.enqueue(matchID, async () => {
      if (!registered()) return;
      const answer = await this.answer(matchID, seat, this.o.games.of(conn));
      if (answer && !conn.closed) deliver(conn, answer.msg);
    }).catch((err) => {
      if (attempt + 1 >= RESYNC_ATTEMPTS || !registered()) return this.o.onError(err, 'resync');
      setTimeout(() => this.resync(conn, matchID, seat, attempt + 1), RESYNC_RETRY_MS * 2 ** attempt).unref();
    });
  }

  /**
   * Send every socket of this process a fresh sync answer (after Redis came back: what was published while it was
   * down never arrived). boardgame.io's client takes a 'sync' at any time.
   */
  resyncAll(): void {
    for (const r of this.o.connections.all()) {
      // Redis may have restarted empty: tell it again which seats have a socket here.
      if (r.playerID !== null) this.o.bus?.presence(r.matchID, r.playerID, this.o.connections.seatSockets(r.matchID, r.playerID));
      this.resync(r.conn, r.matchID, r.playerID);
    }
  }

  /**
   * Several processes: after another process died holding a match (its bot lease expired), send this process's
   * sockets of the match what is stored if they were sent an older state (it may have written a state and died
   * before publishing it).
   */
  catchUp(matchID: string): void {
    if (!this.o.bus || !this.o.connections.has(matchID)) return;
    void this.o.queue.enqueue(matchID, async () => {
      const { state } = await this.o.db.fetch(matchID, { state: true });
      const newest = this.o.broadcaster.newest(matchID);
      if (!state || newest === undefined || newest >= (state as State)._stateID) return;
      for (const id of this.o.connections.idsOf(matchID)) {
        const r = this.o.connections.get(id);
        if (r && !r.conn.closed) this.resync(r.conn, matchID, r.playerID);
      }
    }).catch((err) => this.o.onError(err, 'catch up'));
  }

  /** A socket went away. */
  async disconnect(connID: string): Promise<void> {
    this.o.chats.left(connID);
    const r = this.o.connections.unregister(connID);
    if (!r || r.playerID === null) return;
    await this.o.queue.enqueue(r.matchID, () => this.o.presence.refresh(r.matchID));
  }

  /**
   * Stop sending a match (or one seat of it) to the sockets registered for it here (the seat was left in the lobby,
   * or the match was deleted; with several processes each process does it on the bus's 'evict'). Those sockets get
   * `mint:error` and must sync again (with new credentials).
   */
  evictLocal(matchID: string, playerID?: SeatID): void {
    const { connections } = this.o;
    if (playerID === undefined) this.o.chats.forget(matchID);
    this.o.seatKeys.drop(matchID); // a seat's credentials are gone (../seats/keys.ts)
    for (const id of connections.idsOf(matchID)) {
      const r = connections.get(id);
      if (!r || (playerID !== undefined && r.playerID !== playerID)) continue;
      connections.unregister(id);
      this.o.chats.left(id);
      this.o.refusals.refuse(r.conn, matchID, 'sync', playerID === undefined ? 'match deleted' : 'seat released');
    }
    this.o.store.forget(matchID);
  }
}
