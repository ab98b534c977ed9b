/**
 * What the server processes of one service share through Redis (docs/DEPLOY.md), so any number of them serve the
 * same matches:
 * - a per-match lock around every hub operation (the hub's per-process queue made cross-process), with a version
 *   token: a process that did not run the last operation of a match drops what it kept in memory of it;
 * - one pub/sub channel for what each process must send to its own sockets (new states, players, table, chat,
 *   evictions): the receiving hub filters and encodes per audience itself, so nothing of ./hub.ts's and
 *   ./transport.ts's hardening is bypassed (socket.io's Redis adapter would broadcast one pre-built message to
 *   rooms instead);
 * - presence: which seats have a socket on which process (a process that stops heart-beating no longer counts).
 * An operation's messages are published by the lock's release script, before the lock is freed (one round trip),
 * so every process receives one match's messages in the order the operations ran.
 */
import { stateJson } from '../state-json';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Redis } from 'ioredis';
import { HttpError } from '../http';

/** What one process tells the others to send to their sockets of match `m`. */
export type BusMessage =
  | { t: 'state'; m: string; state: unknown; deltalog: unknown[]; /** the match has a server bot seat */ bot?: boolean;
      /**
       * The match's metadata after the operation, when `state` and it are what the sender keeps of the match at its
       * end (set by the `finalize` hook): the receiver keeps them too and, if the match's next operation is its own,
       * need not read the match back (`v`: the operation's version token, set by the bus).
       */
      md?: unknown; v?: string }
  | { t: 'matchData'; m: string; md: unknown }
  | { t: 'table'; m: string; md: unknown }
  | { t: 'chat'; m: string; line: unknown }
  | { t: 'evict'; m: string; seat?: string };

/** The shared store is down or a match stayed locked too long: the operation is refused (HTTP 503). */
export class ClusterUnavailable extends HttpError {
  constructor(message: string) {
    super(503, message);
  }
}

export interface ClusterBusOptions {
  url: string;
  /** Key and channel prefix (tests give each run its own). Default `mint:`. */
  prefix?: string;
  /** This process's name in presence and leases. Default host:pid:random. */
  processId?: string;
  /** A match lock not renewed for this long is taken over (its holder died; a live holder renews it). Default 2 s. */
  lockTtlMs?: number;
  /** How long an operation waits for a match's lock before it is refused. Default 5 s. */
  lockWaitMs?: number;
  onError?: (err: unknown, where: string) => void;
}

// Scripts are defined once (ioredis defineCommand: EVALSHA, the script text is not sent with every move).
// The lock taken, the match's version becomes this operation's token at once (and stays so at its release): a
// process that dies in the middle (its state written, its messages never published) leaves a version nobody keeps,
// so the next operation anywhere re-reads the match instead of trusting what it kept.
const ACQUIRE = `if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  local v = redis.call('get', KEYS[2]) or ''
  redis.call('set', KEYS[2], ARGV[1], 'PX', 86400000)
  return v else return false end`;
/** Publishes the operation's messages (ARGV[4..], on KEYS[3]) and releases the lock in one round trip. */
const RELEASE = `for i = 4, #ARGV do redis.call('publish', KEYS[3], ARGV[i]) end
  if redis.call('get', KEYS[1]) == ARGV[1] then
  redis.call('del', KEYS[1]); redis.call('set', KEYS[2], ARGV[3], 'PX', 86400000); return 1 else return 0 end`;
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

