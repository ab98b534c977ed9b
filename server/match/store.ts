/**
 * What this process keeps of the matches it serves (cache and version): the last state and metadata it read or
 * wrote per match (most recently used last), so a move does not read the match back from the database, and the last
 * sync answer per match and audience for the state and players it was built from. Whatever else writes a match's
 * metadata in this process calls `forget`; a write from elsewhere makes the next state write 'stale', which drops
 * the entry; with several processes the lock (./lock.ts) says when another process ran the match last.
 */
import type { Server, State } from 'boardgame.io';
import type { SqlStorage } from '../storage';
import type { SharedMessage } from './outbox';

/** Encoded sync answers kept for re-use (a few spectators of a finished match asking again share one). */
const SYNC_CACHE_SIZE = 64;

export interface KeptMatch { state: State; metadata: Server.MatchData }
/** A sync answer of one audience, for the state and players (as JSON) it was built from. */
export interface KeptAnswer { stateID: number; players: string; msg: SharedMessage }

export class MatchStore {
  private readonly cache = new Map<string, KeptMatch>();
  private readonly answers = new Map<string, KeptAnswer>();

  /**
   * `cacheSize`: matches kept (0: none); `soleWriter`: this process is the matches' only writer (./lock.ts), so a
   * kept match is what is stored.
   */
  constructor(private readonly db: SqlStorage, private readonly cacheSize: number, private readonly soleWriter: boolean) {}

  /** The match as this process last read or wrote it, if kept. */
  kept(matchID: string): KeptMatch | undefined {
    return this.cache.get(matchID);
  }

  remember(matchID: string, state: State, metadata: Server.MatchData): void {
    if (this.cacheSize <= 0) return;
    this.cache.delete(matchID);
    this.cache.set(matchID, { state, metadata });
    if (this.cache.size > this.cacheSize) this.cache.delete(this.cache.keys().next().value as string);
  }

  /** Drop what is kept in memory of a match (call after writing its metadata or deleting it). */
  forget(matchID: string): void {
    this.cache.delete(matchID);
    // Every audience's answer: seats of any game (up to 7) and spectators; the map holds at most 64 entries.
    const prefix = `${matchID}|`;
    for (const key of [...this.answers.keys()]) if (key.startsWith(prefix)) this.answers.delete(key);
  }

  /**
   * The match as stored, without a read when this process is its only writer and keeps it; otherwise read from
   * storage (another process may have written it since).
   */
  async current(matchID: string): Promise<{ state?: State; metadata?: Server.MatchData }> {
    const kept = this.soleWriter ? this.cache.get(matchID) : undefined;
    if (kept) return kept;
    const { state, metadata } = await this.db.fetch(matchID, { state: true, metadata: true });
    return { state: state as State | undefined, metadata };
  }

  /** The match's metadata, kept or read. */
  async metadata(matchID: string): Promise<Server.MatchData | undefined> {
    return this.cache.get(matchID)?.metadata ?? (await this.db.fetch(matchID, { metadata: true })).metadata;
  }

  /** The sync answer kept for `key` (`matchID|audience`), if any. */
  answer(key: string): KeptAnswer | undefined {
    return this.answers.get(key);
  }

  /** Keep (or mark as just used) the sync answer for `key`. */
  keepAnswer(key: string, answer: KeptAnswer): void {
    this.answers.delete(key);
    this.answers.set(key, answer);
    if (this.answers.size > SYNC_CACHE_SIZE) this.answers.delete(this.answers.keys().next().value as string);
  }
}
