/**
 * SQLite durability under a process crash (issue 11): the server runs as a child process on a SQLite file in WAL
 * mode with `synchronous=NORMAL` (the default since issue 11; the WAL is synced at checkpoints, not at every commit), four matches are played
 * flat out by raw socket.io clients, and the server is SIGKILLed from inside the handler of an acknowledgement
 * (the state a move produced, which the hub sends only after the write returned). Started again on the same file,
 * every acknowledged move is there: the stored and the served state are at least the last acknowledged one, and
 * the log holds one entry per move. (A power cut could lose the last commits in this mode; a process crash cannot,
 * since the WAL's pages are already in the OS's file cache. docs/SERVER.md "SQLite durability".)
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { randomInt } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { MintImperium } from '../../src/game';
import type { GameState } from '../../src/game/rules';
import { createStorage } from '../../server/storage';
import { freePort, kill, startChild, type Child } from './child-server';
import { matchWithPlayers, snapshot, tempDir, waitFor } from './server-helpers';

type Enumerate = (G: GameState, ctx: unknown, playerID: string) => { move: string; args: unknown[] }[];
const enumerate = MintImperium.ai!.enumerate as unknown as Enumerate;
interface WireState { G: GameState; ctx: { gameover?: unknown }; _stateID: number }

const MATCHES = 4;
/** Acknowledged moves (all matches) before the kill: enough for writes to be in flight in every match. */
const KILL_AFTER = 60;

function connect(url: string): Promise<Socket> {
  const s = io(`${url}/mint-imperium`, { transports: ['websocket'], reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

/** The state the server serves a seat after the restart. */
async function served(url: string, matchID: string, creds: Record<string, string>): Promise<WireState> {
  const s = await connect(url);
  try {
    return await new Promise<WireState>((resolve) => {
      s.once('sync', (_m: string, info: { state: WireState }) => resolve(info.state));
      s.emit('sync', matchID, '0', creds['0'], 2);
    });
  } finally {
    s.close();
  }
}

describe('SQLite WAL + synchronous=NORMAL: SIGKILL loses no acknowledged move', () => {
  const t = tempDir('mint-crash-');
  const children: Child[] = [];
  afterAll(async () => {
    for (const c of children) await kill(c);
    t.remove();
  });

  it('every move acknowledged before the SIGKILL is stored and served after the restart', async () => {
    const file = join(t.dir, 'crash.sqlite');
    const env = { DATABASE_URL: file, SQLITE_SYNCHRONOUS: 'NORMAL', EVENT_LOG: 'off' };
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    let child = await startChild({ ...env, PORT: String(port) });
    children.push(child);

    const matches = await Promise.all(Array.from({ length: MATCHES }, () => matchWithPlayers(url)));
    const acked = new Map<string, number>(matches.map((m) => [m.matchID, -1]));
    let total = 0;
    let killed = false;
    const sockets: Socket[] = [];
    for (const { matchID, creds } of matches) {
      for (const id of ['0', '1']) {
        const s = await connect(url);
        sockets.push(s);
        const onState = (st: WireState) => {
          if (killed) return;
          if (st._stateID > acked.get(matchID)!) {
            if (acked.get(matchID)! >= 0) total++;
            acked.set(matchID, st._stateID);
          }
          if (total >= KILL_AFTER) {
            // Right after an acknowledgement, with the other matches' writes in flight.
            killed = true;
            process.kill(-child.proc.pid!, 'SIGKILL');
            return;
          }
          if (st.ctx.gameover !== undefined || (st.G.pending?.seat === 'R' ? '0' : '1') !== id) return;
          const options = enumerate(st.G, st.ctx, id);
          const m = options[randomInt(options.length)];
          s.emit('update', { type: 'MAKE_MOVE', payload: { type: m.move, args: m.args, playerID: id, credentials: creds[id] } }, st._stateID, matchID, id);
        };
        s.on('sync', (_m: string, info: { state: WireState }) => onState(info.state));
        s.on('update', (_m: string, st: WireState) => onState(st));
        s.emit('sync', matchID, id, creds[id], 2);
      }
    }
    await waitFor(() => killed, 30_000, `${KILL_AFTER} acknowledged moves`);
    await new Promise<void>((r) => (child.proc.exitCode !== null || child.proc.signalCode !== null ? r() : child.proc.once('exit', () => r())));
    for (const s of sockets) s.close();
    // The acknowledged moves are (at least partly) in the WAL only, not yet checkpointed into the database file:
    // what the restart must recover.
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(0);

    child = await startChild({ ...env, PORT: String(port) });
    children.push(child);
    const reader = createStorage(file);
    try {
      for (const { matchID, creds } of matches) {
        const ack = acked.get(matchID)!;
        const stored = await snapshot(reader, matchID);
        expect(stored.state!._stateID, `match ${matchID}`).toBeGreaterThanOrEqual(ack);
        expect(stored.log!.filter((e) => e.action.type === 'MAKE_MOVE').length).toBe(stored.state!._stateID);
        expect((await served(url, matchID, creds))._stateID).toBe(stored.state!._stateID);
      }
      expect([...acked.values()].reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(KILL_AFTER);
    } finally {
      await reader.close();
    }
  });
});
