/**
 * Issue 23: Imperios' search bot at its normal and hard levels on the server, in worker threads
 * (server/bots/worker-pool.ts, server/bots/imperios-worker.ts; docs/imperios/BOTS.md "Online"), through the real
 * server, real sockets and the real worker threads at the levels' real budgets (600 ms, 3 s a decision).
 * - The create route takes the levels as bot kinds and refuses an unknown one with a 400 that lists the kinds.
 * - A 4-seat match, one scripted player and three search bots (normal, hard, normal), plays on: every bot seat
 *   decides, each handed the public view only (no generator, no seed).
 * - While the hard bot thinks in its worker, the server answers an HTTP request: the answer comes while that search
 *   is still under way and before the bot's move is stored (a condition, not a time threshold).
 * - A worker terminated in the middle of a search does not take the server down: the seat falls back to a random
 *   legal move (the driver's fallback), the error is reported, and the next search runs in a new worker.
 */
import type { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imperiosBots, IMPERIOS_HOSTED } from '../../server/games/imperios';
import { UNLIMITED_SOCKETS } from '../../server/limits';
import type { WorkerPool } from '../../server/bots/worker-pool';
import type { HostedBots, HostedGame } from '../../server/match/hosted-game';
import { IMPERIOS_NAME } from '../../src/games/imperios/game';
import { awaitedSeats, legalActions, type Action, type ImperiosState, type PublicState } from '../../src/games/imperios/rules';
import { randomInt, seedState } from '../../src/games/imperios/rules/rng';
import { allKeys, api, startTestServer, type TestServer } from './server-helpers';
import { ImperiosClient, productionNodeEnv, until } from './imperios-client';

productionNodeEnv();

type Sent = { G: PublicState; ctx: { gameover?: unknown }; _stateID: number };
type Client = ImperiosClient<Sent, unknown>;

/** One decision a server bot was asked for: kind, seat, what it was handed, how many choices it had, and its end. */
interface Asked {
  kind: string;
  playerID: string;
  keys: Set<string>;
  options: number;
  outcome?: 'answered' | 'failed';
}

