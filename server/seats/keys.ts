/**
 * Refusing for free (issue 19 item 4): what a request with a seat's credentials must match, kept per match in
 * memory as hashes (./credentials.ts `credentialsHash`), so a call with wrong credentials is refused before it
 * takes the match's queue, its Redis lock (several processes) or a read of the whole match.
 *
 * It only ever refuses: a call whose credentials match the cached hash still goes through the match's queue, where
 * the stored metadata has the last word. So a stale entry can never let anyone in; it could only refuse a seat's new
 * credentials, which is why an entry changes whenever a seat's credentials can:
 * - credentials appear only when a seat is joined: the lobby's join calls `MatchHub.seatsChanged`, which sets this
 *   process's entry and tells the other processes (bus message `seats`, carrying hashes only);
 * - they disappear when a seat is left or a match deleted: the hub's eviction (local and over the bus) drops it;
 * - every bus message with a match's metadata (state, players, table) sets its entry from the hashes it carries;
 * - after a Redis outage (messages may have been lost) every entry is dropped;
 * - a seat without credentials in the entry is read again at most once a second (a join whose message is late).
 * A miss reads the match's metadata only (no state, no lock), once for all calls waiting on it. A read that
 * overlapped a change of its match is not kept (it may predate the change) and is done again.
 */
import type { Server } from 'boardgame.io';
import { credentialsHash, matchesHash, MAX_CREDENTIALS_LENGTH, seatIDs, seatMetadata, type SeatID } from './credentials';

/** Per seat: the hash of its credentials, or null when it has none (not joined, left, a rival deck's seat). */
export type SeatHashes = Record<SeatID, string | null>;

interface Entry { hashes: SeatHashes; at: number }

export type SeatCheck = 'maybe' | 'wrong credentials' | 'match not found';

export interface SeatKeysOptions {
  /** The match's metadata as stored (undefined: no such match). */
  read(matchID: string): Promise<Server.MatchData | undefined>;
  /** Matches kept (least recently used go first). Default 10,000 (≈ 300 bytes each). */
  size?: number;
  /** A seat without credentials is read again after this long. Default 1 s. */
  refreshMs?: number;
  now?: () => number;
}

/** The seats' hashes of a match's metadata (stored credentials, or the hashes the bus carries instead). */
export function seatHashes(metadata: Server.MatchData): SeatHashes {
  const out = {} as SeatHashes;
  for (const id of seatIDs(metadata)) {
    const p = seatMetadata(metadata, id) as (Server.PlayerMetadata & { credentialsHash?: unknown }) | undefined;
    out[id] = typeof p?.credentials === 'string' && p.credentials !== '' ? credentialsHash(p.credentials)
      : typeof p?.credentialsHash === 'string' ? p.credentialsHash : null;
  }
  return out;
}

export class SeatKeys {
  /** Counters for /metrics and the tests: metadata reads on a miss, calls refused here. */
  readonly stats = { reads: 0, refused: 0 };
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<Entry | null>>();
  /** Each set or drop gets the next number; a read keeps its result only if its match got none since it began. */
  private counter = 0;
  private readonly changed = new Map<string, number>();
  /** The highest number forgotten from `changed` (bounded): reads begun before it are not kept. */
  private forgottenUpTo = 0;
  private readonly size: number;
  private readonly refreshMs: number;
  private readonly now: () => number;

  constructor(private readonly opts: SeatKeysOptions) {
    this.size = opts.size ?? 10_000;
    this.refreshMs = opts.refreshMs ?? 1000;
    this.now = opts.now ?? Date.now;
  }

  /**
   * 'maybe' if `credentials` may be seat `playerID`'s (the caller then checks for real, in the match's queue);
   * otherwise why the call is refused now.
   */
  async check(matchID: string, playerID: SeatID, credentials: unknown): Promise<SeatCheck> {
    if (typeof credentials !== 'string' || credentials === '' || credentials.length > MAX_CREDENTIALS_LENGTH) {
      return this.refuse('wrong credentials');
    }
    let entry = this.get(matchID) ?? await this.load(matchID);
    if (entry && entry.hashes[playerID] === null && this.now() - entry.at >= this.refreshMs) entry = await this.load(matchID);
    if (!entry) return this.refuse('match not found');
    const hash = entry.hashes[playerID];
    return typeof hash === 'string' && matchesHash(credentials, hash) ? 'maybe' : this.refuse('wrong credentials');
  }

  /** What the match's seats are now (metadata read or written under the match's lock, or received on the bus). */
  learn(matchID: string, metadata: Server.MatchData): void {
    this.mark(matchID);
    this.put(matchID, { hashes: seatHashes(metadata), at: this.now() });
  }

  /** A seat was left or the match deleted: read it again next time. */
  drop(matchID: string): void {
    this.mark(matchID);
    this.entries.delete(matchID);
  }

  /** Messages may have been lost (Redis came back): nothing kept can be trusted. */
  clear(): void {
    this.counter++;
    this.forgottenUpTo = this.counter;
    this.changed.clear();
    this.entries.clear();
  }

  /** Matches kept (tests). */
  get kept(): number {
    return this.entries.size;
  }

  private refuse(why: Exclude<SeatCheck, 'maybe'>): SeatCheck {
    this.stats.refused++;
    return why;
  }

  private get(matchID: string): Entry | undefined {
    const e = this.entries.get(matchID);
    if (e) {
      this.entries.delete(matchID);
      this.entries.set(matchID, e);
    }
    return e;
  }

  private put(matchID: string, e: Entry): void {
    this.entries.delete(matchID);
    this.entries.set(matchID, e);
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value as string);
  }

  private mark(matchID: string): void {
    this.changed.delete(matchID);
    this.changed.set(matchID, ++this.counter);
    if (this.changed.size > this.size) {
      const [oldest, n] = this.changed.entries().next().value as [string, number];
      this.changed.delete(oldest);
      this.forgottenUpTo = n;
    }
  }

  private changedSince(matchID: string, start: number): boolean {
    return (this.changed.get(matchID) ?? 0) > start || this.forgottenUpTo > start;
  }

  /** One metadata read for every call waiting on this match; done again (once) if the match changed meanwhile. */
  private load(matchID: string): Promise<Entry | null> {
    let p = this.loading.get(matchID);
    if (p) return p;
    p = (async () => {
      for (let attempt = 0; ; attempt++) {
        const start = this.counter;
        this.stats.reads++;
        const metadata = await this.opts.read(matchID);
        const entry = metadata ? { hashes: seatHashes(metadata), at: this.now() } : null;
        if (!this.changedSince(matchID, start)) {
          if (entry) this.put(matchID, entry);
          return entry;
        }
        // Changed while reading: what the change set is newer than what was read.
        const learnt = this.entries.get(matchID);
        if (learnt) return learnt;
        if (attempt >= 1) return entry;
      }
    })().finally(() => this.loading.delete(matchID));
    this.loading.set(matchID, p);
    return p;
  }
}
