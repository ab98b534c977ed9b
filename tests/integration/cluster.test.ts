/**
 * Several server processes serving the same matches (issue 11; docs/DEPLOY.md): two real `tsx server/main.ts`
 * processes on one PostgreSQL schema and one Redis key prefix.
 * 1. A match whose players sit on different processes is played through (lobby joins through both); a spectator
 *    on a third connection sees every state once and in order; a bot seat's moves appear once.
 * 2. The same stateID sent through both processes at once (two sockets of one seat, two different moves): exactly
 *    one applies, the other is refused, both sockets end on the stored state.
 * 3. SIGKILL of the process whose bot is deciding: the lease passes to the survivor, which plays on; the players
 *    (through a TCP load balancer) reconnect through the survivor and finish; the stored final state is the one
 *    its moves imply (the record replays to it).
 * Needs PostgreSQL (DATABASE_URL) and Redis (REDIS_URL, default redis://127.0.0.1:6379): skipped with the reason
 * otherwise.
 */
import { randomInt } from 'node:crypto';
import type { LogEntry } from 'boardgame.io';
import { describe, expect, it } from 'vitest';
import { MintImperium } from '../../src/game';
import { verifyRecord } from '../../src/game/record';
import type { GameState } from '../../src/game/rules';
import { viewFor } from '../../src/game/rules/view';
import { BotLeases } from '../../server/cluster/leases';
import { matchRecord } from '../../server/records';
import { kill } from './child-server';
import { processIdOf, REDIS_URL, redisAnswers, tcpBalancer, useCluster } from './cluster-helpers';
import {
  api, createMatch, joinMatch, moveAction, PG_SKIP_REASON, PG_URL, randomPlayer, rawClient,
  rawSync, snapshot, waitFor, type RawClient, type RandomPlayer,
} from './server-helpers';

const SKIP = !PG_URL ? PG_SKIP_REASON : !(await redisAnswers()) ? `no Redis answers at ${REDIS_URL}` : null;
if (SKIP) console.warn(`[cluster.test] SKIPPING: ${SKIP}`);

type Enumerate = (G: GameState, ctx: unknown, playerID: string) => { move: string; args: unknown[] }[];
const enumerate = MintImperium.ai!.enumerate as unknown as Enumerate;
const moveCount = (log: LogEntry[] | undefined) => (log ?? []).filter((e) => e.action.type === 'MAKE_MOVE').length;

