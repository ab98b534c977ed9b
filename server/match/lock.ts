/**
 * The match lock (issue 21 item 4): one operation of a match at a time in every process that serves it. The hub's
 * move path holds it without knowing how many processes there are; the two implementations are:
 * - `processLock`: this process is the match's only writer (SQLite, or PostgreSQL without REDIS_URL), so holding
 *   the hub's per-match queue is enough and what it keeps in memory is always what is stored;
 * - `busLock(bus)`: several processes (docs/DEPLOY.md), the Redis lock of ./../cluster/bus.ts, first come first
 *   served, which says when another process ran the match's last operation.
 */
import type { ClusterBus } from '../cluster/bus';

export interface MatchLock {
  /**
   * Run `fn` holding `matchID`. `stale` is true when another process (or nobody known) ran the match's last
   * operation, so what this process keeps of the match must be read again.
   */
  hold<T>(matchID: string, fn: (stale: boolean) => Promise<T>): Promise<T>;
  /** True when this process is the only writer: a match kept in memory needs no read before it is used. */
  readonly soleWriter: boolean;
}

/** One process: the per-match queue already serialises; nothing else can write. */
export const processLock: MatchLock = {
  hold: (_matchID, fn) => fn(false),
  soleWriter: true,
};

/** Several processes: the cluster bus's Redis lock. */
export function busLock(bus: Pick<ClusterBus, 'withLock'>): MatchLock {
  return {
    hold: (matchID, fn) => bus.withLock(matchID, fn),
    soleWriter: false,
  };
}
