/**
 * The servers of the load benchmark (./loadtest.ts), each a child process on 127.0.0.1 in its own process group:
 * this project's server (`tsx server/main.ts`, one or several processes) and boardgame.io's stock server
 * (./stock-server.ts). Whatever ends the benchmark (an error, Ctrl-C) ends them too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, stopProcessGroup, trackChild } from '../bench-kit';
import { deleteRedisPrefix } from '../services/redis-sweep';

export interface ServerGroup {
  /** Base URLs, one per process; a match's clients all go to one of them (`bases[i % n]`). */
  bases: string[];
  /** What runs there, for the JSON. */
  describe: string;
  /** CPU seconds (user + system) the group's processes used so far; null where /proc is missing. */
  cpuSeconds(): number | null;
  /** Several processes in the cluster mode: SIGKILL one of them now; what was done. */
  killOneProcess?(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * CPU seconds of every live process in these process groups (each child runs tsx and the node process it starts,
 * in a group of its own), from /proc/PID/stat (Linux; clock ticks of 1/100 s). A figure that the other jobs on a
 * shared machine disturb much less than wall-clock throughput.
 */
export function groupCpuSeconds(groups: number[]): number | null {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return null;
  }
  let ticks = 0;
  for (const e of entries) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${e}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // f[0] is field 3 (state): pgrp is field 5, utime 14, stime 15.
    if (groups.includes(Number(f[2]))) ticks += Number(f[11]) + Number(f[12]);
  }
  return ticks / 100;
}

/** PIDs of the processes in process group `pgrp` whose command line contains `part` (Linux /proc). */
export function groupPids(pgrp: number, part: string): number[] {
  const out: number[] = [];
  for (const e of readdirSync('/proc').filter((x) => /^\d+$/.test(x))) {
    try {
      const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) !== pgrp) continue;
      if (readFileSync(`/proc/${e}/cmdline`, 'utf8').includes(part)) out.push(Number(e));
    } catch {
      // ended meanwhile
    }
  }
  return out.sort((a, b) => a - b);
}

/** `tsx SCRIPT` with `env` on top of ours; resolves once its stdout shows `ready`. */
async function startScript(script: string, env: Record<string, string>, ready: string, args: string[] = []): Promise<ChildProcess> {
  const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx');
  const proc = spawn(tsx, [script, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  trackChild(proc);
  const output: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`${script} did not start:\n${output.join('')}`)), 60_000);
    proc.stdout!.on('data', (b: Buffer) => {
      // Keep only the start of the output (a server under load may print a lot).
      if (output.length < 50) output.push(b.toString());
      if (output.join('').includes(ready)) {
        clearTimeout(t);
        resolve();
      }
    });
    proc.stderr!.on('data', (b: Buffer) => { if (output.length < 50) output.push(b.toString()); });
    proc.once('exit', (code) => {
      clearTimeout(t);
      reject(new Error(`${script} exited (${code}):\n${output.join('')}`));
    });
  });
  return proc;
}

/** Settings of every server process of ours in a load test. */
export const LOAD_ENV: Record<string, string> = {
  STATIC_DIR: '/nonexistent', CLEANUP_INTERVAL_MS: '0', CREATE_RATE_LIMIT: '0',
  // Every simulated player comes from 127.0.0.1: per-address budgets would stop the load test, not an attack.
  SOCKET_RATE_LIMITS: 'off', LOBBY_WRITE_LIMIT: '0', MAX_SOCKETS_PER_ADDRESS: '0',
  // EVENT_LOG stays on (production's default): a few lines per match (created, joined, finished), not per move.
};

export interface OurStorage {
  /** `DATABASE_URL` (+ `DB_SCHEMA`) for the processes. */
  env: Record<string, string>;
  /**
   * PostgreSQL: per match, the moves (MAKE_MOVE log entries) stored, and how many of them were made on a state
   * another stored move was already made on (a move applied twice), read straight from the database.
   */
  storedMoves?(): Promise<Map<string, { moves: number; duplicates: number }>>;
  describe: string;
  remove(): Promise<void>;
}

