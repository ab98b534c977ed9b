/**
 * How the match rooms say no. A refusal is reported to the socket as `mint:error` (matchID, { event, error });
 * boardgame.io's client ignores that event, a UI may listen to it on `client.transport.socket`. Refusals change
 * nothing: no write, no broadcast, no metadata touch.
 */
import { SOCKET_EVENTS, type RefusalBody } from '../../src/protocol';
import { ClusterUnavailable } from '../cluster/bus';
import type { SeatID } from '../seats/credentials';
import type { SeatKeys } from '../seats/keys';
import type { Connection } from './connections';

export type HubResult = { ok: true } | { ok: false; error: string };

export class Refusals {
  constructor(
    /** Refusals by event (sync, update, chat): the hub's stats. */
    private readonly counts: Map<string, number>,
    private readonly seatKeys: SeatKeys,
    private readonly onError: (err: unknown, where: string) => void,
  ) {}

  refuse(conn: Connection | undefined, matchID: unknown, event: string, error: string): HubResult {
    if (event === 'sync' || event === 'update' || event === 'chat') {
      this.counts.set(event, (this.counts.get(event) ?? 0) + 1);
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

  /**
   * The shared store (PostgreSQL, or Redis with several processes) failed: the socket gets a refusal it can show,
   * instead of nothing. Nothing was written (a state is broadcast only after its write).
   */
  async unavailable(conn: Connection | undefined, matchID: unknown, event: string, run: () => Promise<HubResult>): Promise<HubResult> {
    try {
      return await run();
    } catch (err) {
      if (!(err instanceof ClusterUnavailable)) this.onError(err, event);
      return this.refuse(conn, matchID, event, err instanceof ClusterUnavailable
        ? `service unavailable: ${err.message}` : 'service unavailable: storage error, try again');
    }
  }

  /**
   * Credentials that cannot be the seat's are refused before the match's queue and (several processes) its Redis
   * lock (issue 19 item 4, ../seats/keys.ts): a flood of them costs the match nothing. Null: maybe theirs, checked for
   * real in the queue (also when the pre-check could not read the match: the queue reports that).
   */
  async early(conn: Connection, matchID: string, event: string, seat: SeatID, credentials: unknown): Promise<HubResult | null> {
    const pre = await this.seatKeys.check(matchID, seat, credentials).catch(() => 'maybe' as const);
    return pre === 'maybe' ? null : this.refuse(conn, matchID, event, pre === 'match not found' ? 'match not found' : 'unauthorized');
  }
}
