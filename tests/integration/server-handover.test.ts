/**
 * Issue 10 items 2 and 3, what the previous round left open, over real sockets with an injected server time:
 * - the server notices by itself (./server/table-timer.ts) that a clock ran out or a seat passed the disconnect
 *   limit and pushes the table to the opponent, with no move and no table action; a seat whose player never
 *   opened a socket can be declared abandoned too;
 * - the log says who played each decision: "The bot plays for … from here", the bot's lines tagged, "…'s owner
 *   took the seat back" — in the stored game and in both players' views; a client cannot fake that note;
 * - the record of a game the bot finished marks it (`finishedByBot`: which seat, from which decision) and verifies.
 * The restart half (deadlines re-armed from storage) is in server-handover-restart.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { State } from 'boardgame.io';
import { MintImperium, playerOf } from '../../src/game';
import { parseRecord, verifyRecord, type GameRecord } from '../../src/game/record';
import type { GameState, LogEvent } from '../../src/game/rules';
import { viewFor } from '../../src/game/rules/view';
import type { MatchEvent } from '../../server/events';
import { RandomBotPlayer } from '../../server/bots/random';
import type { BotPlayer } from '../../server/bots/BotPlayer';
import {
  api, GAME, joinMatch, moveAction, randomPlayer, rawClient, rawSync, rawUpdate, snapshot, startTestServer, waitFor,
  type RawClient, type TestServer,
} from './server-helpers';

type Enumerate = (G: GameState, ctx: unknown, playerID: string) => { move: string; args: unknown[] }[];
const enumerate = MintImperium.ai!.enumerate as unknown as Enumerate;
const MIN = 60_000;

let now = 1_800_000_000_000;
const events: MatchEvent[] = [];
let server: TestServer;
const open: RawClient[] = [];
/** What the hand-over bot was given: its seat's view only (RULES §8), checked below. */
const botViews: { view: GameState; seat: 'R' | 'I'; matchID?: string }[] = [];
const random = new RandomBotPlayer();
const watchedBot: BotPlayer = { choose: (view, seat, job) => { botViews.push({ view, seat, matchID: job?.matchID }); return random.choose(view, seat); } };
beforeAll(async () => {
  server = await startTestServer('sqlite', {
    now: () => now, handoverBot: 'random', abandonMs: 3 * MIN, tableTickMs: 20, events: (e) => events.push(e),
    bots: { players: { random: watchedBot } },
  });
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
const other = (id: string) => (id === '0' ? '1' : '0');
const stored = async (matchID: string) => {
  const s = await snapshot(server.db, matchID);
  return { state: s.state as State<GameState>, metadata: s.metadata, log: s.log! };
};
const table = (matchID: string, action: string, playerID: string, credentials: string) =>
  api(server.url, `/games/${GAME}/${matchID}/table`, { playerID, credentials, action });
type TableMsg = { clock?: { expired?: string }; abandoned: string[] };
/** The next 'mint:table' a socket gets that satisfies `ok`. */
async function pushed(c: RawClient, ok: (v: TableMsg) => boolean, timeoutMs = 5000): Promise<TableMsg> {
  const from = c.received.length;
  await waitFor(() => c.received.slice(from).some((m) => m[0] === 'mint:table' && ok(m[2] as TableMsg)), timeoutMs, 'the table push');
  return c.received.slice(from).find((m) => m[0] === 'mint:table' && ok(m[2] as TableMsg))![2] as TableMsg;
}

async function seatedMatch(clock: unknown, connect: string[] = ['0', '1']) {
  const r = await api(server.url, `/games/${GAME}/create`, clock ? { clock } : {});
  expect(r.status, r.text).toBe(200);
  const matchID = r.json.matchID as string;
  const creds: Record<string, string> = { '0': await joinMatch(server.url, matchID, '0'), '1': await joinMatch(server.url, matchID, '1') };
  const sockets: Record<string, RawClient> = {};
  for (const id of connect) {
    sockets[id] = await client();
    await rawSync(sockets[id], matchID, id, creds[id]);
  }
  return { matchID, creds, sockets };
}

/** The pending seat's first legal move from its own view, sent over its socket. */
async function play(t: { matchID: string; creds: Record<string, string>; sockets: Record<string, RawClient> }, extraArg?: unknown) {
  const { state } = await stored(t.matchID);
  const id = playerOf(state.G.pending!.seat);
  const [m] = enumerate(viewFor(state.G, state.G.pending!.seat), state.ctx, id);
  const args = extraArg === undefined ? m.args : [...m.args, extraArg];
  const c = t.sockets[id];
  let answer = await rawUpdate(c, moveAction(m.move, args, id, t.creds[id]), state._stateID, t.matchID, id);
  // A broadcast of an earlier move may still be on its way to this socket: wait for this move's own answer.
  while (answer[0] === 'update' && (answer[2] as { _stateID: number })._stateID <= state._stateID) answer = await c.next(['update', 'mint:error']);
  return { id, answer };
}
const pendingID = async (matchID: string) => playerOf((await stored(matchID)).state.G.pending!.seat);

describe('the server tells the opponent by itself', () => {
  it('a live clock runs out: the opponent gets the expiry pushed, stored, logged once — no move, no claim', async () => {
    const t = await seatedMatch({ kind: 'live', bankMs: MIN, incrementMs: 0 });
    const late = await pendingID(t.matchID);
    const before = (await stored(t.matchID)).state._stateID;
    now += MIN - 1000;
    await new Promise((r) => setTimeout(r, 100));
    expect((await stored(t.matchID)).metadata.clock.expired).toBeUndefined();
    now += 1001;
    const v = await pushed(t.sockets[other(late)], (x) => x.clock?.expired === late);
    expect(v.clock!.expired).toBe(late);
    const after = await stored(t.matchID);
    expect(after.metadata.clock.expired).toBe(late);
    expect(after.state._stateID).toBe(before); // nothing was played
    await new Promise((r) => setTimeout(r, 100));
    expect(events.filter((e) => e.event === 'clockExpired' && e.matchID === t.matchID)).toEqual([{ event: 'clockExpired', matchID: t.matchID, playerID: late }]);
    expect((await table(t.matchID, 'claimWin', other(late), t.creds[other(late)])).status).toBe(200);
  });

  it('a seat whose player joined but never opened a socket is abandoned after the limit, and pushed as such', async () => {
    // The Rebel is at the table before the Imperial joins (who then never connects).
    const matchID = (await api(server.url, `/games/${GAME}/create`, {})).json.matchID as string;
    const creds: Record<string, string> = { '0': await joinMatch(server.url, matchID, '0') };
    const sockets: Record<string, RawClient> = { '0': await client() };
    await rawSync(sockets['0'], matchID, '0', creds['0']);
    creds['1'] = await joinMatch(server.url, matchID, '1');
    const t = { matchID, creds, sockets };
    expect((await stored(t.matchID)).metadata.players[1]).toMatchObject({ awaySince: now });
    now += 3 * MIN - 1;
    expect((await table(t.matchID, 'handToBot', '0', t.creds['0'])).status).toBe(409);
    now += 1;
    const v = await pushed(t.sockets['0'], (x) => x.abandoned?.includes('1'));
    expect(v.abandoned).toEqual(['1']);
    await waitFor(() => events.some((e) => e.event === 'seatAbandoned' && e.matchID === t.matchID), 3000, 'the event line');
    const r = await table(t.matchID, 'handToBot', '0', t.creds['0']);
    expect(r.status, r.text).toBe(200);
    expect((await stored(t.matchID)).metadata.handovers).toEqual([expect.objectContaining({ seat: '1', why: 'away' })]);
  });
});

describe('who played each decision, and games finished by the bot', () => {
  it('the log and both views say when the bot took a seat and when its owner took it back; the record marks the end', async () => {
    const t = await seatedMatch({ kind: 'turn', perDecisionMs: 60 * MIN });
    const seat = await pendingID(t.matchID); // the seat that goes to the bot
    const opp = other(seat);
    // A client cannot send the server's note (one argument only).
    expect((await play(t, { bot: true, handedOver: 'time' })).answer[2]).toEqual({ event: 'update', error: 'action refused: too many args' });
    now += 61 * MIN;
    await pushed(t.sockets[opp], (x) => x.clock?.expired === seat);
    expect((await table(t.matchID, 'handToBot', opp, t.creds[opp])).status).toBe(200);
    // The opponent plays until the bot made two decisions for the seat.
    // Issue 21 item 2: the server's note sits beside the stored entry, never in the move's arguments.
    const botMoves = async () => (await stored(t.matchID)).log.filter((e) => e.action.type === 'MAKE_MOVE'
      && e.action.payload.playerID === seat && (e as { played?: { bot?: boolean } }).played?.bot === true).length;
    // Waits on the bot's progress, not on a count of polls: on a loaded machine its decisions come slower (a fixed
    // 60 polls of 20 ms once ran out before its second decision). Fails after 30 s without a new bot decision.
    let seen = 0;
    let since = Date.now();
    for (let n = await botMoves(); n < 2; n = await botMoves()) {
      if (n > seen) [seen, since] = [n, Date.now()];
      expect(Date.now() - since, `the bot's decision ${n + 1} for its seat`).toBeLessThan(30_000);
      if ((await pendingID(t.matchID)) === opp) expect((await play(t)).answer[0]).toBe('update');
      else await new Promise((r) => setTimeout(r, 20));
    }
    await waitFor(() => server.bots.active === 0, 5000, 'the bot to settle');
    expect((await table(t.matchID, 'takeBack', seat, t.creds[seat])).status).toBe(200);
    // Play until the owner has made a decision of its own again.
    for (let i = 0; i < 60; i++) {
      const { id, answer } = await play(t);
      expect(answer[0]).toBe('update');
      if (id === seat) break;
    }
    const mid = await stored(t.matchID);
    // No stored move carries a note as an argument (issue 21 item 2); the three noted ones carry it beside them.
    expect(mid.log.filter((e) => e.action.type === 'MAKE_MOVE' && ((e.action.payload.args as unknown[] | undefined)?.length ?? 0) > 1)).toEqual([]);
    expect(mid.log.filter((e) => (e as { played?: unknown }).played !== undefined).length).toBeGreaterThanOrEqual(3);
    const log = mid.state.G.log;
    const toBot = log.findIndex((e) => e.e === 'seatToBot');
    const back = log.findIndex((e) => e.e === 'seatTakenBack');
    expect(log[toBot]).toMatchObject({ seat: seat === '0' ? 'R' : 'I', why: 'time' });
    expect(back).toBeGreaterThan(toBot);
    expect(log.slice(toBot + 1, back).some((e) => e.byBot === true)).toBe(true);
    expect(log.slice(back).some((e) => e.byBot === true)).toBe(false);
    expect(log.slice(0, toBot).some((e) => e.byBot === true)).toBe(false);
    // Both players see the two lines (public), from their own views.
    for (const id of ['0', '1']) {
      const c = await client();
      const [, , info] = await rawSync(c, t.matchID, id, t.creds[id]) as [string, string, { state: { G: GameState } }];
      const seen = info.state.G.log as LogEvent[];
      expect(seen.filter((e) => e.e === 'seatToBot' || e.e === 'seatTakenBack').map((e) => e.e)).toEqual(['seatToBot', 'seatTakenBack']);
      c.close();
    }

    // The owner walks away for the decision limit: handed over again (away), and the bot finishes the game. The clock
    // runs again since the take-back (issue 19 item 5), so the owner leaves on the opponent's turn and the opponent
    // answers within its limit: only the absence passes the limit, the owner's new turn does not.
    for (let i = 0; i < 60 && (await pendingID(t.matchID)) === seat; i++) expect((await play(t)).answer[0]).toBe('update');
    t.sockets[seat].close();
    await waitFor(() => server.hub.connections(t.matchID) === 1, 3000, 'the disconnect');
    await new Promise((r) => setTimeout(r, 50));
    now += 59 * MIN;
    for (let i = 0; i < 60 && (await pendingID(t.matchID)) === opp; i++) expect((await play(t)).answer[0]).toBe('update');
    now += MIN;
    await pushed(t.sockets[opp], (x) => x.abandoned?.includes(seat));
    expect((await table(t.matchID, 'handToBot', opp, t.creds[opp])).status).toBe(200);
    t.sockets[opp].close();
    const player = randomPlayer(server.url, t.matchID, opp === '0' ? 'R' : 'I', t.creds[opp]);
    try {
      await player.finished;
    } finally {
      player.stop();
    }
    const r = await api(server.url, `/games/${GAME}/${t.matchID}/record`);
    expect(r.status, r.text).toBe(200);
    const rec = parseRecord(r.json) as GameRecord;
    expect('error' in rec).toBe(false);
    expect(verifyRecord(rec)).toEqual({ ok: true });
    const faction = seat === '0' ? 'R' : 'I';
    expect(rec.players[Number(seat)].bot).toBeUndefined(); // the seat stays its owner's
    expect(rec.finishedByBot).toHaveLength(1);
    const [fin] = rec.finishedByBot!;
    expect(fin.seat).toBe(faction);
    expect(rec.actions[fin.fromAction]).toMatchObject({ seat: faction, played: { bot: true, handedOver: 'away' } });
    expect(rec.actions.filter((a) => a.played?.handedOver).map((a) => a.played!.handedOver)).toEqual(['time', 'away']);
    expect(rec.actions.filter((a) => a.played?.takenBack)).toHaveLength(1);
    expect(rec.actions.slice(fin.fromAction).filter((a) => a.seat === faction).every((a) => a.played?.bot)).toBe(true);
    // The bot played from its seat's view only: a view is its own view (viewFor keeps nothing more of it).
    const mine = botViews.filter((b) => b.matchID === t.matchID);
    expect(mine.length).toBeGreaterThan(3);
    for (const { view, seat: s } of mine) {
      expect(s).toBe(faction);
      expect(viewFor(view, s)).toEqual(view);
    }
    expect(server.errors).toEqual([]);
  }, 90_000);
});
