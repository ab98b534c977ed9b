/**
 * Load benchmark (not a test): `npm run loadtest -- --matches 200`. docs/SERVER.md "Load test".
 *
 * Starts the servers as child processes (./load-servers.ts), each run on a fresh database (temporary SQLite file,
 * or a schema of its own on --database-url's PostgreSQL), and plays the same load against each one after the
 * other (./load-driver.ts). Progress on stderr (TTY), one JSON object on stdout: one run's result, or with several
 * runs `{ load, runs: { label: result }, ratios: { "a / b": { movesPerSecond, p50, p99 } } }` (times in ms).
 *
 * Options: --matches N (20), --think MS (mean think time before each move, uniform in [0.5, 1.5] × MS; default
 *   3000, a quick human; 0 = flat out), --duration S (stop sending moves after S seconds; default: play the games
 *   to their end, ~160 moves each), --moves-per-match K, --processes N or a list `1,2` (this project's server in N
 *   processes; N > 1 needs PostgreSQL and Redis), --process-mode cluster|ports (N > 1: `npm run cluster` where this
 *   checkout has it, the default then; or N independent processes on N ports, a match's clients on one of them;
 *   ./load-servers.ts startServerProcesses), --baseline stock (also run boardgame.io's stock Server, InMemory, the same
 *   game), --sqlite-modes (this server on SQLite twice: synchronous=FULL and synchronous=NORMAL, both WAL),
 *   --database-url URL (default: a temporary SQLite file; for N > 1 DATABASE_URL), --redis-url URL (passed on to
 *   the processes as REDIS_URL; default REDIS_URL or redis://127.0.0.1:6379), --url URL (an already running server:
 *   one run, nothing started), --rounds R (every set-up R times, alternating the order A B, B A, …, on a shared
 *   machine; each set-up's rounds are merged: moves over the summed time, percentiles of all round trips),
 *   --timeout S (stall limit per match, 60), --fail process@S (several processes in the cluster mode: SIGKILL one
 *   S seconds into play) or postgres@S[:DOWN] / redis@S[:DOWN] (the run gets a private instance of that service,
 *   stopped like a crash at S for DOWN seconds, default 3, then started again); the result's `failure` says what
 *   happened: recovery, refusals, acknowledged moves against stored ones: lost, duplicated, matches lost),
 *   --whole-views (the clients do not ask for log deltas: whole views with every move, as before issue 21's
 *   deltas; by default they ask, as the board does, and the stock server ignores it), --json-only (no progress bar).
 */
import { mergeRounds, runLoad, type LoadOptions, type LoadResult, type RawLoadResult } from './load-driver';
import { privatePostgres, privateRedis } from '../services/private-services';
import { freshStorage, HAS_CLUSTER, startServerProcesses, startStockServer, type ProcessMode, type ServerGroup } from './load-servers';

interface Options {
  matches: number; think: number; durationS?: number; movesPerMatch?: number; processes: number[];
  baseline?: 'stock'; sqliteModes: boolean; databaseUrl?: string; redisUrl: string; url?: string;
  processMode: ProcessMode; rounds: number; timeoutS: number; jsonOnly: boolean; wholeViews: boolean;
  fail?: { kind: 'process' | 'postgres' | 'redis'; atS: number; downS: number };
}

const USAGE = 'npm run loadtest -- [--matches N] [--think MS] [--duration S] [--moves-per-match K] [--processes N|1,2]'
  + ' [--process-mode cluster|ports] [--baseline stock] [--sqlite-modes] [--rounds R] [--database-url URL] [--redis-url URL] [--url URL] [--timeout S] [--fail process@S|postgres@S[:D]|redis@S[:D]] [--whole-views] [--json-only]';

