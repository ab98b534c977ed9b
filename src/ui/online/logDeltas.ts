/**
 * The board's side of log deltas (src/protocol/log-delta.ts): the socket asked for them in its handshake, so the
 * server sends each move as `mint:update` with only the new game log entries. This rebuilds the whole view on the
 * last state the server sent (a sync, an update or a rebuilt delta) and hands it to boardgame.io's own `update`
 * handler, so the client, and everything above it, sees exactly what a full update would have given it. A delta
 * that does not follow the state held (a missed message) asks for a sync instead: the whole view again.
 */
import { applyLogDelta, SOCKET_EVENTS, type HeldState } from '../../protocol';

/** The part of socket.io-client's Socket used here. */
export interface DeltaSocket {
  on(event: string, fn: (...args: unknown[]) => void): unknown;
  listeners(event: string): ((...args: unknown[]) => void)[];
}

export function receiveLogDeltas(socket: DeltaSocket, matchID: string, requestSync: () => void): void {
  let held: HeldState | null = null;
  socket.on('sync', (m, info) => {
    if (m === matchID) held = ((info as { state?: HeldState } | undefined)?.state) ?? null;
  });
  socket.on('update', (m, state) => {
    if (m === matchID) held = state as HeldState;
  });
  socket.on(SOCKET_EVENTS.update, (m, update, deltalog) => {
    if (m !== matchID) return;
    const full = applyLogDelta(held, update);
    if (!full) {
      held = null;
      requestSync();
      return;
    }
    // boardgame.io's handler (and the one above, which holds the rebuilt state) as if the server had sent it whole.
    for (const fn of socket.listeners('update')) fn.call(socket, matchID, full, deltalog);
  });
}
