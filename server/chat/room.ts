/**
 * The chat of the matches this process serves (issue 10 item 1; issue 19 item 3), for the hub (../match/hub.ts), which
 * hands it every `chat` and `mint:chat` message, every successful sync and every socket that leaves. The lines'
 * rules are in ./lines.ts; what this adds:
 * - chat runs in a queue of its own per match, never in the match's move queue (nor, with several processes, under
 *   the match's Redis lock), and each line waits for the next event-loop turn: a burst of lines never delays a move;
 * - each channel has its own stored history (CHAT_KEEP lines, ../server/storage appendChat) and its own history on
 *   a sync (CHAT_HISTORY lines): spectators can never push the players' lines out;
 * - the players read the spectators' channel only once they open it (`mint:chat` (matchID, { spectators: true })
 *   from a seat's socket; the UI sends it when the player ticks "Show the spectators' chat"): until then the server
 *   sends them none of its lines, live or in the history;
 * - a socket gets live lines only once it was sent the history for its sync (both in this queue, in order), so a
 *   line is never lost between the history and the live lines, nor shown before older ones.
 * The budgets per address and per match of spectators' lines are the transport's (../match/transport.ts, ../limits.ts).
 * Several processes: a line goes to the other processes on the bus ('chat'), which send it to their own readers;
 * the history is then always read from storage (no line cache: another process may have written since).
 */
import type { Server } from 'boardgame.io';
import { credentialsMatch, seatMetadata, type SeatID } from '../seats/credentials';
import { CHAT_HISTORY, CHAT_KEEP, chatLine, mayWrite, parseChatPayload, type ChatChannel, type ChatLine } from './lines';
import type { ClusterBus } from '../cluster/bus';
import type { Connection } from '../match/connections';
import type { HubResult } from '../match/refusals';
import { isMatchID } from '../match/match-data';
import { SharedMessage } from '../match/outbox';
import type { SqlStorage } from '../storage';

/** A socket registered for a match (its sync succeeded), as the hub knows it. */
export interface ChatReader { conn: Connection; matchID: string; playerID: SeatID | null }

/** What the chat needs of the hub. */
export interface ChatHost {
  readonly db: SqlStorage;
  readonly bus: ClusterBus | undefined;
  readonly stats: { chatMessages: number };
  isClosed(): boolean;
  /** The match and seat a socket synced, if any. */
  registration(connID: string): ChatReader | undefined;
  /** Every socket registered for a match. */
  readers(matchID: string): ChatReader[];
  /** The match's metadata, kept or read. */
  metadata(matchID: string): Promise<Server.MatchData | undefined>;
  refuse(conn: Connection | undefined, matchID: unknown, event: string, error: string): HubResult;
  /** The shared store failed: a refusal the socket can show (the hub's `unavailable`). */
  unavailable(conn: Connection, matchID: unknown, event: string, run: () => Promise<HubResult>): Promise<HubResult>;
  deliver(conn: Connection, msg: SharedMessage): void;
  onError(err: unknown, where: string): void;
}

