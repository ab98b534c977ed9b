/**
 * The sockets (and bots) this process serves, by match: who is registered for which match and seat, how many
 * spectators each match has, and which game a match's sockets synced it as (what its broadcasts are cut with). A
 * connection is registered by a successful sync (./sync.ts) and unregistered when it leaves, syncs elsewhere or is
 * evicted. With several processes, each change of a seat's local sockets is told to the bus (`presence`).
 */
import type { SeatID } from '../seats/credentials';
import type { SharedMessage } from './outbox';

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

/** A connection registered for a match: a seat's socket, or a spectator's (playerID null). */
export interface Registered {
  conn: Connection;
  matchID: string;
  playerID: SeatID | null;
}

/** Send `msg` to one connection, shared encoding if the transport offers it. */
export function deliver(conn: Connection, msg: SharedMessage): void {
  if (conn.send) conn.send(msg);
  else conn.emit(msg.event, ...msg.args);
}

export class ConnectionRegistry {
  private readonly registered = new Map<string, Registered>(); // connection id → registration
  private readonly rooms = new Map<string, Set<string>>(); // matchID → connection ids
  private readonly spectators = new Map<string, number>(); // matchID → spectator sockets registered
  /** The game of each match that has sockets here (set when one syncs): what its broadcasts are cut with. */
  private readonly matchGames = new Map<string, string>();

  /**
   * `gameOf`: the game a connection reaches; `presence`: told the local socket count of a seat after it changed
   * (several processes: ../cluster/bus.ts).
   */
  constructor(
    private readonly gameOf: (conn: Connection) => string,
    private readonly presence?: (matchID: string, seat: SeatID, sockets: number) => void,
  ) {}

  get(connID: string): Registered | undefined {
    return this.registered.get(connID);
  }

  /** Every registration (a copy). */
  all(): Registered[] {
    return [...this.registered.values()];
  }

  /** The ids of a match's connections (a copy: sending may unregister). */
  idsOf(matchID: string): string[] {
    return [...this.rooms.get(matchID) ?? []];
  }

  /** Whether any connection is registered for the match. */
  has(matchID: string): boolean {
    return this.rooms.has(matchID);
  }

  /** The game a match's sockets synced it as. */
  gameOfMatch(matchID: string): string | undefined {
    return this.matchGames.get(matchID);
  }

  spectatorCount(matchID: string): number {
    return this.spectators.get(matchID) ?? 0;
  }

  /** Whether a socket is registered as a spectator of `matchID`. */
  spectating(connID: string, matchID: unknown): boolean {
    const r = this.registered.get(connID);
    return r !== undefined && r.playerID === null && r.matchID === matchID;
  }

  /** Matches with at least one registered socket. */
  get matches(): number {
    return this.rooms.size;
  }

  /** Number of registered connections, per match or in all. */
  count(matchID?: string): number {
    return matchID === undefined ? this.registered.size : this.rooms.get(matchID)?.size ?? 0;
  }

  /** Sockets of this process registered for one seat of a match. */
  seatSockets(matchID: string, seat: SeatID): number {
    let n = 0;
    for (const id of this.rooms.get(matchID) ?? []) if (this.registered.get(id)?.playerID === seat) n++;
    return n;
  }

  register(r: Registered): void {
    this.registered.set(r.conn.id, r);
    let room = this.rooms.get(r.matchID);
    if (!room) this.rooms.set(r.matchID, (room = new Set()));
    room.add(r.conn.id);
    // Registered only after a sync that found the match to be the socket's game (./sync.ts): its broadcasts are cut
    // by that game. Set here, not when the answer is built: a socket syncing the same match again is unregistered
    // first, and its room, if it was the last socket, forgets the game in between.
    this.matchGames.set(r.matchID, this.gameOf(r.conn));
    if (r.playerID === null) this.spectators.set(r.matchID, (this.spectators.get(r.matchID) ?? 0) + 1);
    else this.presence?.(r.matchID, r.playerID, this.seatSockets(r.matchID, r.playerID));
  }

  unregister(connID: string): Registered | undefined {
    const r = this.registered.get(connID);
    if (!r) return undefined;
    this.registered.delete(connID);
    if (r.playerID === null) {
      const n = (this.spectators.get(r.matchID) ?? 1) - 1;
      if (n > 0) this.spectators.set(r.matchID, n);
      else this.spectators.delete(r.matchID);
    } else {
      this.presence?.(r.matchID, r.playerID, this.seatSockets(r.matchID, r.playerID));
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
}