describe.skipIf(SKIP !== null)(`two server processes, one PostgreSQL and one Redis${SKIP ? ` — SKIPPED: ${SKIP}` : ''}`, () => {
  const cluster = useCluster(2, {
    BOT_LEASE_MS: '1000',
    BOT_MIN_DELAY_MS: '150', // a bot decision lasts long enough to kill its process in the middle of it (test 3)
    BOT_MATCHES_PER_ADDRESS: '3',
  });
  const { schema, procs, reader } = cluster;

  it('the lobby is one: the cap on unfinished bot matches per address counts those created through either process', async () => {
    const [a, b] = procs;
    const created: string[] = [];
    for (const p of [a, b, a]) {
      const r = await api(p.url, '/games/mint-imperium/create', { bot: 'I', botKind: 'random' });
      expect(r.status).toBe(200);
      created.push(r.json.matchID);
    }
    const fourth = await api(b.url, '/games/mint-imperium/create', { bot: 'I', botKind: 'random' });
    expect(fourth.status).toBe(429);
    expect(fourth.json.error).toMatch(/at most 3 unfinished bot matches/);
    // The only human leaving deletes a bot match: the cap frees up for the tests below, through the other process.
    for (const [i, id] of created.entries()) {
      const p = i % 2 === 0 ? b : a;
      const creds = await joinMatch(p.url, id, '0', 'Human');
      expect((await api(p.url, `/games/mint-imperium/${id}/leave`, { playerID: '0', credentials: creds })).status).toBe(200);
    }
    expect((await api(b.url, `/games/mint-imperium/${created[0]}`)).status).toBe(404);
  }, 30_000);

  it('players on different processes play through; a spectator sees every state once; a bot plays each move once', async () => {
    const [a, b] = procs;
    const counted = async (name: string) => {
      let n = 0;
      for (const p of procs) {
        const text = await (await fetch(`${p.url}/metrics`)).text();
        n += Number(new RegExp(`^${name} (\\d+)`, 'm').exec(text)?.[1] ?? NaN);
      }
      return n;
    };
    const botMovesCounted = () => counted('mint_bot_moves_total');
    const countedBefore = await botMovesCounted();
    const readsBefore = await counted('mint_move_reads_total');
    const matchID = await createMatch(a.url);
    const c0 = await joinMatch(a.url, matchID, '0');
    const c1 = await joinMatch(b.url, matchID, '1');
    // The lobby is one: either process lists the match with both names.
    const listed = (await api(b.url, `/games/mint-imperium/${matchID}`)).json;
    expect(listed.players.map((p: { name?: string }) => p.name)).toEqual(['P0', 'P1']);

    const spectator = await rawClient(a.url);
    cluster.track(spectator);
    const spectatorSync = await rawSync(spectator, matchID, null);
    expect(spectatorSync[0]).toBe('sync');
    const rebel = randomPlayer(a.url, matchID, 'R', c0);
    const imperial = randomPlayer(b.url, matchID, 'I', c1);
    cluster.track({ close: () => { rebel.stop(); imperial.stop(); } });
    // Both seats show connected, whichever process each socket is on.
    await waitFor(() => {
      const md = [...spectator.received].reverse().find((m) => m[0] === 'matchData')?.[2] as { isConnected?: boolean }[] | undefined;
      return md?.every((p) => p.isConnected === true) ?? false;
    }, 10_000, 'both seats connected');

    // A bot match: its human on process B, its spectator on A.
    const botMatch = (await api(a.url, '/games/mint-imperium/create', { bot: 'I', botKind: 'random' })).json.matchID as string;
    const hc = await joinMatch(b.url, botMatch, '0', 'Human');
    const botWatcher = await rawClient(a.url);
    cluster.track(botWatcher);
    // The bot may already have set up (it moves first, as soon as the human has joined): the watcher's updates start
    // after whatever state its sync brought, which a loaded machine can make state 1.
    const botWatcherSync = await rawSync(botWatcher, botMatch, null);
    expect(botWatcherSync[0]).toBe('sync');
    const human = randomPlayer(b.url, botMatch, 'R', hc);
    cluster.track({ close: () => human.stop() });

    const over = (p: RandomPlayer) => p.state()?.ctx.gameover !== undefined;
    await waitFor(() => (over(rebel) && over(imperial)) || Math.min(rebel.state()?._stateID ?? 0, imperial.state()?._stateID ?? 0) >= 60,
      60_000, '60 moves');
    rebel.pause();
    imperial.pause();
    await waitFor(() => over(human) || (human.state()?._stateID ?? 0) >= 40, 60_000, '40 moves of the bot match');
    human.pause();
    await new Promise((r) => setTimeout(r, 500)); // the last bot move lands

    const syncedAt = (m: unknown[]) => (m[2] as { state: { _stateID: number } }).state._stateID;
    expect(syncedAt(spectatorSync)).toBe(0); // the players started after it
    for (const [id, watcher, seen, from] of [
      [matchID, spectator, [rebel, imperial], syncedAt(spectatorSync)], [botMatch, botWatcher, [human], syncedAt(botWatcherSync)],
    ] as const) {
      const end = await snapshot(reader, id);
      const ids = watcher.received.filter((m) => m[0] === 'update' && m[1] === id).map((m) => (m[2] as { _stateID: number })._stateID);
      // Every state once, in order, from the one after its sync up to the stored one.
      expect(ids).toEqual(Array.from({ length: end.state!._stateID - from }, (_, i) => from + i + 1));
      expect(moveCount(end.log)).toBe(end.state!._stateID);
      await waitFor(() => seen.every((p) => p.state()!._stateID === end.state!._stateID), 5000, 'clients on the stored state');
      for (const p of seen) expect(p.state()!.G).toEqual(viewFor(end.state!.G, p.seat));
    }
    const botEnd = await snapshot(reader, botMatch);
    const botMoves = (botEnd.log ?? []).filter((e) => e.action.type === 'MAKE_MOVE' && e.action.payload.playerID === '1').length;
    // The bot thinks on a wall-clock budget, so the game differs from run to run: in 40 states it decided 5 to 15
    // times. What matters is that it decided, and (below) that each decision was made once.
    expect(botMoves).toBeGreaterThan(2);
    // Both processes heard of every move; the bot's decisions were made once in all (per-process counters).
    expect(await botMovesCounted() - countedBefore).toBe(botMoves);
    // A move's new state reaches the other process with its metadata and version: the next move there (players on
    // different processes: every other move) does not read the match back from storage. A few reads remain
    // (a process's first move of a match, an operation between two moves that published no state).
    const moves = (await snapshot(reader, matchID)).state!._stateID + botEnd.state!._stateID;
    expect(await counted('mint_move_reads_total') - readsBefore).toBeLessThan(moves / 4);
  }, 120_000);

  it('the same stateID through both processes at once: exactly one update applies', async () => {
    const [a, b] = procs;
    const matchID = await createMatch(a.url);
    const creds = { '0': await joinMatch(a.url, matchID, '0'), '1': await joinMatch(b.url, matchID, '1') };
    // Each seat has one socket on each process.
    const sockets: Record<'0' | '1', [RawClient, RawClient]> = {
      '0': [await rawClient(a.url), await rawClient(b.url)],
      '1': [await rawClient(a.url), await rawClient(b.url)],
    };
    for (const id of ['0', '1'] as const) {
      for (const s of sockets[id]) {
        cluster.track(s);
        expect((await rawSync(s, matchID, id, creds[id]))[0]).toBe('sync');
      }
    }
    for (let round = 0; round < 12; round++) {
      const before = await snapshot(reader, matchID);
      if (before.state!.ctx.gameover !== undefined) break;
      const seat = before.state!.G.pending!.seat;
      const id = seat === 'R' ? '0' : '1';
      const options = enumerate(viewFor(before.state!.G, seat), before.state!.ctx, id);
      const picks = [options[randomInt(options.length)], options[randomInt(options.length)]];
      const [s1, s2] = sockets[id];
      const answers = [s1, s2].map((s) => s.next(['mint:error', 'update'], 10_000));
      const updates = [s1, s2].map((s) => s.next(['update'], 10_000));
      // Sent in the same tick, one socket per process.
      s1.socket.emit('update', moveAction(picks[0].move, picks[0].args, id, creds[id]), before.state!._stateID, matchID, id);
      s2.socket.emit('update', moveAction(picks[1].move, picks[1].args, id, creds[id]), before.state!._stateID, matchID, id);
      await Promise.all(updates); // both sockets get the winner's state
      const got = await Promise.all(answers);
      const after = await snapshot(reader, matchID);
      expect(after.state!._stateID).toBe(before.state!._stateID + 1);
      expect(moveCount(after.log)).toBe(moveCount(before.log) + 1);
      // One refusal at most, the loser's; never two applied moves. The loser's process may judge the move against
      // the winner's state already (kept from its message): when that move passed the turn the refusal is 'not your
      // turn' (or 'move not allowed now' in another stage), else 'stale state' — all say the move came too late.
      const refusals = got.filter((m) => m[0] === 'mint:error') as [string, string, { error: string }][];
      expect(refusals.length).toBeLessThanOrEqual(1);
      for (const r of refusals) expect(['stale state', 'not your turn', 'move not allowed now']).toContain(r[2].error);
      await new Promise((r) => setTimeout(r, 100)); // any second broadcast would arrive now
      for (const s of [...sockets['0'], ...sockets['1']]) {
        const states = s.received.filter((m) => m[0] === 'update' && m[1] === matchID).map((m) => (m[2] as { _stateID: number })._stateID);
        expect(states.filter((x) => x === after.state!._stateID)).toHaveLength(1);
      }
    }
  }, 60_000);

  it('SIGKILL of the process whose bot is deciding: the lease moves to the survivor; the players finish through it', async () => {
    const [victim, survivor] = procs;
    // Every client goes to the victim while it lives, then to the survivor (what a load balancer does).
    const balancer = await tcpBalancer(procs.map((p) => p.port), 'failover');
    cluster.track({ close: () => void balancer.close() });
    const url = balancer.url;
    const leases = new BotLeases({ connectionString: PG_URL!, schema, processId: 'test-reader' });
    cluster.track({ close: () => void leases.close() });
    const [victimID, survivorID] = await Promise.all(procs.map((p) => processIdOf(p.url)));

    const matchID = await createMatch(url);
    const creds = { '0': await joinMatch(url, matchID, '0'), '1': await joinMatch(url, matchID, '1') };
    const socketOpts = { reconnectionDelay: 100, reconnectionDelayMax: 300 };
    const players = [
      randomPlayer(url, matchID, 'R', creds['0'], { socketOpts }),
      randomPlayer(url, matchID, 'I', creds['1'], { socketOpts }),
    ];
    const botMatch = (await api(url, '/games/mint-imperium/create', { bot: 'I', botKind: 'random' })).json.matchID as string;
    const human = randomPlayer(url, botMatch, 'R', await joinMatch(url, botMatch, '0', 'Human'), { socketOpts });
    // The bot match waits for its human until the kill is near: a short random game could otherwise be over before
    // the victim held a lease (a clean-clone CI run timed out waiting for it).
    human.pause();
    cluster.track({ close: () => { for (const p of [...players, human]) p.stop(); } });
    await waitFor(() => players.every((p) => (p.state()?._stateID ?? 0) >= 10), 30_000, '10 moves');
    for (const p of players) p.pause(); // mid-match when the process dies
    human.resume();
    const atKill = await snapshot(reader, matchID);

    // Wait for a bot decision in progress on the victim (each takes BOT_MIN_DELAY_MS), then kill it.
    const leaseHeldBy = async (want: string) => {
      let seen = false;
      const poll = setInterval(() => {
        leases.holder(botMatch).then((h) => { if (h === want) seen = true; }, () => {});
      }, 5);
      await waitFor(() => seen, 20_000, `the bot lease held by ${want} (bot match at state ${human.state()?._stateID}, `
        + `${human.state()?.ctx.gameover !== undefined ? 'over' : 'not over'})`).finally(() => clearInterval(poll));
    };
    await leaseHeldBy(victimID);
    await kill(victim.child);
    const botStateAtKill = (await snapshot(reader, botMatch)).state!._stateID;
    for (const p of players) p.resume();
    // The lease expires (BOT_LEASE_MS), the survivor's sweep takes it over, and its bot plays on.
    await leaseHeldBy(survivorID);
    await waitFor(() => (human.state()?._stateID ?? 0) >= botStateAtKill + 4 || human.state()?.ctx.gameover !== undefined,
      20_000, 'the bot match to go on');
    human.pause();

    const connected = (p: RandomPlayer) => (p.client.getState() as unknown as { isConnected?: boolean } | null)?.isConnected === true;
    await waitFor(() => players.every((p) => p.state()?.ctx.gameover !== undefined), 60_000,
      `the game to end (${players.map((p) => `${p.seat} at ${p.state()?._stateID}, pending ${p.state()?.G.pending?.seat}, ${connected(p) ? 'connected' : 'away'}`).join('; ')}; `
      + `survivor said: ${survivor.child.output.join('').slice(-2000)})`);
    const [r, i] = await Promise.all(players.map((p) => p.finished));
    const end = await snapshot(reader, matchID);
    expect(end.state!.ctx.gameover).toBeDefined();
    expect(r.G).toEqual(viewFor(end.state!.G, 'R'));
    expect(i.G).toEqual(viewFor(end.state!.G, 'I'));
    expect(moveCount(end.log)).toBe(end.state!._stateID);
    expect(end.state!._stateID).toBeGreaterThan(atKill.state!._stateID);
    expect(end.log!.slice(0, atKill.log!.length)).toEqual(atKill.log);
    const rec = await matchRecord(reader, matchID, true);
    expect(rec.ok).toBe(true);
    if (rec.ok) expect(verifyRecord(rec.record)).toEqual({ ok: true });
    // The bot match: one log entry per state, every bot decision once, across the crash.
    await new Promise((r) => setTimeout(r, 500));
    const botEnd = await snapshot(reader, botMatch);
    expect(moveCount(botEnd.log)).toBe(botEnd.state!._stateID);
    expect(botEnd.state!._stateID).toBeGreaterThan(botStateAtKill);
  }, 120_000);
});
