/**
 * boardgame.io's socket.io transport, with its per-socket handlers replaced by ours. `super.init` still does the
 * socket.io set-up (koa-socket-2 on the Koa app's HTTP server, one namespace per game, the socket options); then
 * every namespace's `connection` listener (boardgame.io's, which runs its own Master on whatever a socket sends) is
 * removed, and each socket is wired to the MatchHub instead (./hub.ts): sync, update and chat (boardgame.io's chat
 * protocol, checked and stored by the hub: ../chat/lines.ts); any other event is dropped.
 *
 * What a socket may cost (issue 14; budgets in ../limits.ts):
 * - sockets per address are capped; each socket and each address has token buckets for sync, update and other
 *   events; a message over budget gets `mint:error` ('rate limited') and does nothing; a socket that keeps going
 *   over budget is disconnected;
 * - at most one sync per socket is queued in the hub (a newer one replaces a waiting one), and queued work of a
 *   socket that closed is skipped;
 * - messages are encoded once per audience (./outbox.ts) and a socket whose unread output exceeds a bound is
 *   dropped at once, with what it had not read;
 * - a spectator's chat line also needs a token of its address and one of the match (issue 19 item 3): many
 *   sockets on a few addresses cannot flood the spectators' channel; `mint:chat` (a player opening that channel)
 *   costs a token of the socket's 'other events' budget.
 *
 * Every handler catches everything: a message can never become an unhandled rejection (which stops Node).
 */
import type { Game, Server as BgioServer } from 'boardgame.io';
import { SocketIO } from 'boardgame.io/server';
import type { Connection, MatchHub } from './hub';
import { RateLimiter } from '../http';
import { DEFAULT_SOCKET_LIMITS, type SocketLimits } from '../limits';
import { dropSocket, pendingBytes, sendShared, type IoNamespaceInternals, type IoSocketInternals } from './outbox';
import { SOCKET_EVENTS, wantsLogDeltas, type RefusalBody } from '../../src/protocol';

type IoSocket = IoSocketInternals & {
  id: string;
  on(event: string, fn: (...args: unknown[]) => void): void;
  onAny(fn: (event: string, ...args: unknown[]) => void): void;
  handshake: { address: string; headers: Record<string, string | string[] | undefined>; query?: unknown };
};
type IoNamespace = IoNamespaceInternals & {
  removeAllListeners(event: string): void;
  on(event: 'connection', fn: (socket: IoSocket) => void): void;
};
type IoServer = { of(name: string): IoNamespace; close?(fn?: () => void): void };

export interface HardenedSocketOptions {
  /** The hub of each hosted game, by game name (its socket.io namespace). */
  hubs: ReadonlyMap<string, MatchHub>;
  /** Largest socket.io message in bytes (default 64 KiB; a move is well under 1 KiB). */
  maxMessageBytes?: number;
  /** CORS origins for socket.io's HTTP long-polling (websockets are not subject to CORS). */
  origins?: (string | RegExp)[];
  /** Budgets per socket and address (default DEFAULT_SOCKET_LIMITS). */
  limits?: Partial<SocketLimits>;
  /** Take the client address from X-Forwarded-For (behind a reverse proxy). */
  trustProxy?: boolean;
  /** socket.io transports accepted (default both; several processes without sticky sessions: websocket only). */
  transports?: ('websocket' | 'polling')[];
  onError?: (err: unknown, where: string) => void;
}

const limiter = (l: SocketLimits[keyof SocketLimits]) => (typeof l === 'object' && l ? new RateLimiter(l) : null);

export class HardenedSocketIO extends SocketIO {
  private readonly hubs: ReadonlyMap<string, MatchHub>;
  private readonly onErr: (err: unknown, where: string) => void;
  private readonly limits: SocketLimits;
  private readonly trustProxy: boolean;
  private readonly perAddress = new Map<string, number>();
  private readonly buckets;
  /** Sockets dropped for being over budget or too slow (for /health and the benchmark). */
  dropped = 0;
  io: IoServer | undefined;

  /** Addresses whose sockets were dropped repeatedly, refused at the HTTP handshake until the time given. */
  private readonly blocked = new Map<string, number>();
  private readonly offences: RateLimiter | null;

