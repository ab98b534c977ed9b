/**
 * Issue 19 items 1 and 5, the clock attacks of the report, over real sockets and HTTP on the default SQLite server
 * with an injected server time (the hub's `now`):
 * - item 1: a take-back (`undo`) gives back nothing and restarts nothing. 30 "plan, take back" pairs leave a live
 *   bank as it was (the report: 620 s → 1,819 s), and the time they took is charged when the turn changes hands;
 *   on a 60-second turn clock, take-backs do not hold the turn open: the opponent's claim after the limit succeeds
 *   (the report: refused at 45, 90, 135 and 180 s);
 * - item 5: after a hand-over to the bot and the owner taking the seat back, the clock runs again with the banks it
 *   had (the report: `stopped: true` for good, a move accepted 65 s into a 60-second bank); the bot's time is
 *   charged to nobody.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchEvent } from '../../server/events';
import { rawSync, startTestServer, type RawClient, type TestServer } from './server-helpers';
import { clockTools, MIN } from './clock-helpers';

let now = 1_900_000_000_000;
const events: MatchEvent[] = [];
let server: TestServer;
const open: RawClient[] = [];
const { client, stored, seatedMatch, pendingID, play, table } = clockTools(() => server, open);

beforeAll(async () => {
  server = await startTestServer('sqlite', { now: () => now, handoverBot: 'random', abandonMs: 3 * MIN, tableTickMs: 20, events: (e) => events.push(e) });
});
afterAll(async () => {
  for (const c of open) c.close();
  await server?.dispose();
  expect(server?.errors ?? []).toEqual([]);
});

const UNDO = { move: 'undo', args: [] };

describe('item 1: take-backs and the clock', () => {
  it('30 "plan, take back" pairs leave the live bank as it was; the time they took is charged with one increment', async () => {
    const t = await seatedMatch({ kind: 'live', bankMs: 10 * MIN, incrementMs: 20_000 });
    // The Imperial's set-up hands the turn to the Rebel, whose turn goes on through the base choice and planning.
    expect(await pendingID(t.matchID)).toBe('1');
    now += 5_000;
    expect((await play(t)).answer[0]).toBe('update');
    const start = now;
    const before = (await stored(t.matchID)).metadata.clock;
    expect(before).toMatchObject({ banks: { '0': 10 * MIN, '1': 10 * MIN - 5_000 + 20_000 }, running: { seat: '0', since: start } });
    now += 2_000;
    expect((await play(t)).answer[0]).toBe('update'); // the base
    for (let i = 0; i < 30; i++) {
      now += 1_000;
      expect((await play(t, 'planMission')).answer[0]).toBe('update');
      now += 1_000;
      expect((await play(t, UNDO)).answer[0]).toBe('update');
    }
    const after = (await stored(t.matchID)).metadata.clock;
    expect(after.banks).toEqual(before.banks);
    expect(after.running).toEqual({ seat: '0', since: start });
    // What the opponent was told last says the same.
    const pushed = t.sockets['1'].received.filter((m) => m[0] === 'mint:table').pop()![2] as { clock: typeof after };
    expect(pushed.clock.banks).toEqual(before.banks);
    expect(pushed.clock.running).toEqual({ seat: '0', since: start });
    // Ending the turn charges all of it (62 s), with the one increment of a turn handed over.
    now += 1_000;
    expect((await play(t, 'endPlanning')).answer[0]).toBe('update');
    expect(await pendingID(t.matchID)).toBe('1');
    const end = (await stored(t.matchID)).metadata.clock;
    expect(end.banks['0']).toBe(10 * MIN - 63_000 + 20_000);
    expect(end.running).toEqual({ seat: '1', since: now });
  });

  it('a 60-second turn is not held open by take-backs: the opponent\'s claim after the limit succeeds', async () => {
    const t = await seatedMatch({ kind: 'turn', perDecisionMs: MIN });
    now += 1_000;
    expect((await play(t)).answer[0]).toBe('update'); // the Imperial's set-up: the Rebel's turn starts
    const start = now;
    expect((await play(t)).answer[0]).toBe('update'); // the base
    // Before each claim, a plan and its take-back (the report's attack): the claims while the turn has time are refused.
    for (const at of [15_000, 30_000, 45_000]) {
      now = start + at;
      expect((await play(t, 'planMission')).answer[0]).toBe('update');
      now += 1_000;
      expect((await play(t, UNDO)).answer[0]).toBe('update');
      expect((await table(t.matchID, 'claimWin', '1', t.creds['1'])).status).toBe(409);
    }
    now = start + MIN;
    expect((await play(t, 'planMission')).answer[2]).toEqual({ event: 'update', error: 'time is up' });
    expect((await play(t, UNDO)).answer[2]).toEqual({ event: 'update', error: 'time is up' });
    const r = await table(t.matchID, 'claimWin', '1', t.creds['1']);
    expect(r.status, r.text).toBe(200);
    expect((await stored(t.matchID)).state.ctx.gameover).toEqual({ winner: '1', reason: 'time' });
  });
});

describe('item 5: the clock after a hand-over and a take-back of the seat', () => {
  it('resumes with the banks it had; the bot\'s time is charged to nobody and the time rules apply again', async () => {
    const t = await seatedMatch({ kind: 'live', bankMs: 5 * MIN, incrementMs: 0 }, ['1']); // the Rebel never connects
    expect(await pendingID(t.matchID)).toBe('1');
    // The Rebel has been away for the limit; the Imperial's turn has used 3 minutes, which stay used.
    now += 3 * MIN;
    expect((await table(t.matchID, 'handToBot', '1', t.creds['1'])).status).toBe(200);
    const paused = (await stored(t.matchID)).metadata.clock;
    expect(paused).toMatchObject({ banks: { '0': 5 * MIN, '1': 2 * MIN }, running: null });
    expect(paused.stopped).toBeUndefined();
    // The Imperial's set-up; the bot plays the Rebel's turn, for 10 minutes of the server's time.
    expect((await play(t)).answer[0]).toBe('update');
    now += 10 * MIN;
    const deadline = Date.now() + 10_000;
    while ((await pendingID(t.matchID)) !== '1' || server.bots.active > 0) {
      if (Date.now() > deadline) throw new Error('the bot did not finish the Rebel\'s turn');
      await new Promise((r) => setTimeout(r, 20));
    }
    // The owner comes back and takes the seat back: the Imperial's clock runs again from its 2 minutes.
    t.sockets['0'] = await client();
    await rawSync(t.sockets['0'], t.matchID, '0', t.creds['0']);
    const tableMsg = t.sockets['1'].next(['mint:table']);
    expect((await table(t.matchID, 'takeBack', '0', t.creds['0'])).status).toBe(200);
    const resumed = (await stored(t.matchID)).metadata.clock;
    expect(resumed).toMatchObject({ banks: { '0': 5 * MIN, '1': 2 * MIN }, running: { seat: '1', since: now } });
    expect(resumed.stopped).toBeUndefined();
    expect(resumed.paused).toBeUndefined();
    expect(((await tableMsg)[2] as { clock: typeof resumed }).clock.running).toEqual({ seat: '1', since: now });
    // Past those 2 minutes the Imperial's move is refused and the Rebel may claim the win (the report: accepted).
    now += 2 * MIN;
    expect((await play(t)).answer[2]).toEqual({ event: 'update', error: 'time is up' });
    expect(events).toContainEqual({ event: 'clockExpired', matchID: t.matchID, playerID: '1' });
    const r = await table(t.matchID, 'claimWin', '0', t.creds['0']);
    expect(r.status, r.text).toBe(200);
    expect((await stored(t.matchID)).state.ctx.gameover).toEqual({ winner: '0', reason: 'time' });
  }, 30_000);
});
