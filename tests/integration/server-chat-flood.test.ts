/**
 * Issue 19 item 3, attacked over real sockets on the default SQLite server: strangers cannot erase, drown or delay
 * the players' chat (server/chat-room.ts, server/match/transport.ts).
 * - 45 spectator sockets on two loopback addresses (127.0.0.2, 127.0.0.3; no credentials) send 5 lines each, with
 *   the default budgets: the players' lines stay stored and come back to a reconnecting player; the spectators'
 *   lines stored are bounded by the budget per address and per match. Before: 225 lines went through, the 200-line
 *   history of the match held none of the players' lines, and a reconnecting player got 100 spectators' lines.
 * - The same flood with the spectators' budgets off: each channel keeps its own 200 lines, the players' untouched;
 *   the players' sockets receive none of the spectators' lines until they open that channel (`mint:chat`), then its
 *   history and its live lines; a board (the UI's online session) keeps at most 200 lines per channel.
 * - 500 spectators' lines on 100 sockets from four addresses, then a move: the move is played and broadcast while
 *   the burst is still being written, instead of after all of it (before: the match's queue held it behind every line).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { DEFAULT_SOCKET_LIMITS } from '../../server/limits';
import { CHAT_HISTORY, CHAT_KEEP } from '../../server/chat/lines';
import { CHAT_LINES_KEPT, createOnlineSession } from '../../src/ui/online/socketClient';
import { Duel } from './server-abuse-helpers';
import { GAME, matchWithPlayers, rawClient, rawSync, startTestServer, waitFor, type RawClient, type TestServer } from './server-helpers';

interface Line { id: string; sender: string | null; payload: { text: string; channel: string; at: number } }

const open: { close(): void }[] = [];
const servers: TestServer[] = [];
afterAll(async () => {
  for (const c of open) c.close();
  for (const s of servers) {
    await s.dispose();
    expect(s.errors).toEqual([]);
  }
});

async function server(spectatorBudgets: boolean): Promise<TestServer> {
  const s = await startTestServer('sqlite', {
    socketLimits: spectatorBudgets
      ? DEFAULT_SOCKET_LIMITS // the real defaults: 5 lines per socket, 10 per address and 30 per match per 30 s
      : { ...DEFAULT_SOCKET_LIMITS, spectatorChatPerAddress: false, spectatorChatPerMatch: false, connects: false },
    ...(spectatorBudgets ? {} : { maxSpectatorsPerMatch: 200 }),
  });
  servers.push(s);
  return s;
}

/** A raw socket.io client from one loopback address (another host, as far as the server can tell). */
async function clientFrom(s: TestServer, localAddress: string): Promise<RawClient> {
  const base = s.url.replace('localhost', '127.0.0.1');
  const socket = io(`${base}/${GAME}`, { transports: ['websocket'], reconnection: false, forceNew: true, localAddress } as never);
  const received: unknown[][] = [];
  socket.onAny((event: string, ...args: unknown[]) => received.push([event, ...args]));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const c: RawClient = {
    socket, received, close: () => socket.close(),
    next: () => { throw new Error('not used'); },
  };
  open.push(c);
  return c;
}

async function player(s: TestServer, matchID: string, id: string, creds: string): Promise<RawClient> {
  const c = await rawClient(s.url);
  open.push(c);
  expect((await rawSync(c, matchID, id, creds))[0]).toBe('sync');
  return c;
}

const chatsOf = (c: RawClient, matchID: string) =>
  c.received.filter((m) => m[0] === 'chat' && m[1] === matchID).map((m) => m[2] as Line);
const chatRefusals = (c: RawClient) =>
  c.received.filter((m) => m[0] === 'mint:error' && (m[2] as { event: string }).event === 'chat');
const textsOf = (lines: Line[]) => lines.map((l) => l.payload.text);

/** `n` spectators of `matchID`, spread over `addresses`, each synced. */
async function crowd(s: TestServer, matchID: string, n: number, addresses: string[]): Promise<RawClient[]> {
  const out: RawClient[] = [];
  for (let i = 0; i < n; i++) out.push(await clientFrom(s, addresses[i % addresses.length]));
  await Promise.all(out.map(async (c) => {
    const answer = new Promise<void>((resolve, reject) => {
      c.socket.once('sync', () => resolve());
      c.socket.once('mint:error', (_m: unknown, e: unknown) => reject(new Error(`spectator sync refused: ${JSON.stringify(e)}`)));
    });
    c.socket.emit('sync', matchID, null, null, 2);
    await answer;
  }));
  return out;
}

