/**
 * One operation of a match at a time: every operation on one match (sync, move, connection change, lobby metadata
 * edits) runs in that match's queue, under the match lock (./lock.ts: this process alone, or the Redis lock with
 * several), so metadata read-modify-writes cannot overwrite each other. The queue never asks how many processes
 * there are: when the lock says another ran the match last, `onStale` drops what this process keeps of it.
 */
import type { MatchLock } from './lock';

export class MatchQueue {
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly lock: MatchLock,
    private readonly onStale: (matchID: string) => void,
    /** Operations run (the hub's stats). */
    private readonly counted: { operations: number },
  ) {}

  /** Run `fn` after every earlier operation of this match (one at a time per match, in this process). */
  enqueue<T>(matchID: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.queues.get(matchID) ?? Promise.resolve();
    this.counted.operations++;
    // One at a time per match in every process; what another process changed is re-read.
    const locked = () => this.lock.hold(matchID, (stale) => {
      if (stale) this.onStale(matchID);
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

  /** Matches with queued work. */
  get busy(): number {
    return this.queues.size;
  }

  /** Resolves when no operation is queued. */
  async drain(): Promise<void> {
    while (this.queues.size > 0) await Promise.all([...this.queues.values()]);
  }
}
