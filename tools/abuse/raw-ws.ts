/**
 * A hostile socket.io client at the wire level: a plain websocket speaking engine.io v4 / socket.io v5 frames,
 * which can send as fast as it likes and stop reading (`stopReading()` pauses the TCP socket, so the server's
 * output piles up on its side, as with a peer that never reads). Used by the abuse benchmark (./abuse-bench.ts) and tests (tests/helpers/raw-ws.ts).
 */
import WebSocket from 'ws';

export interface RawWs {
  ws: WebSocket;
  /** Socket.io events received while reading: [event, ...args]. */
  events: unknown[][];
  /** Emit a socket.io event on the namespace (no ack). */
  emit(event: string, ...args: unknown[]): void;
  stopReading(): void;
  /** Resolves when the connection is closed (by either side). */
  closed: Promise<void>;
  isClosed(): boolean;
  close(): void;
}

/** `localAddress`: the source address (e.g. 127.0.0.2: on loopback an attacker can be another address). */
export async function rawWs(base: string, namespace: string, opts: { localAddress?: string } = {}): Promise<RawWs> {
  const url = `${base.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
  const ws = new WebSocket(url, opts.localAddress ? { localAddress: opts.localAddress } : {});
  const events: unknown[][] = [];
  let closedFlag = false;
  const closed = new Promise<void>((resolve) => ws.once('close', () => { closedFlag = true; resolve(); }));
  ws.on('error', () => {});
  const prefix = `/${namespace},`;
  const connected = new Promise<void>((resolve, reject) => {
    ws.on('message', (data) => {
      const s = data.toString();
      if (s === '2') return ws.send('3'); // engine.io ping → pong
      if (s.startsWith('0')) return ws.send(`40${prefix}`);
      if (s.startsWith(`40${prefix}`)) return resolve();
      if (s.startsWith(`44${prefix}`)) return reject(new Error(`namespace refused: ${s}`));
      if (s.startsWith(`42${prefix}`)) {
        try {
          events.push(JSON.parse(s.slice(2 + prefix.length)));
        } catch { /* a binary or partial packet: not ours to read */ }
      }
    });
    ws.once('close', () => reject(new Error('closed before connecting')));
  });
  await connected;
  return {
    ws,
    events,
    emit: (event, ...args) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(`42${prefix}${JSON.stringify([event, ...args])}`);
    },
    stopReading: () => {
      // ws resumes its TCP socket whenever its parser drains: keep it paused for good.
      const sock = (ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;
      sock.pause();
      sock.resume = () => {};
    },
    closed,
    isClosed: () => closedFlag,
    close: () => ws.terminate(),
  };
}

/**
 * A socket.io client over HTTP long-polling that sends but never polls: everything the server answers stays in
 * the server's engine.io write buffer (with a websocket, the kernel's socket buffers would take tens of MB first).
 */
export async function neverPollingClient(base: string, namespace: string) {
  const root = `${base}/socket.io/?EIO=4&transport=polling`;
  const open = await (await fetch(root)).text(); // `0{"sid":…}`
  const sid = JSON.parse(open.slice(open.indexOf('{'))).sid as string;
  const url = `${root}&sid=${encodeURIComponent(sid)}`;
  const post = async (body: string) => {
    const r = await fetch(url, { method: 'POST', body, headers: { 'content-type': 'text/plain;charset=UTF-8' } });
    await r.text();
    return r.status;
  };
  await post(`40/${namespace},`);
  return {
    sid,
    /** Emit a socket.io event (one HTTP POST); resolves with the HTTP status (400 once the session is gone). */
    emit: (event: string, ...args: unknown[]) => post(`42/${namespace},${JSON.stringify([event, ...args])}`),
  };
}
