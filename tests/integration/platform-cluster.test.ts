/**
 * Issue 21 item 6: the second game on several processes and across a restart. Hidden Noughts
 * (server/games/noughts.ts) is hosted by servers that share one PostgreSQL schema and one Redis key prefix
 * (docs/DEPLOY.md), as Mint Imperium is in cluster.test.ts:
 * 1. a match created on server A, its X seat played through A and its O seat through B, plays to the end; each seat
 *    sees every move of the other (through the bus), cut to its own view; a spectator on B sees neither claim until
 *    the end (`viewOfNoughts`);
 * 2. a bot match created on A whose human plays through B: the bot plays to the end, each decision made by one
 *    process only (the bot lease), with no error reported by either server;
 * 3. one server stopped while its bot is deciding (after the human's move was written): the next server started on
 *    the same storage plays the bot's move by itself, no client connected (the start-up resume of bot matches, for
 *    every game with bots: server/index.ts `resumeBots`).
 * The servers of 1 and 2 run in this test's process (as cluster-release-guard.test.ts starts its server), so they
 * take `games` and report to `onError`: each has its own Redis connections, bus identity, PostgreSQL pool, hub, bot
 * driver and bot leases, and they share only what separate processes share, the database and Redis. Needs
 * DATABASE_URL and a Redis for 1 and 2 (skipped, saying why, without them); 3 runs on a SQLite file.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOUGHTS_BOTS, NOUGHTS_HOSTED } from '../../server/games/noughts';
import type { HostedBots, HostedGame } from '../../server/match/hosted-game';
import { createStorage } from '../../server/storage';
import { NOUGHTS_NAME, type NoughtsState } from '../../src/games/noughts/game';
import { dropRedisPrefix, REDIS_URL, redisAnswers, redisPrefix } from './cluster-helpers';
import { latest, noughtsWithBotSpy, playScripted, type Sent } from './noughts-helpers';
import {
  api, dropPgSchema, moveAction, PG_SKIP_REASON, PG_URL, pgSchemaName, rawClient, rawSync, startTestServer, tempDir, waitFor,
  type RawClient, type TestServer,
} from './server-helpers';

const SKIP = !PG_URL ? PG_SKIP_REASON : !(await redisAnswers()) ? `no Redis answers at ${REDIS_URL}` : null;
if (SKIP) console.warn(`[platform-cluster.test] SKIPPING the several-processes tests: ${SKIP}`);

type Decision = { matchID: string; playerID: string };

/** Hidden Noughts with its real bots, each decision this server's bots were asked for noted in `asked`. */
const countingNoughts = (asked: Decision[]): HostedGame<NoughtsState> =>
  noughtsWithBotSpy((_kind, _view, playerID, matchID) => asked.push({ matchID, playerID }));

/** Hidden Noughts whose bots never answer: a decision asked is noted and stays in progress until the server stops. */
function stalledNoughts(asked: Decision[]): HostedGame<NoughtsState> {
  const bots: HostedBots<NoughtsState, NoughtsState> = {
    ...NOUGHTS_BOTS,
    start() {
      const pending = new Set<(err: Error) => void>();
      return {
        choose: (_kind, _view, playerID, job) => new Promise((_resolve, reject) => {
          asked.push({ matchID: job.matchID, playerID });
          pending.add(reject);
        }),
        fallback: () => Promise.reject(new Error('no fallback in this test')),
        close: async () => {
          for (const reject of pending) reject(new Error('closed'));
        },
      };
    },
  };
  return { ...NOUGHTS_HOSTED, bots };
}

