/**
 * Issue 14, items 2, 3, 10 and 11, from real HTTP and sockets against the real server (SQLite): rematch seat
 * theft, a seat released mid-game, names that look blank or impersonate, rename floods. For 2 and 3 the stranger
 * gets nothing and the real players keep their seats.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { State } from 'boardgame.io';
import { flowMismatch } from '../../src/game';
import type { GameState } from '../../src/game/rules';
import {
  api, GAME, joinMatch, matchWithPlayers, moveAction, randomPlayer, rawClient, rawSync, rawUpdate, snapshot,
  startTestServer, type RawClient, type TestServer,
} from './server-helpers';

let server: TestServer;
const sockets: RawClient[] = [];
const path = (p: string) => `/games/${GAME}${p}`;
/** A finished match whose two players are still seated (played to the end by random players). */
let done: { matchID: string; creds: Record<string, string> };

beforeAll(async () => {
  server = await startTestServer('sqlite', { lobbyLimits: { writes: false, renames: { max: 5, windowMs: 30_000 } } });
  done = await matchWithPlayers(server.url);
  const r = randomPlayer(server.url, done.matchID, 'R', done.creds['0']);
  const i = randomPlayer(server.url, done.matchID, 'I', done.creds['1']);
  await Promise.all([r.finished, i.finished]);
  r.stop();
  i.stop();
}, 60_000);
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.dispose();
  expect(server?.errors ?? []).toEqual([]);
});

async function socket(): Promise<RawClient> {
  const c = await rawClient(server.url);
  sockets.push(c);
  return c;
}

/** Every listed match, all pages. */
async function listAll(): Promise<any[]> {
  const out: any[] = [];
  let cursor: string | undefined;
  do {
    const r = await api(server.url, path(`?limit=100${cursor ? `&cursor=${cursor}` : ''}`));
    expect(r.status).toBe(200);
    out.push(...r.json.matches);
    cursor = r.json.nextCursor;
  } while (cursor);
  return out;
}

describe('item 2: rematch seats', () => {
  it('playAgain is refused before the game is over, and creates nothing', async () => {
    const { matchID, creds } = await matchWithPlayers(server.url);
    const before = (await server.db.listMatches()).length;
    const r = await api(server.url, path(`/${matchID}/playAgain`), { playerID: '0', credentials: creds['0'] });
    expect(r.status).toBe(409);
    expect(r.json.error).toMatch(/not over/);
    expect((await server.db.listMatches()).length).toBe(before);
    expect((await snapshot(server.db, matchID)).metadata.nextMatchID).toBeUndefined();
  });

  it('the rematch is held for the same players; a stranger can neither find it nor take a seat', async () => {
    const { matchID, creds } = done;
    const a = await api(server.url, path(`/${matchID}/playAgain`), { playerID: '0', credentials: creds['0'] });
    expect(a.status).toBe(200);
    const next = a.json.nextMatchID as string;
    expect(a.json.playerID).toBe('0');
    expect(typeof a.json.playerCredentials).toBe('string');
    // A stranger: the public GET and the listing never show the rematch.
    expect((await api(server.url, path(`/${matchID}`))).json.nextMatchID).toBeUndefined();
    const listed = await listAll();
    expect(listed.some((m) => 'nextMatchID' in m)).toBe(false);
    // (The rematch of a listed match is listed itself, as full: both seats show the players' names.)
    expect(listed.find((m) => m.matchID === next)?.players.map((p: { name?: string }) => p.name)).toEqual(['P0', 'P1']);
    const wrong = await api(server.url, path(`/${matchID}`), undefined, { headers: { 'X-Player-ID': '1', 'X-Player-Credentials': 'guess' } });
    expect(wrong.status).toBe(403);
    expect(wrong.text).not.toContain(next);
    // Even knowing the ID, both seats are taken (by the two players' names) and no credentials work.
    for (const playerID of ['0', '1', undefined]) {
      const j = await api(server.url, path(`/${next}/join`), { playerID, playerName: 'Mallory' });
      expect(j.status).toBe(409);
      expect(j.text).not.toMatch(/Credentials/);
    }
    const stranger = await socket();
    expect((await rawSync(stranger, next, '1', 'guess'))[2]).toEqual({ event: 'sync', error: 'unauthorized' });
    expect((await api(server.url, path(`/${matchID}/playAgain`), { playerID: '1', credentials: 'guess' })).status).toBe(403);
    // The other player gets the same rematch with its own seat's credentials, and both can play it.
    const b = await api(server.url, path(`/${matchID}/playAgain`), { playerID: '1', credentials: creds['1'] });
    expect(b.status).toBe(200);
    expect(b.json.nextMatchID).toBe(next);
    expect(b.json.playerCredentials).not.toBe(a.json.playerCredentials);
    // Asking again gives the same answer (a reload of the page).
    expect((await api(server.url, path(`/${matchID}/playAgain`), { playerID: '0', credentials: creds['0'] })).json).toEqual(a.json);
    const seat = await api(server.url, path(`/${matchID}`), undefined, { headers: { 'X-Player-ID': '1', 'X-Player-Credentials': creds['1'] } });
    expect(seat.json.nextMatchID).toBe(next);
    const p0 = await socket();
    const p1 = await socket();
    expect((await rawSync(p0, next, '0', a.json.playerCredentials))[0]).toBe('sync');
    const [ev, , info] = await rawSync(p1, next, '1', b.json.playerCredentials) as [string, string, { state: State<GameState> }];
    expect(ev).toBe('sync');
    const players = (await api(server.url, path(`/${next}`))).json.players;
    expect(players.map((p: { name?: string }) => p.name)).toEqual(['P0', 'P1']);
    expect(info.state.ctx.gameover).toBeUndefined();
  });

  it('an unlisted rematch of a listed match appears in no listing', async () => {
    const { matchID, creds } = await matchWithPlayers(server.url);
    // End it: the Imperial leaves (forfeit); the Rebel asks for an unlisted rematch.
    expect((await api(server.url, path(`/${matchID}/leave`), { playerID: '1', credentials: creds['1'] })).status).toBe(200);
    const r = await api(server.url, path(`/${matchID}/playAgain`), { playerID: '0', credentials: creds['0'], unlisted: true });
    expect(r.status).toBe(200);
    const listing = JSON.stringify(await listAll());
    expect(listing).toContain(matchID);
    expect(listing).not.toContain(r.json.nextMatchID);
    // The seat of the player who left is open in the rematch (a new match, nothing of the old one).
    const players = (await api(server.url, path(`/${r.json.nextMatchID}`))).json.players;
    expect(players).toEqual([{ id: 0, name: 'P0' }, { id: 1 }]);
  });
});