  constructor(opts: HardenedSocketOptions) {
    // engine.io asks before the handshake (before any socket.io work): a repeat offender costs one HTTP answer.
    const gate: { allow(req: { socket?: { remoteAddress?: string }; headers: Record<string, unknown> }): boolean } = { allow: () => true };
    super({
      socketOpts: {
        allowRequest: (req: never, cb: (message: string | null, ok: boolean) => void) => {
          const ok = gate.allow(req);
          cb(ok ? null : 'too many sockets of this address were dropped: retry later', ok);
        },
        maxHttpBufferSize: opts.maxMessageBytes ?? 64 * 1024,
        // boardgame.io passes `cors: { origins }`, a key socket.io 4 ignores; this is the working form.
        cors: { origin: opts.origins ?? [] },
        ...(opts.transports ? { transports: opts.transports } : {}),
      } as never,
    });
    this.hubs = opts.hubs;
    this.onErr = opts.onError ?? ((err, where) => console.error(`[socket] ${where}:`, err));
    this.limits = { ...DEFAULT_SOCKET_LIMITS, ...opts.limits };
    this.trustProxy = opts.trustProxy === true;
    const l = this.limits;
    // Three sockets dropped within the strike window: the address is refused for offenderBlockMs.
    this.offences = l.offenderBlockMs > 0 ? new RateLimiter({ max: 2, windowMs: l.strikes ? l.strikes.windowMs : 10_000 }) : null; // the 3rd finds none left
    gate.allow = (req) => {
      const a = this.address(req.socket?.remoteAddress ?? '', req.headers['x-forwarded-for']);
      const until = this.blocked.get(a);
      if (until === undefined) return true;
      if (Date.now() < until) return false;
      this.blocked.delete(a);
      return true;
    };
    this.buckets = {
      connects: limiter(l.connects),
      syncSocket: limiter(l.syncPerSocket), syncAddress: limiter(l.syncPerAddress),
      updateSocket: limiter(l.updatePerSocket), updateAddress: limiter(l.updatePerAddress),
      chatSocket: limiter(l.chatPerSocket), otherSocket: limiter(l.otherPerSocket), strikes: limiter(l.strikes),
      spectatorChatAddress: limiter(l.spectatorChatPerAddress), spectatorChatMatch: limiter(l.spectatorChatPerMatch),
    };
  }

  override init(app: BgioServer.App & { _io?: unknown }, games: Game[], origins?: unknown): void {
    super.init(app as never, games, origins as never);
    const io = app._io as IoServer;
    this.io = io;
    for (const game of games) {
      const nsp = io.of(game.name as string);
      const hub = this.hubs.get(game.name as string);
      if (!hub) throw new Error(`no hub for game ${String(game.name)}`);
      nsp.removeAllListeners('connection');
      nsp.on('connection', (socket) => {
        try {
          this.wire(nsp, socket, hub, game.name as string);
        } catch (err) {
          this.onErr(err, 'connection');
        }
      });
    }
  }

  /** Open sockets in all (for /metrics). */
  get openSockets(): number {
    let n = 0;
    for (const v of this.perAddress.values()) n += v;
    return n;
  }

  /** Open sockets per address (tests, /health). */
  socketsOf(address: string): number {
    return this.perAddress.get(address) ?? 0;
  }

  private addressOf(socket: IoSocket): string {
    return this.address(socket.handshake.address ?? '', socket.handshake.headers['x-forwarded-for']);
  }

  private address(remote: string, xff: unknown): string {
    let a = remote;
    if (this.trustProxy) {
      const first = (Array.isArray(xff) ? String(xff[0]) : typeof xff === 'string' ? xff : undefined)?.split(',')[0]?.trim();
      if (first) a = first;
    }
    return a.startsWith('::ffff:') ? a.slice(7) : a || 'unknown';
  }

  /** A socket of `address` was dropped for abuse: repeat offenders are refused at the handshake for a while. */
  private offence(address: string): void {
    if (!this.offences || this.offences.take(address) === 0) return;
    this.blocked.set(address, Date.now() + this.limits.offenderBlockMs);
    if (this.blocked.size > 10_000) this.blocked.delete(this.blocked.keys().next().value as string);
  }

  private guard(where: string, fn: () => Promise<unknown>): void {
    try {
      fn().catch((err) => this.onErr(err, where));
    } catch (err) {
      this.onErr(err, where);
    }
  }

