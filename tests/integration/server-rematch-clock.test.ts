/**
 * Issue 19 items 2 and 6, rematches of clocked matches, over real HTTP and sockets on the default SQLite server with
 * an injected server time (the hub's `now`):
 * - item 2: a rematch's clock and absence timer start only when both players have asked for it (playAgain). The
 *   report: the player who opened it claimed the win 61 s later (reason `time`), and the absent opponent could be
 *   handed to the bot after 3 minutes. A rematch nobody else opens expires after the limit with no result;
 * - item 6: `playAgain` by the player whose seat the bot still holds at the end gives a rematch between the two
 *   humans (the report: 400 "a clock is for matches between two players").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchEvent } from '../../server/events';
import { api, GAME, randomPlayer, rawSync, startTestServer, waitFor, type RawClient, type TestServer } from './server-helpers';
import { clockTools, MIN, type Table } from './clock-helpers';

let now = 2_000_000_000_000;
const events: MatchEvent[] = [];
let server: TestServer;
const open: RawClient[] = [];
const { client, stored, seatedMatch, pendingID, play, table, playAgain } = clockTools(() => server, open);

beforeAll(async () => {
  server = await startTestServer('sqlite', { now: () => now, handoverBot: 'random', abandonMs: 3 * MIN, tableTickMs: 20, events: (e) => events.push(e) });
});
afterAll(async () => {
  for (const c of open) c.close();
  await server?.dispose();
  expect(server?.errors ?? []).toEqual([]);
});

/** A finished match with a 1-minute live clock: the Imperial (first to move) ran out, the Rebel claimed the win. */
async function finishedMatch(): Promise<Table> {
  const t = await seatedMatch({ kind: 'live', bankMs: MIN, incrementMs: 0 }, []);
  now += MIN + 1;
  expect((await table(t.matchID, 'claimWin', '0', t.creds['0'])).status).toBe(200);
  return t;
}

const eventsOf = (matchID: string) => events.filter((e) => e.matchID === matchID).map((e) => e.event);

