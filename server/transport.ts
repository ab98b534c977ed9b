/**
 * boardgame.io's socket.io transport, with its per-socket handlers replaced by ours. `super.init` still does the
 * socket.io set-up (koa-socket-2 on the Koa app's HTTP server, one namespace per game, the socket options); then
 * every namespace's `connection` listener (boardgame.io's, which runs its own Master on whatever a socket sends) is
 * removed, and each socket is wired to the MatchHub instead (./hub.ts). Chat is not offered: 'chat' messages are
 * dropped (the game has none), as is any event other than sync and update.
 *
 * Every handler catches everything: a message can never become an unhandled rejection (which stops Node).
 */
import type { Game, Server as BgioServer } from 'boardgame.io';
import { SocketIO } from 'boardgame.io/server';
import type { Connection, MatchHub } from './hub';

type IoSocket = {
  id: string;
  emit(event: string, ...args: unknown[]): boolean;
  on(event: string, fn: (...args: unknown[]) => void): void;
  disconnect(close?: boolean): void;
};
type IoNamespace = {
  removeAllListeners(event: string): void;
  on(event: 'connection', fn: (socket: IoSocket) => void): void;
};
type IoServer = { of(name: string): IoNamespace; close?(fn?: () => void): void };

export interface HardenedSocketOptions {
  hub: MatchHub;
  /** Largest socket.io message in bytes (default 64 KiB; a move is well under 1 KiB). */
  maxMessageBytes?: number;
  /** CORS origins for socket.io's HTTP long-polling (websockets are not subject to CORS). */
  origins?: (string | RegExp)[];
  onError?: (err: unknown, where: string) => void;
}

export class HardenedSocketIO extends SocketIO {
  private readonly hub: MatchHub;
  private readonly onErr: (err: unknown, where: string) => void;
  io: IoServer | undefined;

  constructor(opts: HardenedSocketOptions) {
    super({
      socketOpts: {
        maxHttpBufferSize: opts.maxMessageBytes ?? 64 * 1024,
        // boardgame.io passes `cors: { origins }`, a key socket.io 4 ignores; this is the working form.
        cors: { origin: opts.origins ?? [] },
      } as never,
    });
    this.hub = opts.hub;
    this.onErr = opts.onError ?? ((err, where) => console.error(`[socket] ${where}:`, err));
  }

  override init(app: BgioServer.App & { _io?: unknown }, games: Game[], origins?: unknown): void {
    super.init(app as never, games, origins as never);
    const io = app._io as IoServer;
    this.io = io;
    for (const game of games) {
      const nsp = io.of(game.name as string);
      nsp.removeAllListeners('connection');
      nsp.on('connection', (socket) => this.wire(socket));
    }
  }

  private guard(where: string, fn: () => Promise<unknown>): void {
    try {
      fn().catch((err) => this.onErr(err, where));
    } catch (err) {
      this.onErr(err, where);
    }
  }

  private wire(socket: IoSocket): void {
    const conn: Connection = { id: socket.id, emit: (event, ...args) => { socket.emit(event, ...args); } };
    // boardgame.io client: socket.emit('sync', matchID, playerID, credentials, numPlayers)
    socket.on('sync', (...args: unknown[]) => {
      this.guard('sync', () => this.hub.sync(conn, args[0], args[1], args[2]));
    });
    // boardgame.io client: socket.emit('update', action, stateID, matchID, playerID)
    socket.on('update', (...args: unknown[]) => {
      this.guard('update', () => this.hub.update(args[0], args[1], args[2], args[3], conn));
    });
    socket.on('disconnect', () => {
      conn.closed = true;
      this.guard('disconnect', () => this.hub.disconnect(socket.id));
    });
  }
}
