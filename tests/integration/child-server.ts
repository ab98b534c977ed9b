/**
 * The real server as a child process (`tsx server/main.ts`, settings from the environment) for restart tests: start it,
 * wait for its "listening" line, SIGKILL its whole process group. Used by server-restart and server-chat.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const TSX = join(process.cwd(), 'node_modules', '.bin', 'tsx');

// One free-port finder for the tests and the tools.
export { freePort } from '../../tools/bench-kit';

export interface Child { proc: ChildProcess; output: string[] }

/** Start `tsx server/main.ts` (or `command`) and wait for its "listening" line. */
export async function startChild(env: Record<string, string>, command = [TSX, 'server/main.ts']): Promise<Child> {
  const proc = spawn(command[0], command.slice(1), {
    cwd: process.cwd(),
    env: { ...process.env, STATIC_DIR: '/nonexistent', CLEANUP_INTERVAL_MS: '0', CREATE_RATE_LIMIT: '0', BOT_MIN_DELAY_MS: '0',
      // This test is about restarts: two fast random players from one address must not meet the per-address budgets
      // (those are attacked in server-abuse.test.ts and server-lobby-limits.test.ts).
      SOCKET_RATE_LIMITS: 'off', LOBBY_WRITE_LIMIT: '0',
      // One process unless the test asks for Redis (CI exports REDIS_URL for the several-processes tests).
      REDIS_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: tsx runs the server in a child node process, and SIGKILL must reach both.
    detached: true,
  });
  const output: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output.join('')}`)), 30_000);
    const onData = (b: Buffer) => {
      output.push(b.toString());
      if (output.join('').includes('Mint Imperium server:')) {
        clearTimeout(timer);
        resolve();
      }
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', (b: Buffer) => output.push(b.toString()));
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}):\n${output.join('')}`));
    });
  });
  return { proc, output };
}

export async function kill(child: Child): Promise<void> {
  if (child.proc.exitCode !== null || child.proc.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.proc.once('exit', () => r()));
  process.kill(-child.proc.pid!, 'SIGKILL'); // the whole group: tsx and the node process running the server
  await exited;
}