describe('item 2: a rematch waits for both players', () => {
  it('no clock and no absence before the other player asks for it: the opener can neither win on time nor hand the seat over', async () => {
    const old = await finishedMatch();
    // The Rebel asks for the rematch; the Imperial, first to move in it, has not yet.
    const a = await playAgain(old.matchID, '0', old.creds['0']);
    expect(a.status, a.text).toBe(200);
    const next = a.json.nextMatchID as string;
    const rebel = await client();
    await rawSync(rebel, next, '0', a.json.playerCredentials);
    // Past the clock (1 min) and the absence limit (3 min); the table timer looks at the match now.
    now += 4 * MIN;
    await server.tables.fire(next);
    expect((await table(next, 'claimWin', '0', a.json.playerCredentials)).status).toBe(409);
    expect((await table(next, 'handToBot', '0', a.json.playerCredentials)).status).toBe(409);
    let md = (await stored(next)).metadata;
    expect(md.clock.running).toBeNull();
    expect(md.players[0].awaySince).toBeUndefined();
    expect(md.players[1].awaySince).toBeUndefined();
    expect(md.clock.expired).toBeUndefined();
    expect(md.players[1].data).toBeUndefined();
    expect(eventsOf(next)).toEqual(['created']); // no clockExpired, seatAbandoned, handedToBot, finished
    // The Imperial asks too: from now on the clock and its absence count.
    const pushed = rebel.next(['mint:table']);
    const b = await playAgain(old.matchID, '1', old.creds['1']);
    expect(b.status, b.text).toBe(200);
    expect(b.json.nextMatchID).toBe(next);
    md = (await stored(next)).metadata;
    expect(md.clock.running).toEqual({ seat: '1', since: now });
    expect(md.players[1].awaySince).toBe(now);
    expect(md.players[0].awaySince).toBeUndefined(); // the Rebel is at the table
    expect(((await pushed)[2] as { clock: { running: unknown } }).clock.running).toEqual({ seat: '1', since: now });
    now += MIN;
    expect((await table(next, 'claimWin', '0', a.json.playerCredentials)).status).toBe(200);
  });

  it('a rematch nobody else opens expires after the limit with no result; the match before forgets it', async () => {
    const old = await finishedMatch();
    const a = await playAgain(old.matchID, '0', old.creds['0']);
    const next = a.json.nextMatchID as string;
    const rebel = await client();
    await rawSync(rebel, next, '0', a.json.playerCredentials);
    now += 30 * MIN - 1;
    await server.tables.fire(next);
    expect((await stored(next)).metadata).toBeDefined();
    now += 1;
    await waitFor(() => eventsOf(next).includes('rematchExpired'), 5000, 'the expiry');
    expect(events).toContainEqual({ event: 'rematchExpired', matchID: next, rematchOf: old.matchID });
    expect((await stored(next)).metadata).toBeUndefined();
    expect(eventsOf(next)).not.toContain('finished');
    await waitFor(() => rebel.received.some((m) => m[0] === 'mint:error' && (m[2] as { error: string }).error === 'match deleted'), 5000, 'the eviction');
    const seatView = async () => (await api(server.url, `/games/${GAME}/${old.matchID}`, undefined, {
      headers: { 'X-Player-ID': '1', 'X-Player-Credentials': old.creds['1'] } })).json;
    const deadline = Date.now() + 5000;
    while ((await seatView()).nextMatchID !== undefined && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect((await seatView()).nextMatchID).toBeUndefined();
    // Asking again makes a new rematch.
    const b = await playAgain(old.matchID, '1', old.creds['1']);
    expect(b.status, b.text).toBe(200);
    expect(b.json.nextMatchID).not.toBe(next);
  });

  it('the opener leaving a rematch nobody else opened deletes it: no forfeit win for the player who never came', async () => {
    const old = await finishedMatch();
    const a = await playAgain(old.matchID, '0', old.creds['0']);
    const next = a.json.nextMatchID as string;
    const r = await api(server.url, `/games/${GAME}/${next}/leave`, { playerID: '0', credentials: a.json.playerCredentials });
    expect(r.status, r.text).toBe(200);
    expect((await stored(next)).metadata).toBeUndefined();
    expect(eventsOf(next)).toEqual(['created', 'left']);
    const seat = await api(server.url, `/games/${GAME}/${old.matchID}`, undefined, {
      headers: { 'X-Player-ID': '1', 'X-Player-Credentials': old.creds['1'] } });
    expect(seat.json.nextMatchID).toBeUndefined();
  });
});

describe('item 6: a rematch after a hand-over', () => {
  it('the owner of the seat the bot holds at the end gets a rematch between the two humans', async () => {
    const t = await seatedMatch({ kind: 'live', bankMs: 10 * MIN, incrementMs: 0 }, ['1']); // the Rebel never connects
    now += 3 * MIN;
    expect((await table(t.matchID, 'handToBot', '1', t.creds['1'])).status).toBe(200);
    // The Imperial plays to the end against the bot.
    t.sockets['1'].close();
    const player = randomPlayer(server.url, t.matchID, 'I', t.creds['1']);
    try {
      await player.finished;
    } finally {
      player.stop();
    }
    const end = (await stored(t.matchID)).metadata;
    expect(end.gameover).toBeDefined();
    expect(end.players[0].data).toEqual({ bot: 'random', handedOver: true });
    const a = await playAgain(t.matchID, '0', t.creds['0']);
    expect(a.status, a.text).toBe(200);
    const next = a.json.nextMatchID as string;
    const md = (await stored(next)).metadata;
    expect(Object.values(md.players as Record<string, { name: string; data?: unknown }>).map((p) => [p.name, p.data])).toEqual([['P0', undefined], ['P1', undefined]]);
    expect(md.handovers).toBeUndefined();
    expect(md.clock).toMatchObject({ kind: 'live', bankMs: 10 * MIN, incrementMs: 0, running: null });
    const b = await playAgain(t.matchID, '1', t.creds['1']);
    expect(b.status, b.text).toBe(200);
    expect(b.json.nextMatchID).toBe(next);
    // Both humans play it; nobody's seat is the bot's.
    const r: Table = { matchID: next, creds: { '0': a.json.playerCredentials, '1': b.json.playerCredentials }, sockets: {} };
    for (const id of ['0', '1']) {
      r.sockets[id] = await client();
      await rawSync(r.sockets[id], next, id, r.creds[id]);
    }
    expect((await stored(next)).metadata.clock.running).toEqual({ seat: '1', since: now });
    expect((await play(r)).answer[0]).toBe('update');
    expect(await pendingID(next)).toBe('0');
    expect((await play(r)).answer[0]).toBe('update'); // the Rebel's own move, not the bot's
    expect(server.bots.active).toBe(0);
  }, 60_000);
});