/** Every spectator sends `k` lines at once; resolves when each has its `k` answers (an echo or a refusal). */
async function flood(spectators: RawClient[], matchID: string, k: number): Promise<void> {
  spectators.forEach((c, i) => {
    for (let j = 0; j < k; j++) c.socket.emit('chat', matchID, { id: 'x', sender: null, payload: `spam ${i}.${j}` });
  });
  await waitFor(() => spectators.every((c) =>
    chatsOf(c, matchID).filter((l) => l.payload.text.startsWith(`spam ${spectators.indexOf(c)}.`)).length + chatRefusals(c).length >= k),
  20_000, 'every spectator\'s answers');
}

/** The players' lines of a match: two each, answered. */
async function playersTalk(matchID: string, rebel: RawClient, imperial: RawClient, creds: Record<string, string>): Promise<string[]> {
  const texts = ['gl hf', 'you too', 'nice move', 'thanks'];
  for (const [i, text] of texts.entries()) {
    const [c, id] = i % 2 === 0 ? [rebel, '0'] : [imperial, '1'];
    c.socket.emit('chat', matchID, { id: 'x', sender: id, payload: text }, creds[id]);
    await waitFor(() => chatsOf(c, matchID).some((l) => l.payload.text === text), 5000, `"${text}"`);
  }
  return texts;
}

