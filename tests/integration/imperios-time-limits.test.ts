/**
 * docs/imperios/RULES.md IM15.1 and IM15.2 enforced online, through the real server (SQLite and PostgreSQL), real
 * sockets and an injected server time: a block offer closes after 60 s and a defence question after 45 s, and each
 * civilization still silent then gets its default answer (let pass, no defence) from the server (a server event in
 * its name, noted `{ timeLimit: true }` beside the move's log entry), through the table deadlines (server/table/
 * timer.ts, `HostedGame.answersDue`). Four scripted seats play random legal actions but stay silent on questions
 * with a time limit; the test answers for them when it wants to.
 * - Nothing happens before the deadline; at the deadline the silent seats, and only they, get the default answer
 *   (a seat that answered in time is untouched), once, even with the deadline fired twice at once (as two processes
 *   would); the table shows the open question and its deadline, and the game log, as every seat sees it, marks
 *   the answers made by the time limit with its rule; nothing secret reaches a socket.
 * - A question closed before its deadline leaves nothing to fire.
 * - A server restarted with a question open plays its default answers once the deadline has passed.
 * - The record, with those notes, replays to exactly the state stored.
 * - On two server processes (PostgreSQL and Redis), both firing the same deadline at once, each silent seat is
 *   answered once, and the sockets on either process see it.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchEvent } from '../../server/events';
import { IMPERIOS_HOSTED } from '../../server/games/imperios';
import { UNLIMITED_SOCKETS } from '../../server/limits';
import type { HostedGame } from '../../server/match/hosted-game';
import type { OpenAnswers } from '../../server/table/state';
import { IMPERIOS_NAME } from '../../src/games/imperios/game';
import { replayImperios, type ImperiosRecord } from '../../src/games/imperios/record';
import {
  allEvents,
  awaitedSeats,
  legalActions,
  type Action,
  type ImperiosState,
  type LogEvent,
  type PublicState,
} from '../../src/games/imperios/rules';
import { randomInt, seedState } from '../../src/games/imperios/rules/rng';
import {
  allKeys,
  api,
  dropPgSchema,
  PG_SKIP_REASON,
  PG_URL,
  pgSchemaName,
  startTestServer,
  tempDir,
  waitFor,
  type Backend,
  type TestServer,
} from './server-helpers';
import { ImperiosClient, joinEverySeat, productionNodeEnv, until } from './imperios-client';
import { dropRedisPrefix, REDIS_URL, redisAnswers, redisPrefix } from './cluster-helpers';

// boardgame.io's per-move serialisability check walks all of G (docs/bgio-notes.md): off, as on a real server.
productionNodeEnv();

let now = 1_900_000_000_000;

type Sent = {
  G: PublicState & { rng?: unknown };
  ctx: { gameover?: unknown; activePlayers: Record<string, string> | null };
  _stateID: number;
};
type TableMsg = { answers?: { kind: string; until: number; seats: string[] } } & Record<string, unknown>;

type Client = ImperiosClient<Sent, TableMsg>;
const Client = { open: (url: string) => ImperiosClient.open<Sent, TableMsg>(url) };

const timed = (G: ImperiosState | PublicState) => G.pending?.kind === 'block' || G.pending?.kind === 'defend';

/**
 * Seat `playerID`'s scripted player: whenever the newest state it holds awaits its seat and no question with a time
 * limit is open, one random legal action of its own. Silent on block offers and defence questions.
 */
async function scripted(c: Client, matchID: string, playerID: string, credentials: string, stop: () => boolean) {
  const chooser = { rng: seedState(`limits-${playerID}`) };
  let sentOn = -1;
  while (!stop()) {
    const s = c.latest;
    if (s && s.ctx.gameover !== undefined) return;
    const G = s?.G as ImperiosState | undefined;
    if (s && G && s._stateID > sentOn && !timed(G) && awaitedSeats(G).includes(Number(playerID))) {
      const legal = legalActions(G, Number(playerID));
      sentOn = s._stateID;
      c.send(matchID, playerID, credentials, legal[randomInt(chooser, legal.length)], s._stateID);
    }
    await new Promise((r) => setTimeout(r, 5));
  }
}

