/**
 * A boardgame.io Client on the SocketIO transport, seen through the same `GameClient` seam as the in-page Local
 * clients (src/ui/session/clients.ts), so `useClientState`, `sendAction` and the Board work unchanged. The server
 * sends each socket only its own seat's view (spectators: the public view). On top of the client:
 * - the connection status (connecting, connected, reconnecting: socket.io reconnects by itself, and boardgame.io
 *   asks for a fresh sync on every connect);
 * - the players' names and presence (boardgame.io's matchData);
 * - log deltas (./logDeltas.ts): each move brings only the game log entries this seat has not got;
 * - the server's refusals (`mint:error`, server/match/hub.ts): a refused move asks for a sync, so the board gets a
 *   fresh view and the prompt starts over; a refused chat line is shown by the chat panel; a refused sync (bad
 *   credentials, seat released, match deleted) is fatal;
 * - chat (boardgame.io's `sendChatMessage` / `chatMessages`, server/chat.ts): the lines this socket may read, once
 *   each, in time order (the server sends the history again after every reconnect), at most CHAT_LINES_KEPT per
 *   channel in memory (issue 19 item 3: a flood cannot grow the page), boardgame.io's own copy emptied as it is
 *   read; a player gets the spectators' channel only after opening it (`showSpectatorChat(true)`: `mint:chat`,
 *   sent again on every reconnect).
 */
import type { Game } from 'boardgame.io';
import { Client } from 'boardgame.io/client';
import { SocketIO } from 'boardgame.io/multiplayer';
import { useEffect, useState } from 'react';
import { MintImperium } from '../../game';
import { receiveLogDeltas } from './logDeltas';
import {
  isChatLine, LOG_DELTA_QUERY, SOCKET_EVENTS, type ChatChannel, type ChatLine, type PublicPlayer, type RefusalBody, type SpectatorChatRequest,
  type TableView,
} from '../../protocol';
import type { ClientState, GameClient } from '../session/clients';

// The chat and table wire types are shared with the server (src/protocol/chat.ts, src/protocol/table.ts).
export type { ChatChannel, ChatLine, TableView };

export type ConnectionStatus = 'connecting' | 'connected' | 'reconnecting';

/** The first pause before connecting again after the server closed the socket, and the longest (ms). */
export const RECONNECT_FIRST_MS = 500;
export const RECONNECT_MAX_MS = 12_000;

/** Chat lines kept per channel (the server sends at most 100 per channel after a reconnect: server/chat.ts). */
export const CHAT_LINES_KEPT = 200;

/** A table view and when (this page's clock) it arrived, to count down from. */
export interface TableSnapshot { view: TableView; receivedAt: number }

export interface OnlineSession {
  client: GameClient;
  status(): ConnectionStatus;
  players(): PublicPlayer[];
  /** A refusal that ends this session (the seat or match is gone), or null. */
  fatal(): string | null;
  /** Chat lines this seat (or spectator) may read, oldest first, each once. */
  chat(): ChatLine[];
  /** Send a chat line (the server decides the sender); `channel` defaults to the sender's own. */
  sendChat(text: string, channel?: ChatChannel): void;
  /** The last refusal of a chat line (too long, rate limited…), or null; cleared by the next line sent. */
  chatError(): string | null;
  /** A player opens (true) or closes the spectators' channel: the server sends its lines only while it is open. */
  showSpectatorChat(on: boolean): void;
  /** The last table view (clock, absences, hand-overs), or null for a plain match. */
  table(): TableSnapshot | null;
  /** Called on every change of state, status, players or fatal error. */
  onChange(fn: () => void): () => void;
  stop(): void;
}

type BgioClient = GameClient & {
  matchData?: PublicPlayer[];
  chatMessages: unknown[];
  sendChatMessage(payload: unknown): void;
  transport: {
    socket?: {
      on(e: string, fn: (...a: unknown[]) => void): void; emit(e: string, ...a: unknown[]): void; connect(): void; connected?: boolean;
      listeners(e: string): ((...a: unknown[]) => void)[];
    } | null;
    requestSync(): void;
    isConnected: boolean;
  };
};

/** The game a session plays: Mint Imperium (2 seats) unless told (Imperios Milenarios: src/ui/imperios/online). */
export interface OnlineGameDef {
  game: Game;
  numPlayers: number;
}