function parseArgs(argv: string[]): Options {
  const o: Options = {
    matches: 20, think: 3000, processes: [1], processMode: HAS_CLUSTER ? 'cluster' : 'ports', sqliteModes: false, rounds: 1, timeoutS: 60, jsonOnly: false,
    wholeViews: false,
    redisUrl: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
  };
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
    const count = (v: string) => Math.max(1, Math.floor(num(v)));
    if (a === '--matches') o.matches = count(next());
    else if (a === '--think') o.think = num(next());
    else if (a === '--duration') o.durationS = num(next());
    else if (a === '--moves-per-match') o.movesPerMatch = count(next());
    else if (a === '--processes') o.processes = next().split(',').map(count);
    else if (a === '--process-mode') {
      const v = next();
      if (v !== 'cluster' && v !== 'ports') throw new Error(`--process-mode: cluster or ports, got ${v}`);
      o.processMode = v;
    }
    else if (a === '--baseline') {
      const v = next();
      if (v !== 'stock') throw new Error(`--baseline: only "stock" is known, got ${v}`);
      o.baseline = v;
    } else if (a === '--sqlite-modes') o.sqliteModes = true;
    else if (a === '--database-url') o.databaseUrl = next();
    else if (a === '--redis-url') o.redisUrl = next();
    else if (a === '--url') o.url = next().replace(/\/$/, '');
    else if (a === '--rounds') o.rounds = count(next());
    else if (a === '--timeout') o.timeoutS = num(next());
    else if (a === '--json-only') o.jsonOnly = true;
    else if (a === '--whole-views') o.wholeViews = true;
    else if (a === '--fail') {
      const m = /^(process|postgres|redis)@(\d+(?:\.\d+)?)(?::(\d+(?:\.\d+)?))?$/.exec(next());
      if (!m) throw new Error('--fail: process@S (SIGKILL one cluster process S seconds into play), postgres@S[:DOWN] or redis@S[:DOWN] (a private instance stopped at S for DOWN seconds, default 3)');
      o.fail = { kind: m[1] as 'process' | 'postgres' | 'redis', atS: Number(m[2]), downS: m[3] !== undefined ? Number(m[3]) : 3 };
    }
    else if (a === '--help' || a === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else throw new Error(`unknown option ${a}\n${USAGE}`);
  }
  if (o.sqliteModes && o.databaseUrl && /^postgres/i.test(o.databaseUrl)) throw new Error('--sqlite-modes runs on SQLite: leave out --database-url');
  if (o.sqliteModes && o.processes.some((n) => n > 1)) throw new Error('--sqlite-modes runs one process');
  if (o.url && (o.baseline || o.sqliteModes || o.processes.length > 1)) throw new Error('--url runs one load against that server only');
  if (o.fail && (o.url || o.baseline || o.sqliteModes || o.processes.length !== 1)) {
    throw new Error('--fail: one set-up (--processes N), nothing else');
  }
  if (o.fail && o.fail.kind !== 'postgres' && (o.processes[0] < 2 || o.processMode !== 'cluster')) {
    throw new Error(`--fail ${o.fail.kind}@S: several processes in the cluster mode (--processes N, N > 1)`);
  }
  return o;
}

/** One server set-up to measure: how to start it (on a fresh database) and what to call it in the JSON. */
interface Run {
  label: string;
  start(): Promise<ServerGroup & {
    storage: string; cleanup(): Promise<void>;
    storedMoves?(): Promise<Map<string, { moves: number; duplicates: number }>>;
    /** --fail postgres / redis: stop the private instance, wait, start it again; what was done. */
    failService?(): Promise<string>;
  }>;
}

function runsOf(o: Options): Run[] {
  const runs: Run[] = [];
  const ours = (label: string, processes: number, extraEnv: Record<string, string> = {}): Run => ({
    label,
    start: async () => {
      // --fail postgres / redis: a private instance of that service for this run (the machine's shared one is
      // never stopped), stopped and started again by the failure.
      const kind = o.fail?.kind;
      const priv = kind === 'postgres' ? await privatePostgres() : kind === 'redis' ? await privateRedis() : undefined;
      const url = kind === 'postgres' ? priv!.url : o.databaseUrl ?? (processes > 1 ? process.env.DATABASE_URL : undefined);
      const storage = freshStorage(url);
      const dispose = async () => {
        await storage.remove().catch(() => {});
        await priv?.dispose();
      };
      try {
        const redisUrl = kind === 'redis' ? priv!.url : o.redisUrl;
        const group = await startServerProcesses(processes, { ...storage.env, REDIS_URL: redisUrl, ...extraEnv }, o.processMode);
        const restart = priv && o.fail ? async () => {
          await priv.stop();
          await new Promise((r) => setTimeout(r, o.fail!.downS * 1000));
          await priv.start();
          return `${kind} stopped like a crash for ${o.fail!.downS} s, then started again`;
        } : undefined;
        return {
          ...group, storage: `${storage.describe}${kind === 'postgres' ? ' (private instance)' : ''}`, cleanup: dispose,
          storedMoves: storage.storedMoves, ...(restart ? { failService: restart } : {}),
        };
      } catch (err) {
        await dispose();
        throw err;
      }
    },
  });
  if (o.sqliteModes) {
    runs.push(ours('sqlite-full', 1, { SQLITE_SYNCHRONOUS: 'FULL' }), ours('sqlite-normal', 1, { SQLITE_SYNCHRONOUS: 'NORMAL' }));
  } else {
    for (const n of o.processes) runs.push(ours(o.processes.length > 1 ? `ours-${n}p` : 'ours', n));
  }
  if (o.baseline === 'stock') {
    runs.push({ label: 'stock', start: async () => ({ ...await startStockServer(), storage: 'InMemory', cleanup: async () => {} }) });
  }
  return runs;
}

