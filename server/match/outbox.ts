/**
 * Messages shared by many sockets, and the socket-side accounting of what is waiting to be sent.
 *
 * A state goes to every socket of one audience (the Rebel, the Imperial, the spectators) with the same content,
 * so the hub builds one `SharedMessage` per audience and state, and the transport encodes it once (socket.io's own
 * broadcast encoding: one packet string and one pre-framed websocket frame) and writes those same buffers to
 * every socket. 3,000 spectators of a match then hold one copy of a state, not 3,000 (issue 14, item 5).
 */

/** One event with its arguments, encoded at most once by whichever transport sends it first. */
export class SharedMessage {
  /** The transport's encoding (opaque to the hub). */
  encoded: unknown = undefined;
  /**
   * `json`, when given, returns exactly `JSON.stringify([event, ...args])`, put together faster (a state's log
   * entries encoded once: ./state-json.ts).
   */
  constructor(readonly event: string, readonly args: unknown[], readonly json?: () => string) {}
}

// ---------------------------------------------------------------------------------------------------------------
// socket.io 4.8 internals used here (the version is pinned by package.json overrides; see STACK.md). Each use has a
// fallback to the public API, so a change of those internals costs memory, never correctness.

interface EnginePacket { data?: unknown; options?: { wsPreEncodedFrame?: unknown } }
export interface IoSocketInternals {
  emit(event: string, ...args: unknown[]): boolean;
  client?: { writeToEngine?(packets: unknown[], opts: unknown): void };
  conn?: {
    writeBuffer?: EnginePacket[];
    transport?: { socket?: { bufferedAmount?: number; terminate?(): void } };
    close?(discard?: boolean): void;
  };
  disconnect(close?: boolean): void;
}
export interface IoNamespaceInternals {
  name: string;
  adapter?: {
    _encode?(packet: unknown, opts: Record<string, unknown>): unknown[];
    encoder?: { encodeAsString?(packet: unknown): string };
  };
}

/**
 * What `_encode` is called on: the adapter with an encoder that skips socket.io-parser's `hasBinary` walk of the
 * whole packet (≈ 5 % of a move's server time for a 30 KB state). Every SharedMessage is JSON (states as stored,
 * log entries, chat lines, tables), so the walk would always find nothing; the packet string is then the parser's
 * own `encodeAsString`. Without that method (another parser), the adapter as is.
 */
function jsonEncoding(adapter: NonNullable<IoNamespaceInternals['adapter']>, nsp: string, msg: SharedMessage): object {
  const encoder = adapter.encoder;
  const encodeAsString = encoder?.encodeAsString;
  if (typeof encodeAsString !== 'function') return adapter;
  // socket.io-parser's encodeAsString of an EVENT packet without id: type, namespace (if not '/') and ',', the data.
  if (msg.json) {
    const packet = `2${nsp !== '/' ? `${nsp},` : ''}${msg.json()}`;
    return { encoder: { encode: () => [packet] } };
  }
  return { encoder: { encode: (packet: unknown) => [encodeAsString.call(encoder, packet)] } };
}

interface Encoded { packets: unknown[]; opts: Record<string, unknown> }

/** Write `msg` to `socket`, encoding it once for all sockets of `nsp`. */
export function sendShared(nsp: IoNamespaceInternals, socket: IoSocketInternals, msg: SharedMessage): void {
  let enc = msg.encoded as Encoded | null | undefined;
  if (enc === undefined) {
    enc = null;
    const encode = nsp.adapter?._encode;
    if (typeof encode === 'function' && typeof socket.client?.writeToEngine === 'function') {
      const opts: Record<string, unknown> = { preEncoded: true };
      // socket.io-parser's EVENT packet (type 2), as the adapter's broadcast builds it.
      const packets = encode.call(jsonEncoding(nsp.adapter!, nsp.name, msg), { type: 2, data: [msg.event, ...msg.args], nsp: nsp.name }, opts);
      enc = { packets, opts };
    }
    msg.encoded = enc;
  }
  if (enc && typeof socket.client?.writeToEngine === 'function') socket.client.writeToEngine(enc.packets, enc.opts);
  else socket.emit(msg.event, ...msg.args);
}

/** Bytes written to `socket` that the peer has not taken yet (engine.io's write buffer + the websocket's). */
export function pendingBytes(socket: IoSocketInternals): number {
  const conn = socket.conn;
  if (!conn) return 0;
  let n = 0;
  for (const p of conn.writeBuffer ?? []) {
    const d = p.data;
    n += typeof d === 'string' ? d.length : (d as { byteLength?: number } | undefined)?.byteLength ?? 0;
  }
  const ws = conn.transport?.socket;
  if (ws && typeof ws.bufferedAmount === 'number') n += ws.bufferedAmount;
  return n;
}

/**
 * Close a socket now, dropping what it has not read. socket.io's `disconnect(true)` waits for engine.io's write
 * buffer to drain, and a websocket close waits for the peer's close frame: a peer that never reads would keep
 * its buffers for 30 s. Terminating the websocket frees them at once.
 */
export function dropSocket(socket: IoSocketInternals): void {
  const conn = socket.conn;
  if (conn?.writeBuffer) conn.writeBuffer.length = 0;
  try {
    socket.disconnect(true);
  } finally {
    const ws = conn?.transport?.socket;
    if (ws && typeof ws.terminate === 'function') ws.terminate();
    else conn?.close?.(true);
  }
}