describe('item 3: leaving an unfinished match', () => {
  it('ends it as a forfeit; the seat can never be joined again; the opponent keeps its seat', async () => {
    const { matchID, creds } = await matchWithPlayers(server.url);
    const rebel = await socket();
    const imperial = await socket();
    let state = ((await rawSync(rebel, matchID, '0', creds['0']))[2] as { state: State<GameState> }).state;
    await rawSync(imperial, matchID, '1', creds['1']);
    // A few moves in (past the setup, where the hidden base is chosen).
    for (let k = 0; k < 4 && state.G.pending; k++) {
      const id = state.G.pending.seat === 'R' ? '0' : '1';
      const c = id === '0' ? rebel : imperial;
      const { MintImperium } = await import('../../src/game');
      const enumerate = MintImperium.ai!.enumerate as unknown as (G: GameState, ctx: unknown, p: string) => { move: string; args: unknown[] }[];
      const view = ((await rawSync(c, matchID, id, creds[id]))[2] as { state: State<GameState> }).state;
      const [m] = enumerate(view.G, view.ctx, id);
      const ans = await rawUpdate(c, moveAction(m.move, m.args, id, creds[id]), view._stateID, matchID, id);
      expect(ans[0]).toBe('update');
      state = ((await rawSync(rebel, matchID, '0', creds['0']))[2] as { state: State<GameState> }).state;
    }
    const ended = imperial.next(['update']);
    const evicted = rebel.next(['mint:error']);
    expect((await api(server.url, path(`/${matchID}/leave`), { playerID: '0', credentials: creds['0'] })).status).toBe(200);
    expect((await evicted)[2]).toEqual({ event: 'sync', error: 'seat released' });
    const final = (await ended)[2] as State<GameState>;
    expect(final.ctx.gameover).toEqual({ winner: '1', reason: 'forfeit' });
    expect(final.G.winner).toEqual({ faction: 'I', reason: 'forfeit' });
    expect(flowMismatch(final.G, final.ctx as never)).toBeNull();
    const stored = await snapshot(server.db, matchID);
    expect(stored.metadata.gameover).toEqual({ winner: '1', reason: 'forfeit' });
    expect(stored.state!.G.log.at(-1)).toMatchObject({ e: 'gameOver', winner: 'I', reason: 'forfeit' });
    // Nobody takes the seat: not a stranger, not the opponent from a second browser, with or without playerID.
    for (const body of [{ playerID: '0', playerName: 'Mallory' }, { playerName: 'Mallory' }, { playerID: '0', playerName: 'Opponent again' }]) {
      const j = await api(server.url, path(`/${matchID}/join`), body);
      expect(j.status).toBe(409);
      expect(j.json.playerCredentials).toBeUndefined();
    }
    const stranger = await socket();
    expect((await rawSync(stranger, matchID, '0', creds['0']))[2]).toEqual({ event: 'sync', error: 'unauthorized' });
    // The Imperial still holds its seat and sees the end; the game takes no more moves.
    const [ev, , info] = await rawSync(imperial, matchID, '1', creds['1']) as [string, string, { state: State<GameState> }];
    expect(ev).toBe('sync');
    expect(info.state.ctx.gameover).toEqual({ winner: '1', reason: 'forfeit' });
    expect((await rawUpdate(imperial, moveAction('pass', [], '1', creds['1']), info.state._stateID, matchID, '1'))[2])
      .toMatchObject({ error: 'game over' });
    // Leaving the finished match does not reopen a seat either.
    expect((await api(server.url, path(`/${matchID}/leave`), { playerID: '1', credentials: creds['1'] })).status).toBe(200);
    expect((await api(server.url, path(`/${matchID}/join`), { playerID: '1', playerName: 'Mallory' })).status).toBe(404);
  });

  it('a leaver whose opponent never came: the match is deleted', async () => {
    const r = await api(server.url, path('/create'), { numPlayers: 2 });
    const creds = await joinMatch(server.url, r.json.matchID, '0');
    expect((await api(server.url, path(`/${r.json.matchID}/leave`), { playerID: '0', credentials: creds })).status).toBe(200);
    expect((await api(server.url, path(`/${r.json.matchID}`))).status).toBe(404);
  });
});

