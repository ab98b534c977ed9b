/**
 * Load benchmark (not a test): `npm run loadtest -- --matches 200`.
 *
 * Starts the real server as a child process (`tsx server/main.ts`, temporary SQLite file, or --database-url), or
 * uses --url. Creates N matches through the lobby, joins both seats, and plays them all at once over sockets on
 * loopback: two socket.io clients per match speaking boardgame.io's protocol (sync, update), each picking a random
 * legal move from its own view (`ai.enumerate`) whenever its seat must decide, after an optional think time.
 * A move's round trip is the time from sending it to receiving the state it produced. Prints a progress bar on
 * stderr and one JSON object on stdout: { matches, moves, p50, p99, errors, … } (times in ms).
 *
 * Options: --matches N (20), --think MS (mean think time before each move, uniform in [0.5, 1.5] × MS; default
 *          3000, a quick human; 0 = flat out, a saturation test), --url URL, --database-url URL (PostgreSQL: a
 *          schema of its own, dropped at the end), --timeout S (stall limit per match, 60), --json-only.
 * A full game is about 160 moves, so a run lasts about 160 × think: ~8–11 min at the default pace.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { progress } from '../../src/cli/progress';
import { MintImperium, playerOf } from '../../src/game';
import type { Faction } from '../../src/game/content';
import type { GameState } from '../../src/game/rules';

interface Options { matches: number; think: number; url?: string; databaseUrl?: string; timeoutS: number; jsonOnly: boolean }

function parseArgs(argv: string[]): Options {
  const o: Options = { matches: 20, think: 3000, timeoutS: 60, jsonOnly: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    const num = (v: string) => {
      const n = Number(v);
      if (!Number.isFinite(n) || n < 0) throw new Error(`${a}: not a number: ${v}`);
      return n;
    };
    if (a === '--matches') o.matches = Math.max(1, Math.floor(num(next())));
    else if (a === '--think') o.think = num(next());
    else if (a === '--url') o.url = next().replace(/\/$/, '');
    else if (a === '--database-url') o.databaseUrl = next();
    else if (a === '--timeout') o.timeoutS = num(next());
    else if (a === '--json-only') o.jsonOnly = true;
    else if (a === '--help' || a === '-h') {
      console.log('npm run loadtest -- [--matches N] [--think MS] [--url URL] [--database-url URL] [--timeout S] [--json-only]');
      process.exit(0);
    } else throw new Error(`unknown option ${a}`);
  }
  return o;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function startChild(env: Record<string, string>): Promise<ChildProcess> {
  const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx');
  const proc = spawn(tsx, ['server/main.ts'], {
    env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true,
  });
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
  return proc;
}

async function post(url: string, body: unknown): Promise<any> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = await res.json();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

type Enumerate = (G: GameState, ctx: unknown, playerID: string) => { move: string; args: unknown[] }[];
const enumerate = MintImperium.ai!.enumerate as unknown as Enumerate;
interface WireState { G: GameState; ctx: { gameover?: unknown }; _stateID: number }

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))];
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const game = MintImperium.name as string;
  let child: ChildProcess | undefined;
  let tmp: string | undefined;
  let pgSchema: string | undefined;
  let base = opts.url;
  if (!base) {
    const port = await freePort();
    const env: Record<string, string> = {
      PORT: String(port), CREATE_RATE_LIMIT: '0', STATIC_DIR: '/nonexistent', CLEANUP_INTERVAL_MS: '0',
      // Every simulated player comes from 127.0.0.1: per-address budgets would stop the load test, not an attack.
      SOCKET_RATE_LIMITS: 'off', LOBBY_WRITE_LIMIT: '0',
    };
    if (opts.databaseUrl) {
      env.DATABASE_URL = opts.databaseUrl;
      if (/^postgres(ql)?:\/\//i.test(opts.databaseUrl)) {
        // A schema of its own, dropped at the end.
        pgSchema = `loadtest_${process.pid}_${Date.now().toString(36)}`;
        env.DB_SCHEMA = pgSchema;
      }
    } else {
      tmp = mkdtempSync(join(tmpdir(), 'mint-loadtest-'));
      env.DATABASE_URL = join(tmp, 'load.sqlite');
    }
    child = await startChild(env);
    base = `http://localhost:${port}`;
  }
  const stopChild = async () => {
    if (child?.pid && child.exitCode === null) {
      const exited = new Promise<void>((r) => child!.once('exit', () => r()));
      try {
        process.kill(-child.pid, 'SIGTERM');
        await Promise.race([exited, sleep(10_000)]);
      } catch { /* gone */ }
    }
    if (tmp) rmSync(tmp, { recursive: true, force: true });
    if (pgSchema && opts.databaseUrl) {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: opts.databaseUrl });
      await client.connect();
      await client.query(`drop schema if exists "${pgSchema}" cascade`);
      await client.end();
    }
  };
  process.once('SIGINT', () => {
    void stopChild().finally(() => process.exit(130));
  });

  const rtts: number[] = [];
  let errors = 0;
  const errorKinds = new Map<string, number>();
  const error = (kind: string) => {
    errors++;
    errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
  };
  let moves = 0;
  let finished = 0;
  const bar = opts.jsonOnly ? progress(opts.matches, { enabled: false }) : progress(opts.matches, { label: 'matches' });

  // Lobby: create and join every match first.
  const setupStart = performance.now();
  const matches: { matchID: string; creds: Record<string, string> }[] = [];
  for (let i = 0; i < opts.matches; i += 20) {
    const batch = await Promise.all(Array.from({ length: Math.min(20, opts.matches - i) }, async () => {
      const { matchID } = await post(`${base}/games/${game}/create`, { numPlayers: 2 });
      const creds: Record<string, string> = {};
      for (const id of ['0', '1']) {
        creds[id] = (await post(`${base}/games/${game}/${matchID}/join`, { playerID: id, playerName: `load-${id}` })).playerCredentials;
      }
      return { matchID, creds };
    }));
    matches.push(...batch);
  }
  const setupMs = performance.now() - setupStart;

  // Play: two sockets per match.
  const playStart = performance.now();
  const sockets: Socket[] = [];
  await Promise.all(matches.map(({ matchID, creds }) => new Promise<void>((resolveMatch) => {
    let done = false;
    let lastProgress = Date.now();
    const finish = (ok: boolean, why?: string) => {
      if (done) return;
      done = true;
      if (!ok) error(why ?? 'match failed');
      clearInterval(watchdog);
      finished++;
      bar.update(finished);
      resolveMatch();
    };
    const watchdog = setInterval(() => {
      if (Date.now() - lastProgress > opts.timeoutS * 1000) finish(false, 'stalled match');
    }, 1000);
    for (const seat of ['R', 'I'] as Faction[]) {
      const playerID = playerOf(seat);
      const socket = io(`${base}/${game}`, { transports: ['websocket'], reconnection: true, forceNew: true });
      sockets.push(socket);
      let sent: { stateID: number; at: number } | null = null;
      let lastSeen = -1;
      const onState = (state: WireState) => {
        if (done || state._stateID < lastSeen) return;
        lastSeen = state._stateID;
        lastProgress = Date.now();
        if (sent && state._stateID > sent.stateID) {
          rtts.push(performance.now() - sent.at);
          sent = null;
        }
        if (state.ctx.gameover !== undefined) {
          finish(true);
          return;
        }
        if (state.G.pending?.seat !== seat || sent) return;
        const options = enumerate(state.G, state.ctx, playerID);
        if (options.length === 0) return;
        const pick = options[randomInt(options.length)];
        const send = () => {
          if (done) return;
          sent = { stateID: state._stateID, at: performance.now() };
          moves++;
          socket.emit('update', { type: 'MAKE_MOVE', payload: { type: pick.move, args: pick.args, playerID, credentials: creds[playerID] } },
            state._stateID, matchID, playerID);
        };
        if (opts.think > 0) setTimeout(send, opts.think * (0.5 + Math.random()));
        else send();
      };
      socket.on('connect', () => socket.emit('sync', matchID, playerID, creds[playerID], 2));
      socket.on('sync', (_m: string, info: { state: WireState }) => onState(info.state));
      socket.on('update', (_m: string, state: WireState) => onState(state));
      socket.on('mint:error', (_m: string, e: { event: string; error: string }) => {
        error(`${e.event}: ${e.error}`);
        sent = null; // let the client try again on the next state it sees
      });
      socket.on('connect_error', (err: Error) => error(`connect_error: ${err.message}`));
    }
  })));
  const playMs = performance.now() - playStart;
  bar.done();
  for (const s of sockets) s.close();
  await sleep(100);

  rtts.sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 10) / 10;
  const result = {
    matches: opts.matches,
    finished: finished - (errorKinds.get('stalled match') ?? 0),
    moves,
    p50: round(percentile(rtts, 0.5)),
    p90: round(percentile(rtts, 0.9)),
    p99: round(percentile(rtts, 0.99)),
    max: round(rtts[rtts.length - 1] ?? NaN),
    errors,
    ...(errors > 0 ? { errorKinds: Object.fromEntries(errorKinds) } : {}),
    thinkMs: opts.think,
    movesPerSecond: round(moves / (playMs / 1000)),
    playSeconds: round(playMs / 1000),
    lobbySeconds: round(setupMs / 1000),
    server: opts.url ?? (opts.databaseUrl ? 'child process, given database' : 'child process, temporary SQLite file'),
  };
  console.log(JSON.stringify(result, null, opts.jsonOnly ? 0 : 2));
  await stopChild();
  process.exit(0);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
