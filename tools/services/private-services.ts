/**
 * A private Redis and a private PostgreSQL for tests and the load test's failure runs that stop and restart them
 * (never the machine's shared ones): each in a
 * temporary folder, on a free port, run by the test. PostgreSQL's binaries come from /usr/lib/postgresql/<v>/bin;
 * initdb refuses to run as root, so as root they run as the `postgres` user (runuser).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../bench-kit';

export interface PrivateService {
  url: string;
  port: number;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Stop it and remove its folder. */
  dispose(): Promise<void>;
}

/** Why a private PostgreSQL cannot be started here, or null. */
export function privatePostgresProblem(): string | null {
  if (!pgBin()) return 'no PostgreSQL binaries under /usr/lib/postgresql/*/bin';
  if (userInfo().uid === 0) {
    try {
      execFileSync('id', ['postgres'], { stdio: 'ignore' });
    } catch {
      return 'running as root and there is no postgres user to run initdb';
    }
  }
  return null;
}

export function privateRedisProblem(): string | null {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return null;
  } catch {
    return 'no redis-server binary';
  }
}

function pgBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const v = readdirSync(root).filter((d) => existsSync(join(root, d, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a))[0];
  return v ? join(root, v, 'bin') : undefined;
}

export async function privateRedis(): Promise<PrivateService> {
  const dir = mkdtempSync(join(tmpdir(), 'mint-redis-'));
  const port = await freePort();
  let proc: ChildProcess | undefined;
  const start = async () => {
    proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      try {
        execFileSync('redis-cli', ['-p', String(port), 'ping'], { stdio: 'ignore' });
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    throw new Error('the private Redis did not start');
  };
  const stop = async () => {
    const p = proc;
    proc = undefined;
    if (!p || p.exitCode !== null) return;
    await new Promise<void>((r) => {
      p.once('exit', () => r());
      p.kill('SIGKILL');
    });
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, port, start, stop, dispose: async () => { await stop(); rmSync(dir, { recursive: true, force: true }); } };
}

export async function privatePostgres(): Promise<PrivateService> {
  const bin = pgBin()!;
  const dir = mkdtempSync(join(tmpdir(), 'mint-pg-'));
  const data = join(dir, 'data');
  const port = await freePort();
  const asRoot = userInfo().uid === 0;
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), Number(execFileSync('id', ['-g', 'postgres']).toString().trim()));
  const run = (tool: string, args: string[]) => {
    const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args];
    execFileSync(cmd as string, argv as string[], { stdio: 'ignore' });
  };
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const start = async () => {
    run('pg_ctl', ['-D', data, '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, '-w', '-l', join(dir, 'log'), 'start']);
  };
  // Immediate: like a crash (no checkpoint); the server recovers from its WAL when started again.
  const stop = async () => {
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch { /* not running */ }
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, start, stop,
    dispose: async () => { await stop(); rmSync(dir, { recursive: true, force: true }); },
  };
}
