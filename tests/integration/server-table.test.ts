/**
 * Turn clocks and abandoned seats (issue 10 items 2 and 3) over real sockets, with an injected server time:
 * a live bank decreases only on the mover's side (plus the increment); a move after the time ran out is refused
 * and changes nothing; the opponent may then claim the win, or hand the seat to the server bot, which plays it from
 * its view to the end; a seat away longer than the limit may be handed over, its owner takes it back; nobody else
 * can take a seat or trigger a hand-over. The clock state survives a SIGKILL restart (child server).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { State } from 'boardgame.io';
import { MintImperium, playerOf } from '../../src/game';
import type { GameState } from '../../src/game/rules';
import { viewFor } from '../../src/game/rules/view';
import type { MatchEvent } from '../../server/events';
import { createStorage } from '../../server/storage';
import { freePort, kill, startChild } from './child-server';
import {
  api, GAME, joinMatch, moveAction, randomPlayer, rawClient, rawSync, rawUpdate, snapshot, startTestServer, tempDir, waitFor,
  type RawClient, type TestServer,
} from './server-helpers';

type Enumerate = (G: GameState, ctx: unknown, playerID: string) => { move: string; args: unknown[] }[];
const enumerate = MintImperium.ai!.enumerate as unknown as Enumerate;
const MIN = 60_000;

let now = 1_700_000_000_000;
const events: MatchEvent[] = [];
let server: TestServer;
const open: RawClient[] = [];
beforeAll(async () => {
  server = await startTestServer('sqlite', { now: () => now, handoverBot: 'random', abandonMs: 3 * MIN, events: (e) => events.push(e) });
});
afterAll(async () => {
  for (const c of open) c.close();
  await server?.dispose();
});

async function client(): Promise<RawClient> {
  const c = await rawClient(server.url);
  open.push(c);
  return c;
}

async function clockedMatch(clock: unknown) {
  const r = await api(server.url, `/games/${GAME}/create`, { clock });
  expect(r.status, r.text).toBe(200);
  const matchID = r.json.matchID as string;
  const creds: Record<string, string> = { '0': await joinMatch(server.url, matchID, '0'), '1': await joinMatch(server.url, matchID, '1') };
  const sockets: Record<string, RawClient> = { '0': await client(), '1': await client() };
  for (const id of ['0', '1']) await rawSync(sockets[id], matchID, id, creds[id]);
  return { matchID, creds, sockets };
}

async function stored(matchID: string) {
  const s = await snapshot(server.db, matchID);
  return { state: s.state as State<GameState>, metadata: s.metadata };
}

/** The seat the game waits for, and its first legal move from its own view. */
async function pendingMove(matchID: string) {
  const { state } = await stored(matchID);
  const seat = state.G.pending!.seat;
  const id = playerOf(seat);
  const [m] = enumerate(viewFor(state.G, seat), state.ctx, id);
  return { id, stateID: state._stateID, m };
}

async function play(t: { matchID: string; creds: Record<string, string>; sockets: Record<string, RawClient> }) {
  const { id, stateID, m } = await pendingMove(t.matchID);
  const answer = await rawUpdate(t.sockets[id], moveAction(m.move, m.args, id, t.creds[id]), stateID, t.matchID, id);
  return { id, answer };
}

