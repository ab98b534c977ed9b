/**
 * Several server processes on one machine and one port (`npm run cluster -- --processes N`, docs/DEPLOY.md): Node's
 * `cluster` module forks N workers, each a whole server (server/main.ts). The primary listens on the port and hands
 * each new connection to a worker with @socket.io/sticky: a socket.io long-polling request goes to the worker that
 * holds its session (its `sid`), anything else to the next worker in turn. The workers share the matches through
 * PostgreSQL (DATABASE_URL) and Redis (REDIS_URL). A worker that dies is started again; SIGINT / SIGTERM stop every
 * worker gracefully.
 *
 * - `runCluster(opts)`: in the primary process (the CLI, server/cluster-main.ts).
 * - `spawnCluster(opts)`: the CLI as a child process, for tools and tests (e.g. the load test): resolves once every
 *   worker listens, with the URL, the worker PIDs and `stop()`.
 */
import cluster, { type Worker } from 'node:cluster';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { setupMaster } from '@socket.io/sticky';
import { join, resolve } from 'node:path';
import { Redis } from 'ioredis';
import { redisClientOptions, redisSecretsFromEnv } from './cluster/redis-options';

export interface ClusterOptions {
  processes: number;
  /** Environment of the workers, on top of this process's (PORT, DATABASE_URL, REDIS_URL, …). */
  env?: Record<string, string>;
}

/** Why this environment cannot run several processes, or null. */
export function clusterProblem(processes: number, env: NodeJS.ProcessEnv): string | null {
  if (!Number.isInteger(processes) || processes < 1 || processes > 64) return '--processes must be 1 to 64';
  if (processes === 1) return null;
  if (!env.REDIS_URL) return 'several processes need REDIS_URL (e.g. redis://127.0.0.1:6379)';
  if (!/^postgres(ql)?:\/\//i.test(env.DATABASE_URL ?? '')) return 'several processes need a PostgreSQL DATABASE_URL';
  return null;
}

/**
 * Why the workers would not get into Redis with these settings (a TLS file that cannot be read, a refused password,
 * an untrusted certificate), or null: asked once by the primary, which would otherwise start workers that fail and
 * start them again forever (issue 19 item 9).
 */
export async function redisProblem(env: NodeJS.ProcessEnv): Promise<string | null> {
  if (!env.REDIS_URL) return null;
  let options;
  try {
    options = redisClientOptions(env.REDIS_URL, redisSecretsFromEnv(env));
  } catch (err) {
    return (err as Error).message;
  }
  const r = new Redis(env.REDIS_URL, { ...options, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 5000 });
  let said: string | undefined;
  r.on('error', (err: Error) => { said = err.message; });
  try {
    await r.connect();
    await r.ping();
    return null;
  } catch (err) {
    return `Redis (REDIS_URL) refused or did not answer: ${said ?? (err as Error).message}`;
  } finally {
    r.disconnect();
  }
}

/** The primary: fork the workers, restart one that dies, stop them all on SIGINT / SIGTERM. */
export function runCluster(opts: ClusterOptions): void {
  // The workers listen on a port of their own nobody uses: the primary passes them their connections.
  const port = Number(opts.env?.PORT ?? process.env.PORT ?? 8000);
  const env = { ...opts.env, PORT: '0' };
  const problem = clusterProblem(opts.processes, { ...process.env, ...env });
  if (problem) {
    console.error(`npm run cluster: ${problem}`);
    process.exit(2);
  }
  void redisProblem({ ...process.env, ...env }).then((p) => {
    if (!p) return forkAll(opts, port, env);
    console.error(`npm run cluster: ${p}`);
    process.exit(2);
  });
}

function forkAll(opts: ClusterOptions, port: number, env: Record<string, string>): void {
  // 'advanced': @socket.io/sticky passes each connection's first bytes as a Buffer.
  cluster.setupPrimary({ exec: resolve(import.meta.dirname, 'cluster-worker.ts'), serialization: 'advanced' });
  let stopping = false;
  let ready = 0;
  const front = createServer();
  setupMaster(front, { loadBalancingMethod: 'round-robin' });
  const fork = (): Worker => {
    const w = cluster.fork(env);
    w.on('message', (msg: { type?: string }) => {
      if (msg?.type !== 'mint:ready' || ++ready !== opts.processes) return;
      const announce = () => console.log(`Mint Imperium cluster: http://localhost:${(front.address() as { port: number }).port}/  `
        + `(${opts.processes} processes: ${Object.values(cluster.workers ?? {}).map((x) => x?.process.pid).join(', ')})`);
      if (front.listening) announce();
      else front.listen(port, announce);
    });
    return w;
  };
  for (let i = 0; i < opts.processes; i++) fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`[cluster] worker ${worker.process.pid} exited (${signal ?? code}): starting another`);
    ready--;
    setTimeout(fork, 500);
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    front.close();
    console.log(`\n${signal}: stopping ${Object.keys(cluster.workers ?? {}).length} processes…`);
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    setTimeout(() => process.exit(1), 15_000).unref();
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

export interface SpawnedCluster {
  url: string;
  port: number;
  /** What the cluster printed so far. */
  output: string[];
  /** SIGTERM: every worker stops gracefully; resolves when the primary exited. */
  stop(): Promise<void>;
}

/** Start `tsx server/cluster-main.ts --processes N` as a child process and wait until every worker listens. */
export async function spawnCluster(opts: ClusterOptions & { cwd?: string; timeoutMs?: number }): Promise<SpawnedCluster> {
  const cwd = opts.cwd ?? process.cwd();
  const proc = spawn(join(cwd, 'node_modules', '.bin', 'tsx'), ['server/cluster-main.ts', '--processes', String(opts.processes)], {
    cwd, env: { ...process.env, ...opts.env }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const port = await new Promise<number>((resolvePort, reject) => {
    const timer = setTimeout(() => reject(new Error(`the cluster did not start:\n${output.join('')}`)), opts.timeoutMs ?? 60_000);
    proc.stdout!.on('data', (b: Buffer) => {
      output.push(b.toString());
      const m = /Mint Imperium cluster: http:\/\/localhost:(\d+)\//.exec(output.join(''));
      if (m) {
        clearTimeout(timer);
        resolvePort(Number(m[1]));
      }
    });
    proc.stderr!.on('data', (b: Buffer) => output.push(b.toString()));
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the cluster exited (${code}):\n${output.join('')}`));
    });
  });
  return {
    url: `http://localhost:${port}`,
    port,
    output,
    stop: () => new Promise<void>((r) => {
      if (proc.exitCode !== null || proc.signalCode !== null) return r();
      proc.once('exit', () => r());
      proc.kill('SIGTERM');
    }),
  };
}
