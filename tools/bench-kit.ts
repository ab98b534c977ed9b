/**
 * Pieces of the abuse benchmark (./abuse/abuse-bench.ts): the server as a child process, lobby calls, a duel whose
 * move round trips are timed, a match played to its end, and probes of /health. Loopback only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { MintImperium } from '../src/game';
import type { GameState } from '../src/game/rules';
import { playerOf, SEATS, SOCKET_EVENTS } from '../src/protocol';

export const GAME = MintImperium.name as string;
type Enumerate = (G: GameState, ctx: unknown, playerID: string) => { move: string; args: unknown[] }[];
const enumerate = MintImperium.ai!.enumerate as unknown as Enumerate;
interface WireState { G: GameState; ctx: { gameover?: unknown }; _stateID: number }

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((s.length - 1) * p))] * 10) / 10;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface Child { base: string; proc: ChildProcess; stop(): Promise<void> }

/** Servers started here: whatever ends this process (an error, Ctrl-C) ends them too. */
const children = new Set<ChildProcess>();
const killAll = () => {
  for (const c of children) {
    try {
      process.kill(-c.pid!, 'SIGKILL');
    } catch { /* gone */ }
  }
};
process.on('exit', killAll);
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => { killAll(); process.exit(130); });

/** A child process (its own process group) that ends with this process. */
export function trackChild(proc: ChildProcess): void {
  children.add(proc);
  proc.once('exit', () => children.delete(proc));
}

/** `tsx server/main.ts` on a free port of 127.0.0.1, with `env` on top of the defaults. */
export async function startChild(env: Record<string, string>): Promise<Child> {
  const port = await freePort();
  const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx');
  const proc = spawn(tsx, ['server/main.ts'], {
    env: { ...process.env, PORT: String(port), STATIC_DIR: '/nonexistent', CLEANUP_INTERVAL_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'], detached: true,
  });
  trackChild(proc);
  const output: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`server did not start:\n${output.join('')}`)), 60_000);
    proc.stdout!.on('data', (b: Buffer) => {
      output.push(b.toString());
      if (output.join('').includes('Mint Imperium server:')) {
        clearTimeout(t);
        resolve();
      }
    });
    proc.stderr!.on('data', (b: Buffer) => output.push(b.toString()));
    proc.once('exit', (code) => {
      clearTimeout(t);
      reject(new Error(`server exited (${code}):\n${output.join('')}`));
    });
  });
  return {
    base: `http://127.0.0.1:${port}`,
    proc,
    stop: () => stopProcessGroup(proc),
  };
}

/** Stop a child started in its own process group: SIGTERM, up to 10 s to exit, then SIGKILL for what is left. */
export async function stopProcessGroup(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  try {
    process.kill(-proc.pid!, 'SIGTERM');
  } catch { /* gone */ }
  await Promise.race([exited, sleep(10_000)]);
  try {
    process.kill(-proc.pid!, 'SIGKILL');
  } catch { /* gone */ }
}

export async function post(url: string, body: unknown): Promise<any> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = await res.json();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

export async function matchWithPlayers(base: string) {
  const { matchID } = await post(`${base}/games/${GAME}/create`, { numPlayers: 2 });
  const creds: Record<string, string> = {};
  for (const id of SEATS) creds[id] = (await post(`${base}/games/${GAME}/${matchID}/join`, { playerID: id, playerName: `P${id}` })).playerCredentials;
  return { matchID: matchID as string, creds };
}

/** A socket.io client; `localAddress` binds its source address (attackers use 127.0.0.2, the rest 127.0.0.1). */
export function socket(base: string, localAddress?: string): Promise<Socket> {
  const s = io(`${base}/${GAME}`, { transports: ['websocket'], reconnection: false, forceNew: true, ...(localAddress ? { localAddress } : {}) } as never);
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

/**
 * One game between two random players on sockets, each moving (a random legal move of its own view) `gapMs`
 * after the state that asks it to; every round trip (move sent → its state received) goes to `times`.
 * Resolves with the matchID when the game is over (or `until()` is true).
 */
export async function playGame(base: string, gapMs: number, times: number[], until: () => boolean,
  match?: { matchID: string; creds: Record<string, string> }, /** each seat's server (several processes) */ seatBases?: string[]): Promise<string> {
  const { matchID, creds } = match ?? await matchWithPlayers(base);
  const sockets = await Promise.all(SEATS.map((_, k) => socket(seatBases?.[k] ?? base)));
  await new Promise<void>((resolve) => {
    let sent = -1;
    let sentAt = 0;
    let over = false;
    const onState = (id: string, s: WireState) => {
      if (over) return;
      if (s.ctx.gameover !== undefined || until()) {
        over = true;
        return resolve();
      }
      if (sent >= 0 && s._stateID > sent) {
        times.push(performance.now() - sentAt);
        sent = -1;
      }
      const pending = s.G.pending?.seat;
      if (!pending || playerOf(pending) !== id) return;
      setTimeout(() => {
        if (over || sent >= 0) return;
        const options = enumerate(s.G, s.ctx, id);
        const m = options[randomInt(options.length)];
        sent = s._stateID;
        sentAt = performance.now();
        sockets[Number(id)].emit('update', { type: 'MAKE_MOVE', payload: { type: m.move, args: m.args, playerID: id, credentials: creds[id] } }, s._stateID, matchID, id);
      }, gapMs);
    };
    SEATS.forEach((id, k) => {
      sockets[k].on('sync', (_m: string, info: { state: WireState }) => onState(id, info.state));
      sockets[k].on('update', (_m: string, s: WireState) => onState(id, s));
      // A refused move (stale after a race, or rate limited): start over from a fresh view.
      sockets[k].on(SOCKET_EVENTS.error, () => { sent = -1; setTimeout(() => sockets[k].emit('sync', matchID, id, creds[id], 2), 200); });
      sockets[k].emit('sync', matchID, id, creds[id], 2);
    });
  });
  for (const s of sockets) s.close();
  return matchID;
}

/** Games one after the other until `until()`: the "other match" whose round trips an attack must not slow. */
export function duel(base: string, gapMs: number, until: () => boolean) {
  const times: number[] = [];
  const failures: string[] = [];
  const done = (async () => {
    while (!until()) {
      try {
        await playGame(base, gapMs, times, until);
      } catch (err) {
        // Counted: the "other match" could not even connect.
        failures.push(String(err));
        await sleep(100);
      }
    }
  })();
  return { times, failures, done };
}

/** A match played to its end (flat out), with its whole log: what a spectator flood asks for. */
export function finishedMatch(base: string): Promise<string> {
  return playGame(base, 0, [], () => false);
}

/** /health every `everyMs`: latency and the server's resident memory (MB). */
export function probeHealth(base: string, everyMs: number, until: () => boolean) {
  const times: number[] = [];
  const rss: number[] = [];
  let failures = 0;
  const done = (async () => {
    while (!until()) {
      const t0 = performance.now();
      try {
        const r = await fetch(`${base}/health`, { signal: AbortSignal.timeout(5000) });
        const j = await r.json();
        times.push(performance.now() - t0);
        rss.push(j.rssMB);
      } catch {
        failures++;
        times.push(performance.now() - t0);
      }
      await sleep(everyMs);
    }
  })();
  return { times, rss, failures: () => failures, done };
}
