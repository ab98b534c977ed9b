/**
 * Chat with several processes (issue 19 item 3; server/chat-room.ts): two real `tsx server/main.ts` processes on one
 * PostgreSQL schema and one Redis, default budgets. Chat runs outside the match's Redis lock; lines written through
 * both processes at once are all stored (each channel's own history) and reach the readers on both processes
 * through the bus ('chat'); a player gets the spectators' lines only after opening that channel, wherever the
 * spectator sits; a player reconnecting through the other process gets the players' history.
 * Needs PostgreSQL (DATABASE_URL) and Redis (REDIS_URL, default redis://127.0.0.1:6379): skipped with the reason
 * otherwise.
 */
import { describe, expect, it } from 'vitest';
import { REDIS_URL, redisAnswers, useCluster } from './cluster-helpers';
import { createMatch, joinMatch, PG_SKIP_REASON, PG_URL, rawClient, rawSync, waitFor, type RawClient } from './server-helpers';

const SKIP = !PG_URL ? PG_SKIP_REASON : !(await redisAnswers()) ? `no Redis answers at ${REDIS_URL}` : null;
if (SKIP) console.warn(`[cluster-chat.test] SKIPPING: ${SKIP}`);

interface Line { sender: string | null; payload: { text: string; channel: string } }
const chatsOf = (c: RawClient, matchID: string) =>
  c.received.filter((m) => m[0] === 'chat' && m[1] === matchID).map((m) => m[2] as Line);
const texts = (c: RawClient, matchID: string, channel: string) =>
  chatsOf(c, matchID).filter((l) => l.payload.channel === channel).map((l) => l.payload.text);

describe.skipIf(SKIP !== null)(`chat across two server processes${SKIP ? ` — SKIPPED: ${SKIP}` : ''}`, () => {
  const cluster = useCluster(2);
  const { procs, reader } = cluster;
  const clients: RawClient[] = [];
  const client = async (url: string) => {
    const c = cluster.track(await rawClient(url));
    clients.push(c);
    return c;
  };

  it('lines through both processes at once: all stored per channel, each delivered to its readers on both, spectators\' only to a player who opened them', async () => {
    const [a, b] = procs.map((p) => p.url);
    const matchID = await createMatch(a);
    const creds = { '0': await joinMatch(a, matchID, '0', 'Ada'), '1': await joinMatch(b, matchID, '1', 'Bo') };
    const rebel = await client(a);
    const imperial = await client(b);
    await rawSync(rebel, matchID, '0', creds['0']);
    await rawSync(imperial, matchID, '1', creds['1']);
    const watchers = [await client(a), await client(a), await client(b), await client(b)];
    for (const w of watchers) expect((await rawSync(w, matchID, null))[0]).toBe('sync');
    // The Imperial (on b) opens the spectators' channel; the Rebel (on a) does not.
    imperial.socket.emit('mint:chat', matchID, { spectators: true });

    // At once: 5 lines from each spectator (two per process: the budget per address and process is 10), and 2 from
    // each player.
    const spectatorTexts: string[] = [];
    watchers.forEach((w, i) => {
      for (let j = 0; j < 5; j++) {
        spectatorTexts.push(`stand ${i}.${j}`);
        w.socket.emit('chat', matchID, { id: 'x', sender: null, payload: `stand ${i}.${j}` });
      }
    });
    const playerTexts = ['from a 1', 'from b 1', 'from a 2', 'from b 2'];
    for (const [k, text] of playerTexts.entries()) {
      const [c, id] = k % 2 === 0 ? [rebel, '0'] : [imperial, '1'];
      c.socket.emit('chat', matchID, { id: 'x', sender: id, payload: text }, creds[id as '0' | '1']);
    }

    const sorted = (xs: string[]) => [...xs].sort();
    await waitFor(() => watchers.every((w) => texts(w, matchID, 'spectators').length === 20), 20_000, 'every spectator to read all 20 lines');
    await waitFor(() => [rebel, imperial].every((p) => texts(p, matchID, 'players').length === 4), 20_000, 'both players to read the 4 players\' lines');
    await waitFor(() => texts(imperial, matchID, 'spectators').length === 20, 20_000, 'the Imperial to read the spectators');
    for (const w of watchers) {
      expect(sorted(texts(w, matchID, 'spectators'))).toEqual(sorted(spectatorTexts));
      expect(texts(w, matchID, 'players')).toEqual([]);
    }
    for (const p of [rebel, imperial]) expect(sorted(texts(p, matchID, 'players'))).toEqual(sorted(playerTexts));
    expect(texts(rebel, matchID, 'spectators')).toEqual([]);
    for (const c of clients) {
      expect(c.received.filter((m) => m[0] === 'mint:error'), 'no refusal').toEqual([]);
    }

    const stored = (await reader.fetchChat(matchID, ['players', 'spectators'], 100)) as Line[];
    expect(sorted(stored.filter((l) => l.payload.channel === 'players').map((l) => l.payload.text))).toEqual(sorted(playerTexts));
    expect(sorted(stored.filter((l) => l.payload.channel === 'spectators').map((l) => l.payload.text))).toEqual(sorted(spectatorTexts));

    // The Rebel reconnects through the other process: the players' history, and none of the spectators'.
    const again = await client(b);
    await rawSync(again, matchID, '0', creds['0']);
    await waitFor(() => chatsOf(again, matchID).length === 4, 10_000, 'the history');
    expect(sorted(texts(again, matchID, 'players'))).toEqual(sorted(playerTexts));
  }, 90_000);
});
