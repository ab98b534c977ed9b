/**
 * Take-backs (issue 9 item 3) through the real server, from raw socket.io clients: the server checks an `undo`
 * like any move — out of turn, with nothing to take back, past the undo point or with junk arguments it is refused
 * and nothing is stored — and an accepted one gives the opponent back the view it had before the decision, plus a
 * public take-back line. No client ever receives a snapshot.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { State } from 'boardgame.io';
import { MintImperium } from '../../src/game';
import type { GameState } from '../../src/game/rules';
import {
  allKeys, matchWithPlayers, moveAction, rawClient, rawSync, rawUpdate, snapshot, startTestServer,
  type RawClient, type TestServer,
} from './server-helpers';

type Enumerate = (G: GameState, ctx: unknown, playerID: string) => { move: string; args: unknown[] }[];
const enumerate = MintImperium.ai!.enumerate as unknown as Enumerate;

const realLog = console.log.bind(console);
const realError = console.error.bind(console);
beforeAll(() => {
  vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => { if (!String(a[0]).startsWith('INFO:')) realLog(...a); });
  vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => { if (!String(a[0]).startsWith('ERROR:')) realError(...a); });
});

let server: TestServer;
const sockets: RawClient[] = [];
beforeAll(async () => {
  server = await startTestServer('sqlite');
});
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

/** The view `c` got last (sync or update). */
function lastState(c: RawClient): State<GameState> {
  for (let i = c.received.length - 1; i >= 0; i--) {
    const [event, , x] = c.received[i] as [string, string, unknown];
    if (event === 'update') return x as State<GameState>;
    if (event === 'sync') return (x as { state: State<GameState> }).state;
  }
  throw new Error('no state yet');
}

/** Wait until `c` has seen the state the server stored last. */
async function caughtUp(c: RawClient, matchID?: string): Promise<void> {
  const id = matchID ?? current;
  const want = (await snapshot(server.db, id)).state!._stateID;
  for (let i = 0; i < 200 && lastState(c)._stateID !== want; i++) await new Promise((r) => setTimeout(r, 10));
  expect(lastState(c)._stateID).toBe(want);
}
let current = '';

const withoutTakeBacks = (G: GameState) => JSON.stringify({ ...G, log: G.log.filter((e) => e.e !== 'tookBack') });

describe('take-backs over the real socket server (issue 9)', () => {
  it('refuses an undo out of turn, with nothing to take back or past the point; an accepted one restores the opponent\'s view', async () => {
    const { matchID, creds } = await matchWithPlayers(server.url);
    current = matchID;
    const rebel = await socket();
    const imperial = await socket();
    await rawSync(rebel, matchID, '0', creds['0']);
    await rawSync(imperial, matchID, '1', creds['1']);
    const play = async (c: RawClient, id: '0' | '1', move: string, args: unknown[]) => {
      const s = lastState(c);
      return rawUpdate(c, moveAction(move, args, id, creds[id]), s._stateID, matchID, id);
    };
    const refused = async (c: RawClient, id: '0' | '1', args: unknown[], error: string) => {
      const before = await snapshot(server.db, matchID);
      const answer = await play(c, id, 'undo', args);
      expect(answer).toEqual(['mint:error', matchID, { event: 'update', error }]);
      expect(await snapshot(server.db, matchID)).toEqual(before);
    };

    // Set-up (R3.7, R3.9), then the Rebel plans first (R4.1.2). The base choice ended the set-up phase: the Rebel
    // has nothing to take back; the Imperial's set-up was before the Rebel decided.
    const setup = enumerate(lastState(imperial).G, lastState(imperial).ctx, '1')[0];
    expect((await play(imperial, '1', setup.move, setup.args))[0]).toBe('update');
    await caughtUp(rebel);
    await refused(imperial, '1', [], 'not your turn');
    const base = enumerate(lastState(rebel).G, lastState(rebel).ctx, '0')[0];
    expect((await play(rebel, '0', base.move, base.args))[0]).toBe('update');
    await caughtUp(imperial);
    expect(lastState(rebel).G.pending).toEqual({ kind: 'plan', seat: 'R' });
    await refused(rebel, '0', [], 'illegal move'); // the phase changed since the base choice

    // The Rebel plans a mission (a secret card): now it may take it back, the Imperial may not.
    const imperialBefore = lastState(imperial).G;
    const plan = enumerate(lastState(rebel).G, lastState(rebel).ctx, '0').find((m) => m.move === 'planMission')!;
    expect((await play(rebel, '0', plan.move, plan.args))[0]).toBe('update');
    await caughtUp(imperial);
    expect(lastState(rebel).G.undo).toEqual({ seat: 'R', kinds: ['missionPlan'], snapshots: [] });
    expect('undo' in lastState(imperial).G).toBe(false);
    await refused(imperial, '1', [], 'not your turn');
    await refused(rebel, '0', [{ card: 'R-S1' }], 'illegal move'); // an undo takes no argument

    // Taken back: the Imperial's view is the one before the plan, plus one public line that names no card.
    expect((await play(rebel, '0', 'undo', []))[0]).toBe('update');
    await caughtUp(imperial);
    const after = lastState(imperial).G;
    expect(withoutTakeBacks(after)).toBe(withoutTakeBacks(imperialBefore));
    expect(after.log[after.log.length - 1]).toEqual({ e: 'tookBack', round: 1, faction: 'R', what: 'missionPlan' });
    expect(JSON.stringify(after.log[after.log.length - 1])).not.toContain((plan.args[0] as { card: string }).card);
    const stored = (await snapshot(server.db, matchID)).state!.G;
    expect(stored.undo).toBeUndefined();
    expect(stored.planned.R).toEqual([]);

    // Nothing left to take back: refused, nothing stored.
    await refused(rebel, '0', [], 'illegal move');

    // A second plan, then the end of planning hands the decision to the Imperial: the Rebel's take-back would be out
    // of turn, and once the Imperial has decided, it is past the point.
    expect((await play(rebel, '0', plan.move, plan.args))[0]).toBe('update');
    await caughtUp(imperial);
    expect((await play(rebel, '0', 'endPlanning', []))[0]).toBe('update');
    await caughtUp(imperial);
    expect(lastState(imperial).G.pending).toEqual({ kind: 'plan', seat: 'I' });
    await refused(rebel, '0', [], 'not your turn');
    const iPlan = enumerate(lastState(imperial).G, lastState(imperial).ctx, '1').find((m) => m.move === 'planMission')!;
    expect((await play(imperial, '1', iPlan.move, iPlan.args))[0]).toBe('update');
    await caughtUp(rebel);
    expect('undo' in lastState(rebel).G).toBe(false);

    // No snapshot ever reached a client: each seat got the field for its own take-backs only, with an empty list.
    expect(lastState(imperial).G.undo).toEqual({ seat: 'I', kinds: ['missionPlan'], snapshots: [] });
    for (const c of [rebel, imperial]) {
      expect(allKeys(c.received).has('snapshots')).toBe(true);
      expect(JSON.stringify(c.received).match(/"snapshots":\[[^\]]/g)).toBeNull();
      expect(allKeys(c.received).has('logLength')).toBe(false);
    }
  });
});
