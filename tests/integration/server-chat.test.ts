/**
 * Chat (issue 10 item 1) over real sockets, through the hardened hub (server/chat.ts): boardgame.io's own chat API
 * (`sendChatMessage` / `chatMessages`) between two seats; the players' channel reaches the seats only, the
 * spectators' channel everyone; a spoofed sender, HTML, control characters, an oversized line, a flood, a spectator
 * writing into the players' channel are refused or neutralised with nothing stored; the history comes back after a
 * reconnect, and after a SIGKILL restart of a child server. SQLite, and PostgreSQL when DATABASE_URL is set.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from 'boardgame.io/client';
import { SocketIO } from 'boardgame.io/multiplayer';
import { MintImperium } from '../../src/game';
import { UNLIMITED_SOCKETS } from '../../server/limits';
import { MAX_CHAT_CHARS } from '../../server/chat/lines';
import { createStorage } from '../../server/storage';
import { freePort, kill, startChild } from './child-server';
import {
  api, GAME, matchWithPlayers, PG_SKIP_REASON, PG_URL, rawClient, rawSync, startTestServer, tempDir, waitFor,
  type Backend, type RawClient, type TestServer,
} from './server-helpers';

if (!PG_URL) console.warn(`[server-chat.test] SKIPPING the PostgreSQL run: ${PG_SKIP_REASON}`);

interface Line { id: string; sender: string | null; payload: { text: string; channel: string; at: number; name?: string } }

const chatsOf = (c: RawClient, matchID: string) =>
  c.received.filter((m) => m[0] === 'chat' && m[1] === matchID).map((m) => m[2] as Line);
const refusalsOf = (c: RawClient) =>
  c.received.filter((m) => m[0] === 'mint:error' && (m[2] as { event: string }).event === 'chat').map((m) => (m[2] as { error: string }).error);

/** Send a chat line as boardgame.io's client does, and wait for its echo or its refusal. */
async function say(c: RawClient, matchID: string, payload: unknown, credentials?: string, sender: unknown = null): Promise<unknown[]> {
  const answer = c.next(['chat', 'mint:error']);
  c.socket.emit('chat', matchID, { id: 'client-chosen', sender, payload }, credentials);
  return answer;
}

const backends: { backend: Backend; title: string; skip: boolean }[] = [
  { backend: 'sqlite', title: 'SQLite', skip: false },
  { backend: 'postgres', title: PG_URL ? 'PostgreSQL' : `PostgreSQL — SKIPPED: ${PG_SKIP_REASON}`, skip: !PG_URL },
];