/** Poll the stored state until it is past `stateID` (a bot moved). */
async function stateAbove(matchID: string, stateID: number, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while ((await stored(matchID)).state._stateID <= stateID) {
    if (Date.now() - start > timeoutMs) throw new Error(`no move after state ${stateID}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const table = (matchID: string, action: string, playerID: unknown, credentials: unknown) =>
  api(server.url, `/games/${GAME}/${matchID}/table`, { playerID, credentials, action });
const other = (id: string) => (id === '0' ? '1' : '0');

describe('live clock (bank + increment)', () => {
  it('starts when both seats are taken; a decision is charged to the mover only, plus the increment', async () => {
    const t = await clockedMatch({ kind: 'live', bankMs: 5 * MIN, incrementMs: 20_000 });
    const first = (await stored(t.matchID)).metadata.clock;
    expect(first).toMatchObject({ kind: 'live', banks: { '0': 5 * MIN, '1': 5 * MIN }, running: { since: now } });
    // Both sockets got the clock.
    for (const id of ['0', '1']) expect(t.sockets[id].received.some((m) => m[0] === 'mint:table' && (m[2] as { clock?: unknown }).clock)).toBe(true);
    now += 40_000;
    const { id, answer } = await play(t);
    expect(answer[0]).toBe('update');
    const after = (await stored(t.matchID)).metadata.clock;
    expect(after.banks[id]).toBe(5 * MIN - 40_000 + 20_000);
    expect(after.banks[other(id)]).toBe(5 * MIN);
    expect(after.running.since).toBe(now);
    // The listing shows the clock's settings (never its state).
    expect((await api(server.url, `/games/${GAME}/${t.matchID}`)).json.clock).toEqual({ kind: 'live', bankMs: 5 * MIN, incrementMs: 20_000 });
  });

  it('a move after the time ran out is refused and changes nothing; only then may the opponent claim the win', async () => {
    const t = await clockedMatch({ kind: 'live', bankMs: MIN, incrementMs: 0 });
    const { id } = await pendingMove(t.matchID);
    const waiting = other(id);
    expect((await table(t.matchID, 'claimWin', waiting, t.creds[waiting])).status).toBe(409); // still has time
    now += MIN + 1;
    const before = await snapshot(server.db, t.matchID);
    const { answer } = await play(t);
    expect(answer).toEqual(['mint:error', t.matchID, { event: 'update', error: 'time is up' }]);
    const after = await snapshot(server.db, t.matchID);
    expect(after.state).toEqual(before.state);
    expect(after.log).toEqual(before.log);
    expect(after.metadata.clock.expired).toBe(id);
    expect(events).toContainEqual({ event: 'clockExpired', matchID: t.matchID, playerID: id });
    // The late seat cannot claim; strangers and wrong credentials cannot either.
    expect((await table(t.matchID, 'claimWin', id, t.creds[id])).status).toBe(409);
    expect((await table(t.matchID, 'claimWin', waiting, 'guess')).status).toBe(403);
    expect((await table(t.matchID, 'claimWin', waiting, undefined)).status).toBe(403);
    expect((await table(t.matchID, 'claimWin', '2', t.creds[waiting])).status).toBe(400);
    const r = await table(t.matchID, 'claimWin', waiting, t.creds[waiting]);
    expect(r.status, r.text).toBe(200);
    const end = await stored(t.matchID);
    expect(end.state.ctx.gameover).toEqual({ winner: waiting, reason: 'time' });
    expect(end.state.G.winner).toEqual({ faction: waiting === '0' ? 'R' : 'I', reason: 'time' });
    expect(end.metadata.gameover).toEqual(end.state.ctx.gameover);
    expect(end.metadata.clock.stopped).toBe(true);
  });
});

describe('turn-based clock and hand-over to the bot', () => {
  it('each turn has its own limit; after it ran out the opponent hands the seat to the bot, which finishes the game', async () => {
    const t = await clockedMatch({ kind: 'turn', perDecisionMs: 60 * MIN });
    now += 59 * MIN;
    expect((await play(t)).answer[0]).toBe('update'); // just in time
    const { id } = await pendingMove(t.matchID);
    now += 61 * MIN;
    expect((await play(t)).answer[2]).toEqual({ event: 'update', error: 'time is up' });
    const claimer = other(id);
    // The late seat cannot hand the other (on-time) seat over.
    expect((await table(t.matchID, 'handToBot', id, t.creds[id])).status).toBe(409);
    const stateID = (await stored(t.matchID)).state._stateID;
    const r = await table(t.matchID, 'handToBot', claimer, t.creds[claimer]);
    expect(r.status, r.text).toBe(200);
    const md = (await stored(t.matchID)).metadata;
    expect(md.players[Number(id)].data).toEqual({ bot: 'random', handedOver: true });
    expect(md.handovers).toEqual([expect.objectContaining({ seat: id, from: stateID, why: 'time' })]);
    // Paused while the bot holds the seat (issue 19 item 5), not stopped for good (the bot may have moved already).
    expect(md.clock).toMatchObject({ running: null, paused: expect.any(Object) });
    expect(md.clock.stopped).toBeUndefined();
    expect(events).toContainEqual({ event: 'handedToBot', matchID: t.matchID, playerID: id, by: claimer, why: 'time', stateID });
    // A second hand-over of the same seat is refused.
    expect((await table(t.matchID, 'handToBot', claimer, t.creds[claimer])).status).toBe(409);
    // The claimer plays on (a boardgame.io client); the bot plays the other seat to the end.
    t.sockets[claimer].close();
    const player = randomPlayer(server.url, t.matchID, claimer === '0' ? 'R' : 'I', t.creds[claimer]);
    try {
      await player.finished;
    } finally {
      player.stop();
    }
    const end = await snapshot(server.db, t.matchID);
    expect(end.state!.ctx.gameover).toBeDefined();
    const botMoves = end.log!.filter((e) => e.action.type === 'MAKE_MOVE' && e.action.payload.playerID === id && e._stateID >= stateID);
    expect(botMoves.length).toBeGreaterThan(0);
    // Listing: the seat shows as a bot seat; the owner's credentials still name it (My matches lists it).
    expect((await api(server.url, '/my-matches', { seats: [{ matchID: t.matchID, playerID: id, credentials: t.creds[id] }] })).json.matches[0].status).toBe('finished');
  }, 60_000);
});

describe('abandoned seats', () => {
  it('after the disconnect limit the opponent hands the seat to the bot; the owner comes back and takes it back', async () => {
    const t = await clockedMatch(undefined);
    // Let the seat that does not move first walk away, so the bot has something to do once it holds it.
    const { id: mover } = await pendingMove(t.matchID);
    const leaver = other(mover);
    t.sockets[leaver].close();
    await waitFor(() => server.hub.connections(t.matchID) === 1, 3000, 'the disconnect');
    await new Promise((r) => setTimeout(r, 50));
    const away = (await stored(t.matchID)).metadata.players[Number(leaver)];
    expect(away).toMatchObject({ isConnected: false, awaySince: now });
    now += 2 * MIN;
    expect((await table(t.matchID, 'handToBot', mover, t.creds[mover])).status).toBe(409);
    // Nobody else: no credentials, the other seat's credentials, a spectator socket's nothing.
    expect((await table(t.matchID, 'handToBot', mover, t.creds[leaver])).status).toBe(403);
    expect((await table(t.matchID, 'takeBack', mover, t.creds[mover])).status).toBe(409);
    now += MIN + 1;
    // The away seat's owner (from elsewhere) cannot hand the connected opponent over.
    expect((await table(t.matchID, 'handToBot', leaver, t.creds[leaver])).status).toBe(409);
    expect((await table(t.matchID, 'handToBot', mover, t.creds[mover])).status).toBe(200);
    expect((await stored(t.matchID)).metadata.handovers).toEqual([expect.objectContaining({ seat: leaver, from: expect.any(Number), why: 'away' })]);
    // The mover plays; the bot answers for the away seat.
    const startID = (await stored(t.matchID)).state._stateID;
    for (let i = 0; i < 6; i++) {
      const p = await pendingMove(t.matchID);
      if (p.id === mover) {
        expect((await play(t)).answer[0]).toBe('update');
      } else {
        // The away seat's decision: the bot makes it.
        await stateAbove(t.matchID, p.stateID);
      }
    }
    await waitFor(() => server.bots.active === 0, 5000, 'the bot to settle');
    const mid = await snapshot(server.db, t.matchID);
    const byBot = mid.log!.filter((e) => e.action.type === 'MAKE_MOVE' && e.action.payload.playerID === leaver && e._stateID >= startID);
    expect(byBot.length).toBeGreaterThan(0);
    // The owner returns and takes the seat back: the bot no longer plays it.
    const back = await client();
    await rawSync(back, t.matchID, leaver, t.creds[leaver]);
    expect((await table(t.matchID, 'takeBack', leaver, t.creds[leaver])).status).toBe(200);
    const md = (await stored(t.matchID)).metadata;
    expect(md.players[Number(leaver)].data).toBeUndefined();
    expect(md.players[Number(leaver)].isConnected).toBe(true);
    expect(md.handovers[0].to).toBeGreaterThanOrEqual(md.handovers[0].from);
    // Play until the returned owner has a decision: the bot leaves it alone.
    t.sockets[leaver] = back;
    for (let i = 0; i < 40; i++) {
      const p = await pendingMove(t.matchID);
      if (p.id === leaver) break;
      expect((await play(t)).answer[0]).toBe('update');
    }
    const waitingID = (await stored(t.matchID)).state._stateID;
    if ((await pendingMove(t.matchID)).id === leaver) {
      await new Promise((r) => setTimeout(r, 300));
      expect((await stored(t.matchID)).state._stateID).toBe(waitingID);
      expect((await play(t)).answer[0]).toBe('update'); // and the owner's own move is accepted
    }
  }, 60_000);
});

describe('clock state across a SIGKILL restart (child server, SQLite)', () => {
  it('the stored clock and the one sent after the restart are the clock before', async () => {
    const dir = tempDir('mint-clock-restart-');
    const file = join(dir.dir, 'clock.sqlite');
    const port = await freePort();
    const env = { DATABASE_URL: file, PORT: String(port), EVENT_LOG: 'off' };
    const url = `http://localhost:${port}`;
    let child = await startChild(env);
    const sockets: RawClient[] = [];
    try {
      const r = await api(url, `/games/${GAME}/create`, { clock: { kind: 'live', bankMs: 10 * MIN, incrementMs: 20_000 } });
      const matchID = r.json.matchID as string;
      const creds: Record<string, string> = { '0': await joinMatch(url, matchID, '0'), '1': await joinMatch(url, matchID, '1') };
      const reader = createStorage(file);
      const state = (await reader.fetch(matchID, { state: true })).state as State<GameState>;
      const id = playerOf(state.G.pending!.seat);
      const s = await rawClient(url);
      sockets.push(s);
      await rawSync(s, matchID, id, creds[id]);
      const [m] = enumerate(viewFor(state.G, state.G.pending!.seat), state.ctx, id);
      expect((await rawUpdate(s, moveAction(m.move, m.args, id, creds[id]), state._stateID, matchID, id))[0]).toBe('update');
      const before = (await reader.fetch(matchID, { metadata: true })).metadata as unknown as { clock: { banks: Record<string, number> } };
      expect(before.clock.banks[id]).toBeLessThan(10 * MIN + 20_000);
      expect(before.clock.banks[id]).toBeGreaterThan(10 * MIN);
      await kill(child);
      child = await startChild(env);
      const after = (await reader.fetch(matchID, { metadata: true })).metadata as unknown as { clock: unknown };
      expect(after.clock).toEqual(before.clock);
      const c = await rawClient(url);
      sockets.push(c);
      const tableMsg = c.next(['mint:table'], 10_000);
      await rawSync(c, matchID, other(id), creds[other(id)]);
      const [, , view] = await tableMsg as [string, string, { clock: Record<string, unknown> }];
      const { serverNow: _n, ...clock } = view.clock;
      expect(clock).toEqual(before.clock);
      await reader.close();
    } finally {
      for (const x of sockets) x.close();
      await kill(child);
      dir.remove();
    }
  }, 60_000);
});
