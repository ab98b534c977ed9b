/**
 * POST /my-matches (issue 10 item 4): for the seats a browser holds, waiting / in progress (with whose decision it
 * is) / finished (won or lost) / gone; wrong credentials and unknown matches are 'gone' alike, so the route tells
 * nothing to a stranger; bad bodies are 400. Nothing but these fields comes back (no state, no credentials).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createMatch, GAME, joinMatch, matchWithPlayers, snapshot, startTestServer, type TestServer } from './server-helpers';

describe('POST /my-matches', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(async () => {
    await server?.dispose();
  });
  const mine = (seats: unknown) => api(server.url, '/my-matches', { seats });

  it('lists waiting, in progress (your turn for the seat the game waits for) and finished; the rest is gone', async () => {
    const waiting = await createMatch(server.url);
    const wCreds = await joinMatch(server.url, waiting, '0');
    const playing = await matchWithPlayers(server.url);
    const pending = (await snapshot(server.db, playing.matchID)).state!.G.pending!.seat;
    const turnSeat = pending === 'R' ? '0' : '1';
    const idleSeat = turnSeat === '0' ? '1' : '0';
    const done = await matchWithPlayers(server.url);
    expect((await api(server.url, `/games/${GAME}/${done.matchID}/leave`, { playerID: '1', credentials: done.creds['1'] })).status).toBe(200);

    const r = await mine([
      { matchID: waiting, playerID: '0', credentials: wCreds },
      { matchID: playing.matchID, playerID: turnSeat, credentials: playing.creds[turnSeat] },
      { matchID: playing.matchID, playerID: idleSeat, credentials: playing.creds[idleSeat] },
      { matchID: done.matchID, playerID: '0', credentials: done.creds['0'] },
      { matchID: done.matchID, playerID: '1', credentials: done.creds['1'] }, // left: its credentials are gone
      { matchID: playing.matchID, playerID: turnSeat, credentials: playing.creds[idleSeat] }, // the other seat's
      { matchID: 'nosuchmatch0000000000000', playerID: '0', credentials: 'x' },
    ]);
    expect(r.status).toBe(200);
    const m = r.json.matches as Record<string, unknown>[];
    expect(m.map((x) => x.status)).toEqual(['waiting', 'playing', 'playing', 'finished', 'gone', 'gone', 'gone']);
    expect(m[0]).toMatchObject({ matchID: waiting, playerID: '0' });
    expect(m[0].opponent).toBeUndefined();
    expect(m[1]).toMatchObject({ yourTurn: true, opponent: `P${idleSeat}`, opponentKind: 'human' });
    expect(m[2]).toMatchObject({ yourTurn: false, opponent: `P${turnSeat}` });
    expect(m[3]).toMatchObject({ won: true, opponent: 'P1' });
    expect(m[4]).toEqual({ matchID: done.matchID, playerID: '1', status: 'gone' });
    // Issue 23: each answer names its game; `place` only for a game that ranks every seat (not Mint's).
    for (const x of m.slice(0, 4)) expect(x.gameName).toBe(GAME);
    const allowed = new Set(['matchID', 'playerID', 'gameName', 'status', 'yourTurn', 'opponent', 'opponentKind', 'won', 'rematch', 'updatedAt']);
    for (const x of m) for (const k of Object.keys(x)) expect(allowed.has(k), k).toBe(true);
    expect(r.text).not.toContain(playing.creds['0']);
  });

  it('a bot opponent is named as such', async () => {
    const botMatch = (await api(server.url, `/games/${GAME}/create`, { bot: 'I', botKind: 'random' })).json.matchID;
    const creds = await joinMatch(server.url, botMatch, '0');
    const r = await mine([{ matchID: botMatch, playerID: '0', credentials: creds }]);
    expect(r.json.matches[0]).toMatchObject({ status: 'playing', opponent: 'Random bot', opponentKind: 'bot' });
  });

  it('refuses bad bodies and methods', async () => {
    expect((await api(server.url, '/my-matches')).status).toBe(405);
    for (const body of [{}, { seats: 'x' }, { seats: [1] }, { seats: [{ matchID: 'a b', playerID: '0', credentials: 'x' }] },
      { seats: [{ matchID: 'abc', playerID: '12', credentials: 'x' }] }, { seats: [{ matchID: 'abc', playerID: '0' }] },
      { seats: [{ matchID: 'abc', playerID: '0', credentials: 'x', extra: 1 }] }, { seats: [], more: 1 },
      { seats: Array.from({ length: 31 }, () => ({ matchID: 'abc', playerID: '0', credentials: 'x' })) }]) {
      const r = await api(server.url, '/my-matches', body);
      expect(r.status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    expect((await mine([])).json).toEqual({ matches: [] });
  });
});
