/**
 * The crowd of the abuse benchmark's chat flood (./abuse-bench.ts `chatFlood`, issue 19 item 3), in a process of
 * its own so that receiving its own echoes does not slow the bench's timing of the victim:
 * `tsx tools/abuse/chat-crowd.ts BASE EVERY_MS`. 100 reading spectator sockets on 127.0.0.2–5 (25 each, under the
 * default cap of 32 per address), each sending a chat line every EVERY_MS, reconnecting when dropped. Each line on
 * stdin is the matchID to watch (the crowd syncs it and chats there); when stdin ends it prints ONE JSON line
 * { sent, echoed, refused, connects } and exits.
 */
import { createInterface } from 'node:readline';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_EVENTS, type RefusalBody } from '../../src/protocol';

const [base, everyArg] = process.argv.slice(2);
const everyMs = Number(everyArg);
if (!base || !(everyMs > 0)) {
  process.stderr.write('usage: tsx tools/abuse/chat-crowd.ts BASE EVERY_MS (matchIDs on stdin)\n');
  process.exit(2);
}
const ADDRESSES = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'];
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
let watched = '';
let done = false;
const stats = { sent: 0, echoed: 0, refused: 0, connects: 0 };

createInterface({ input: process.stdin }).on('line', (l) => { if (l.trim()) watched = l.trim(); }).on('close', () => { done = true; });

function connect(localAddress: string): Promise<Socket> {
  const s = io(`${base}/mint-imperium`, { transports: ['websocket'], reconnection: false, forceNew: true, localAddress } as never);
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', (e) => { s.close(); reject(e); });
  });
}

await Promise.all(Array.from({ length: 100 }, async (_, k) => {
  while (!done) {
    let s: Socket;
    try {
      s = await connect(ADDRESSES[k % ADDRESSES.length]);
      stats.connects++;
    } catch {
      await sleep(500);
      continue;
    }
    s.on('chat', () => { stats.echoed++; });
    s.on(SOCKET_EVENTS.error, (_m: unknown, e: Partial<RefusalBody>) => { if (e?.event === 'chat') stats.refused++; });
    let mine = '';
    while (!done && s.connected) {
      if (!watched) {
        await sleep(50);
        continue;
      }
      if (mine !== watched) {
        mine = watched;
        s.emit('sync', mine, null, null, 2);
        await sleep(200);
      }
      s.emit('chat', mine, { id: 'x', sender: null, payload: `flood ${k} ${stats.sent}` });
      stats.sent++;
      await sleep(everyMs);
    }
    s.close();
  }
}));
process.stdout.write(`${JSON.stringify(stats)}\n`);
process.exit(0);
