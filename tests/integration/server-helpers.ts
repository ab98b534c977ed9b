/**
 * Shared helpers of the server tests (tests/integration/server*.test.ts): a real server on an ephemeral port over
 * a temporary SQLite file (or a PostgreSQL schema), lobby calls, raw socket.io clients that speak boardgame.io's
 * protocol, and boardgame.io Clients that play random legal moves from their own view.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { AddressInfo } from 'node:net';
import type { Game, LogEntry, State } from 'boardgame.io';
import { Server } from 'boardgame.io/server';
import { Client } from 'boardgame.io/client';
import { SocketIO } from 'boardgame.io/multiplayer';
import { io, type Socket } from 'socket.io-client';
import { MintImperium, playerOf } from '../../src/game';
import type { Faction } from '../../src/game/content';
import type { GameState } from '../../src/game/rules';
import { startServer, type RunningServer, type StartServerOptions } from '../../server';
import { createStorage, type SqlStorage } from '../../server/storage';
import { UNLIMITED_SOCKETS } from '../../server/limits';

export const GAME = 'mint-imperium';

export const PG_URL = process.env.DATABASE_URL && /^postgres(ql)?:\/\//i.test(process.env.DATABASE_URL)
  ? process.env.DATABASE_URL
  : undefined;
export const PG_SKIP_REASON = process.env.DATABASE_URL
  ? 'DATABASE_URL is set but is not a postgres:// URL'
  : 'DATABASE_URL is not set (e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/test)';

export type Backend = 'sqlite' | 'postgres';

/** A temporary folder, removed by the returned function. */
export function tempDir(prefix = 'mint-server-'): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function pgSchemaName(): string {
  return `server_test_${process.pid}_${randomBytes(4).toString('hex')}`;
}

export async function dropPgSchema(schema: string): Promise<void> {
  if (!PG_URL) return;
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}

export interface TestServer extends RunningServer {
  errors: string[];
  /** Stop the server and remove its database. */
  dispose(): Promise<void>;
}

