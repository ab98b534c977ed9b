/**
 * What the server processes of one service share through Redis (docs/DEPLOY.md), so any number of them serve the
 * same matches:
 * - a per-match lock around every hub operation (the hub's per-process queue made cross-process), with a version
 *   token: a process that did not run the last operation of a match drops what it kept in memory of it;
 * - one pub/sub channel for what each process must send to its own sockets (new states, players, table, chat,
 *   evictions): the receiving hub filters and encodes per audience itself, so nothing of ../match/hub.ts's and
 *   ../match/transport.ts's hardening is bypassed (socket.io's Redis adapter would broadcast one pre-built message to
 *   rooms instead);
 * - presence: which seats have a socket on which process (a process that stops heart-beating no longer counts).
 * An operation's messages are published by the lock's release script, before the lock is freed (one round trip),
 * so every process receives one match's messages in the order the operations ran. The lock serves its waiters in
 * order and wakes them instead of letting them spin (./fair-lock.ts); the messages are sealed and carry no
 * credentials (./bus-codec.ts); the connection may use AUTH and TLS (./redis-options.ts).
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Redis, type RedisOptions } from 'ioredis';
import { redisStartError } from './redis-options';
import { HttpError } from '../http';
import { BusCodec } from './bus-codec';
import { LOCK_SCRIPTS, WAITER_POLL_MS, WAITER_TTL_MS, Waker, type LockCommands } from './fair-lock';

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
  | { t: 'evict'; m: string; seat?: string }
  /** A seat got credentials (the lobby's join): the other processes' credentials pre-checks learn their hash. */
  | { t: 'seats'; m: string; md: unknown };

/** The shared store is down or a match stayed locked too long: the operation is refused (HTTP 503). */
export class ClusterUnavailable extends HttpError {
  constructor(message: string) {
    super(503, message);
  }
}

export interface ClusterBusOptions {
  url: string;
  /** More connection options (AUTH, TLS: ./redis-options.ts `redisClientOptions`). */
  redis?: RedisOptions;
  /** The service's key (./bus-key.ts): messages are sealed with it. Unset: in clear (tests only). */
  key?: Buffer;
  /** Key and channel prefix (tests give each run its own). Default `mint:`. */
  prefix?: string;
  /** This process's name in presence and leases. Default host:pid:random. */
  processId?: string;
  /** A match lock not renewed for this long is taken over (its holder died; a live holder renews it). Default 2 s. */
  lockTtlMs?: number;
  /** How long an operation waits for a match's lock before it is refused. Default 5 s. */
  lockWaitMs?: number;
  /**
   * What this process's presence key says it is: the newest storage migration it knows (./release-guard.ts).
   * Processes of releases before it wrote `1`. Default `1`.
   */
  release?: string;
  onError?: (err: unknown, where: string) => void;
}

const HEARTBEAT_MS = 3000;
/** A process's presence key (`<prefix>proc:<processId>`) lives this long without a heartbeat. */
export const ALIVE_MS = 10_000;

export class ClusterBus {
  readonly processId: string;
  readonly prefix: string;
  private readonly release: string;
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
  /** Waiting operations of this process by lock token: the release script of another operation wakes them. */
  private readonly waiters = new Map<string, Waker>();
  private readonly wakeChannel: string;
  private readonly codec: BusCodec;
  /** Lock acquisitions, and asks that found the lock taken (each wait in line counts once per ask). */
  readonly stats = { locks: 0, lockWaits: 0 };
  private handler: (msg: BusMessage, cacheable: boolean) => void = () => {};
  /** Called with an operation's messages just before they are published (../match/bus-link.ts attaches the final metadata). */
  private finalize: (matchID: string, messages: BusMessage[]) => void = () => {};
  private resubscribed: () => void = () => {};
  private heartbeat: NodeJS.Timeout | undefined;
  private closed = false;
  /** What Redis last said went wrong (a refused password is an error event; connect() only says it closed). */
  private lastError: string | undefined;

  constructor(opts: ClusterBusOptions) {
    this.processId = opts.processId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.prefix = opts.prefix ?? 'mint:';
    this.channel = `${this.prefix}events`;
    this.wakeChannel = `${this.prefix}wake:${this.processId}`;
    this.codec = new BusCodec(this.processId, opts.key);
    this.lockTtlMs = opts.lockTtlMs ?? 2000;
    this.lockWaitMs = opts.lockWaitMs ?? 5000;
    this.onError = opts.onError ?? ((err, where) => console.error(`[cluster] ${where}:`, err));
    this.release = opts.release ?? '1';
    // No offline queue: while Redis is down a command fails at once (a clear refusal), instead of waiting.
    const common = { ...opts.redis, lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1,
      retryStrategy: (n: number) => Math.min(100 * n, 1000) };
    this.cmd = new Redis(opts.url, common) as Redis & LockCommands;
    for (const [name, script] of Object.entries(LOCK_SCRIPTS)) this.cmd.defineCommand(name, script);
    this.sub = new Redis(opts.url, { ...common, enableOfflineQueue: true });
    for (const [c, name] of [[this.cmd, 'redis'], [this.sub, 'redis subscriber']] as const) {
      let down = false;
      c.on('error', (err: Error) => {
        this.lastError = err.message;
        if (!down) this.onError(err.message, name);
        down = true;
      });
      c.on('ready', () => { down = false; });
    }
  }

