/**
 * Which seats of a match have a socket (boardgame.io's `isConnected` in the match's metadata), here or, with several
 * processes, on another live process (the bus's presence keys). A seat that goes away gets `awaySince` (./route.ts:
 * an abandoned seat may be handed to the bot). Every method runs inside the match's queue (../match/queue.ts).
 */
import type { Server } from 'boardgame.io';
import type { ClusterBus } from '../cluster/bus';
import { seatIDs, seatMetadata } from '../seats/credentials';
import type { SqlStorage } from '../storage';
import { seated } from './state';
import type { Broadcaster } from '../match/broadcaster';
import type { ConnectionRegistry } from '../match/connections';
import { botKindOf, isRivalSeat } from '../match/match-data';
import type { MatchStore } from '../match/store';

export interface PresenceOptions {
  db: SqlStorage;
  bus: ClusterBus | undefined;
  connections: ConnectionRegistry;
  store: MatchStore;
  broadcaster: Broadcaster;
  now: () => number;
}

export class SeatPresence {
  constructor(private readonly o: PresenceOptions) {}

  /** Which seats have a registered socket, here or (several processes) on another live process. */
  private async connectedSeats(matchID: string): Promise<Set<string>> {
    const out = this.o.bus ? await this.o.bus.remoteSeats(matchID) : new Set<string>();
    for (const id of this.o.connections.idsOf(matchID)) {
      const r = this.o.connections.get(id);
      if (r?.playerID) out.add(r.playerID);
    }
    return out;
  }

  /** Inside the match queue: re-read metadata and store/broadcast the seats' connection status if it changed. */
  async refresh(matchID: string): Promise<void> {
    this.o.store.forget(matchID);
    const { metadata } = await this.o.db.fetch(matchID, { metadata: true });
    if (metadata) await this.update(matchID, metadata);
  }

  /** Inside the match queue: store and announce which seats have a socket now, if that changed. */
  async update(matchID: string, metadata: Server.MatchData): Promise<void> {
    const connected = await this.connectedSeats(matchID);
    let changed = false;
    for (const id of seatIDs(metadata)) {
      const p = seatMetadata(metadata, id);
      if (!p || botKindOf(p) || isRivalSeat(p)) continue;
      const now = connected.has(id);
      if ((p.isConnected ?? false) !== now) {
        p.isConnected = now;
        // Since when the seat is away (./state.ts: an abandoned seat may be handed to the bot); only once both
        // players hold their seats (issue 19 item 2: nobody is away from a game that has not started).
        const q = p as { awaySince?: number };
        if (now || !seated(metadata)) delete q.awaySince;
        else q.awaySince = this.o.now();
        changed = true;
      }
    }
    if (!changed) return;
    await this.o.db.setMetadata(matchID, metadata);
    this.o.broadcaster.announce(matchID, metadata);
  }
}