describe('Imperios search bots at normal and hard, in worker threads (sqlite)', () => {
  let server: TestServer;
  let pool: WorkerPool<Action> | undefined;
  const workers: Worker[] = [];
  const asked: Asked[] = [];
  const clients: Client[] = [];
  let stop = false;
  beforeAll(async () => {
    const real = imperiosBots({ onPool: (p) => (pool = p), onWorker: (w) => workers.push(w) });
    const bots: HostedBots<ImperiosState, PublicState> = {
      ...real,
      start() {
        const players = real.start();
        return {
          ...players,
          choose: (kind, view, playerID, job) => {
            const a: Asked = { kind, playerID, keys: allKeys(view), options: legalActions({ ...view, rng: 0 }, Number(playerID)).length };
            asked.push(a);
            return players.choose(kind, view, playerID, job).then(
              (c) => ((a.outcome = 'answered'), c),
              (err: unknown) => {
                a.outcome = 'failed';
                throw err;
              },
            );
          },
        };
      },
    };
    server = await startTestServer('sqlite', {
      games: [{ ...IMPERIOS_HOSTED, bots } as HostedGame],
      socketLimits: { ...UNLIMITED_SOCKETS, maxPendingBytes: 256 * 1024 * 1024 },
    });
  });
  afterAll(async () => {
    stop = true;
    for (const c of clients) c.socket.close();
    await server?.dispose();
  });
  const post = (path: string, body: unknown) => api(server.url, `/games/${IMPERIOS_NAME}${path}`, body);
  const stored = async (matchID: string) => (await server.db.fetch(matchID, { state: true })).state as unknown as Sent & { G: ImperiosState };

  it('the create route takes the levels as bot kinds and refuses an unknown level with a message', async () => {
    const bad = await post('/create', { numPlayers: 4, bot: ['3'], botKind: 'search-expert' });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe('botKind must be one of greedy, random, search, search-normal, search-hard');
    const listed = await api(server.url, `/games/${IMPERIOS_NAME}`);
    expect(listed.json.matches).toEqual([]); // nothing was made
  });

  it('plays a match with normal and hard bots; the server answers while the hard bot thinks; a killed worker is replaced', async () => {
    const created = await post('/create', { numPlayers: 4, mode: 'tutorial', bot: ['1', '2', '3'], botKind: ['search-normal', 'search-hard', 'search-normal'] });
    expect(created.status, created.text).toBe(200);
    const matchID = created.json.matchID as string;
    const joined = await post(`/${matchID}/join`, { playerID: '0', playerName: 'Ana' });
    const creds = joined.json.playerCredentials as string;
    const c = await ImperiosClient.open<Sent, unknown>(server.url);
    clients.push(c);
    await c.sync(matchID, '0', creds);
    // Seat 0: a random legal action of its own whenever the newest state awaits it.
    const chooser = { rng: seedState('search-bots') };
    const human = (async () => {
      let sentOn = -1;
      while (!stop) {
        const s = c.latest;
        if (s?.ctx.gameover !== undefined) return;
        if (s && s._stateID > sentOn && awaitedSeats(s.G as ImperiosState).includes(0)) {
          const legal = legalActions(s.G as ImperiosState, 0);
          sentOn = s._stateID;
          c.send(matchID, '0', creds, legal[randomInt(chooser, legal.length)], s._stateID);
        }
        await new Promise((r) => setTimeout(r, 5));
      }
    })();

    // The hard bot thinking on a real choice in its worker: the server answers an HTTP request meanwhile.
    const thinking = (kind?: string) => asked.find((a) => (kind === undefined || a.kind === kind) && a.options > 1 && a.outcome === undefined);
    await until(async () => thinking('search-hard') !== undefined && pool?.busy === 1, 120_000, 'the hard bot thinking');
    const hard = thinking('search-hard')!;
    const stateBefore = (await stored(matchID))._stateID;
    const listed = await api(server.url, `/games/${IMPERIOS_NAME}`);
    expect(listed.status).toBe(200);
    // Answered while that search was still under way, before the bot's move was stored.
    expect(hard.outcome).toBeUndefined();
    expect(pool!.busy).toBe(1);
    expect((await stored(matchID))._stateID).toBe(stateBefore);
    await until(async () => hard.outcome !== undefined, 60_000, "the hard bot's answer");
    expect(hard.outcome).toBe('answered');

    // A worker killed in the middle of a search: the seat falls back to a random move, the server goes on.
    await until(async () => thinking('search-hard') !== undefined && pool?.busy === 1, 120_000, 'another hard search');
    const killed = thinking('search-hard')!;
    const workersBefore = workers.length;
    const at = (await stored(matchID))._stateID;
    await workers.at(-1)!.terminate();
    await until(async () => killed.outcome !== undefined, 30_000, 'the killed search to end');
    expect(killed.outcome).toBe('failed');
    expect(server.errors.some((e) => /playing a random move instead/.test(e) && /bot worker exited/.test(e))).toBe(true);
    // The fallback move was played for that seat, on the state it was asked about.
    const movedBy = async (playerID: string) => {
      const { log } = await server.db.fetch(matchID, { log: true });
      return (log ?? []).some((e) => e.action.type === 'MAKE_MOVE' && e.action.payload.playerID === playerID && e._stateID >= at);
    };
    await until(() => movedBy(killed.playerID), 30_000, 'the fallback move');
    expect((await api(server.url, `/games/${IMPERIOS_NAME}`)).status).toBe(200);
    // The next searches run in a new worker and answer.
    const after = asked.length;
    await until(async () => asked.slice(after).filter((a) => a.outcome === 'answered' && a.options > 1).length >= 2, 120_000, 'two searches after the crash');
    expect(workers.length).toBe(workersBefore + 1);

    // Every bot seat decided, each with its own level, and each was handed the public view only.
    const seats = () => new Set(asked.map((a) => `${a.kind}:${a.playerID}`));
    await until(async () => seats().size === 3, 120_000, 'every bot seat to decide');
    stop = true;
    await human;
    expect(seats()).toEqual(new Set(['search-normal:1', 'search-hard:2', 'search-normal:3']));
    for (const a of asked) for (const k of ['rng', 'seed', 'prngstate']) expect(a.keys.has(k), k).toBe(false);
    const errors = server.errors.filter((e) => !/bot worker exited/.test(e));
    expect(errors).toEqual([]);
  }, 300_000);
});
