/**
 * Budgets of one client (a socket, an address) on the socket side (issue 14, items 1, 4, 5): token buckets per
 * socket and per address for sync, update and anything else, a cap on sockets per address, the bound on output a
 * socket has not read, and how many refusals a socket may collect before it is disconnected. Defaults are set for
 * people playing (a browser syncs once per connection and sends a move every second or so at most), not for load
 * tests: those raise them (docs/SERVER.md).
 */
import type { RateLimit } from './http';

export interface SocketLimits {
  /** Open sockets per address (0: no cap). */
  maxSocketsPerAddress: number;
  /** New sockets per address. */
  connects: RateLimit | false;
  /** `sync` messages per socket, and per address over all its sockets. */
  syncPerSocket: RateLimit | false;
  syncPerAddress: RateLimit | false;
  /** `update` messages per socket, and per address. */
  updatePerSocket: RateLimit | false;
  updatePerAddress: RateLimit | false;
  /** Chat lines per socket (./chat/lines.ts). */
  chatPerSocket: RateLimit | false;
  /**
   * Spectators' chat lines per address (over all its sockets) and per match (over all its spectators): issue 19
   * item 3, so that strangers on many sockets cannot drown the channel or load the players who opened it.
   */
  spectatorChatPerAddress: RateLimit | false;
  spectatorChatPerMatch: RateLimit | false;
  /** Any other event (junk) per socket: dropped, but counted. */
  otherPerSocket: RateLimit | false;
  /** Refusals for being over budget a socket may collect (over `windowMs`) before it is disconnected. */
  strikes: RateLimit | false;
  /** An address with 3 sockets dropped within the strike window is refused at the handshake this long (0: never). */
  offenderBlockMs: number;
  /** Output a socket has not read yet, in bytes, beyond which it is disconnected (0: no bound). */
  maxPendingBytes: number;
}

export const DEFAULT_SOCKET_LIMITS: SocketLimits = {
  maxSocketsPerAddress: 32,
  connects: { max: 30, windowMs: 10_000 },
  syncPerSocket: { max: 5, windowMs: 5_000 },
  syncPerAddress: { max: 60, windowMs: 5_000 },
  updatePerSocket: { max: 100, windowMs: 5_000 },
  updatePerAddress: { max: 500, windowMs: 5_000 },
  chatPerSocket: { max: 5, windowMs: 10_000 },
  spectatorChatPerAddress: { max: 10, windowMs: 30_000 },
  spectatorChatPerMatch: { max: 30, windowMs: 30_000 },
  otherPerSocket: { max: 10, windowMs: 10_000 },
  strikes: { max: 20, windowMs: 10_000 },
  offenderBlockMs: 10_000,
  maxPendingBytes: 1024 * 1024,
};

/** No budget at all (tests that send thousands of messages on purpose, e.g. the fuzz test). */
export const UNLIMITED_SOCKETS: SocketLimits = {
  maxSocketsPerAddress: 0, connects: false, syncPerSocket: false, syncPerAddress: false, updatePerSocket: false,
  updatePerAddress: false, chatPerSocket: false, spectatorChatPerAddress: false, spectatorChatPerMatch: false, otherPerSocket: false, strikes: false, offenderBlockMs: 0, maxPendingBytes: 0,
};