/** A fresh database for one run: a temporary SQLite file, or a schema of its own on the given PostgreSQL. */
export function freshStorage(databaseUrl?: string): OurStorage {
  if (databaseUrl && /^postgres(ql)?:\/\//i.test(databaseUrl)) {
    const schema = `loadtest_${process.pid}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
    return {
      env: { DATABASE_URL: databaseUrl, DB_SCHEMA: schema },
      describe: 'PostgreSQL',
      storedMoves: async () => {
        const { default: pg } = await import('pg');
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        try {
          // A move applied twice would be two entries made on the same state (`_stateID` of the entry).
          const r = await client.query(`select match_id, count(*)::int as n,
              count(distinct (entry::json ->> '_stateID'))::int as distinct_states from "${schema}".bgio_match_log
            where (entry::json -> 'action' ->> 'type') = 'MAKE_MOVE' group by match_id`);
          return new Map(r.rows.map((row: { match_id: string; n: number; distinct_states: number }) =>
            [row.match_id, { moves: row.n, duplicates: row.n - row.distinct_states }]));
        } finally {
          await client.end();
        }
      },
      remove: async () => {
        const { default: pg } = await import('pg');
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query(`drop schema if exists "${schema}" cascade`);
        await client.end();
      },
    };
  }
  if (databaseUrl) return { env: { DATABASE_URL: databaseUrl }, describe: `given database ${databaseUrl}`, remove: async () => {} };
  const tmp = mkdtempSync(join(tmpdir(), 'mint-loadtest-'));
  return {
    env: { DATABASE_URL: join(tmp, 'load.sqlite') },
    describe: 'SQLite (temporary file)',
    remove: async () => rmSync(tmp, { recursive: true, force: true }),
  };
}

export type ProcessMode = 'cluster' | 'ports';

/** The cluster mode of issue 11 (`npm run cluster`), where this checkout has it. */
export const HAS_CLUSTER = existsSync(join(process.cwd(), 'server', 'cluster-main.ts'));

/**
 * N processes of this project's server on one database (N > 1 needs PostgreSQL and Redis).
 * - `cluster`: `tsx server/cluster-main.ts --processes N` (issue 11's cluster mode: N workers on one port, the
 *   primary hands each connection to the next worker, so a match's two clients may sit on different processes and
 *   its updates cross Redis); one base URL.
 * - `ports`: N independent `server/main.ts` processes on N ports; the benchmark sends every client of a match to the
 *   same process (`bases[i % n]`, what a router by match ID does), so nothing has to cross processes.
 * One process is always plain `server/main.ts` without REDIS_URL: the reference the goal compares with.
 */
export async function startServerProcesses(n: number, env: Record<string, string>, mode: ProcessMode = HAS_CLUSTER ? 'cluster' : 'ports'): Promise<ServerGroup> {
  if (n > 1 && !/^postgres(ql)?:\/\//i.test(env.DATABASE_URL ?? '')) {
    throw new Error('--processes > 1 needs PostgreSQL: pass --database-url postgres://… (or set DATABASE_URL)');
  }
  const { REDIS_URL, ...rest } = env;
  // Several processes share Redis: keys of this run only (the Redis server is shared).
  // One process: no Redis, even if this shell has REDIS_URL (an empty value is unset for the server).
  const shared: Record<string, string> = n > 1 && REDIS_URL
    ? { REDIS_URL, REDIS_PREFIX: `loadtest:${process.pid}:${Date.now().toString(36)}:` }
    : { REDIS_URL: '' };
  const procEnv = { ...LOAD_ENV, ...rest, ...shared };
  /** After the processes ended: this run's keys out of the shared Redis. */
  const sweep = async () => {
    if (!shared.REDIS_PREFIX) return;
    try {
      await deleteRedisPrefix(shared.REDIS_URL, shared.REDIS_PREFIX);
    } catch (err) {
      process.stderr.write(`could not delete the Redis keys ${shared.REDIS_PREFIX}*: ${(err as Error).message}\n`);
    }
  };
  if (n > 1 && mode === 'cluster') {
    if (!HAS_CLUSTER) throw new Error('--process-mode cluster: server/cluster-main.ts is not in this checkout');
    const port = await freePort();
    const proc = await startScript('server/cluster-main.ts', { ...procEnv, PORT: String(port) }, 'Mint Imperium cluster:', ['--processes', String(n)]);
    return {
      bases: [`http://127.0.0.1:${port}`],
      describe: `npm run cluster -- --processes ${n}`,
      // The workers are forked by the primary: same process group.
      cpuSeconds: () => groupCpuSeconds([proc.pid!]),
      // One worker SIGKILLed (the primary forks a new one); its sockets reconnect through the primary to the others.
      killOneProcess: async () => {
        const workers = groupPids(proc.pid!, 'cluster-worker');
        if (workers.length === 0) throw new Error('no cluster worker found to kill');
        process.kill(workers[0], 'SIGKILL');
        return `SIGKILL of worker ${workers[0]} (of ${workers.length})`;
      },
      stop: async () => {
        await stopProcessGroup(proc);
        await sweep();
      },
    };
  }
  const procs: ChildProcess[] = [];
  const bases: string[] = [];
  try {
    // One after the other: the first one creates the schema, the rest find it.
    for (let i = 0; i < n; i++) {
      const port = await freePort();
      procs.push(await startScript('server/main.ts', { ...procEnv, PORT: String(port) }, 'Mint Imperium server:'));
      bases.push(`http://127.0.0.1:${port}`);
    }
  } catch (err) {
    await Promise.all(procs.map(stopProcessGroup));
    await sweep();
    throw err;
  }
  return {
    bases,
    describe: n > 1 ? `${n} processes of server/main.ts, one port each, matches routed by ID` : '1 process of server/main.ts',
    cpuSeconds: () => groupCpuSeconds(procs.map((p) => p.pid!)),
    stop: async () => {
      await Promise.all(procs.map(stopProcessGroup));
      await sweep();
    },
  };
}

/** boardgame.io's stock Server (InMemory storage, the same game) in one child process. */
export async function startStockServer(): Promise<ServerGroup> {
  const port = await freePort();
  const proc = await startScript('tools/load/stock-server.ts', { PORT: String(port) }, 'Stock boardgame.io server:');
  return {
    bases: [`http://127.0.0.1:${port}`], describe: 'boardgame.io stock Server, InMemory',
    cpuSeconds: () => groupCpuSeconds([proc.pid!]), stop: () => stopProcessGroup(proc),
  };
}
