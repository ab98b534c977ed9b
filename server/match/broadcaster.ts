/**
 * What the sockets of a match receive when it changes: every socket gets what its audience may see (each seat its
 * own view, every spectator the public one), cut by the match's game (./hosted-game.ts `viewState` / `viewLog`;
 * Mint: ../games/mint.ts → src/game/filter.ts), built and encoded once per audience (./outbox.ts). With several
 * processes, each change also goes on the bus, and the other processes send it to their own sockets (`…Local`).
 * - `state`: a new state (a move, a forfeit): `update`, or `mint:update` (a log delta) to sockets that asked for them;
 * - `announce`: new metadata: the players (`matchData`) and the table (`mint:table`);
 * - `sendTable`: the table alone (clock, absences, hand-overs), to one socket or to all.
 * Secrecy is here and nowhere else: a socket is sent nothing but these messages and its sync answer (./sync.ts).
 */
import type { LogEntry, Server, State } from 'boardgame.io';
import { SOCKET_EVENTS } from '../../src/protocol';
import type { ClusterBus } from '../cluster/bus';
import type { SeatID } from '../seats/credentials';
import { tableView, type TableMetadata } from '../table/state';
import type { MatchChanges } from './changes';
import { deliver, type Connection, type ConnectionRegistry, type Registered } from './connections';
import type { HostedGames } from './hosted-games';
import { keptView, unknownCtx } from './delta-base';
import { SharedMessage } from './outbox';
import { stateJson } from './state-json';

/** Spectator sockets written per event-loop turn when a match has more (see `stateLocal`). */
const SPECTATOR_SLICE = 50;
/** Matches whose last views are kept for the next move's log deltas (a few KB each besides the shared log). */
const LAST_VIEWS_KEPT = 2_000;

/** Who sees what: each seat its own view, every spectator the public one. */
type Audience = SeatID | 'spectator';

export interface BroadcasterOptions {
  connections: ConnectionRegistry;
  games: HostedGames;
  bus: ClusterBus | undefined;
  /** Told of every table sent (the table timer arms its deadlines). */
  changes: MatchChanges;
  now: () => number;
  /** A seat away this long may be handed to the bot (the table's view says so). */
  abandonMs: number;
  onError: (err: unknown, where: string) => void;
}

export class Broadcaster {
  private readonly connections: ConnectionRegistry;
  private readonly games: HostedGames;
  private readonly bus: ClusterBus | undefined;
  private readonly changes: MatchChanges;
  private readonly now: () => number;
  private readonly abandonMs: number;
  private readonly onError: (err: unknown, where: string) => void;
  private readonly fanouts = new Map<string, Promise<void>>(); // matchID → spectator slices still being written
  /**
   * Several processes: the newest state ID this process sent the sockets of a match (by sync or update), so a
   * message from another process that arrives after a newer state (rare: pub/sub and the lock use different
   * connections) is not sent: boardgame.io's client would take an older state.
   */
  private readonly newestSent = new Map<string, number>();
  /**
   * The views of the last state sent to each match's sockets, by audience: the base a log delta patches
   * (src/protocol/state-patch.ts), kept so that a move does not cut the state before it again. The newest
   * LAST_VIEWS_KEPT matches; a match out of it (or without sockets) has its base views cut anew when needed.
   */
  private readonly lastViews = new Map<string, { stateID: number; views: Map<Audience, State> }>();

  constructor(opts: BroadcasterOptions) {
    this.connections = opts.connections;
    this.games = opts.games;
    this.bus = opts.bus;
    this.changes = opts.changes;
    this.now = opts.now;
    this.abandonMs = opts.abandonMs;
    this.onError = opts.onError;
  }

  /** `send` for every open connection of the match, an error of one never stopping the others. */
  toMatch(matchID: string, send: (r: Registered) => void): void {
    for (const id of this.connections.idsOf(matchID)) {
      const r = this.connections.get(id);
      if (!r || r.conn.closed) continue;
      try {
        send(r);
      } catch (err) {
        this.onError(err, 'broadcast');
      }
    }
  }

  /** Several processes: the newest state ID sent to this process's sockets of a match, if any. */
  newest(matchID: string): number | undefined {
    return this.newestSent.get(matchID);
  }

  /** Several processes: state `stateID` went to sockets of a match (kept if it is the newest so far). */
  markSent(matchID: string, stateID: number): void {
    if (!this.bus) return;
    const newest = this.newestSent.get(matchID);
    if (newest !== undefined && newest >= stateID) return;
    this.newestSent.delete(matchID);
    this.newestSent.set(matchID, stateID);
    if (this.newestSent.size > 10_000) this.newestSent.delete(this.newestSent.keys().next().value as string);
  }

  /**
   * A new state of the match, after it was written: to the other processes (with `bot` if the match has a bot seat:
   * their bot drivers may be due) and to this process's sockets.
   */
  state(matchID: string, state: State, deltalog: LogEntry[], bot: boolean, prev: State): void {
    if (this.bus) {
      const { transients: _t, deltalog: _d, ...stored } = state as State & { transients?: unknown };
      this.bus.publish({ t: 'state', m: matchID, state: stored, deltalog, ...(bot ? { bot } : {}) });
    }
    this.stateLocal(matchID, state, deltalog, prev);
  }

