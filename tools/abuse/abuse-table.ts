/**
 * The `/table` flood of the abuse benchmark (issue 19 item 4; `npm run bench:abuse -- --only table-flood1,table-flood2`).
 *
 * A victim match is played by two socket clients (each moving 100 ms after the state that asks it to; round trip =
 * move sent → its state received), first without attack ("quiet"), then while 24 loopback addresses
 * (127.0.0.2–127.0.0.25, as other hosts) POST `/games/mint-imperium/<victim>/table` with made-up credentials, keep-alive,
 * spread over the processes: as fast as each gets its answer, or (`-370`) 370 calls a second in all, the rate of the
 * issue's report. The servers run with their default budgets (`TABLE_LIMIT` 20 per 10 s per address). The flood runs
 * in a child process of its own (this file with `--flood`), as it would on other hosts: the victim's clients here
 * time their round trips on an event loop the flood does not share.
 * - `table-flood1`: one process on a temporary SQLite file;
 * - `table-flood2`: two processes on PostgreSQL (`DATABASE_URL`, a schema of its own, dropped after) and Redis
 *   (`REDIS_URL`, default redis://127.0.0.1:6379, a key prefix of its own, deleted after); the victim's seats sit on
 *   different processes (every move crosses them), the flood goes to both. Skipped when DATABASE_URL is not a
 *   PostgreSQL URL.
 * One JSON line each: victim moves, p50 / p99 / max (ms) quiet and under flood, calls sent, per second, by status.
 */
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { SEATS } from '../../src/protocol';
import { GAME, percentile, playGame, post, sleep, startChild, trackChild, type Child } from '../bench-kit';
import { freshStorage } from '../load/load-servers';
import { deleteRedisPrefix } from '../services/redis-sweep';

const ADDRESSES = Array.from({ length: 24 }, (_, i) => `127.0.0.${i + 2}`);

interface Victim { matchID: string; creds: Record<string, string> }

/** A match with its seat 0 joined through the first server and seat 1 through the last. */
async function victimMatch(bases: string[]): Promise<Victim> {
  const { matchID } = await post(`${bases[0]}/games/${GAME}/create`, { numPlayers: 2 });
  const creds: Record<string, string> = {};
  for (const [k, id] of SEATS.entries()) {
    creds[id] = (await post(`${bases[k === 0 ? 0 : bases.length - 1]}/games/${GAME}/${matchID}/join`, { playerID: id, playerName: `P${id}` })).playerCredentials;
  }
  return { matchID, creds };
}

/** Victim games one after another until `until()`, each seat on its own server; round trips into `times`. */
function playVictim(bases: string[], until: () => boolean, current: { victim?: Victim }) {
  const times: number[] = [];
  const done = (async () => {
    while (!until()) {
      const v = await victimMatch(bases);
      current.victim = v;
      await playGame(bases[0], 100, times, until, v, [bases[0], bases[bases.length - 1]]);
    }
  })();
  return { times, done };
}

/** POST /table with junk credentials from one address, flat out, until `until()`; statuses counted. */
async function floodFrom(address: string, bases: string[], current: { victim?: Victim }, until: () => boolean,
  statuses: Map<number, number>, gapMs: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress: address } as ConstructorParameters<typeof Agent>[0]);
  const start = Date.now();
  for (let i = 0; !until(); i++) {
    if (gapMs > 0) await sleep(Math.max(0, start + i * gapMs - Date.now()));
    const matchID = current.victim?.matchID ?? 'none';
    const url = new URL(`${bases[i % bases.length]}/games/${GAME}/${matchID}/table`);
    const body = JSON.stringify({ playerID: String(i % 2), credentials: randomBytes(24).toString('base64url'), action: 'claimWin' });
    const status = await new Promise<number>((resolve) => {
      const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', () => resolve(0));
      req.end(body);
    });
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  agent.destroy();
}

/**
 * The flood from a child process until `seconds` have passed, aimed at the match `current` names (sent to the
 * child whenever it changes); resolves with the answers' statuses counted.
 */