/** Waits until `cond` (read from storage) holds; polls it, failing after `timeoutMs`. */
async function until(cond: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!await cond()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const updates = (c: RawClient, matchID: string) =>
  c.received.filter((m) => m[0] === 'update' && m[1] === matchID).map((m) => m[2] as Sent);
const movesBy = (log: { action: { type: string; payload: { playerID: string } } }[] | undefined) =>
  (log ?? []).filter((e) => e.action.type === 'MAKE_MOVE').map((e) => e.action.payload.playerID);

describe.skipIf(SKIP !== null)(`Hidden Noughts on two servers, one PostgreSQL and one Redis${SKIP ? ` — SKIPPED: ${SKIP}` : ''}`, () => {
  const schema = pgSchemaName();
  const prefix = redisPrefix();
  const asked: Record<'A' | 'B', Decision[]> = { A: [], B: [] };
  let a: TestServer;
  let b: TestServer;
  const sockets: RawClient[] = [];
  beforeAll(async () => {
    const shared = { dbSchema: schema, redisUrl: REDIS_URL, redisPrefix: prefix };
    // One after the other: the first migrates the schema and creates the bus key, the second finds them.
    a = await startTestServer('postgres', { ...shared, games: [countingNoughts(asked.A)] });
    b = await startTestServer('postgres', { ...shared, games: [countingNoughts(asked.B)] });
  }, 60_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await a?.dispose();
    await b?.dispose();
    await dropPgSchema(schema);
    await dropRedisPrefix(prefix);
  });
  const client = async (server: TestServer) => {
    const c = await rawClient(server.url, NOUGHTS_NAME);
    sockets.push(c);
    return c;
  };
  const joinSeat = async (server: TestServer, matchID: string, playerID: string) => {
    const r = await api(server.url, `/games/${NOUGHTS_NAME}/${matchID}/join`, { playerID, playerName: `N${playerID}` });
    expect(r.status, r.text).toBe(200);
    return r.json.playerCredentials as string;
  };

  it('two servers are two bus processes', () => {
    expect(a.cluster && b.cluster).toBeTruthy();
    expect(a.cluster!.bus.processId).not.toBe(b.cluster!.bus.processId);
  });

  it('X through A, O and a spectator through B: each sees every move of the other, the claims cut until the end', async () => {
    const created = await api(a.url, `/games/${NOUGHTS_NAME}/create`, { numPlayers: 2 });
    expect(created.status, created.text).toBe(200);
    const matchID: string = created.json.matchID;
    const creds = { '0': await joinSeat(a, matchID, '0'), '1': await joinSeat(b, matchID, '1') };
    const x = await client(a);
    const o = await client(b);
    const watcher = await client(b);
    for (const [c, id] of [[x, '0'], [o, '1'], [watcher, null]] as const) {
      const [event] = await rawSync(c, matchID, id, id === null ? undefined : creds[id]);
      expect(event).toBe('sync');
    }
    const claims = ((await a.db.fetch(matchID, { state: true })).state!.G as NoughtsState).claims;
    expect(claims['0'] !== null && claims['1'] !== null).toBe(true);

    // Each seat marks only once it has seen the other's move: O on B moves only after X's move on A reached B
    // through the bus, and X only after O's came back. Without the bus carrying Noughts states this stalls.
    const [xEnd, oEnd] = await Promise.all([playScripted(x, matchID, '0', creds['0']), playScripted(o, matchID, '1', creds['1'])]);
    const stored = (await b.db.fetch(matchID, { state: true, log: true }));
    const end = stored.state as unknown as Sent;
    expect(end.ctx.gameover).toBeDefined();
    expect(movesBy(stored.log)).toHaveLength(end._stateID);
    await waitFor(() => latest(watcher)?._stateID === end._stateID, 10_000, 'the spectator at the end');
    expect(xEnd._stateID).toBe(end._stateID);
    expect(oEnd._stateID).toBe(end._stateID);

    // Every socket got every state once, in order (its sync was state 0), each cut for its audience: while the game
    // runs a seat sees its own claim and not the other's, the spectator neither (a process cutting another
    // process's state with the wrong view, or sending it uncut, shows a claim here); at the end both are shown.
    for (const [c, seat] of [[x, '0'], [o, '1'], [watcher, null]] as const) {
      const seen = updates(c, matchID);
      expect(seen.map((s) => s._stateID)).toEqual(Array.from({ length: end._stateID }, (_, i) => i + 1));
      for (const s of seen) {
        if (s.ctx.gameover !== undefined) expect(s.G.claims).toEqual(claims);
        else expect(s.G.claims).toEqual({ '0': seat === '0' ? claims['0'] : null, '1': seat === '1' ? claims['1'] : null });
      }
      expect(seen.at(-1)!.G).toEqual(end.G);
    }
    expect([a.errors, b.errors]).toEqual([[], []]);
  }, 60_000);

  it('a bot match created on A, its human on B: the bot plays to the end, each decision made by one server', async () => {
    const botMovesBefore = a.bots.moves + b.bots.moves;
    const created = await api(a.url, `/games/${NOUGHTS_NAME}/create`, { numPlayers: 2, bot: 'O', botKind: 'greedy' });
    expect(created.status, created.text).toBe(200);
    const matchID: string = created.json.matchID;
    const creds = await joinSeat(b, matchID, '0');
    const human = await client(b);
    expect((await rawSync(human, matchID, '0', creds))[0]).toBe('sync');

    // Both servers hear each of the human's moves (B plays it, A through the bus) and both try the bot's answer; the
    // bot lease lets one decide. Without leases (BotDriver's `leases`, server/index.ts) both would decide: more
    // decisions than bot moves, and the loser's answer refused as stale.
    const end = await playScripted(human, matchID, '0', creds);
    const stored = await a.db.fetch(matchID, { state: true, metadata: true, log: true });
    const state = stored.state as unknown as Sent;
    expect(state.ctx.gameover).toBeDefined();
    expect(stored.metadata!.gameover).toEqual(state.ctx.gameover);
    expect(end._stateID).toBe(state._stateID);
    const moves = movesBy(stored.log);
    expect(moves).toHaveLength(state._stateID);
    // Turns alternate, X first: every other move is the bot's.
    expect(moves).toEqual(moves.map((_, i) => (i % 2 === 0 ? '0' : '1')));
    const botMoves = moves.filter((id) => id === '1').length;
    expect(botMoves).toBeGreaterThanOrEqual(2);
    const decisions = [...asked.A, ...asked.B].filter((d) => d.matchID === matchID);
    expect(decisions).toHaveLength(botMoves);
    expect(decisions.every((d) => d.playerID === '1')).toBe(true);
    expect(a.bots.moves + b.bots.moves - botMovesBefore).toBe(botMoves);
    expect([a.errors, b.errors]).toEqual([[], []]);
  }, 60_000);
});