/** The scripts above as commands of the connection (./bus.ts only). */
interface LockCommands {
  mintAcquire(lock: string, ver: string, token: string, ttl: number): Promise<string | null>;
  mintRelease(lock: string, ver: string, channel: string, token: string, ttl: number, newVer: string, ...messages: string[]): Promise<number>;
  mintRenew(lock: string, token: string, ttl: number): Promise<number>;
}
const HEARTBEAT_MS = 3000;
const ALIVE_MS = 10_000;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export class ClusterBus {
  readonly processId: string;
  readonly prefix: string;
  private readonly cmd: Redis & LockCommands;
  private readonly sub: Redis;
  private readonly channel: string;
  private readonly lockTtlMs: number;
  private readonly lockWaitMs: number;
  private readonly onError: (err: unknown, where: string) => void;
  /** matchID → the version token this process left on its last operation of that match. */
  private readonly versions = new Map<string, string>();
  /** matchID → messages of the operation this process runs on it now, published with the lock's release. */
  private readonly outbox = new Map<string, BusMessage[]>();
  /** Matches whose lock this process holds now (from acquiring until the release has answered). */
  private readonly busy = new Set<string>();
  private handler: (msg: BusMessage, cacheable: boolean) => void = () => {};
  /** Called with an operation's messages just before they are published (./hub.ts attaches the final metadata). */
  finalize: (matchID: string, messages: BusMessage[]) => void = () => {};
  private resubscribed: () => void = () => {};
  private heartbeat: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(opts: ClusterBusOptions) {
    this.processId = opts.processId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.prefix = opts.prefix ?? 'mint:';
    this.channel = `${this.prefix}events`;
    this.lockTtlMs = opts.lockTtlMs ?? 2000;
    this.lockWaitMs = opts.lockWaitMs ?? 5000;
    this.onError = opts.onError ?? ((err, where) => console.error(`[cluster] ${where}:`, err));
    // No offline queue: while Redis is down a command fails at once (a clear refusal), instead of waiting.
    const common = { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1,
      retryStrategy: (n: number) => Math.min(100 * n, 1000) };
    this.cmd = new Redis(opts.url, common) as Redis & LockCommands;
    this.cmd.defineCommand('mintAcquire', { numberOfKeys: 2, lua: ACQUIRE });
    this.cmd.defineCommand('mintRelease', { numberOfKeys: 3, lua: RELEASE });
    this.cmd.defineCommand('mintRenew', { numberOfKeys: 1, lua: RENEW });
    this.sub = new Redis(opts.url, { ...common, enableOfflineQueue: true });
    for (const [c, name] of [[this.cmd, 'redis'], [this.sub, 'redis subscriber']] as const) {
      let down = false;
      c.on('error', (err: Error) => {
        if (!down) this.onError(err.message, name);
        down = true;
      });
      c.on('ready', () => { down = false; });
    }
  }

  /** Connect, subscribe, start heart-beating. `onMessage` gets the other processes' messages. */
  async start(onMessage: (msg: BusMessage, cacheable: boolean) => void, onResubscribed: () => void): Promise<void> {
    this.handler = onMessage;
    this.resubscribed = onResubscribed;
    try {
      await Promise.all([this.cmd.connect(), this.sub.connect()]);
    } catch (err) {
      this.cmd.disconnect();
      this.sub.disconnect();
      throw new Error(`Redis (REDIS_URL) does not answer: ${(err as Error).message}`);
    }
    const own = `{"from":${JSON.stringify(this.processId)},`;
    this.sub.on('message', (_ch: string, raw: string) => {
      // Every process gets every message, its own too: those are dropped before parsing (a state is ≈ 40 KB).
      if (raw.startsWith(own)) return;
      let msg: BusMessage & { from?: string };
      try {
        msg = JSON.parse(raw);
      } catch (err) {
        return this.onError(err, 'bad bus message');
      }
      if (msg.from === this.processId) return;
      // What the sender kept at the end of its operation may be kept here too, with its version token, unless an
      // operation of this process holds the match now (its own end decides what is kept). A message that arrives
      // late only sets a token that no longer matches the match's version: the next operation re-reads it.
      const v = msg.t === 'state' && typeof msg.v === 'string' && msg.md !== undefined && !this.busy.has(msg.m) ? msg.v : undefined;
      try {
        this.handler(msg, v !== undefined);
        if (v !== undefined) this.keepVersion(msg.m, v);
      } catch (err) {
        this.onError(err, 'bus message');
      }
    });
    await this.sub.subscribe(this.channel);
    // After Redis comes back, messages published while it was down are lost: the hub re-syncs its sockets.
    // (Registered after the first connection: every later 'ready' is a reconnection.)
    this.sub.on('ready', () => {
      this.versions.clear();
      this.beat().catch(() => {});
      this.resubscribed();
    });
    await this.beat();
    this.heartbeat = setInterval(() => { this.beat().catch(() => {}); }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  private async beat(): Promise<void> {
    await this.cmd.set(`${this.prefix}proc:${this.processId}`, '1', 'PX', ALIVE_MS);
  }

  /**
   * Run `fn` holding match `matchID`'s lock in every process. `fn(stale)`: stale is true when another process
   * (or nobody known) ran the match's last operation, so what this process keeps of the match must be re-read.
   */
  async withLock<T>(matchID: string, fn: (stale: boolean) => Promise<T>): Promise<T> {
    const lock = `${this.prefix}lock:${matchID}`;
    const ver = `${this.prefix}ver:${matchID}`;
    const token = randomBytes(9).toString('base64');
    const deadline = Date.now() + this.lockWaitMs;
    let seen: string | null = null;
    for (let wait = 1; ; wait = Math.min(wait * 2, 25)) {
      try {
        seen = await this.cmd.mintAcquire(lock, ver, token, this.lockTtlMs);
      } catch (err) {
        throw new ClusterUnavailable(`shared store unavailable: ${(err as Error).message}`);
      }
      if (seen !== null) break;
      if (Date.now() > deadline || this.closed) throw new ClusterUnavailable('match busy: try again');
      await sleep(wait);
    }
    this.busy.add(matchID);
    const mine = this.versions.get(matchID);
    const stale = mine === undefined || mine !== seen;
    // A slow operation keeps its lock; a dead process's lock expires after lockTtlMs and a waiting one goes on.
    const renew = setInterval(() => {
      this.cmd.mintRenew(lock, token, this.lockTtlMs).catch(() => {});
    }, Math.max(50, Math.floor(this.lockTtlMs / 3)));
    const outbox: BusMessage[] = [];
    this.outbox.set(matchID, outbox);
    try {
      return await fn(stale);
    } finally {
      clearInterval(renew);
      this.outbox.delete(matchID);
      try {
        this.finalize(matchID, outbox);
      } catch (err) {
        this.onError(err, 'finalize');
      }
      const raws = outbox.map((msg) => this.encode(msg, msg.t === 'state' && msg.md !== undefined ? token : undefined));
      try {
        const ok = await this.cmd.mintRelease(lock, ver, this.channel, token, this.lockTtlMs, token, ...raws);
        if (ok === 1) this.keepVersion(matchID, token);
        else this.versions.delete(matchID);
      } catch (err) {
        this.versions.delete(matchID);
        this.onError((err as Error).message, 'release match lock');
      } finally {
        this.busy.delete(matchID);
      }
    }
  }

  /**
   * A message as published: `from` first (receivers drop their own messages by that prefix, unparsed), then `v`,
   * then the message; a state's JSON with its log entries encoded once each (../state-json.ts).
   */
  private encode(msg: BusMessage, v?: string): string {
    const head = `{"from":${JSON.stringify(this.processId)}${v !== undefined ? `,"v":${JSON.stringify(v)}` : ''}`;
    if (msg.t !== 'state') return `${head},${JSON.stringify(msg).slice(1)}`;
    const { state, ...rest } = msg;
    const tail = JSON.stringify(rest).slice(1); // '"t":"state",…}' (rest always has t and m)
    return `${head},"state":${stateJson(state) ?? 'null'},${tail}`;
  }

  private keepVersion(matchID: string, token: string): void {
    this.versions.delete(matchID);
    this.versions.set(matchID, token);
    if (this.versions.size > 10_000) this.versions.delete(this.versions.keys().next().value as string);
  }

  /** One Redis command of another module (./shared-limits.ts); Redis down: ClusterUnavailable. */
  async run<T>(fn: (redis: Redis) => Promise<T>): Promise<T> {
    try {
      return await fn(this.cmd);
    } catch (err) {
      throw new ClusterUnavailable(`shared store unavailable: ${(err as Error).message}`);
    }
  }

  /**
   * Tell the other processes (fire and forget). Inside an operation on the match the message waits for the lock's
   * release and goes out in the same script, before the lock is freed (one round trip per operation, and every
   * process still receives one match's messages in the order the operations ran); outside one it goes at once.
   */
  publish(msg: BusMessage): void {
    const outbox = this.outbox.get(msg.m);
    if (outbox) return void outbox.push(msg);
    this.cmd.publish(this.channel, this.encode(msg)).catch((err: Error) => this.onError(err.message, 'publish'));
  }

  /** This process now has `count` sockets on a seat of a match (absolute, so it can be sent again after an outage). */
  presence(matchID: string, seat: string, count: number): void {
    const key = `${this.prefix}presence:${matchID}`;
    const field = `${this.processId}|${seat}`;
    (count > 0 ? this.cmd.multi().hset(key, field, String(count)).pexpire(key, 86_400_000).exec() : this.cmd.hdel(key, field))
      .catch((err: Error) => this.onError(err.message, 'presence'));
  }

  /** Seats of a match with a socket on another live process. */
  async remoteSeats(matchID: string): Promise<Set<string>> {
    const all = await this.cmd.hgetall(`${this.prefix}presence:${matchID}`);
    const byProc = new Map<string, string[]>();
    for (const [field, count] of Object.entries(all)) {
      const cut = field.lastIndexOf('|');
      const proc = field.slice(0, cut);
      if (proc === this.processId || Number(count) <= 0) continue;
      byProc.set(proc, [...byProc.get(proc) ?? [], field.slice(cut + 1)]);
    }
    const out = new Set<string>();
    if (byProc.size === 0) return out;
    const procs = [...byProc.keys()];
    const alive = await this.cmd.mget(...procs.map((p) => `${this.prefix}proc:${p}`));
    procs.forEach((p, i) => { if (alive[i] !== null) for (const s of byProc.get(p)!) out.add(s); });
    return out;
  }

  /** Redis answers (for /health). */
  async ping(): Promise<boolean> {
    try {
      return (await this.cmd.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    try {
      await this.cmd.del(`${this.prefix}proc:${this.processId}`);
    } catch { /* down: it expires */ }
    this.sub.disconnect();
    this.cmd.disconnect();
  }
}