for (const { backend, title, skip } of backends) {
  describe.skipIf(skip)(`chat on ${title}`, () => {
    let server: TestServer;
    const open: RawClient[] = [];
    const client = async () => {
      const c = await rawClient(server.url);
      open.push(c);
      return c;
    };
    beforeAll(async () => {
      server = await startTestServer(backend, {
        socketLimits: { ...UNLIMITED_SOCKETS, maxPendingBytes: 1024 * 1024, chatPerSocket: { max: 30, windowMs: 60_000 } },
      });
    });
    afterAll(async () => {
      for (const c of open) c.close();
      await server?.dispose();
    });

    /** A match with both seats synced on raw sockets and one spectator. */
    async function table() {
      const { matchID, creds } = await matchWithPlayers(server.url);
      const rebel = await client();
      const imperial = await client();
      const watcher = await client();
      await rawSync(rebel, matchID, '0', creds['0']);
      await rawSync(imperial, matchID, '1', creds['1']);
      await rawSync(watcher, matchID, null);
      return { matchID, creds, rebel, imperial, watcher };
    }

    it('boardgame.io clients: sendChatMessage reaches both seats\' chatMessages, with the seat and name the server knows', async () => {
      const { matchID, creds } = await matchWithPlayers(server.url);
      const make = (playerID: string) => Client({
        game: MintImperium, numPlayers: 2, matchID, playerID, credentials: creds[playerID], debug: false,
        multiplayer: SocketIO({ server: server.url, socketOpts: { transports: ['websocket'] } }),
      });
      const a = make('0');
      const b = make('1');
      a.start();
      b.start();
      try {
        await waitFor(() => !!a.getState() && !!b.getState(), 5000, 'both synced');
        a.sendChatMessage('Good luck');
        await waitFor(() => b.chatMessages.length === 1 && a.chatMessages.length === 1, 5000, 'the line on both seats');
        const line = b.chatMessages[0] as unknown as Line;
        expect(line.sender).toBe('0');
        expect(line.payload).toMatchObject({ text: 'Good luck', channel: 'players', name: 'P0' });
        expect(line.id).not.toBe('');
        expect(a.chatMessages[0]).toEqual(b.chatMessages[0]);
      } finally {
        a.stop();
        b.stop();
      }
    });

    it('the players\' channel reaches the two seats and not spectators; the spectators\' channel reaches a player who opened it; nothing reaches another match', async () => {
      const t = await table();
      const other = await table();
      const echo = await say(t.rebel, t.matchID, 'hello', t.creds['0']);
      expect(echo[0]).toBe('chat');
      await waitFor(() => chatsOf(t.imperial, t.matchID).length === 1, 3000, 'the Imperial to get it');
      expect(chatsOf(t.imperial, t.matchID)[0].payload.text).toBe('hello');
      const spectatorLine = await say(t.watcher, t.matchID, { text: 'go rebels', channel: 'spectators' });
      expect(spectatorLine[0]).toBe('chat');
      // Players read the spectators' channel once they open it (issue 19 item 3): the Rebel does, and gets its history.
      t.rebel.socket.emit('mint:chat', t.matchID, { spectators: true });
      await waitFor(() => chatsOf(t.rebel, t.matchID).length === 2, 3000, 'the Rebel to read the spectators');
      expect(chatsOf(t.rebel, t.matchID)[1].payload).toMatchObject({ text: 'go rebels', channel: 'spectators' });
      await new Promise((r) => setTimeout(r, 100));
      expect(chatsOf(t.imperial, t.matchID).map((l) => l.payload.text)).toEqual(['hello']);
      // The spectator read its own line only.
      expect(chatsOf(t.watcher, t.matchID).map((l) => l.payload.text)).toEqual(['go rebels']);
      expect(chatsOf(t.watcher, t.matchID)[0].sender).toBeNull();
      for (const c of [other.rebel, other.imperial, other.watcher]) expect(c.received.some((m) => m[0] === 'chat')).toBe(false);
      expect(await server.db.fetchChat(other.matchID, ['players', 'spectators'], 10)).toEqual([]);
    });

    it('the sender is the seat the credentials prove: a claimed sender and id are ignored', async () => {
      const t = await table();
      const echo = await say(t.imperial, t.matchID, 'I am the Rebel', t.creds['1'], '0');
      const line = echo[2] as Line;
      expect(line.sender).toBe('1');
      expect(line.payload.name).toBe('P1');
      expect(line.id).not.toBe('client-chosen');
      // Right seat, wrong credentials (or none): refused, nothing stored.
      expect(await say(t.imperial, t.matchID, 'x', 'not-the-credentials', '1')).toEqual(['mint:error', t.matchID, { event: 'chat', error: 'unauthorized' }]);
      expect((await say(t.imperial, t.matchID, 'x', undefined, '1'))[0]).toBe('mint:error');
      // A socket that never synced this match (or any): refused.
      const stranger = await client();
      expect((await say(stranger, t.matchID, 'x', t.creds['0'], '0'))[2]).toEqual({ event: 'chat', error: 'sync this match first' });
      const stored = (await server.db.fetchChat(t.matchID, ['players', 'spectators'], 10)) as Line[];
      expect(stored.map((l) => [l.sender, l.payload.text])).toEqual([['1', 'I am the Rebel']]);
    });

    it('a spectator cannot write into the players\' channel (nor a player into the spectators\'): refused, nothing stored', async () => {
      const t = await table();
      expect((await say(t.watcher, t.matchID, { text: 'psst', channel: 'players' }, t.creds['0'], '0'))[2])
        .toEqual({ event: 'chat', error: 'spectators cannot write in the players\' channel' });
      expect((await say(t.rebel, t.matchID, { text: 'hi all', channel: 'spectators' }, t.creds['0']))[0]).toBe('mint:error');
      await new Promise((r) => setTimeout(r, 100));
      for (const c of [t.rebel, t.imperial, t.watcher]) expect(chatsOf(c, t.matchID)).toEqual([]);
      expect(await server.db.fetchChat(t.matchID, ['players', 'spectators'], 10)).toEqual([]);
    });

    it('text only: HTML stays literal text, control and bidi characters are removed; oversized or empty lines are refused', async () => {
      const t = await table();
      const html = '<img src=x onerror="alert(1)"><b>bold</b>';
      expect(((await say(t.rebel, t.matchID, html, t.creds['0']))[2] as Line).payload.text).toBe(html);
      expect(((await say(t.rebel, t.matchID, 'a\u0000b\u0007c\u202Ed\nnext\u200Bline', t.creds['0']))[2] as Line).payload.text).toBe('abcd nextline');
      expect(((await say(t.rebel, t.matchID, 'x'.repeat(MAX_CHAT_CHARS), t.creds['0']))[2] as Line).payload.text).toHaveLength(MAX_CHAT_CHARS);
      const before = await server.db.fetchChat(t.matchID, ['players', 'spectators'], 10);
      for (const bad of ['x'.repeat(MAX_CHAT_CHARS + 1), 'y'.repeat(3000), '   ', '\u0000\u202E', '', 42, { text: 'a', extra: 1 }, ['a'], { text: 'a', channel: 'all' }]) {
        const answer = await say(t.rebel, t.matchID, bad, t.creds['0']);
        expect(answer[0], JSON.stringify(bad).slice(0, 40)).toBe('mint:error');
      }
      expect(await server.db.fetchChat(t.matchID, ['players', 'spectators'], 10)).toEqual(before);
      expect(before).toHaveLength(3);
    });

    it('a flood is rate limited per socket: only the budget gets through and is stored', async () => {
      const t = await table();
      for (let i = 0; i < 50; i++) t.imperial.socket.emit('chat', t.matchID, { id: String(i), sender: '1', payload: `spam ${i}` }, t.creds['1']);
      await waitFor(() => chatsOf(t.imperial, t.matchID).length + refusalsOf(t.imperial).length >= 50, 5000, 'all answers');
      expect(chatsOf(t.imperial, t.matchID)).toHaveLength(30);
      expect(refusalsOf(t.imperial).filter((e) => e === 'rate limited')).toHaveLength(20);
      expect(await server.db.fetchChat(t.matchID, ['players', 'spectators'], 100)).toHaveLength(30);
      // Another socket (the opponent) still has its own budget.
      expect((await say(t.rebel, t.matchID, 'calm down', t.creds['0']))[0]).toBe('chat');
    });

    it('a reconnecting player gets the players\' history (and the spectators\' once opened); a new spectator the spectators\' channel only', async () => {
      const t = await table();
      await say(t.rebel, t.matchID, 'first', t.creds['0']);
      await say(t.imperial, t.matchID, 'second', t.creds['1']);
      await say(t.watcher, t.matchID, 'from the stands');
      t.rebel.close();
      const again = await client();
      const synced = again.next(['sync']);
      again.socket.emit('sync', t.matchID, '0', t.creds['0'], 2);
      await synced;
      await waitFor(() => chatsOf(again, t.matchID).length === 2, 3000, 'the history');
      expect(chatsOf(again, t.matchID).map((l) => [l.sender, l.payload.text])).toEqual([['0', 'first'], ['1', 'second']]);
      // History comes after the sync answer (boardgame.io's client sets up its state first).
      const firstSync = again.received.findIndex((m) => m[0] === 'sync');
      expect(again.received.findIndex((m) => m[0] === 'chat')).toBeGreaterThan(firstSync);
      // A player who opens the spectators' channel before syncing gets both channels' history, in time order.
      const opened = await client();
      opened.socket.emit('mint:chat', t.matchID, { spectators: true });
      await rawSync(opened, t.matchID, '0', t.creds['0']);
      await waitFor(() => chatsOf(opened, t.matchID).length === 3, 3000, 'both histories');
      expect(chatsOf(opened, t.matchID).map((l) => [l.sender, l.payload.text])).toEqual([['0', 'first'], ['1', 'second'], [null, 'from the stands']]);
      const fan = await client();
      await rawSync(fan, t.matchID, null);
      await waitFor(() => chatsOf(fan, t.matchID).length === 1, 3000, 'spectator history');
      await new Promise((r) => setTimeout(r, 100));
      expect(chatsOf(fan, t.matchID).map((l) => l.payload.text)).toEqual(['from the stands']);
    });

    it('a deleted match takes its chat with it', async () => {
      const t = await table();
      await say(t.rebel, t.matchID, 'bye', t.creds['0']);
      // Both humans leave: the match is deleted, and its chat lines with it (foreign key cascade).
      for (const id of ['0', '1']) {
        const r = await api(server.url, `/games/${GAME}/${t.matchID}/leave`, { playerID: id, credentials: t.creds[id] });
        expect(r.status).toBe(200);
      }
      expect(await server.db.fetchChat(t.matchID, ['players', 'spectators'], 10)).toEqual([]);
      expect((await say(t.watcher, t.matchID, { text: 'anyone?', channel: 'spectators' }))[0]).toBe('mint:error');
    });
  });
}