  /**
   * One filtered, encoded update per audience, shared by all its sockets. Players get it at once; a crowd of
   * spectators gets it in slices of SPECTATOR_SLICE sockets, one slice per event-loop turn, so writing a state to
   * thousands of sockets never holds up other matches for long. Slices of one match run in order (a spectator
   * never gets state N+1 before N).
   * `prev`: the state before `state` (the sockets' base for log deltas); without it, or when it is not older,
   * every socket gets the whole view.
   */
  stateLocal(matchID: string, state: State, deltalog: LogEntry[], prev?: State): void {
    if (!this.connections.has(matchID)) {
      this.lastViews.delete(matchID);
      return;
    }
    // The match's sockets synced it as its own game (./sync.ts): its views are cut by that game.
    const hosted = this.games.named(this.connections.gameOfMatch(matchID))?.hosted;
    if (!hosted) return;
    const newest = this.newestSent.get(matchID);
    if (this.bus && newest !== undefined && newest >= state._stateID) return;
    this.markSent(matchID, state._stateID);
    const base = prev && prev._stateID < state._stateID ? prev : undefined;
    // Per audience: its view (shared by both kinds of message) and each kind's message, built on first need.
    const views = new Map<Audience, State>();
    const last = this.lastViews.get(matchID);
    const baseViews = base && last?.stateID === base._stateID ? last.views : undefined;
    const baseView = (audience: Audience, seat: SeatID | null) => baseViews?.get(audience) ?? unknownCtx(hosted.viewState(base!, seat));
    const kept = new Map<Audience, State>();
    const copies = new Map<unknown, unknown>();
    if (hosted.logDelta) {
      this.lastViews.delete(matchID); // re-inserted last: the map's order is the order of use
      this.lastViews.set(matchID, { stateID: state._stateID, views: kept });
      if (this.lastViews.size > LAST_VIEWS_KEPT) this.lastViews.delete(this.lastViews.keys().next().value as string);
    }
    const byAudience = new Map<string, SharedMessage>();
    const message = (seat: SeatID | null, delta: boolean) => {
      const audience: Audience = seat ?? 'spectator';
      const key = delta && base ? `${audience}|delta` : audience;
      let msg = byAudience.get(key);
      if (!msg) {
        let view = views.get(audience);
        if (!view) {
          views.set(audience, (view = hosted.viewState(state, seat)));
          if (hosted.logDelta) kept.set(audience, keptView(view, copies)); // the next move's base
        }
        const log = hosted.viewLog(deltalog, seat);
        const v = view;
        const logDelta = hosted.logDelta;
        msg = delta && base && logDelta
          ? new SharedMessage(SOCKET_EVENTS.update, [matchID, logDelta(base, baseView(audience, seat), v), log])
          : new SharedMessage('update', [matchID, v, log],
            () => `["update",${JSON.stringify(matchID)},${stateJson(v)},${JSON.stringify(log)}]`);
        byAudience.set(key, msg);
      }
      return msg;
    };
    const watchers: string[] = [];
    const crowd = this.connections.spectatorCount(matchID) > SPECTATOR_SLICE;
    this.toMatch(matchID, (r) => {
      if (r.playerID === null && crowd) watchers.push(r.conn.id);
      else deliver(r.conn, message(r.playerID, r.conn.logDeltas === true));
    });
    if (watchers.length === 0) return;
    const full = message(null, false);
    const withDeltas = base ? message(null, true) : full;
    const earlier = this.fanouts.get(matchID) ?? Promise.resolve();
    const run = earlier.then(async () => {
      for (let i = 0; i < watchers.length; i += SPECTATOR_SLICE) {
        if (i > 0) await new Promise<void>((r) => setImmediate(r));
        for (const id of watchers.slice(i, i + SPECTATOR_SLICE)) {
          const r = this.connections.get(id);
          if (!r || r.matchID !== matchID || r.playerID !== null || r.conn.closed) continue;
          try {
            deliver(r.conn, r.conn.logDeltas === true ? withDeltas : full);
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
   * Inside the match queue, after its metadata changed: the players (boardgame.io's matchData) and the table
   * (clock, absences, hand-overs: 'mint:table') to every socket of the match.
   */
  announce(matchID: string, metadata: Server.MatchData): void {
    this.changes.emit('table', { matchID, metadata }); // the table timer arms the new deadlines (e.g. an absence starting now)
    this.bus?.publish({ t: 'matchData', m: matchID, md: metadata });
    this.announceLocal(matchID, metadata);
  }

  announceLocal(matchID: string, metadata: Server.MatchData): void {
    const msg = new SharedMessage('matchData', [matchID, this.games.playersOf(metadata)]);
    this.toMatch(matchID, (r) => deliver(r.conn, msg));
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

  tableLocal(matchID: string, metadata: Server.MatchData, conn?: Connection): void {
    const view = tableView(metadata as TableMetadata, this.now(), this.abandonMs);
    if (!view) return;
    const msg = new SharedMessage(SOCKET_EVENTS.table, [matchID, view]);
    if (conn) deliver(conn, msg);
    else this.toMatch(matchID, (r) => deliver(r.conn, msg));
  }
}