  private wire(nsp: IoNamespace, socket: IoSocket, hub: MatchHub, gameName: string): void {
    const address = this.addressOf(socket);
    const b = this.buckets;
    const refuseConnection = (error: string) => {
      socket.emit(SOCKET_EVENTS.error, null, { event: 'connect', error } satisfies RefusalBody);
      this.dropped++;
      this.offence(address);
      socket.disconnect(true); // nothing was sent to it yet: a normal close delivers the reason first
    };
    const open = this.perAddress.get(address) ?? 0;
    if (this.limits.maxSocketsPerAddress > 0 && open >= this.limits.maxSocketsPerAddress) {
      return refuseConnection('too many connections from this address');
    }
    if (b.connects && b.connects.take(address) > 0) return refuseConnection('connecting too often: retry later');
    this.perAddress.set(address, open + 1);

    let gone = false;
    const drop = () => {
      if (gone) return;
      gone = true;
      this.offence(address);
      this.dropped++;
      conn.closed = true;
      dropSocket(socket);
    };
    // Unread output beyond the bound: the peer does not read (or cannot keep up); holding more is what exhausts memory.
    const checkOutput = () => {
      if (this.limits.maxPendingBytes > 0 && !gone && pendingBytes(socket) > this.limits.maxPendingBytes) drop();
    };
    const conn: Connection = {
      id: socket.id,
      // Our board asks for log deltas in its handshake (src/protocol/log-delta.ts); boardgame.io's clients do not.
      logDeltas: wantsLogDeltas(socket.handshake.query),
      game: gameName, // the hub serves this socket only this game's matches
      emit: (event, ...args) => {
        if (gone) return;
        socket.emit(event, ...args);
        checkOutput();
      },
      send: (msg) => {
        if (gone) return;
        sendShared(nsp, socket, msg);
        checkOutput();
      },
    };
    /** Over budget: refuse (a few times with a reason), and disconnect a socket that keeps at it. */
    const overBudget = (event: string, matchID: unknown) => {
      if (b.strikes && b.strikes.take(socket.id) > 0) return drop();
      conn.emit(SOCKET_EVENTS.error, typeof matchID === 'string' ? matchID.slice(0, 64) : null, { event, error: 'rate limited' } satisfies RefusalBody);
    };
    const within = (socketBucket: RateLimiter | null, addressBucket: RateLimiter | null) =>
      (!socketBucket || socketBucket.take(socket.id) === 0) && (!addressBucket || addressBucket.take(address) === 0);

    // One sync at a time per socket in the hub; the newest waiting one replaces older ones.
    let syncRunning = false;
    let syncWaiting: unknown[] | null = null;
    const runSync = (args: unknown[]) => {
      syncRunning = true;
      this.guard('sync', () => hub.sync(conn, args[0], args[1], args[2]).finally(() => {
        syncRunning = false;
        const nextArgs = syncWaiting;
        syncWaiting = null;
        if (nextArgs && !gone) runSync(nextArgs);
      }));
    };
    // boardgame.io client: socket.emit('sync', matchID, playerID, credentials, numPlayers)
    socket.on('sync', (...args: unknown[]) => {
      if (gone) return;
      if (!within(b.syncSocket, b.syncAddress)) return overBudget('sync', args[0]);
      if (syncRunning) syncWaiting = args;
      else runSync(args);
    });
    // boardgame.io client: socket.emit('update', action, stateID, matchID, playerID)
    socket.on('update', (...args: unknown[]) => {
      if (gone) return;
      if (!within(b.updateSocket, b.updateAddress)) return overBudget('update', args[2]);
      this.guard('update', () => hub.update(args[0], args[1], args[2], args[3], conn));
    });
    // boardgame.io client: socket.emit('chat', matchID, { id, sender, payload }, credentials)
    socket.on('chat', (...args: unknown[]) => {
      if (gone) return;
      if (!within(b.chatSocket, null)) return overBudget('chat', args[0]);
      if (hub.spectating(socket.id, args[0])) {
        if (!within(null, b.spectatorChatAddress)) return overBudget('chat', args[0]);
        // The match's budget is shared by all its spectators: running out of it is nobody's offence (no strike).
        const wait = b.spectatorChatMatch?.take(args[0] as string) ?? 0;
        if (wait > 0) return conn.emit(SOCKET_EVENTS.error, (args[0] as string).slice(0, 64), { event: 'chat', error: `the spectators' chat is busy: retry in ${wait} s` } satisfies RefusalBody);
      }
      this.guard('chat', () => hub.chat(conn, args[0], args[1], args[2]));
    });
    // Our client: socket.emit('mint:chat', matchID, { spectators: boolean }) (a player opens the spectators' channel)
    socket.on(SOCKET_EVENTS.chat, (...args: unknown[]) => {
      if (gone) return;
      if (!within(b.otherSocket, null)) return overBudget(SOCKET_EVENTS.chat, args[0]);
      try {
        hub.watchChat(conn, args[0], args[1]);
      } catch (err) {
        this.onErr(err, SOCKET_EVENTS.chat);
      }
    });
    socket.onAny((event: string) => {
      if (gone || event === 'sync' || event === 'update' || event === 'chat' || event === SOCKET_EVENTS.chat) return;
      if (!within(b.otherSocket, null)) overBudget(event.slice(0, 32), null);
    });
    socket.on('disconnect', () => {
      gone = true;
      conn.closed = true;
      syncWaiting = null;
      const n = (this.perAddress.get(address) ?? 1) - 1;
      if (n > 0) this.perAddress.set(address, n);
      else this.perAddress.delete(address);
      for (const bucket of [b.syncSocket, b.updateSocket, b.chatSocket, b.otherSocket, b.strikes]) bucket?.forget(socket.id);
      this.guard('disconnect', () => hub.disconnect(socket.id));
    });
  }
}