describe('strangers cannot erase, drown or delay the players\' chat (issue 19 item 3)', () => {
  it('45 spectators on two addresses, 5 lines each, default budgets: the players\' lines stay and come back after a reconnect', async () => {
    const s = await server(true);
    const { matchID, creds } = await matchWithPlayers(s.url);
    const rebel = await player(s, matchID, '0', creds['0']);
    const imperial = await player(s, matchID, '1', creds['1']);
    const said = await playersTalk(matchID, rebel, imperial, creds);
    const spectators = await crowd(s, matchID, 45, ['127.0.0.2', '127.0.0.3']);
    await flood(spectators, matchID, 5);

    const stored = (await s.db.fetchChat(matchID, ['players', 'spectators'], 1000)) as Line[];
    expect(textsOf(stored.filter((l) => l.payload.channel === 'players'))).toEqual(said);
    const spectatorLines = stored.filter((l) => l.payload.channel === 'spectators');
    // At most 10 lines per address (2 addresses), and the match's 30: 20 at most, the rest refused.
    expect(spectatorLines.length).toBeGreaterThan(0);
    expect(spectatorLines.length).toBeLessThanOrEqual(2 * 10);
    const refusals = spectators.flatMap((c) => chatRefusals(c));
    expect(refusals.length).toBe(45 * 5 - spectatorLines.length);
    expect(new Set(refusals.map((m) => (m[2] as { error: string }).error))).toEqual(new Set(['rate limited']));

    // A reconnecting player gets the players' lines, and none of the strangers'.
    const again = await player(s, matchID, '0', creds['0']);
    await waitFor(() => chatsOf(again, matchID).length >= said.length, 5000, 'the history');
    expect(textsOf(chatsOf(again, matchID))).toEqual(said);
    // The players never received a spectator's line (they did not open that channel).
    for (const c of [rebel, imperial]) expect(chatsOf(c, matchID).every((l) => l.payload.channel === 'players')).toBe(true);
  }, 60_000);

  it('budgets off: each channel keeps its own history; players get the spectators\' lines only once they open them; a board keeps a bounded number', async () => {
    const s = await server(false);
    const { matchID, creds } = await matchWithPlayers(s.url);
    const rebel = await player(s, matchID, '0', creds['0']);
    const imperial = await player(s, matchID, '1', creds['1']);
    const said = await playersTalk(matchID, rebel, imperial, creds);
    // A spectator's board (the UI's online session), before the flood.
    const board = createOnlineSession({ server: s.url, matchID, playerID: null });
    open.push({ close: () => board.stop() });
    await waitFor(() => board.status() === 'connected', 10_000, 'the board');
    const spectators = await crowd(s, matchID, 45, ['127.0.0.2', '127.0.0.3']);
    await flood(spectators, matchID, 5);

    const stored = (await s.db.fetchChat(matchID, ['players', 'spectators'], 1000)) as Line[];
    expect(textsOf(stored.filter((l) => l.payload.channel === 'players'))).toEqual(said);
    expect(stored.filter((l) => l.payload.channel === 'spectators')).toHaveLength(CHAT_KEEP); // 225 sent, 200 kept
    expect(chatsOf(rebel, matchID).filter((l) => l.payload.channel === 'spectators')).toEqual([]);
    expect(chatsOf(imperial, matchID).filter((l) => l.payload.channel === 'spectators')).toEqual([]);

    // The board got 225 lines and keeps 200; boardgame.io's own copy is emptied as it is read.
    await waitFor(() => board.chat().some((l) => l.payload.text === 'spam 44.4'), 10_000, 'the board to get the flood');
    expect(board.chat()).toHaveLength(CHAT_LINES_KEPT);
    expect((board.client as unknown as { chatMessages: unknown[] }).chatMessages.length).toBeLessThan(10);

    // The Rebel opens the spectators' channel: its last 100 lines, then live ones; the Imperial still gets none.
    rebel.socket.emit('mint:chat', matchID, { spectators: true });
    await waitFor(() => chatsOf(rebel, matchID).filter((l) => l.payload.channel === 'spectators').length === CHAT_HISTORY, 5000, 'the spectators\' history');
    // (New spectators: each of the crowd has used its 5 lines per 10 s.)
    const [late, later] = await crowd(s, matchID, 2, ['127.0.0.4']);
    late.socket.emit('chat', matchID, { id: 'x', sender: null, payload: 'live from the stands' });
    await waitFor(() => chatsOf(rebel, matchID).some((l) => l.payload.text === 'live from the stands'), 5000, 'a live line');
    imperial.socket.emit('chat', matchID, { id: 'x', sender: '1', payload: 'marker' }, creds['1']);
    await waitFor(() => chatsOf(imperial, matchID).some((l) => l.payload.text === 'marker'), 5000, 'the marker');
    expect(chatsOf(imperial, matchID).filter((l) => l.payload.channel === 'spectators')).toEqual([]);
    // Closed again: no more of them.
    rebel.socket.emit('mint:chat', matchID, { spectators: false });
    later.socket.emit('chat', matchID, { id: 'x', sender: null, payload: 'after closing' });
    await waitFor(() => chatsOf(later, matchID).some((l) => l.payload.text === 'after closing'), 5000, 'the echo');
    rebel.socket.emit('chat', matchID, { id: 'x', sender: '0', payload: 'marker 2' }, creds['0']);
    await waitFor(() => chatsOf(rebel, matchID).some((l) => l.payload.text === 'marker 2'), 5000, 'marker 2');
    expect(chatsOf(rebel, matchID).some((l) => l.payload.text === 'after closing')).toBe(false);

    // A reconnecting player: the players' history; with the channel open, both, each channel's last 100.
    const again = await player(s, matchID, '1', creds['1']);
    await waitFor(() => chatsOf(again, matchID).length >= said.length + 2, 5000, 'the players\' history');
    expect(chatsOf(again, matchID).every((l) => l.payload.channel === 'players')).toBe(true);
    const opened = await rawClient(s.url);
    open.push(opened);
    opened.socket.emit('mint:chat', matchID, { spectators: true });
    await rawSync(opened, matchID, '1', creds['1']);
    await waitFor(() => chatsOf(opened, matchID).length === said.length + 2 + CHAT_HISTORY, 5000, 'both histories');
    const ats = chatsOf(opened, matchID).map((l) => l.payload.at);
    expect(ats).toEqual([...ats].sort((a, b) => a - b));
  }, 90_000);

  it('a burst of 500 spectators\' lines does not hold a move back: it is played while the burst is still being written', async () => {
    const s = await server(false);
    const duel = await Duel.start(s.url);
    open.push(duel);
    await duel.step(); // warm
    const observer = (await crowd(s, duel.matchID, 1, ['127.0.0.1']))[0];
    const spectators = await crowd(s, duel.matchID, 100, ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5']);
    // The burst, then at once a move (sent after every line of the burst: the server reads it last).
    spectators.forEach((c, i) => {
      for (let j = 0; j < 5; j++) c.socket.emit('chat', duel.matchID, { id: 'x', sender: null, payload: `burst ${i}.${j}` });
    });
    const rtt = await duel.step();
    await waitFor(() => observer.received.some((m) => m[0] === 'update'), 60_000, 'the move at the observer');
    const updateAt = observer.received.findIndex((m) => m[0] === 'update');
    const linesBefore = observer.received.slice(0, updateAt).filter((m) => m[0] === 'chat').length;
    await waitFor(() => chatsOf(observer, duel.matchID).length === 500, 60_000, 'the whole burst');
    console.log(`[chat flood] move round trip during a 500-line burst: ${rtt.toFixed(1)} ms; lines written before it: ${linesBefore} of 500`);
    // Before: the move waited in the match's queue behind every line of the burst (all 500 before it).
    expect(linesBefore).toBeLessThan(250);
  }, 120_000);
});
