/**
 * Issue 19 item 8 over real HTTP on the default SQLite server: within a match, a name that looks like the
 * opponent's (confusable skeleton, server/confusables.ts) is refused with a 400 that says so, at join and at rename,
 * and changes nothing: `Bоb` with a Cyrillic о against `Bob` (before: accepted), `B0b`, `ВОВ` (Cyrillic), a fullwidth
 * `Ｂｏｂ`, `BiII` (capital i) against `Bill`; a look-alike of the bot's name is reserved; a rematch between two
 * look-alike names stored before the rule is refused until one of them renames.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createMatch, GAME, joinMatch, matchWithPlayers, startTestServer, type TestServer } from './server-helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('sqlite');
});
afterAll(async () => {
  await server?.dispose();
  expect(server?.errors ?? []).toEqual([]);
});

const path = (p: string) => `/games/${GAME}${p}`;
const namesOf = async (matchID: string) => ((await api(server.url, path(`/${matchID}`))).json.players as { name?: string }[]).map((p) => p.name);

describe('look-alike names within a match (issue 19 item 8)', () => {
  it('join: a name that looks like the opponent\'s is a 400, and the seat stays open', async () => {
    const matchID = await createMatch(server.url);
    await joinMatch(server.url, matchID, '0', 'Bob');
    for (const fake of ['B\u043Eb', 'B0b', '\u0412\u041E\u0412', '\uFF22\uFF4F\uFF42', 'b o b', 'B\u03BFb']) {
      const r = await api(server.url, path(`/${matchID}/join`), { playerID: '1', playerName: fake });
      expect(r.status, fake).toBe(400);
      expect(r.json.error).toBe('playerName looks like the other player\'s name: choose one that cannot be mistaken for it');
    }
    expect(await namesOf(matchID)).toEqual(['Bob', undefined]);
    expect((await api(server.url, path(`/${matchID}/join`), { playerID: '1', playerName: 'Rob' })).status).toBe(200);
  });

  it('rename: the same, and the name stays as it was', async () => {
    const matchID = await createMatch(server.url);
    await joinMatch(server.url, matchID, '0', 'Bill');
    const creds = await joinMatch(server.url, matchID, '1', 'Eve');
    for (const fake of ['Bi\u0049\u0049', 'B\u0456ll', 'BILL', 'B1ll'.replace('1', 'i')]) {
      const r = await api(server.url, path(`/${matchID}/rename`), { playerID: '1', credentials: creds, newName: fake });
      expect(r.status, fake).toBe(400);
      expect(r.json.error).toMatch(/^newName looks like the other player's name/);
    }
    expect(await namesOf(matchID)).toEqual(['Bill', 'Eve']);
    expect((await api(server.url, path(`/${matchID}/rename`), { playerID: '1', credentials: creds, newName: 'Billie' })).status).toBe(200);
    expect(await namesOf(matchID)).toEqual(['Bill', 'Billie']);
  });

  it('a look-alike of the server bot\'s names is reserved', async () => {
    const matchID = await createMatch(server.url);
    for (const fake of ['B0t', 'b\u043Et', 'BOT (N0RMAL)']) {
      const r = await api(server.url, path(`/${matchID}/join`), { playerID: '0', playerName: fake });
      expect(r.status, fake).toBe(400);
      expect(r.json.error).toMatch(/is reserved/);
    }
  });

  it('rematch: two look-alike names stored before the rule are not carried into a new match until one renames', async () => {
    const { matchID, creds } = await matchWithPlayers(server.url);
    // Names as a server before the rule stored them; the game ends (the hub's forfeit, both players still seated).
    await server.hub.enqueue(matchID, async () => {
      const { metadata } = await server.db.fetch(matchID, { metadata: true });
      metadata!.players[0].name = 'Bob';
      metadata!.players[1].name = 'B\u043Eb';
      expect(await server.hub.forfeitInQueue(matchID, '0', metadata!)).toBe(true);
    });
    const again = await api(server.url, path(`/${matchID}/playAgain`), { playerID: '1', credentials: creds['1'] });
    expect(again.status).toBe(400);
    expect(again.json.error).toMatch(/^your name looks like the other player's name/);
    expect((await server.db.fetch(matchID, { metadata: true })).metadata!.nextMatchID).toBeUndefined();
    expect((await api(server.url, path(`/${matchID}/rename`), { playerID: '1', credentials: creds['1'], newName: 'Bea' })).status).toBe(200);
    const ok = await api(server.url, path(`/${matchID}/playAgain`), { playerID: '1', credentials: creds['1'] });
    expect(ok.status, ok.text).toBe(200);
    expect(await namesOf(ok.json.nextMatchID)).toEqual(['Bob', 'Bea']);
  });
});
