/**
 * Hint requests through the real server (issue 22 item 1): `POST …/hint` is granted only to a seated player with
 * valid credentials, at their own decision, in a match created with hints, while they have hints left; each grant
 * is counted in the match's metadata (stored: it survives a fresh read of the database), announced to every socket
 * in 'mint:table' and leaves the game state untouched (same state and _stateID). Every refusal (no hints allowed,
 * a spectator or bad credentials, not your decision, the limit reached, an unknown match, a seat the bot plays
 * after a hand-over, a finished match) answers a clear error and changes nothing. The lobby lists the setting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { State } from 'boardgame.io';
import type { GameState } from '../../src/game/rules';
import type { HintTable } from '../../src/protocol';
import {
  api, GAME, joinMatch, rawClient, rawSync, snapshot, startTestServer, waitFor, type RawClient, type TestServer,
} from './server-helpers';

let server: TestServer;
const open: RawClient[] = [];
beforeAll(async () => {
  server = await startTestServer('sqlite');
});
afterAll(async () => {
  for (const c of open) c.close();
  await server?.dispose();
});

async function match(extras: Record<string, unknown>) {
  const r = await api(server.url, `/games/${GAME}/create`, { numPlayers: 2, ...extras });
  expect(r.status, r.text).toBe(200);
  const matchID = r.json.matchID as string;
  const creds: Record<string, string> = { '0': await joinMatch(server.url, matchID, '0'), '1': await joinMatch(server.url, matchID, '1') };
  return { matchID, creds };
}

const ask = (matchID: string, body: unknown) => api(server.url, `/games/${GAME}/${matchID}/hint`, body);

async function stored(matchID: string) {
  const s = await snapshot(server.db, matchID);
  return { state: s.state as State<GameState>, hints: (s.metadata as { hints?: HintTable }).hints };
}

/** The playerID whose decision is pending (the Imperial's set-up first: R3). */
async function deciding(matchID: string): Promise<{ me: '0' | '1'; other: '0' | '1' }> {
  const { state } = await stored(matchID);
  const me = state.G.pending!.seat === 'R' ? '0' : '1';
  return { me, other: me === '0' ? '1' : '0' };
}

/** A refusal: the status, a message naming the reason, and nothing stored changed. */
async function refused(matchID: string, body: unknown, status: number, message: RegExp) {
  const before = await snapshot(server.db, matchID);
  const r = await ask(matchID, body);
  expect(r.status, r.text).toBe(status);
  expect(r.json.error).toMatch(message);
  expect(await snapshot(server.db, matchID)).toEqual(before);
}