/** a / b of the figures the goals are about: throughput (flat out) and latency (at a human pace). */
function ratio(a: LoadResult, b: LoadResult) {
  const r = (x: number, y: number) => (y > 0 ? Math.round((x / y) * 100) / 100 : null);
  return {
    movesPerSecond: r(a.movesPerSecond, b.movesPerSecond), p50: r(a.p50, b.p50), p99: r(a.p99, b.p99),
    serverCpuMsPerMove: a.serverCpuMsPerMove !== null && b.serverCpuMsPerMove !== null ? r(a.serverCpuMsPerMove, b.serverCpuMsPerMove) : null,
  };
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  const load = (label: string, serverCpu?: () => number | null, group?: ServerGroup & { failService?(): Promise<string> }): LoadOptions => {
    const inject = o.fail?.kind === 'process' ? group?.killOneProcess : group?.failService;
    return {
    serverCpu,
    ...(o.fail && inject ? { fail: { kind: o.fail.kind, atS: o.fail.atS, inject: () => inject() } } : {}),
    matches: o.matches, think: o.think, timeoutS: o.timeoutS, label,
    ...(o.durationS !== undefined ? { durationS: o.durationS } : {}),
    ...(o.movesPerMatch !== undefined ? { movesPerMatch: o.movesPerMatch } : {}),
    showProgress: !o.jsonOnly,
    wholeViews: o.wholeViews,
  };
  };
  if (o.url) {
    const { result } = await runLoad([o.url], load('matches'));
    console.log(JSON.stringify({ ...result, server: o.url }, null, o.jsonOnly ? 0 : 2));
    return;
  }
  const runs = runsOf(o);
  const raw = new Map<string, RawLoadResult[]>(runs.map((r) => [r.label, []]));
  const where = new Map<string, { server: string; storage: string }>();
  for (let round = 0; round < o.rounds; round++) {
    for (const run of round % 2 === 0 ? runs : [...runs].reverse()) {
      const group = await run.start();
      try {
        if (!o.jsonOnly) process.stderr.write(`${run.label}${o.rounds > 1 ? ` (round ${round + 1})` : ''}: ${group.describe}, ${group.storage}\n`);
        const got = await runLoad(group.bases, load(run.label, group.cpuSeconds, group));
        if (got.result.failure && group.storedMoves) {
          // Every acknowledged move stored once: compare the database with what the clients saw acknowledged.
          const stored = await group.storedMoves();
          let acked = 0;
          let inStorage = 0;
          let lost = 0;
          let duplicated = 0;
          let appliedUnacknowledged = 0;
          let matchesLost = 0;
          for (const [id, n] of got.ackedByMatch) {
            const m = stored.get(id) ?? { moves: 0, duplicates: 0 };
            acked += n;
            inStorage += m.moves;
            duplicated += m.duplicates;
            // Acknowledged but not stored: lost. Stored once but never acknowledged to its mover: a move in flight
            // when its process died (the write landed, the answer did not; the client saw it in a later state).
            lost += Math.max(0, n - (m.moves - m.duplicates));
            appliedUnacknowledged += Math.max(0, m.moves - m.duplicates - n);
            if (n > 0 && m.moves === 0) matchesLost++;
          }
          Object.assign(got.result.failure, { acked, stored: inStorage, lost, duplicated, appliedUnacknowledged, matchesLost });
        }
        raw.get(run.label)!.push(got);
        where.set(run.label, { server: group.describe, storage: group.storage });
      } finally {
        await group.stop();
        await group.cleanup();
      }
    }
  }
  const results: Record<string, LoadResult & { server: string; storage: string }> = {};
  for (const run of runs) {
    const rs = raw.get(run.label)!;
    results[run.label] = { ...(rs.length === 1 ? rs[0].result : mergeRounds(rs)), ...where.get(run.label)! };
  }
  const labels = Object.keys(results);
  if (labels.length === 1) {
    console.log(JSON.stringify(results[labels[0]], null, o.jsonOnly ? 0 : 2));
    return;
  }
  // Every run against the reference: the stock server if it ran, else the first run.
  const ref = results.stock ? 'stock' : labels[0];
  const ratios: Record<string, ReturnType<typeof ratio>> = {};
  for (const l of labels) if (l !== ref) ratios[`${l} / ${ref}`] = ratio(results[l], results[ref]);
  const summary = {
    load: { matches: o.matches, thinkMs: o.think, durationS: o.durationS ?? null, movesPerMatch: o.movesPerMatch ?? null, rounds: o.rounds },
    runs: results,
    ratios,
  };
  console.log(JSON.stringify(summary, null, o.jsonOnly ? 0 : 2));
}

main().then(() => process.exit(0), (err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
