/**
 * Several processes when Redis or PostgreSQL goes away mid-match (issue 11): two server processes on a PRIVATE Redis
 * and a PRIVATE PostgreSQL (own folders and ports, tools/services/private-services.ts; the shared ones are never touched), a match
 * with one player on each process. Each service is stopped in turn (PostgreSQL immediately, like a crash): while it
 * is down, a move, a join and /health get clear refusals and nothing is written; once it is back, the players
 * (re-synced) play on, and in the end the stored game replays to its stored final state.
 */
import type { State } from 'boardgame.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MintImperium } from '../../src/game';
import type { GameState } from '../../src/game/rules';
import { viewFor } from '../../src/game/rules/view';
import { verifyRecord } from '../../src/game/record';
import { matchRecord } from '../../server/records';
import { createStorage, type SqlStorage } from '../../server/storage';
import { kill } from './child-server';
import { startProcesses, type ServerProcess } from './cluster-helpers';
import { privatePostgres, privatePostgresProblem, privateRedis, privateRedisProblem, type PrivateService } from '../../tools/services/private-services';
import { api, createMatch, joinMatch, moveAction, randomPlayer, rawClient, snapshot, waitFor, type RandomPlayer } from './server-helpers';

type Enumerate = (G: GameState, ctx: unknown, playerID: string) => { move: string; args: unknown[] }[];
const enumerate = MintImperium.ai!.enumerate as unknown as Enumerate;

const SKIP = privateRedisProblem() ?? privatePostgresProblem();
if (SKIP) console.warn(`[cluster-outage.test] SKIPPING: ${SKIP}`);

describe.skipIf(SKIP !== null)(`Redis or PostgreSQL restarted under two processes${SKIP ? ` — SKIPPED: ${SKIP}` : ''}`, () => {
  let redis: PrivateService;
  let pg: PrivateService;
  let reader: SqlStorage;
  let procs: ServerProcess[] = [];
  const stops: (() => void)[] = [];

  beforeAll(async () => {
    [redis, pg] = await Promise.all([privateRedis(), privatePostgres()]);
    reader = createStorage(pg.url);
    await reader.connect();
    procs = await startProcesses(2, { DATABASE_URL: pg.url, REDIS_URL: redis.url });
  }, 60_000);
  afterAll(async () => {
    for (const s of stops) s();
    for (const p of procs) await kill(p.child);
    await reader?.close();
    await redis?.dispose();
    await pg?.dispose();
  });

  it('clear refusals while each is down, recovery after, no corruption', async () => {
    const [a, b] = procs;
    const matchID = await createMatch(a.url);
    const creds = { '0': await joinMatch(a.url, matchID, '0'), '1': await joinMatch(b.url, matchID, '1') };
    const socketOpts = { reconnectionDelay: 100, reconnectionDelayMax: 300 };
    const players = [randomPlayer(a.url, matchID, 'R', creds['0'], { socketOpts }), randomPlayer(b.url, matchID, 'I', creds['1'], { socketOpts })];
    stops.push(() => { for (const p of players) p.stop(); });
    const spare = await createMatch(b.url); // joined while a service is down
    const at = (n: number) => waitFor(() => players.every((p) => (p.state()?._stateID ?? 0) >= n || p.state()?.ctx.gameover !== undefined), 30_000, `state ${n}`);
    /** Pause both players and wait until nothing moves: the clients and the database agree, twice 300 ms apart. */
    const settle = async () => {
      for (const p of players) p.pause();
      let last = -1;
      for (let i = 0; i < 50; i++) {
        await new Promise((r) => setTimeout(r, 300));
        const id = (await snapshot(reader, matchID)).state!._stateID;
        if (id === last && players.every((p) => p.state()!._stateID === id)) return snapshot(reader, matchID);
        last = id;
      }
      throw new Error('the match did not settle');
    };
    /** A legal move of the seat to move, sent through process `p` (a raw socket; no sync needed). */
    const tryMove = async (p: ServerProcess, state: State<GameState>) => {
      const c = await rawClient(p.url);
      try {
        const seat = state.G.pending!.seat;
        const id = seat === 'R' ? '0' : '1';
        const pick = enumerate(viewFor(state.G, seat), state.ctx, id)[0];
        const answer = c.next(['mint:error', 'update'], 10_000);
        c.socket.emit('update', moveAction(pick.move, pick.args, id, creds[id]), state._stateID, matchID, id);
        return await answer;
      } finally {
        c.close();
      }
    };
    const healthy = () => Promise.all(procs.map(async (p) => {
      for (let i = 0; i < 200; i++) {
        if ((await fetch(`${p.url}/health`)).status === 200) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`${p.url} did not recover`);
    }));

    await at(10);
    // 1. Redis goes away.
    let before = await settle();
    await redis.stop();
    const refused = await tryMove(b, before.state!);
    expect(refused[0]).toBe('mint:error');
    expect((refused[2] as { error: string }).error).toMatch(/^service unavailable/);
    const join = await api(a.url, `/games/mint-imperium/${spare}/join`, { playerName: 'Late' });
    expect(join.status).toBe(503);
    expect(join.json.error).toMatch(/unavailable/);
    const h = await fetch(`${b.url}/health`);
    expect(h.status).toBe(503);
    expect((await h.json()).redis).toBe('unreachable');
    expect(await snapshot(reader, matchID)).toEqual(before);
    await redis.start();
    await healthy();
    for (const p of players) p.resume();
    // A few moves show that play resumed; few, so the random game rarely ends before step 2.
    await at(before.state!._stateID + 4);

    // 2. PostgreSQL goes away (immediate shutdown: a crash, recovered from its WAL).
    before = await settle();
    await pg.stop();
    // A move is refused with the reason (unless the random game happened to end already: then there is none to make).
    if (before.state!.ctx.gameover === undefined && before.state!.G.pending) {
      const refused2 = await tryMove(a, before.state!);
      expect(refused2[0]).toBe('mint:error');
      expect((refused2[2] as { error: string }).error).toMatch(/^service unavailable/);
    }
    const get = await api(b.url, `/games/mint-imperium/${matchID}`);
    expect(get.status).toBe(503);
    expect(get.json.error).toMatch(/storage unavailable/);
    expect((await fetch(`${a.url}/health`)).status).toBe(503);
    await pg.start();
    await healthy();
    expect(await snapshot(reader, matchID)).toEqual(before);
    for (const p of players) p.resume();

    // 3. The game ends; the stored moves replay to the stored final state; one log entry per state.
    const ends = await Promise.all(players.map((p: RandomPlayer) => p.finished));
    const end = await snapshot(reader, matchID);
    expect(end.state!.ctx.gameover).toBeDefined();
    expect(end.log!.filter((e) => e.action.type === 'MAKE_MOVE').length).toBe(end.state!._stateID);
    expect(end.log!.slice(0, before.log!.length)).toEqual(before.log);
    for (const s of ends) expect(s._stateID).toBe(end.state!._stateID);
    const rec = await matchRecord(reader, matchID, true);
    expect(rec.ok).toBe(true);
    if (rec.ok) expect(verifyRecord(rec.record)).toEqual({ ok: true });
  }, 120_000);
});