describe('POST …/hint', () => {
  it('grants a seated player\'s hint at their decision, counts it, tells the table, and leaves the game alone', async () => {
    const { matchID, creds } = await match({ hints: { limit: 2 } });
    const listed = await api(server.url, `/games/${GAME}/${matchID}`);
    expect(listed.json.hints).toEqual({ limit: 2 });
    const { me } = await deciding(matchID);
    const watcher = await rawClient(server.url);
    open.push(watcher);
    await rawSync(watcher, matchID, undefined);
    const before = await stored(matchID);
    expect(before.hints).toEqual({ limit: 2, used: { 0: 0, 1: 0 }, asked: [] });
    const r = await ask(matchID, { playerID: me, credentials: creds[me] });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toEqual({ left: 1 });
    const after = await stored(matchID);
    expect(after.state).toEqual(before.state); // no move, no log line in G, same _stateID
    expect(after.hints!.used[me]).toBe(1);
    expect(after.hints!.asked).toEqual([{ seat: me, round: before.state.G.round, at: before.state.G.log.filter((e) => !e.to).length, stateID: before.state._stateID }]);
    // Everyone at the table, a spectator too, hears of it (the log line "… asked for a hint").
    await waitFor(() => watcher.received.some((m) => m[0] === 'mint:table' && (m[2] as { hints?: HintTable }).hints?.asked.length === 1), 10_000, 'mint:table with the hint');
    // A fresh read of the database (another process, a restart) sees the count.
    const { metadata } = await server.db.fetch(matchID, { metadata: true });
    expect((metadata as { hints?: HintTable }).hints!.used[me]).toBe(1);
    expect((await ask(matchID, { playerID: me, credentials: creds[me] })).json).toEqual({ left: 0 });
    await refused(matchID, { playerID: me, credentials: creds[me] }, 409, /used all 2 hints/);
  });

  it('refuses a match created without hints, and the lobby says so', async () => {
    const { matchID, creds } = await match({});
    expect((await api(server.url, `/games/${GAME}/${matchID}`)).json.hints).toBeUndefined();
    const { me } = await deciding(matchID);
    await refused(matchID, { playerID: me, credentials: creds[me] }, 409, /without hints/);
  });

  it('refuses spectators and bad credentials, and the seat that is not deciding', async () => {
    const { matchID, creds } = await match({ hints: {} });
    const { me, other } = await deciding(matchID);
    await refused(matchID, { playerID: me }, 403, /invalid credentials/);
    await refused(matchID, { playerID: me, credentials: creds[other] }, 403, /invalid credentials/);
    await refused(matchID, { playerID: me, credentials: 'x'.repeat(21) }, 403, /invalid credentials/);
    await refused(matchID, { playerID: other, credentials: creds[other] }, 409, /not your decision/);
    await refused(matchID, { playerID: '2', credentials: creds[me] }, 400, /playerID/);
    await refused(matchID, { playerID: me, credentials: creds[me], seat: 'R' }, 400, /seat/);
    expect((await stored(matchID)).hints).toEqual({ limit: 3, used: { 0: 0, 1: 0 }, asked: [] });
  });

  it('refuses an unknown match, a seat the bot plays after a hand-over, and a finished match', async () => {
    const none = await ask('no-such-match', { playerID: '0', credentials: 'x'.repeat(21) });
    expect(none.status, none.text).toBe(404);
    expect(none.json.error).toMatch(/match not found/);

    const { matchID, creds } = await match({ hints: {} });
    const { me, other } = await deciding(matchID);
    // A hand-over (server/table/route.ts) marks the seat as the bot's in the match's metadata; its owner keeps the
    // credentials to take it back, but no hint while the bot plays it.
    const { metadata } = await server.db.fetch(matchID, { metadata: true });
    const seat = metadata!.players[Number(me)];
    const own = seat.data;
    seat.data = { ...(own as object | undefined), bot: 'random', handedOver: true };
    await server.db.setMetadata(matchID, metadata!);
    await refused(matchID, { playerID: me, credentials: creds[me] }, 409, /played by the bot/);
    seat.data = own;
    await server.db.setMetadata(matchID, metadata!);
    expect((await ask(matchID, { playerID: me, credentials: creds[me] })).json).toEqual({ left: 2 });

    // The other player leaves: the match is over (a forfeit); the one left at the table gets no hint.
    const left = await api(server.url, `/games/${GAME}/${matchID}/leave`, { playerID: other, credentials: creds[other] });
    expect(left.status, left.text).toBe(200);
    const { state } = await stored(matchID);
    expect(state.ctx.gameover ?? state.G.winner).toBeTruthy();
    await refused(matchID, { playerID: me, credentials: creds[me] }, 409, /the game is over/);
    expect((await stored(matchID)).hints!.used).toEqual({ [me]: 1, [other]: 0 });
  });

  it('refuses a bad hints option at creation', async () => {
    for (const hints of [{ limit: 0 }, { limit: 2.5 }, { limit: 99 }, { max: 3 }, true]) {
      const r = await api(server.url, `/games/${GAME}/create`, { numPlayers: 2, hints });
      expect(r.status, JSON.stringify(hints)).toBe(400);
      expect(r.json.error).toMatch(/hints/);
    }
  });
});