describe('items 10 and 11: names and renames', () => {
  it('refuses names that look blank, "Bot" and the other seat\'s name; accepts visible joined emoji', async () => {
    const { matchID, creds } = await matchWithPlayers(server.url); // P0 and P1
    const blank = ['\u3164', '\uFFA0', '\u2800', '\u17B4', '\u034F', '\u0301', '\u0301\u0308', 'ㅤㅤ', '\u200D'];
    for (const newName of [...blank, 'Bot', 'bot', ' BOT ', 'Random bot', 'Bot (normal)', 'bot (hard)', 'P1', 'p1', 'Ｐ1', 'P\u200B1']) {
      const r = await api(server.url, path(`/${matchID}/update`), { playerID: '0', credentials: creds['0'], newName });
      expect(r.status, JSON.stringify(newName)).toBe(400);
    }
    const fresh = (await api(server.url, path('/create'), {})).json.matchID;
    expect((await api(server.url, path(`/${fresh}/join`), { playerID: '0', playerName: '\u3164' })).status).toBe(400);
    expect((await api(server.url, path(`/${fresh}/join`), { playerID: '0', playerName: 'Bot' })).status).toBe(400);
    expect((await api(server.url, path(`/${fresh}/join`), { playerID: '0', playerName: '👩‍🚀' })).status).toBe(200);
    expect((await api(server.url, path(`/${fresh}/join`), { playerID: '1', playerName: '👩‍🚀' })).status).toBe(400);
    expect((await api(server.url, path(`/${fresh}/join`), { playerID: '1', playerName: 'Zoë 🏳️‍🌈' })).status).toBe(200);
    expect((await snapshot(server.db, matchID)).metadata.players['0'].name).toBe('P0');
  });

  it('renames are rate-limited per seat', async () => {
    const { matchID, creds } = await matchWithPlayers(server.url);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await api(server.url, path(`/${matchID}/update`), { playerID: '0', credentials: creds['0'], newName: `Name ${i}` })).status);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    expect((await snapshot(server.db, matchID)).metadata.players['0'].name).toBe('Name 4');
    // The other seat has its own budget.
    expect((await api(server.url, path(`/${matchID}/update`), { playerID: '1', credentials: creds['1'], newName: 'Other' })).status).toBe(200);
  });
});
