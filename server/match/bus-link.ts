/**
 * Several processes (../cluster/bus.ts, docs/DEPLOY.md): what this process hears of the matches the others run, and
 * what it tells them beyond the broadcaster's messages. Another process's new state, players, table or chat line is
 * sent to this process's own sockets of the match (`…Local` of ./broadcaster.ts, ../chat/room.ts); its new state is
 * kept as if read (./store.ts) so the next operation here need not read the match back. One process (no bus): every
 * method only does this process's part.
 */
import type { LogEntry, Server, State } from 'boardgame.io';
import type { ChatLine } from '../chat/lines';
import type { MatchChat } from '../chat/room';
import type { BusMessage, ClusterBus } from '../cluster/bus';
import { credentialsHash, isPlayerID, seatIDs, seatMetadata, type SeatID } from '../seats/credentials';
import type { SeatKeys } from '../seats/keys';
import type { Broadcaster } from './broadcaster';
import type { MatchChanges } from './changes';
import type { ConnectionRegistry } from './connections';
import { isMatchID } from './match-data';
import type { MatchStore } from './store';
import type { SyncService } from './sync';

export interface BusLinkOptions {
  bus: ClusterBus | undefined;
  connections: ConnectionRegistry;
  store: MatchStore;
  broadcaster: Broadcaster;
  sync: SyncService;
  chats: MatchChat;
  seatKeys: SeatKeys;
  /** Told `activity` when another process's move leaves a bot seat's decision due here maybe. */
  changes: MatchChanges;
}

const isMetadata = (x: unknown): x is Server.MatchData => typeof x === 'object' && x !== null && typeof (x as { players?: unknown }).players === 'object';

export class BusLink {
  constructor(private readonly o: BusLinkOptions) {}

  /** Start receiving the other processes' messages (with a bus; once, before the server listens). */
  async start(): Promise<void> {
    await this.o.bus?.start((msg, cacheable) => this.fromBus(msg, cacheable), () => {
      this.o.seatKeys.clear(); // seat changes published while Redis was down never arrived
      this.o.sync.resyncAll();
    }, (matchID, messages) => this.finalize(matchID, messages));
  }

  /**
   * At the end of an operation: when its last new state is what this process keeps of the match, that state's
   * message carries the kept metadata too, so the process that runs the match's next operation (in a match whose two
   * players sit on different processes: every other move) need not read the match back.
   */
  private finalize(matchID: string, messages: BusMessage[]): void {
    const kept = this.o.store.kept(matchID);
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
    const { store, broadcaster, connections } = this.o;
    const id = msg.m;
    if (!isMatchID(id)) return;
    // Metadata on the bus carries the seats' credential hashes, not the credentials (issue 19 item 9).
    if ((msg.t === 'state' || msg.t === 'matchData' || msg.t === 'table' || msg.t === 'seats') && isMetadata(msg.md)) {
      this.o.seatKeys.learn(id, msg.md);
    }
    if (msg.t === 'state') {
      // Deltas follow the state this process keeps of the match (the sockets' base when it is the previous one).
      broadcaster.stateLocal(id, msg.state as State, msg.deltalog as LogEntry[], store.kept(id)?.state);
      // Kept as if read (the bus keeps its version token with it: the next operation here trusts it only if no
      // other operation ran since), with the credentials this process knows put back; not kept if it knows them not
      // (the next operation here reads the match).
      if (cacheable && msg.md !== undefined) {
        const md = this.withKnownCredentials(id, msg.md as Server.MatchData);
        store.forget(id);
        if (md) store.remember(id, msg.state as State, md);
      }
      // A bot of this match may be due (../bots/driver.ts: the lease decides which process plays).
      if (msg.bot) this.o.changes.emit('activity', { matchID: id });
    } else if (msg.t === 'matchData') {
      if (connections.has(id)) broadcaster.announceLocal(id, msg.md as Server.MatchData);
    } else if (msg.t === 'table') {
      if (connections.has(id)) broadcaster.tableLocal(id, msg.md as Server.MatchData);
    } else if (msg.t === 'chat') {
      this.o.chats.fromBus(id, msg.line as ChatLine);
    } else if (msg.t === 'evict') {
      this.o.sync.evictLocal(id, isPlayerID(msg.seat) ? msg.seat : undefined);
    }
  }

  /**
   * Metadata from the bus with each seat's credentials hash replaced by the credentials this process kept of the
   * match (they hash to it), so it can be kept and written back like metadata read from storage; null if a seat's
   * credentials are unknown here (a join on another process).
   */
  private withKnownCredentials(matchID: string, md: Server.MatchData): Server.MatchData | null {
    const known = this.o.store.kept(matchID)?.metadata;
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
    this.o.seatKeys.learn(matchID, metadata);
    this.o.bus?.publish({ t: 'seats', m: matchID, md: metadata });
  }

  /**
   * Stop sending a match (or one seat of it) to the sockets registered for it, in every process: the seat was left
   * in the lobby, or the match was deleted (./sync.ts `evictLocal`).
   */
  evict(matchID: string, playerID?: SeatID): void {
    this.o.bus?.publish({ t: 'evict', m: matchID, ...(playerID === undefined ? {} : { seat: playerID }) });
    this.o.sync.evictLocal(matchID, playerID);
  }
}