for (const backend of ['sqlite', 'postgres'] as Backend[]) {
  const skip = backend === 'postgres' && !PG_URL;
  describe.skipIf(skip)(
    `IM15.1, IM15.2: block offers and defence questions close at their time limit online (${backend})${skip ? ` — SKIPPED: ${PG_SKIP_REASON}` : ''}`,
    () => {
      // One database for the server and the one started after it (the restart).
      const sqlite = backend === 'sqlite' ? tempDir('imperios-limits-') : null;
      const schema = backend === 'postgres' ? pgSchemaName() : '';
      const dbOpts = sqlite ? { databaseUrl: join(sqlite.dir, 'limits.sqlite') } : { databaseUrl: PG_URL!, dbSchema: schema };
      let server: TestServer;
      const clients: Client[] = [];
      const events: MatchEvent[] = [];
      const start = () =>
        startTestServer(backend, {
          ...dbOpts,
          games: [IMPERIOS_HOSTED as HostedGame],
          now: () => now,
          tableTickMs: 20,
          events: (e) => events.push(e),
          socketLimits: { ...UNLIMITED_SOCKETS, maxPendingBytes: 256 * 1024 * 1024 },
        });
      beforeAll(async () => {
        server = await start();
      });
      afterAll(async () => {
        for (const c of clients) c.socket.close();
        await server?.dispose();
        sqlite?.remove();
        if (schema) await dropPgSchema(schema);
      });

      const post = (path: string, body: unknown) => api(server.url, path, body);
      const stored = async (matchID: string) => {
        const s = await server.db.fetch(matchID, { state: true, metadata: true, log: true });
        return {
          state: s.state as unknown as Sent & { G: ImperiosState },
          metadata: s.metadata! as typeof s.metadata & { answers?: OpenAnswers },
          log: s.log ?? [],
        };
      };
      /** The moves stored with the note of the time limit: seat and action. */
      const timedMoves = async (matchID: string) =>
        (await stored(matchID)).log
          .filter((e) => (e as { played?: { timeLimit?: boolean } }).played?.timeLimit === true)
          .map((e) => ({ playerID: e.action.payload.playerID, action: (e.action.payload.args as Action[])[0] }));
      const answerLines = (G: ImperiosState | PublicState): LogEvent[] =>
        allEvents(G as ImperiosState).filter((e) => e.e === 'blockAnswer' || e.e === 'defend');

      it('silent seats get the default answer at the deadline, answered ones are untouched; closed questions and a restart', async () => {
        const created = await post(`/games/${IMPERIOS_NAME}/create`, { numPlayers: 4, mode: 'tutorial' });
        expect(created.status, created.text).toBe(200);
        const matchID = created.json.matchID as string;
        const creds = await joinEverySeat(server.url, matchID, 4);
        for (let i = 0; i < 4; i++) {
          const c = await Client.open(server.url);
          clients.push(c);
          await c.sync(matchID, String(i), creds[i]);
        }
        let stopped = false;
        let players: Promise<void>[] = [];
        const play = () => {
          stopped = false;
          players = [0, 1, 2, 3].map((i) => scripted(clients[i], matchID, String(i), creds[i], () => stopped));
        };
        const pause = async () => {
          stopped = true;
          await Promise.all(players);
        };
        /** The next question with a time limit, once the game waits on it (the scripts are silent on it). */
        const nextQuestion = async (after: number | null) => {
          await until(
            async () => {
              const { state, metadata } = await stored(matchID);
              return timed(state.G) && metadata.answers !== undefined && metadata.answers.until !== after;
            },
            120_000,
            'a question with a time limit',
          );
          return stored(matchID);
        };

        // 1. Questions left to their time limit, until a block offer and a defence question have closed that way,
        // one of them a block offer to which one of two or more civilizations answered in time.
        const closedByTime = new Set<string>();
        let answeredInTime = false;
        let lastUntil: number | null = null;
        play();
        for (let n = 0; n < 150 && !(closedByTime.has('block') && closedByTime.has('defend') && answeredInTime); n++) {
          const q = await nextQuestion(lastUntil);
          const open = q.metadata.answers!;
          lastUntil = open.until;
          const p = q.state.G.pending!;
          const limitMs = (p as { limitSeconds: number }).limitSeconds * 1000;
          expect(limitMs).toBe(p.kind === 'block' ? 60_000 : 45_000); // IM15.1, IM15.2
          expect(open).toMatchObject({ kind: p.kind, until: now + limitMs, seats: awaitedSeats(q.state.G).map(String) });
          // The table shows the open question and its deadline to every seat, with no key and no credentials.
          await waitFor(() => clients.every((c) => c.tables.at(-1)?.answers?.until === open.until), 5000, 'the table');
          expect(clients[0].tables.at(-1)!.answers).toEqual({ kind: p.kind, until: open.until, seats: open.seats });
          for (const k of ['key', 'credentials']) expect(allKeys(clients[0].tables.at(-1)).has(k), k).toBe(false);

          // A block offer asked of two or more: the first of them lets the action pass in time.
          let inTime: string | null = null;
          if (p.kind === 'block' && open.seats.length >= 2 && !answeredInTime) {
            inTime = open.seats[0];
            const before = q.state._stateID;
            clients[Number(inTime)].send(matchID, inTime, creds[Number(inTime)], { kind: 'letPass' }, before);
            await until(async () => (await stored(matchID)).state._stateID > before, 10_000, 'the answer in time');
            const after = await stored(matchID);
            expect(after.metadata.answers).toEqual({ ...open, seats: open.seats.slice(1) }); // same deadline
          }
          const silent = open.seats.filter((s) => s !== inTime);
          const timedBefore = (await timedMoves(matchID)).length;
          const linesBefore = answerLines((await stored(matchID)).state.G).length;

          // Just before the deadline, nothing happens.
          now = open.until - 1;
          const stateID = (await stored(matchID)).state._stateID;
          await server.tables.fire(matchID);
          expect((await stored(matchID)).state._stateID).toBe(stateID);

          // At the deadline: fired twice at once (as two processes would), each silent seat answered once.
          now = open.until;
          await Promise.all([server.tables.fire(matchID), server.tables.fire(matchID)]);
          await until(async () => (await stored(matchID)).metadata.answers?.until !== open.until, 10_000, 'the question closed');
          const made = (await timedMoves(matchID)).slice(timedBefore);
          const silence = p.kind === 'block' ? { kind: 'letPass' } : { kind: 'noDefence' };
          expect(made).toEqual(silent.map((playerID) => ({ playerID, action: silence })));
          for (const s of silent) {
            expect(events).toContainEqual({ event: 'answeredByTimeLimit', matchID, playerID: s, kind: p.kind });
          }
          // The game log says which answers the time limit made, by its rule; the answer in time has no such mark.
          const { state } = await stored(matchID);
          const lines = answerLines(state.G).slice(linesBefore, linesBefore + silent.length);
          const rule = p.kind === 'block' ? 'IM15.1' : 'IM15.2';
          expect(lines.map((e) => [(e as { seat: number }).seat, e.timeLimit])).toEqual(silent.map((s) => [Number(s), rule]));
          // …as every seat sees it.
          for (const c of clients) {
            await waitFor(() => c.latest!._stateID >= state._stateID, 10_000, 'the closed question on every socket');
            const seen = c.states.find((x) => x._stateID === state._stateID)!;
            // (The online view carries the last two rounds of the log only: counted from its end.)
            const seenLines = answerLines(seen.G);
            const from = seenLines.length - (answerLines(state.G).length - linesBefore);
            expect(seenLines.slice(from, from + silent.length)).toEqual(lines);
          }
          if (inTime) {
            const all = answerLines(state.G);
            const mine = all.slice(0, all.length - silent.length).filter((e) => (e as { seat: number }).seat === Number(inTime)).at(-1)!;
            expect(mine).toMatchObject({ e: 'blockAnswer', block: false });
            expect(mine.timeLimit).toBeUndefined();
            answeredInTime = true;
          }
          closedByTime.add(p.kind);
        }
        expect([...closedByTime].sort()).toEqual(['block', 'defend']);
        expect(answeredInTime, 'a block offer asked of two or more civilizations').toBe(true);

        // 2. A question closed before its deadline: nothing is left to fire.
        const q2 = await nextQuestion(lastUntil);
        await pause();
        const open2 = q2.metadata.answers!;
        lastUntil = open2.until;
        const p2 = q2.state.G.pending!;
        let sid = q2.state._stateID;
        const closing: Action = p2.kind === 'block' ? { kind: 'block' } : { kind: 'noDefence' };
        const asked = open2.seats[0];
        clients[Number(asked)].send(matchID, asked, creds[Number(asked)], closing, sid);
        await until(async () => (await stored(matchID)).state._stateID > sid, 10_000, 'the answer in time');
        const closed = await stored(matchID);
        expect(timed(closed.state.G)).toBe(false);
        expect(closed.metadata.answers).toBeNull();
        await waitFor(() => clients[0].tables.at(-1)?.answers === undefined, 5000, 'the table without the question');
        const timedCount = (await timedMoves(matchID)).length;
        sid = closed.state._stateID;
        now = open2.until + 60_000;
        await server.tables.fire(matchID);
        expect((await stored(matchID)).state._stateID).toBe(sid);
        expect((await timedMoves(matchID)).length).toBe(timedCount);

        // 3. The server stops with a question open and starts again after its deadline: the answers are made.
        play();
        const q3 = await nextQuestion(lastUntil);
        await pause();
        const open3 = q3.metadata.answers!;
        // Nothing secret reached a socket: no generator, no seed, in any state or table sent.
        for (const c of clients) {
          for (const x of [...c.states, ...c.tables]) {
            const keys = allKeys(x);
            for (const k of ['rng', 'seed', 'prngstate', 'credentials', 'key']) expect(keys.has(k), k).toBe(false);
          }
        }
        for (const c of clients) c.socket.close();
        clients.length = 0;
        await server.dispose(); // its own database is unused: ours is kept
        now = open3.until + 1;
        server = await start();
        await until(async () => (await stored(matchID)).metadata.answers?.until !== open3.until, 20_000, 'the question closed after the restart');
        const made3 = (await timedMoves(matchID)).slice(timedCount);
        expect(made3.map((m) => m.playerID)).toEqual(open3.seats);

        // 4. Seat 1 leaves (G56): the record, with the notes of the time limit, replays to the state stored.
        const left = await post(`/games/${IMPERIOS_NAME}/${matchID}/leave`, { playerID: '1', credentials: creds[1] });
        expect(left.status, left.text).toBe(200);
        await until(async () => (await stored(matchID)).state.ctx.gameover !== undefined, 10_000, 'the end');
        const rec = await api(server.url, `/games/${IMPERIOS_NAME}/${matchID}/record`);
        expect(rec.status, rec.text).toBe(200);
        const record = rec.json as ImperiosRecord;
        expect(record.moves.filter((m) => m.played?.timeLimit).length).toBe((await timedMoves(matchID)).length);
        const replay = replayImperios(record);
        if ('error' in replay) throw new Error(replay.error);
        expect(JSON.stringify(replay.states.at(-1)!.G)).toBe(JSON.stringify((await stored(matchID)).state.G));
        expect(server.errors).toEqual([]);
      }, 300_000);
    },
  );
}