export function createOnlineSession(opts: {
  server: string; matchID: string; playerID: string | null; credentials?: string; def?: OnlineGameDef;
}): OnlineSession {
  const client = Client({
    game: (opts.def?.game ?? MintImperium) as typeof MintImperium,
    numPlayers: opts.def?.numPlayers ?? 2,
    matchID: opts.matchID,
    ...(opts.playerID !== null ? { playerID: opts.playerID, credentials: opts.credentials } : {}),
    debug: false,
    // Only the new game log entries with each move (./logDeltas.ts); a sync still brings the whole view.
    multiplayer: SocketIO({ server: opts.server, socketOpts: { query: { ...LOG_DELTA_QUERY } } }),
  }) as unknown as BgioClient;
  const listeners = new Set<() => void>();
  const notify = () => { for (const fn of [...listeners]) fn(); };
  let everConnected = false;
  let fatal: string | null = null;
  let chatError: string | null = null;
  let table: TableSnapshot | null = null;
  let lines: ChatLine[] = [];
  const ids = new Set<string>();
  let watchingSpectators = false;
  /** Keep a line once, in time order (a history arrives after live lines), at most CHAT_LINES_KEPT per channel. */
  const keep = (l: ChatLine) => {
    if (ids.has(l.id)) return;
    const same = lines.filter((x) => x.payload.channel === l.payload.channel);
    if (same.length >= CHAT_LINES_KEPT && l.payload.at < same[0].payload.at) return; // older than all kept: long gone
    let i = lines.length;
    while (i > 0 && lines[i - 1].payload.at > l.payload.at) i--;
    lines = [...lines.slice(0, i), l, ...lines.slice(i)];
    ids.add(l.id);
    if (same.length + 1 > CHAT_LINES_KEPT) {
      const oldest = same[0];
      lines = lines.filter((x) => x !== oldest);
      ids.delete(oldest.id);
    }
  };
  client.subscribe((s) => {
    if ((s as (ClientState & { isConnected?: boolean }) | null)?.isConnected) everConnected = true;
    // boardgame.io appends every received line to its own array: taken from it and emptied, so it never grows.
    const all = client.chatMessages ?? [];
    if (all.length > 0) {
      client.chatMessages = [];
      for (const l of all) if (isChatLine(l)) keep(l);
    }
    notify();
  });
  client.start();
  if (client.transport.socket) receiveLogDeltas(client.transport.socket, opts.matchID, () => client.transport.requestSync());
  // A socket the server closed (output it did not read in time, too many refusals, a connection refused for its
  // address: server/match/transport.ts) is not reconnected by socket.io ("io server disconnect"), so the board would say
  // "Reconnecting…" for ever and miss the rest of the game. Connect again after a pause that doubles up to
  // RECONNECT_MAX_MS, which outlasts the server's block of a repeat offender's address (server/limits.ts).
  let stopped = false;
  let retries = 0;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  const socket = client.transport.socket;
  socket?.on('disconnect', (reason: unknown) => {
    if (reason !== 'io server disconnect' || stopped || fatal || retryTimer) return;
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** retries++);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (!stopped && !fatal) socket.connect();
    }, delay);
  });
  socket?.on('connect', () => { retries = 0; });
  // Each new connection is a new socket to the server: it asks for the spectators' channel again if it is open.
  client.transport.socket?.on('connect', () => {
    if (watchingSpectators) client.transport.socket?.emit(SOCKET_EVENTS.chat, opts.matchID, { spectators: true } satisfies SpectatorChatRequest);
  });
  client.transport.socket?.on(SOCKET_EVENTS.table, (...args: unknown[]) => {
    const [matchID, view] = args as [unknown, TableView | undefined];
    if (matchID !== opts.matchID || typeof view !== 'object' || view === null || typeof view.serverNow !== 'number') return;
    table = { view, receivedAt: Date.now() };
    notify();
  });
  client.transport.socket?.on(SOCKET_EVENTS.error, (...args: unknown[]) => {
    const [matchID, info] = args as [unknown, Partial<RefusalBody> | undefined];
    if (matchID !== opts.matchID) return;
    if (info?.event === 'chat') {
      chatError = info.error ?? 'refused';
      notify();
      return;
    }
    if (info?.event === 'update') {
      // The move was refused (stale after a reconnection, or the game moved on): get the current view again.
      client.transport.requestSync();
      return;
    }
    // The server is stopping: socket.io reconnects once it is back, and the sync is asked again then.
    if (info?.error === 'server shutting down') return;
    // A connection refused for its address (too many, too often, a blocked offender): not this session's fault
    // for ever; the server closes the socket and the pause above connects again.
    if (info?.event === 'connect') return;
    fatal = info?.error ?? 'refused';
    notify();
  });
  return {
    client,
    status: () => {
      if (client.transport.isConnected && client.getState()) return 'connected';
      return everConnected ? 'reconnecting' : 'connecting';
    },
    players: () => client.matchData ?? [],
    fatal: () => fatal,
    chat: () => lines,
    sendChat: (text, channel) => {
      chatError = null;
      client.sendChatMessage(channel ? { text, channel } : { text });
      notify();
    },
    chatError: () => chatError,
    showSpectatorChat: (on) => {
      if (on === watchingSpectators) return;
      watchingSpectators = on;
      const socket = client.transport.socket;
      if (socket?.connected !== false) socket?.emit(SOCKET_EVENTS.chat, opts.matchID, { spectators: on } satisfies SpectatorChatRequest);
    },
    table: () => table,
    onChange: (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    stop: () => {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      listeners.clear();
      client.stop();
    },
  };
}

export interface OnlineView {
  session: OnlineSession | null;
  state: ClientState | null;
  status: ConnectionStatus;
  players: PublicPlayer[];
  fatal: string | null;
}

/** An online session for the life of a component (made in an effect: StrictMode's double mount is safe). */
export function useOnlineSession(
  server: string, matchID: string, playerID: string | null, credentials?: string, def?: OnlineGameDef,
): OnlineView {
  const [session, setSession] = useState<OnlineSession | null>(null);
  const [, setTick] = useState(0);
  useEffect(() => {
    const s = createOnlineSession({ server, matchID, playerID, credentials, def });
    setSession(s);
    const off = s.onChange(() => setTick((n) => n + 1));
    return () => {
      off();
      s.stop();
    };
  }, [server, matchID, playerID, credentials, def]);
  return {
    session,
    state: session?.client.getState() ?? null,
    status: session?.status() ?? 'connecting',
    players: session?.players() ?? [],
    fatal: session?.fatal() ?? null,
  };
}