describe('Hidden Noughts across a restart (SQLite file)', () => {
  const t = tempDir('mint-noughts-restart-');
  const file = join(t.dir, 'restart.sqlite');
  const servers: TestServer[] = [];
  const sockets: RawClient[] = [];
  afterAll(async () => {
    for (const s of sockets) s.close();
    for (const s of servers) await s.dispose();
    t.remove();
  });

  it('a server stopped while its bot decides: the next one on the same storage plays the bot\'s move, unasked', async () => {
    const askedFirst: Decision[] = [];
    const first = await startTestServer('sqlite', { databaseUrl: file, games: [stalledNoughts(askedFirst)] });
    servers.push(first);
    const created = await api(first.url, `/games/${NOUGHTS_NAME}/create`, { numPlayers: 2, bot: 'O', botKind: 'greedy' });
    expect(created.status, created.text).toBe(200);
    const matchID: string = created.json.matchID;
    const joined = await api(first.url, `/games/${NOUGHTS_NAME}/${matchID}/join`, { playerID: '0', playerName: 'Human' });
    expect(joined.status, joined.text).toBe(200);
    const human = await rawClient(first.url, NOUGHTS_NAME);
    sockets.push(human);
    expect((await rawSync(human, matchID, '0', joined.json.playerCredentials))[0]).toBe('sync');
    human.socket.emit('update', moveAction('mark', [4], '0', joined.json.playerCredentials), 0, matchID, '0');
    // The human's move is written and the bot's decision is in progress (it never answers) when the server stops.
    await waitFor(() => askedFirst.some((d) => d.matchID === matchID), 10_000, 'the first server\'s bot asked');
    human.close();
    await first.stop();
    expect(first.bots.moves).toBe(0);

    const reader = createStorage(file);
    try {
      const before = await reader.fetch(matchID, { state: true, log: true });
      expect(before.state!._stateID).toBe(1);
      expect(movesBy(before.log)).toEqual(['0']);
    } finally {
      await reader.close();
    }

    // No client connects to the new server: only its start-up resume of bot matches (server/index.ts, every game
    // with bots) can make the bot move. Resuming only Mint's matches, or none, leaves this match at state 1.
    const askedSecond: Decision[] = [];
    const second = await startTestServer('sqlite', { databaseUrl: file, games: [countingNoughts(askedSecond)] });
    servers.push(second);
    await until(async () => ((await second.db.fetch(matchID, { state: true })).state?._stateID ?? 0) >= 2,
      'the bot\'s move after the restart');
    const after = await second.db.fetch(matchID, { state: true, log: true });
    expect(after.state!._stateID).toBe(2);
    expect(movesBy(after.log)).toEqual(['0', '1']);
    expect((after.state!.G as NoughtsState).cells.filter((c) => c === 'O')).toHaveLength(1);
    expect(askedSecond).toEqual([{ matchID, playerID: '1' }]);
    expect(second.bots.moves).toBe(1);
    expect([first.errors, second.errors]).toEqual([[], []]);
  }, 60_000);
});