const CLUSTER_SKIP = !PG_URL ? PG_SKIP_REASON : !(await redisAnswers()) ? `no Redis answers at ${REDIS_URL}` : null;
describe.skipIf(CLUSTER_SKIP !== null)(
  `IM15.1, IM15.2 on two server processes, one PostgreSQL and one Redis${CLUSTER_SKIP ? ` — SKIPPED: ${CLUSTER_SKIP}` : ''}`,
  () => {
    const schema = pgSchemaName();
    const prefix = redisPrefix();
    const servers: TestServer[] = [];
    const clients: Client[] = [];
    const events: MatchEvent[] = [];
    beforeAll(async () => {
      const shared = { dbSchema: schema, redisUrl: REDIS_URL, redisPrefix: prefix };
      // One after the other: the first migrates the schema and creates the bus key, the second finds them.
      for (let i = 0; i < 2; i++) {
        servers.push(
          await startTestServer('postgres', {
            ...shared,
            games: [IMPERIOS_HOSTED as HostedGame],
            now: () => now,
            tableTickMs: 20,
            events: (e) => events.push(e),
            socketLimits: { ...UNLIMITED_SOCKETS, maxPendingBytes: 256 * 1024 * 1024 },
          }),
        );
      }
    }, 60_000);
    afterAll(async () => {
      for (const c of clients) c.socket.close();
      for (const s of servers) await s.dispose();
      await dropPgSchema(schema);
      await dropRedisPrefix(prefix);
    });

    it('both processes fire the same deadline: each silent seat is answered once, and every socket sees it', async () => {
      const [a, b] = servers;
      const created = await api(a.url, `/games/${IMPERIOS_NAME}/create`, { numPlayers: 4, mode: 'tutorial' });
      expect(created.status, created.text).toBe(200);
      const matchID = created.json.matchID as string;
      const creds: string[] = [];
      for (let i = 0; i < 4; i++) {
        const r = await api((i % 2 ? b : a).url, `/games/${IMPERIOS_NAME}/${matchID}/join`, {
          playerID: String(i),
          playerName: `Seat ${i}`,
        });
        expect(r.status, r.text).toBe(200);
        creds.push(r.json.playerCredentials as string);
      }
      // Seats 0 and 2 on A, 1 and 3 on B.
      for (let i = 0; i < 4; i++) {
        const c = await Client.open((i % 2 ? b : a).url);
        clients.push(c);
        await c.sync(matchID, String(i), creds[i]);
      }
      const stored = async () => {
        const s = await a.db.fetch(matchID, { state: true, metadata: true, log: true });
        return {
          state: s.state as unknown as Sent & { G: ImperiosState },
          answers: (s.metadata as { answers?: OpenAnswers | null }).answers,
          log: s.log ?? [],
        };
      };
      const timedMoves = async () =>
        (await stored()).log.filter((e) => (e as { played?: { timeLimit?: boolean } }).played?.timeLimit === true);
      let stopped = false;
      const players = [0, 1, 2, 3].map((i) => scripted(clients[i], matchID, String(i), creds[i], () => stopped));
      let last = -1;
      for (let round = 0; round < 3; round++) {
        await until(
          async () => {
            const s = await stored();
            return timed(s.state.G) && !!s.answers && s.answers.until !== last;
          },
          120_000,
          'a question with a time limit',
        );
        const open = (await stored()).answers!;
        last = open.until;
        const before = (await timedMoves()).length;
        now = open.until;
        await Promise.all([a.tables.fire(matchID), b.tables.fire(matchID), a.tables.fire(matchID), b.tables.fire(matchID)]);
        await until(async () => (await stored()).answers?.until !== open.until, 10_000, 'the question closed');
        const made = (await timedMoves()).slice(before).map((e) => e.action.payload.playerID);
        expect(made).toEqual(open.seats);
        // Every socket, on either process, gets the state after the answers.
        const sid = (await stored()).state._stateID;
        for (const c of clients) await waitFor(() => c.latest!._stateID >= sid, 10_000, 'the state on every socket');
      }
      stopped = true;
      await Promise.all(players);
      for (const s of servers) expect(s.errors).toEqual([]);
    }, 300_000);
  },
);