describe('chat history after a SIGKILL restart (child server, SQLite)', () => {
  it('lines written before the kill come back to a player who syncs after the restart', async () => {
    const t = tempDir('mint-chat-restart-');
    const file = join(t.dir, 'chat.sqlite');
    const port = await freePort();
    const env = { DATABASE_URL: file, PORT: String(port), EVENT_LOG: 'off' };
    const url = `http://localhost:${port}`;
    let child = await startChild(env);
    const sockets: RawClient[] = [];
    try {
      const { matchID, creds } = await matchWithPlayers(url);
      const a = await rawClient(url);
      sockets.push(a);
      await rawSync(a, matchID, '0', creds['0']);
      expect((await say(a, matchID, 'before the crash', creds['0']))[0]).toBe('chat');
      await kill(child);
      child = await startChild(env);
      const b = await rawClient(url);
      sockets.push(b);
      await rawSync(b, matchID, '1', creds['1']);
      await waitFor(() => chatsOf(b, matchID).length === 1, 5000, 'the history after the restart');
      expect(chatsOf(b, matchID)[0]).toMatchObject({ sender: '0', payload: { text: 'before the crash', channel: 'players' } });
      const reader = createStorage(file);
      expect(((await reader.fetchChat(matchID, ['players'], 10)) as Line[]).map((l) => l.payload.text)).toEqual(['before the crash']);
      await reader.close();
    } finally {
      for (const s of sockets) s.close();
      await kill(child);
      t.remove();
    }
  }, 60_000);
});