/** Which socket was sent the history of which match and seat (then it gets live lines). */
interface Seen { matchID: string; seat: SeatID | null; sent: boolean }

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class MatchChat {
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly seen = new Map<string, Seen>(); // connection id → its history state
  /** Players' sockets that opened the spectators' channel: connection id → matchID. */
  private readonly watching = new Map<string, string>();
  /** One process only: the last CHAT_HISTORY lines per match and channel (most recently used last). */
  private readonly cache = new Map<string, Partial<Record<ChatChannel, ChatLine[]>>>();

  constructor(private readonly host: ChatHost, private readonly cacheSize: number) {}

  /** Run `fn` after the match's earlier chat work, on a later event-loop turn (never in the move queue). */
  private enqueue<T>(matchID: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.queues.get(matchID) ?? Promise.resolve();
    const run = prev.then(nextTurn, nextTurn).then(fn);
    const tail = run.then(() => undefined, () => undefined);
    this.queues.set(matchID, tail);
    void tail.then(() => {
      if (this.queues.get(matchID) === tail) this.queues.delete(matchID);
    });
    return run;
  }

  /** Resolves when no chat work is queued (shutdown). */
  async drain(): Promise<void> {
    while (this.queues.size > 0) await Promise.all([...this.queues.values()]);
  }

  /** Whether a socket reads a channel of a match now. */
  private reads(r: ChatReader, channel: ChatChannel): boolean {
    const s = this.seen.get(r.conn.id);
    if (!s || !s.sent || s.matchID !== r.matchID || s.seat !== r.playerID) return false;
    if (channel === 'players') return r.playerID !== null;
    return r.playerID === null || this.watching.get(r.conn.id) === r.matchID;
  }

  /**
   * A chat line from a socket (boardgame.io: `chat` (matchID, { id, sender, payload }, credentials)). The socket
   * must have synced this match; the line's seat is the one its sync proved (and the credentials sent with the line
   * must still be that seat's); the claimed sender and id are ignored. Stored, then sent to its readers.
   */
  say(conn: Connection, matchID: unknown, message: unknown, credentials: unknown): Promise<HubResult> {
    const refuse = (error: string) => Promise.resolve(this.host.refuse(conn, matchID, 'chat', error));
    if (this.host.isClosed()) return refuse('server shutting down');
    if (!isMatchID(matchID)) return refuse('bad matchID');
    const parsed = parseChatPayload(message);
    if ('error' in parsed) return refuse(parsed.error);
    const r = this.host.registration(conn.id);
    if (!r || r.matchID !== matchID) return refuse('sync this match first');
    const seat = r.playerID;
    const channel = parsed.channel ?? (seat === null ? 'spectators' : 'players');
    if (!mayWrite(seat, channel)) {
      return refuse(seat === null ? 'spectators cannot write in the players\' channel' : 'players write in the players\' channel');
    }
    return this.host.unavailable(conn, matchID, 'chat', () => this.enqueue(matchID, async (): Promise<HubResult> => {
      if (conn.closed) return { ok: false, error: 'disconnected' };
      const now = this.host.registration(conn.id);
      if (!now || now.matchID !== matchID || now.playerID !== seat) return this.host.refuse(conn, matchID, 'chat', 'sync this match first');
      let name: string | undefined;
      if (seat !== null) {
        const metadata = await this.host.metadata(matchID);
        if (!metadata) return this.host.refuse(conn, matchID, 'chat', 'match not found');
        if (!credentialsMatch(metadata, seat, credentials)) return this.host.refuse(conn, matchID, 'chat', 'unauthorized');
        name = seatMetadata(metadata, seat)?.name ?? undefined;
      }
      const line = chatLine(seat, name, parsed.text, channel, Date.now());
      const written = await this.host.db.appendChat(matchID, channel, line, CHAT_KEEP);
      if (written !== 'written') return this.host.refuse(conn, matchID, 'chat', 'match not found');
      const kept = this.cache.get(matchID)?.[channel];
      if (kept) {
        kept.push(line);
        if (kept.length > CHAT_HISTORY) kept.shift();
      }
      this.host.stats.chatMessages++;
      this.host.bus?.publish({ t: 'chat', m: matchID, line });
      this.sendLocal(matchID, line);
      return { ok: true };
    }));
  }

  private sendLocal(matchID: string, line: ChatLine): void {
    const msg = new SharedMessage('chat', [matchID, line]);
    for (const r of this.host.readers(matchID)) {
      if (r.conn.closed || !this.reads(r, line.payload.channel)) continue;
      try {
        this.host.deliver(r.conn, msg);
      } catch (err) {
        this.host.onError(err, 'chat broadcast');
      }
    }
  }

  /** Several processes: a line another process stored, for this process's readers (after any history in progress). */
  fromBus(matchID: string, line: ChatLine): void {
    this.cache.delete(matchID);
    if (this.host.readers(matchID).length === 0) return; // nobody here reads this match
    void this.enqueue(matchID, async () => this.sendLocal(matchID, line)).catch((err) => this.host.onError(err, 'chat from bus'));
  }

  /**
   * After a successful sync: the socket gets the history it may read (after the sync answer), then live lines.
   * A socket that syncs again the same match and seat (boardgame.io re-syncs after a refused move) already has
   * everything: nothing is sent again.
   */
  synced(conn: Connection, matchID: string, seat: SeatID | null): void {
    const s = this.seen.get(conn.id);
    if (s && s.matchID === matchID && s.seat === seat) return;
    this.seen.set(conn.id, { matchID, seat, sent: false });
    if (this.watching.has(conn.id) && this.watching.get(conn.id) !== matchID) this.watching.delete(conn.id);
    this.sendHistory(conn, matchID, seat, false);
  }

  /**
   * `mint:chat` (matchID, { spectators: boolean }): a player opens (or closes) the spectators' channel of the match.
   * On opening, the socket gets that channel's history, then its live lines. Spectators always read it.
   */
  watch(conn: Connection, matchID: unknown, options: unknown): HubResult {
    if (!isMatchID(matchID)) return this.host.refuse(conn, matchID, 'chat', 'bad matchID');
    const on = (options as { spectators?: unknown } | null)?.spectators;
    if (typeof options !== 'object' || options === null || Array.isArray(options) || Object.keys(options).some((k) => k !== 'spectators')
      || typeof on !== 'boolean') {
      return this.host.refuse(conn, matchID, 'chat', 'bad chat options: { spectators: true | false }');
    }
    if (!on) {
      if (this.watching.get(conn.id) === matchID) this.watching.delete(conn.id);
      return { ok: true };
    }
    if (this.watching.get(conn.id) === matchID) return { ok: true };
    this.watching.set(conn.id, matchID);
    // Already sent the history as a player of this match: the spectators' lines come now. Otherwise the history of
    // the coming (or running) sync includes them.
    const s = this.seen.get(conn.id);
    if (s && s.sent && s.matchID === matchID && s.seat !== null) this.sendHistory(conn, matchID, s.seat, true);
    return { ok: true };
  }

  /** In the chat queue: the lines a socket may read (the spectators' channel only, when it was just opened). */
  private sendHistory(conn: Connection, matchID: string, seat: SeatID | null, spectatorsOnly: boolean): void {
    void this.enqueue(matchID, async () => {
      const s = this.seen.get(conn.id);
      const r = this.host.registration(conn.id);
      if (conn.closed || !s || s.matchID !== matchID || s.seat !== seat || !r || r.matchID !== matchID || r.playerID !== seat) return;
      if (s.sent !== spectatorsOnly) return; // a history already sent (or, for the spectators' lines, not yet: it will hold them)
      const channels: ChatChannel[] = spectatorsOnly ? ['spectators']
        : seat === null ? ['spectators'] : this.watching.get(conn.id) === matchID ? ['players', 'spectators'] : ['players'];
      const lines = await this.history(matchID, channels);
      s.sent = true;
      for (const line of lines) {
        if (conn.closed) return;
        conn.emit('chat', matchID, line);
      }
    }).catch((err) => this.host.onError(err, 'chat history'));
  }

  /** The last CHAT_HISTORY lines of each channel, oldest first (merged by time). */
  private async history(matchID: string, channels: ChatChannel[]): Promise<ChatLine[]> {
    const useCache = !this.host.bus;
    const kept = useCache ? this.cache.get(matchID) ?? {} : {};
    const out: ChatLine[] = [];
    for (const channel of channels) {
      let lines = kept[channel];
      if (!lines) {
        lines = (await this.host.db.fetchChat(matchID, [channel], CHAT_HISTORY)) as ChatLine[];
        kept[channel] = lines;
      }
      out.push(...lines);
    }
    if (useCache) {
      this.cache.delete(matchID);
      this.cache.set(matchID, kept);
      if (this.cache.size > Math.max(1, this.cacheSize)) this.cache.delete(this.cache.keys().next().value as string);
    }
    return channels.length > 1 ? out.sort((a, b) => a.payload.at - b.payload.at) : out;
  }

  /** A socket is gone, or no longer registered (evicted). */
  left(connID: string): void {
    this.seen.delete(connID);
    this.watching.delete(connID);
  }

  /** Drop the kept lines of a match (deleted, or changed elsewhere). */
  forget(matchID: string): void {
    this.cache.delete(matchID);
  }
}