  /**
   * Connect, subscribe, start heart-beating. `onMessage` gets the other processes' messages; `onResubscribed` is
   * called when the subscription came back after Redis was lost; `finalize`, if given, sees each operation's
   * messages just before they are published (and may add to them).
   */
  async start(onMessage: (msg: BusMessage, cacheable: boolean) => void, onResubscribed: () => void,
    finalize?: (matchID: string, messages: BusMessage[]) => void): Promise<void> {
    this.handler = onMessage;
    this.resubscribed = onResubscribed;
    if (finalize) this.finalize = finalize;
    try {
      await Promise.all([this.cmd.connect(), this.sub.connect()]);
    } catch (err) {
      this.cmd.disconnect();
      this.sub.disconnect();
      throw redisStartError(this.lastError ?? (err as Error).message);
    }
    const own = `{"from":${JSON.stringify(this.processId)},`;
    this.sub.on('message', (ch: string, raw: string) => {
      // The first in line for a match's lock: this process's operation waiting with that token asks again.
      if (ch === this.wakeChannel) return void this.waiters.get(raw)?.wake();
      // Every process gets every message, its own too: those are dropped before parsing (a state is ≈ 40 KB).
      if (raw.startsWith(own)) return;
      let msg: ReturnType<BusCodec['decode']>;
      try {
        msg = this.codec.decode(raw);
      } catch (err) {
        return this.onError((err as Error).message, 'bad bus message');
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
    await this.sub.subscribe(this.channel, this.wakeChannel);
    // After Redis comes back, messages published while it was down are lost: the hub re-syncs its sockets.
    // (Registered after the first connection: every later 'ready' is a reconnection.) The re-sync takes each match's
    // lock through the command connection, which reconnects on its own schedule: announced only once both are back,
    // or a re-sync tried first would be refused and a socket left without the state it missed (a match of the
    // loadtest-failure test stuck that way: its mover never heard of the move made just before the outage).
    let subBack = false;
    const back = () => {
      if (!subBack || this.cmd.status !== 'ready' || this.closed) return;
      subBack = false;
      this.versions.clear();
      this.beat().catch(() => {});
      this.resubscribed();
    };
    this.sub.on('ready', () => { subBack = true; back(); });
    this.cmd.on('ready', back);
    await this.beat();
    this.heartbeat = setInterval(() => { this.beat().catch(() => {}); }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  private async beat(): Promise<void> {
    await this.cmd.set(`${this.prefix}proc:${this.processId}`, this.release, 'PX', ALIVE_MS);
  }

  /**
   * Run `fn` holding match `matchID`'s lock in every process. `fn(stale)`: stale is true when another process
   * (or nobody known) ran the match's last operation, so what this process keeps of the match must be re-read.
   */
  async withLock<T>(matchID: string, fn: (stale: boolean) => Promise<T>): Promise<T> {
    const lock = `${this.prefix}lock:${matchID}`;
    const ver = `${this.prefix}ver:${matchID}`;
    const [q, qx] = [`${this.prefix}lockq:${matchID}`, `${this.prefix}lockx:${matchID}`];
    // The release script wakes the first in line by this token; its process's name says where (./fair-lock.ts).
    const token = `${randomBytes(9).toString('base64')}|${this.processId}`;
    const deadline = Date.now() + this.lockWaitMs;
    const waker = new Waker();
    this.waiters.set(token, waker);
    let seen: string;
    try {
      for (;;) {
        waker.reset();
        let r: [number, string];
        try {
          r = await this.cmd.mintAcquire(lock, ver, q, qx, token, this.lockTtlMs, WAITER_TTL_MS);
        } catch (err) {
          throw new ClusterUnavailable(`shared store unavailable: ${(err as Error).message}`);
        }
        if (r[0] === 1) {
          seen = r[1];
          break;
        }
        this.stats.lockWaits++;
        if (Date.now() > deadline || this.closed) {
          this.cmd.mintLeave(q, qx, token).catch(() => {});
          throw new ClusterUnavailable('match busy: try again');
        }
        await waker.sleep(Math.min(WAITER_POLL_MS, Math.max(1, deadline - Date.now())));
      }
    } finally {
      this.waiters.delete(token);
    }
    this.stats.locks++;
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
      const raws = outbox.map((msg) => this.codec.encode(msg, msg.t === 'state' && msg.md !== undefined ? token : undefined));
      try {
        const ok = await this.cmd.mintRelease(lock, ver, this.channel, q, qx, token, token, `${this.prefix}wake:`, ...raws);
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
    this.cmd.publish(this.channel, this.codec.encode(msg)).catch((err: Error) => this.onError(err.message, 'publish'));
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

  /** Operations waiting in line for a match's lock, in every process (tests, operators). */
  async waiting(matchID: string): Promise<number> {
    return this.cmd.zcard(`${this.prefix}lockq:${matchID}`);
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