async function floodProcess(bases: string[], current: { victim?: Victim }, seconds: number, gapMs: number): Promise<Record<string, number>> {
  const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx');
  const child = spawn(tsx, [join(import.meta.dirname, 'abuse-table.ts'), '--flood', JSON.stringify({ bases, seconds, gapMs })], {
    stdio: ['pipe', 'pipe', 'inherit'], detached: true,
  });
  trackChild(child);
  let sent: string | undefined;
  const aim = setInterval(() => {
    const id = current.victim?.matchID;
    if (id && id !== sent) child.stdin!.write(`${(sent = id)}\n`);
  }, 10);
  let out = '';
  child.stdout!.on('data', (b: Buffer) => { out += b.toString(); });
  await new Promise<void>((r) => child.once('exit', () => r()));
  clearInterval(aim);
  return JSON.parse(out.trim().split('\n').pop() ?? '{}');
}

/** In the flood's child process: the victim from stdin, 24 addresses flat out (or paced), the statuses on stdout. */
async function floodMain(cfg: { bases: string[]; seconds: number; gapMs: number }): Promise<void> {
  const current: { victim?: Victim } = {};
  createInterface({ input: process.stdin }).on('line', (id) => { current.victim = { matchID: id.trim(), creds: {} }; });
  while (!current.victim) await sleep(5);
  const end = Date.now() + cfg.seconds * 1000;
  const statuses = new Map<number, number>();
  await Promise.all(ADDRESSES.map((a) => floodFrom(a, cfg.bases, current, () => Date.now() > end, statuses, cfg.gapMs)));
  process.stdout.write(`${JSON.stringify(Object.fromEntries(statuses))}\n`);
  process.exit(0);
}

if (process.argv[2] === '--flood' && /abuse-table\.ts$/.test(process.argv[1] ?? '')) {
  floodMain(JSON.parse(process.argv[3])).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

const summary = (times: number[]) => ({
  moves: times.length, p50: percentile(times, 0.5), p99: percentile(times, 0.99), max: Math.round(Math.max(...times)),
});

/**
 * One `/table` flood scenario: `quietS` seconds without attack, then `floodS` seconds of flood, flat out or at
 * `perSecond` calls a second in all.
 */
export async function tableFlood(processes: 1 | 2, quietS: number, floodS: number, perSecond?: number): Promise<Record<string, unknown> | null> {
  const databaseUrl = process.env.DATABASE_URL;
  if (processes === 2 && !/^postgres(ql)?:\/\//i.test(databaseUrl ?? '')) {
    console.error('[abuse-bench] table-flood2 skipped: it needs DATABASE_URL=postgres://… (and Redis at REDIS_URL)');
    return null;
  }
  const storage = freshStorage(processes === 2 ? databaseUrl : undefined);
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const prefix = `abuse-table:${process.pid}:${Date.now().toString(36)}:`;
  const env = { ...storage.env, CREATE_RATE_LIMIT: '0', LOBBY_WRITE_LIMIT: '0', BOT_WORKERS: '1', EVENT_LOG: 'off',
    ...(processes === 2 ? { REDIS_URL: redisUrl, REDIS_PREFIX: prefix } : { REDIS_URL: '' }) };
  const children: Child[] = [];
  try {
    for (let i = 0; i < processes; i++) children.push(await startChild(env));
    const bases = children.map((c) => c.base);
    const current: { victim?: Victim } = {};
    let end = Date.now() + quietS * 1000;
    const quiet = playVictim(bases, () => Date.now() > end, current);
    await quiet.done;
    current.victim = undefined; // the flood waits for the next victim match
    end = Date.now() + floodS * 1000;
    const until = () => Date.now() > end;
    const loud = playVictim(bases, until, current);
    while (!current.victim) await sleep(10);
    const t0 = Date.now();
    const gapMs = perSecond ? (1000 * ADDRESSES.length) / perSecond : 0;
    const [, statuses] = await Promise.all([loud.done, floodProcess(bases, current, Math.max(1, (end - Date.now()) / 1000), gapMs)]);
    const calls = Object.values(statuses).reduce((x, y) => x + y, 0);
    return {
      scenario: `table-flood${processes}${perSecond ? `-${perSecond}` : ''}`, processes, storage: storage.describe, addresses: ADDRESSES.length,
      quiet: summary(quiet.times), flood: summary(loud.times),
      calls, callsPerSecond: Math.round(calls / ((Date.now() - t0) / 1000)), byStatus: statuses,
    };
  } finally {
    for (const c of children) await c.stop();
    await storage.remove().catch(() => {});
    if (processes === 2) await deleteRedisPrefix(redisUrl, prefix).catch(() => {});
  }
}