/** The real server on an ephemeral port: temporary SQLite file, or a fresh PostgreSQL schema. */
export async function startTestServer(backend: Backend = 'sqlite', opts: StartServerOptions = {}): Promise<TestServer> {
  const errors: string[] = [];
  let cleanup: () => Promise<void> | void;
  let dbOpts: StartServerOptions;
  if (backend === 'postgres') {
    if (!PG_URL) throw new Error('no PostgreSQL');
    const schema = pgSchemaName();
    dbOpts = { databaseUrl: PG_URL, dbSchema: schema };
    cleanup = () => dropPgSchema(schema);
  } else {
    const t = tempDir();
    dbOpts = { databaseUrl: join(t.dir, 'test.sqlite') };
    cleanup = t.remove;
  }
  const server = await startServer({
    // Budgets off (as the create rate limit): these tests send many messages on purpose; server-limits and
    // server-abuse turn them on. The unread-output bound stays.
    port: 0, staticDir: null, cleanupIntervalMs: 0, rateLimit: false, lobbyLimits: false, tableLimit: false, maxBotMatchesPerAddress: 0,
    socketLimits: { ...UNLIMITED_SOCKETS, maxPendingBytes: 1024 * 1024 },
    onError: (err, where) => errors.push(`${where}: ${err instanceof Error ? err.stack : String(err)}`),
    events: false, // the operator's JSON lines (server/events.ts); tests that look at them pass a sink
    ...dbOpts,
    ...opts,
    bots: { minDelayMs: 0, mcts: { budgetMs: 20 }, ...opts.bots },
  });
  return Object.assign(server, {
    errors,
    dispose: async () => {
      await server.stop();
      await cleanup();
    },
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Lobby

export async function api(base: string, path: string, body?: unknown, init: RequestInit = {}): Promise<{ status: number; json: any; text: string; headers: Headers }> {
  const res = await fetch(base + path, body === undefined ? init : {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body), ...init,
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text, headers: res.headers };
}

export async function createMatch(base: string, body: Record<string, unknown> = { numPlayers: 2 }): Promise<string> {
  const r = await api(base, `/games/${GAME}/create`, body);
  if (r.status !== 200) throw new Error(`create: ${r.status} ${r.text}`);
  return r.json.matchID;
}

export async function joinMatch(base: string, matchID: string, playerID: string, playerName = `P${playerID}`): Promise<string> {
  const r = await api(base, `/games/${GAME}/${matchID}/join`, { playerID, playerName });
  if (r.status !== 200) throw new Error(`join: ${r.status} ${r.text}`);
  return r.json.playerCredentials;
}

/** A match with both seats joined. */
export async function matchWithPlayers(base: string): Promise<{ matchID: string; creds: Record<string, string> }> {
  const matchID = await createMatch(base);
  return { matchID, creds: { '0': await joinMatch(base, matchID, '0'), '1': await joinMatch(base, matchID, '1') } };
}

// ---------------------------------------------------------------------------------------------------------------
// Raw sockets (what an attacker controls)

export interface RawClient {
  socket: Socket;
  /** Every message received, in order: [event, ...args]. */
  received: unknown[][];
  /** Resolves with the next message of one of `events` (after those already seen, unless `fromStart`). */
  next(events: string[], timeoutMs?: number): Promise<unknown[]>;
  close(): void;
}

export async function rawClient(base: string, namespace = GAME): Promise<RawClient> {
  const socket = io(`${base}/${namespace}`, { transports: ['websocket'], reconnection: false, forceNew: true });
  const received: unknown[][] = [];
  const waiters: { events: string[]; resolve(m: unknown[]): void }[] = [];
  socket.onAny((event: string, ...args: unknown[]) => {
    const m = [event, ...args];
    received.push(m);
    for (const w of [...waiters]) {
      if (w.events.includes(event)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return {
    socket,
    received,
    next: (events, timeoutMs = 5000) => new Promise((resolve, reject) => {
      const w = { events, resolve: (m: unknown[]) => { clearTimeout(t); resolve(m); } };
      const t = setTimeout(() => {
        waiters.splice(waiters.indexOf(w), 1);
        reject(new Error(`no ${events.join('/')} within ${timeoutMs} ms`));
      }, timeoutMs);
      waiters.push(w);
    }),
    close: () => socket.close(),
  };
}

/** Sync and wait for the answer: ['sync', matchID, syncInfo] or ['mint:error', matchID, { event, error }]. */
export async function rawSync(c: RawClient, matchID: unknown, playerID: unknown, credentials?: unknown): Promise<unknown[]> {
  const answer = c.next(['sync', 'mint:error']);
  c.socket.emit('sync', matchID, playerID, credentials, 2);
  return answer;
}

/** A move as boardgame.io's client sends it. */
export function moveAction(type: string, args: unknown[], playerID: string, credentials?: string) {
  return { type: 'MAKE_MOVE', payload: { type, args, playerID, credentials } };
}

/** Send an update and wait for the broadcast update or the refusal. */
export async function rawUpdate(c: RawClient, action: unknown, stateID: unknown, matchID: unknown, playerID: unknown): Promise<unknown[]> {
  const answer = c.next(['update', 'mint:error']);
  c.socket.emit('update', action, stateID, matchID, playerID);
  return answer;
}

// ---------------------------------------------------------------------------------------------------------------
// Storage snapshots

export async function snapshot(db: SqlStorage, matchID: string) {
  const r = await db.fetch(matchID, { state: true, metadata: true, log: true, initialState: true });
  return JSON.parse(JSON.stringify(r)) as { state?: State<GameState>; metadata?: any; log?: LogEntry[]; initialState?: State<GameState> };
}

/** A second connection to the server's database (another process could do the same). */
export function reopen(db: SqlStorage): SqlStorage {
  if (db.dialect === 'sqlite') return createStorage(db.filename!);
  return createStorage(PG_URL!, { schema: db.schema! });
}

// ---------------------------------------------------------------------------------------------------------------
// boardgame.io clients playing random legal moves from their own view

type Enumerate = (G: GameState, ctx: unknown, playerID: string) => { move: string; args: unknown[] }[];
const enumerate = MintImperium.ai!.enumerate as unknown as Enumerate;

export interface ClientState { G: GameState; ctx: { gameover?: unknown; currentPlayer: string }; _stateID: number }

export interface RandomPlayer {
  playerID: string;
  seat: Faction;
  client: ReturnType<typeof Client>;
  /** Resolves when the client has seen the game end. */
  finished: Promise<ClientState>;
  moves: number;
  /** Stop sending moves (the client stays connected). */
  pause(): void;
  resume(): void;
  state(): ClientState | null;
  stop(): void;
}

/**
 * A boardgame.io Client with the SocketIO transport that, whenever its own view shows a decision pending for its
 * seat, picks a random move among `ai.enumerate(view)` (as the UI does), once per state.
 */
export function randomPlayer(
  base: string, matchID: string, seat: Faction, credentials: string,
  opts: { socketOpts?: Record<string, unknown>; onMove?: () => void; /** pause before each move (a human pace) */ delayMs?: number } = {},
): RandomPlayer {
  const playerID = playerOf(seat);
  const client = Client({
    game: MintImperium, numPlayers: 2, matchID, playerID, credentials, debug: false,
    multiplayer: SocketIO({ server: base, socketOpts: { transports: ['websocket'], ...opts.socketOpts } }),
  });
  let paused = false;
  let lastSent = -1;
  let resolveFinished!: (s: ClientState) => void;
  const finished = new Promise<ClientState>((r) => { resolveFinished = r; });
  const player: RandomPlayer = {
    playerID, seat, client, finished, moves: 0,
    pause: () => { paused = true; },
    resume: () => { paused = false; act(); },
    state: () => client.getState() as unknown as ClientState | null,
    stop: () => client.stop(),
  };
  let wasConnected = false;
  const act = () => {
    const s = client.getState() as unknown as (ClientState & { isConnected: boolean }) | null;
    if (!s) return;
    // After a reconnection, a move sent just before the server went away may be lost: allow sending again.
    if (s.isConnected && !wasConnected) lastSent = -1;
    wasConnected = s.isConnected;
    if (s.ctx.gameover !== undefined) {
      resolveFinished(s);
      return;
    }
    if (paused || s.G.pending?.seat !== seat || s._stateID === lastSent) return;
    const options = enumerate(s.G, s.ctx, playerID);
    if (options.length === 0) return;
    const pick = options[randomInt(options.length)];
    lastSent = s._stateID;
    player.moves++;
    opts.onMove?.();
    const send = () => (client.moves as Record<string, (...a: unknown[]) => void>)[pick.move](...pick.args);
    if (opts.delayMs) setTimeout(send, opts.delayMs);
    else send();
  };
  client.subscribe(() => act());
  client.start();
  return player;
}

export function waitFor(cond: () => boolean, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  return new Promise((resolve, reject) => {
    const start = Date.now();
    const tick = () => {
      if (cond()) return resolve();
      if (Date.now() - start > timeoutMs) return reject(new Error(`timed out waiting for ${what}`));
      setTimeout(tick, 10);
    };
    tick();
  });
}

/**
 * Waits for `cond`, failing only when `progress()` has not changed for `stallMs`: on a loaded machine moves come
 * slower, not never, so a deadline on the whole wait fails a healthy run (the CI run of session 9 did, at 20 s for
 * 30 moves). A stuck match still fails, after `stallMs` without a move.
 */
export function waitForProgress(cond: () => boolean, progress: () => unknown, stallMs = 30_000, what = 'condition'): Promise<void> {
  return new Promise((resolve, reject) => {
    let last = JSON.stringify(progress());
    let since = Date.now();
    const tick = () => {
      if (cond()) return resolve();
      const now = JSON.stringify(progress());
      if (now !== last) [last, since] = [now, Date.now()];
      else if (Date.now() - since > stallMs) return reject(new Error(`no progress for ${stallMs} ms waiting for ${what} (at ${now})`));
      setTimeout(tick, 10);
    };
    tick();
  });
}

/** Deep scan: every key of a JSON-like value. */
export function allKeys(x: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(x)) for (const v of x) allKeys(v, out);
  else if (typeof x === 'object' && x !== null) {
    for (const [k, v] of Object.entries(x)) {
      out.add(k);
      allKeys(v, out);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// boardgame.io's stock server (the control group of the attack tests: each attack must work there)

export async function startStockServer(game: Game): Promise<{ url: string; db: SqlStorage; stop(): Promise<void> }> {
  const t = tempDir('mint-stock-');
  const db = createStorage(join(t.dir, 'stock.sqlite'));
  const server = Server({ games: [game], db, origins: [] });
  const servers = await server.run(0);
  const port = (servers.appServer.address() as AddressInfo).port;
  return {
    url: `http://localhost:${port}`,
    db,
    stop: async () => {
      await new Promise<void>((r) => {
        const io = (server.app as unknown as { _io?: { close(fn: () => void): void } })._io;
        if (io) io.close(() => r());
        else servers.appServer.close(() => r());
      });
      await db.close();
      t.remove();
    },
  };
}
