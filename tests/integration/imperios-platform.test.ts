/**
 * Issue 23 items 4 and 7: Imperios Milenarios (4–7 seats) on the platform, through the real server on SQLite and
 * PostgreSQL. Matches of 4 and 5 seats (the 4-seat one on PostgreSQL, the 5-seat one on SQLite; both on SQLite when
 * PostgreSQL is not there) are created in the lobby, joined, and played to the end by the server's bots
 * and scripted clients over real sockets (each client sends a random legal action of its own whenever the game
 * waits for its seat); no seat, no spectator and no bot is ever sent the core's random generator (IM14.1); an
 * illegal, out-of-turn or malformed move is refused with nothing changed; a finished match's record replays through
 * boardgame.io to the very state stored; a seat that leaves ends the game with its civilization last (G56).
 */
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPERIOS_BOTS, IMPERIOS_HOSTED } from '../../server/games/imperios';
import { UNLIMITED_SOCKETS } from '../../server/limits';
import type { HostedBots, HostedGame } from '../../server/match/hosted-game';
import { IMPERIOS_NAME } from '../../src/games/imperios/game';
import { replayImperios, type ImperiosRecord } from '../../src/games/imperios/record';
import {
  awaitedSeats,
  legalActions,
  type ImperiosState,
  type PublicState,
} from '../../src/games/imperios/rules';
import { seedState, randomInt } from '../../src/games/imperios/rules/rng';
import {
  allKeys,
  api,
  GAME,
  moveAction,
  PG_SKIP_REASON,
  PG_URL,
  startTestServer,
  waitFor,
  waitForProgress,
  type Backend,
  type TestServer,
} from './server-helpers';

// boardgame.io's per-move serialisability check walks all of G (docs/bgio-notes.md): off, as on a real server.
const PREVIOUS_NODE_ENV = process.env.NODE_ENV;
process.env.NODE_ENV = 'production';
afterAll(() => {
  process.env.NODE_ENV = PREVIOUS_NODE_ENV;
});

type Sent = {
  G: PublicState & { rng?: unknown };
  ctx: { gameover?: { winner: string; ranking: string[]; forfeit?: unknown }; activePlayers: Record<string, string> | null };
  plugins: Record<string, { data?: unknown }>;
  _stateID: number;
};

/** Where a secret could be: the generator in G, the random plugin's seed or state anywhere. */
function leak(body: unknown): string | null {
  const keys = allKeys(body);
  for (const k of ['rng', 'prngstate', 'seed']) if (keys.has(k)) return k;
  return null;
}

/**
 * A socket of the game's namespace that keeps only the newest state it was sent (a late Imperios state is a few
 * hundred kilobytes), counts what it got, and checks every message for secrets: the cheap check on each, the deep
 * one on the sync answers and every 25th update.
 */
class Seat {
  latest: Sent | null = null;
  updates = 0;
  errors: string[] = [];
  leaks: string[] = [];
  disconnected = false;
  private constructor(readonly socket: Socket) {
    socket.on('disconnect', () => {
      this.disconnected = true;
    });
    socket.onAny((event: string, ...args: unknown[]) => {
      if (event === 'mint:error') this.errors.push(JSON.stringify(args).slice(0, 300));
      let state: Sent | undefined;
      if (event === 'sync') state = (args[1] as { state: Sent }).state;
      if (event === 'update') state = args[1] as Sent;
      if (!state) return;
      if (event === 'update') this.updates++;
      if ('rng' in state.G) this.leaks.push(`rng in ${event}`);
      if (state.plugins?.random?.data !== undefined) this.leaks.push(`random plugin data in ${event}`);
      if (event === 'sync' || this.updates % 25 === 0) {
        const found = leak(event === 'sync' ? args[1] : state);
        if (found) this.leaks.push(`${found} in ${event}`);
      }
      if (!this.latest || state._stateID >= this.latest._stateID) this.latest = state;
    });
  }

  static async open(url: string): Promise<Seat> {
    const socket = io(`${url}/${IMPERIOS_NAME}`, { transports: ['websocket'], reconnection: false, forceNew: true });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return new Seat(socket);
  }

  async sync(matchID: string, playerID: string | null, credentials?: string): Promise<void> {
    this.socket.emit('sync', matchID, playerID, credentials, 4);
    await waitFor(() => this.latest !== null || this.errors.length > 0, 10_000, 'the sync answer');
    if (!this.latest) throw new Error(`sync refused: ${this.errors.join('; ')}`);
  }

  send(matchID: string, playerID: string, credentials: string, args: unknown[], stateID: number, type = 'act'): void {
    this.socket.emit('update', moveAction(type, args, playerID, credentials), stateID, matchID, playerID);
  }

  close(): void {
    this.socket.close();
  }
}

/**
 * The scripted player of `playerID`: whenever the newest state it holds waits for its seat (the core's awaited
 * seats), it sends one random legal action of its own, computed from that view alone; it never musters out of turn.
 * Resolves with the final state.
 */
async function playScripted(seat: Seat, matchID: string, playerID: string, credentials: string, seed: string) {
  const chooser = { rng: seedState(seed) };
  let sentOn = -1;
  for (;;) {
    await waitForProgress(
      () => {
        const s = seat.latest;
        if (!s) return false;
        if (s.ctx.gameover !== undefined) return true;
        return s._stateID > sentOn && awaitedSeats(s.G as ImperiosState).includes(Number(playerID));
      },
      () => seat.latest?._stateID,
      60_000,
      `seat ${playerID}'s decision or the end`,
    ).catch((err: Error) => {
      const s = seat.latest;
      throw new Error(
        `${err.message}; pending ${JSON.stringify(s?.G.pending)}, active ${JSON.stringify(s?.ctx.activePlayers)}, ` +
          `disconnected ${seat.disconnected}, ` +
          `refusals ${seat.errors.slice(-3).join(' | ')}`,
      );
    });
    const s = seat.latest!;
    if (s.ctx.gameover !== undefined) return s;
    const legal = legalActions(s.G as ImperiosState, Number(playerID));
    sentOn = s._stateID;
    seat.send(matchID, playerID, credentials, [legal[randomInt(chooser, legal.length)]], s._stateID);
  }
}

/** Imperios with its real bots, every view a bot is handed checked for the generator. */
function imperiosWithBotSpy(leaks: string[], decisions: { n: number }): HostedGame<ImperiosState> {
  const bots: HostedBots<ImperiosState, PublicState> = {
    ...IMPERIOS_BOTS,
    start() {
      const real = IMPERIOS_BOTS.start();
      return {
        ...real,
        choose: (kind, view, playerID, job) => {
          decisions.n++;
          if ('rng' in view) leaks.push(`rng in the view of bot ${playerID}`);
          return real.choose(kind, view, playerID, job);
        },
      };
    },
  };
  return { ...IMPERIOS_HOSTED, bots } as HostedGame<ImperiosState>;
}

/** The whole matches played: each is 25–50 s of moves, so one per backend (both on SQLite without PostgreSQL). */
const WHOLE_MATCHES = [
  { players: 4, humans: ['0'], kinds: ['random', 'random', 'random'] },
  { players: 5, humans: ['1', '3'], kinds: ['random', 'greedy', 'random'] },
];
const wholeMatches = (backend: Backend) => (backend === 'postgres' ? [WHOLE_MATCHES[0]!] : PG_URL ? [WHOLE_MATCHES[1]!] : WHOLE_MATCHES);

for (const backend of ['sqlite', 'postgres'] as Backend[]) {
  const skip = backend === 'postgres' && !PG_URL;
  describe.skipIf(skip)(`Imperios Milenarios on the platform (${backend})${skip ? ` — SKIPPED: ${PG_SKIP_REASON}` : ''}`, () => {
    let server: TestServer;
    const seats: Seat[] = [];
    const botLeaks: string[] = [];
    const botDecisions = { n: 0 };
    beforeAll(async () => {
      server = await startTestServer(backend, {
        games: [imperiosWithBotSpy(botLeaks, botDecisions) as HostedGame],
        // The clients share this process with the server and its bots, which move with no delay: a socket's unread
        // output may pile up past the usual bound while the bots run, which would drop the socket (server/limits.ts).
        socketLimits: { ...UNLIMITED_SOCKETS, maxPendingBytes: 256 * 1024 * 1024 },
      });
    });
    afterAll(async () => {
      for (const s of seats) s.close();
      await server?.dispose();
    });
    // A kept-alive connection the server closed while this process was busy with the bots fails at once with
    // ECONNRESET, before the server read anything: such a request is sent again, once.
    const post = (path: string, body: unknown) =>
      api(server.url, path, body).catch((err: Error) => {
        if (!/fetch failed/.test(err.message)) throw err;
        return api(server.url, path, body);
      });
    const open = async () => {
      const s = await Seat.open(server.url);
      seats.push(s);
      return s;
    };
    const create = async (body: Record<string, unknown>) => {
      const r = await post(`/games/${IMPERIOS_NAME}/create`, body);
      expect(r.status, r.text).toBe(200);
      return r.json.matchID as string;
    };
    const join = async (matchID: string, playerID: string, playerName: string) => {
      const r = await post(`/games/${IMPERIOS_NAME}/${matchID}/join`, { playerID, playerName });
      expect(r.status, r.text).toBe(200);
      return r.json.playerCredentials as string;
    };
    const stored = async (matchID: string) =>
      server.db.fetch(matchID, { state: true, metadata: true, log: true, initialState: true });

    /** The record of a finished match replays through boardgame.io to exactly the state stored. */
    const expectRecordReplays = async (matchID: string) => {
      const r = await api(server.url, `/games/${IMPERIOS_NAME}/${matchID}/record`);
      expect(r.status, r.text).toBe(200);
      const record = r.json as ImperiosRecord;
      const replay = replayImperios(record);
      if ('error' in replay) throw new Error(replay.error);
      const { state } = await stored(matchID);
      const last = replay.states[replay.states.length - 1];
      expect(JSON.stringify(last.G)).toBe(JSON.stringify((state as unknown as { G: unknown }).G));
      expect(last.ctx.gameover).toEqual((state as unknown as Sent).ctx.gameover);
      return record;
    };

    it('is listed, created with 4 to 7 seats and a mode, and refuses what it does not have', async () => {
      expect((await api(server.url, '/games')).json).toEqual([GAME, IMPERIOS_NAME]);
      for (const [body, status] of [
        [{ numPlayers: 3 }, 400],
        [{ numPlayers: 8 }, 400],
        [{ numPlayers: 2 }, 400],
        [{ numPlayers: 4, mode: 'epic' }, 400], // IM3.1.2: Epic needs 6 or 7
        [{ numPlayers: 4, mode: 'blitz' }, 400],
        [{ numPlayers: 4, clock: { kind: 'turn', perDecisionMs: 60_000 }, bot: ['1'] }, 400], // clocks are between players
        [{ numPlayers: 4, clock: { kind: 'blitz' } }, 400],
        [{ numPlayers: 4, solo: { bot: 'I', difficulty: 'easy' } }, 400],
        [{ numPlayers: 4, hints: { limit: 3 } }, 400],
        [{ numPlayers: 4, bot: ['1', '2', '3', '0'] }, 400], // a match keeps a seat for a human
        [{ numPlayers: 4, bot: ['4'] }, 400], // no seat 4 in a match of 4
        [{ numPlayers: 4, bot: ['1', '1'] }, 400],
        [{ numPlayers: 4, bot: ['1'], botKind: 'mcts' }, 400],
        [{ numPlayers: 4, setupData: { mode: 'tutorial' } }, 400],
        [{ numPlayers: 6, mode: 'epic' }, 200],
        [{ numPlayers: 7 }, 200],
        [{ numPlayers: 4, clock: { kind: 'turn', perDecisionMs: 60_000 } }, 200], // a clock per seat (imperios-clock)
        [{ numPlayers: 5, bot: ['1', '2', '3'], botKind: ['greedy', 'random', 'random'] }, 200],
      ] as const) {
        const r = await post(`/games/${IMPERIOS_NAME}/create`, body);
        expect(r.status, `${JSON.stringify(body)}: ${r.text}`).toBe(status);
      }
      // Mint keeps exactly two seats and one bot.
      expect((await post(`/games/${GAME}/create`, { numPlayers: 4 })).status).toBe(400);
      const seven = await create({ numPlayers: 7 });
      const listed = (await api(server.url, `/games/${IMPERIOS_NAME}/${seven}`)).json;
      expect(listed.players.map((p: { id: number }) => p.id)).toEqual([0, 1, 2, 3, 4, 5, 6]);
      // Seats fill in order; a name that looks like another seat's is refused; the eighth join finds it full.
      for (let i = 0; i < 7; i++) {
        const r = await post(`/games/${IMPERIOS_NAME}/${seven}/join`, { playerName: `Player ${i}` });
        expect(r.status, r.text).toBe(200);
        expect(r.json.playerID).toBe(String(i));
        if (i === 2) {
          const dup = await post(`/games/${IMPERIOS_NAME}/${seven}/join`, { playerName: 'player 1' });
          expect(dup.status).toBe(400);
        }
      }
      expect((await post(`/games/${IMPERIOS_NAME}/${seven}/join`, { playerName: 'Late' })).status).toBe(409);
      const { state } = await stored(seven);
      expect((state as unknown as { G: ImperiosState }).G.players).toBe(7);
    });

    it('refuses illegal, out-of-turn and malformed moves with nothing changed; a leaver ends the game last (G56)', async () => {
      const matchID = await create({ numPlayers: 4, mode: 'tutorial' });
      const creds: string[] = [];
      for (let i = 0; i < 4; i++) creds.push(await join(matchID, String(i), `Seat ${i}`));
      const clients: Seat[] = [];
      for (let i = 0; i < 4; i++) {
        const c = await open();
        await c.sync(matchID, String(i), creds[i]);
        clients.push(c);
      }
      const spectator = await open();
      await spectator.sync(matchID, null);
      const first = clients[0].latest!;
      const chooser = awaitedSeats(first.G as ImperiosState)[0];
      const other = (chooser + 1) % 4;
      const before = await stored(matchID);
      const legal = legalActions(first.G as ImperiosState, chooser);
      expect(legal.length).toBeGreaterThan(0);
      const attempts: [number, unknown[], string?][] = [
        [other, [legal[0]]], // out of turn: another seat's decision
        [chooser, [{ kind: 'chooseMetropolis', territory: 'Atlantis' }]], // illegal
        [chooser, [{ kind: 'endTurn' }]], // not this decision
        [chooser, []], // malformed: no action
        [chooser, [legal[0], legal[0]]], // malformed: two
        [chooser, ['chooseMetropolis']], // malformed: not an object
        [chooser, [[legal[0]]]],
        [chooser, [legal[0]], 'toString'], // no such move
        [chooser, [legal[0]], 'endTurn'],
      ];
      for (const [seat, args, type] of attempts) {
        const errorsBefore = clients[seat].errors.length;
        clients[seat].send(matchID, String(seat), creds[seat], args, first._stateID, type);
        await waitFor(() => clients[seat].errors.length > errorsBefore, 10_000, `the refusal of ${JSON.stringify(args)}`);
      }
      // Another seat's credentials for the chooser's seat.
      const errorsBefore = clients[other].errors.length;
      clients[other].send(matchID, String(chooser), creds[other], [legal[0]], first._stateID);
      await waitFor(() => clients[other].errors.length > errorsBefore, 10_000, 'the refusal of foreign credentials');
      const after = await stored(matchID);
      expect(JSON.stringify(after.state)).toBe(JSON.stringify(before.state));
      expect(after.log).toEqual(before.log);
      expect(clients.every((c) => c.updates === 0) && spectator.updates === 0).toBe(true);

      // The legal move reaches every seat and the spectator.
      clients[chooser].send(matchID, String(chooser), creds[chooser], [legal[0]], first._stateID);
      await waitFor(
        () => [...clients, spectator].every((c) => c.latest!._stateID > first._stateID),
        10_000,
        'the update',
      );

      // Seat `other` leaves: the game ends, its civilization ranked last (G56), and the record replays it.
      const left = await post(`/games/${IMPERIOS_NAME}/${matchID}/leave`, { playerID: String(other), credentials: creds[other] });
      expect(left.status, left.text).toBe(200);
      await waitFor(() => spectator.latest!.ctx.gameover !== undefined, 10_000, 'the end');
      const over = spectator.latest!.ctx.gameover!;
      expect(over.forfeit).toEqual({ playerID: String(other), reason: 'forfeit' });
      expect(over.ranking[3]).toBe(String(other));
      expect(over.ranking).toHaveLength(4);
      const record = await expectRecordReplays(matchID);
      expect(record.moves).toHaveLength(1);
      // The rematch: four seats again, the same mode, each remaining player's seat held for them.
      const again = await post(`/games/${IMPERIOS_NAME}/${matchID}/playAgain`, {
        playerID: String(chooser),
        credentials: creds[chooser],
      });
      expect(again.status, again.text).toBe(200);
      const next = await stored(again.json.nextMatchID);
      const nextG = (next.state as unknown as { G: ImperiosState }).G;
      expect([nextG.players, nextG.mode]).toEqual([4, 'tutorial']);
      const names = Object.values(next.metadata!.players).map((p) => p.name ?? null);
      expect(names).toEqual([0, 1, 2, 3].map((i) => (i === other ? null : `Seat ${i}`)));
      expect(record.players).toEqual(['Seat 0', 'Seat 1', 'Seat 2', 'Seat 3']);
      for (const c of [...clients, spectator]) expect(c.leaks).toEqual([]);
      expect(server.errors).toEqual([]);
    });

    for (const { players, humans, kinds } of wholeMatches(backend)) {
      it(`a ${players}-seat match with ${humans.length} scripted seat(s) and ${kinds.length} bots is played to the end`, async () => {
        const botSeats = Array.from({ length: players }, (_, i) => String(i)).filter((id) => !humans.includes(id));
        const matchID = await create({ numPlayers: players, mode: 'tutorial', bot: botSeats, botKind: kinds });
        const listed = (await api(server.url, `/games/${IMPERIOS_NAME}/${matchID}`)).json;
        expect(listed.players).toHaveLength(players);
        expect(listed.players.filter((p: { data?: { bot?: string } }) => p.data?.bot).map((p: { id: number }) => String(p.id))).toEqual(botSeats);
        const spectator = await open();
        await spectator.sync(matchID, null);
        const decisionsBefore = botDecisions.n;
        const runs: Promise<Sent>[] = [];
        const clients: Seat[] = [];
        for (const id of humans) {
          const credentials = await join(matchID, id, `Human ${id}`);
          const c = await open();
          await c.sync(matchID, id, credentials);
          clients.push(c);
          runs.push(playScripted(c, matchID, id, credentials, `${backend}-${players}-${id}`));
        }
        const ends = await Promise.all(runs).catch((err: Error) => {
          throw new Error(`${err.message}; server errors: ${server.errors.join(' | ').slice(0, 2000)}`);
        });
        await waitFor(() => spectator.latest?.ctx.gameover !== undefined, 30_000, 'the spectator sees the end');
        const { state, metadata, log } = await stored(matchID);
        const final = state as unknown as Sent & { G: ImperiosState };
        expect(final.G.phase).toBe('over');
        expect(final.ctx.gameover!.ranking).toHaveLength(players);
        expect(metadata!.gameover).toEqual(final.ctx.gameover);
        for (const end of ends) expect(end._stateID).toBe(final._stateID);
        expect(spectator.latest!._stateID).toBe(final._stateID);
        // Every seat played: bots and scripted clients alike.
        const movers = new Set((log ?? []).filter((e) => e.action.type === 'MAKE_MOVE').map((e) => e.action.payload.playerID));
        expect([...movers].sort()).toEqual(Array.from({ length: players }, (_, i) => String(i)));
        expect(botDecisions.n).toBeGreaterThan(decisionsBefore);
        for (const c of [...clients, spectator]) expect(c.leaks).toEqual([]);
        expect(botLeaks).toEqual([]);
        // "My matches" knows the seats of a match of more than two.
        const mine = await post('/my-matches', {
          seats: [{ matchID, playerID: humans[0], credentials: 'wrong' }],
        });
        expect(mine.json.matches[0].status).toBe('gone');
        await expectRecordReplays(matchID);
        expect(server.errors).toEqual([]);
      }, 900_000);
    }

    it('"My matches" lists a seat of a match of five: waiting, then whose decision it is', async () => {
      const matchID = await create({ numPlayers: 5, mode: 'tutorial', bot: ['1', '2', '3'], botKind: 'random' });
      const credentials = await join(matchID, '0', 'Ana');
      const mine = async () => (await post('/my-matches', { seats: [{ matchID, playerID: '0', credentials }] })).json.matches[0];
      expect(await mine()).toMatchObject({ status: 'waiting', opponent: 'Random bot, Random bot, Random bot' });
      await join(matchID, '4', 'Bea');
      const m = await mine();
      expect(m.status).toBe('playing');
      expect(m.opponent).toBe('Random bot, Random bot, Random bot, Bea');
      expect(m.opponentKind).toBe('human');
      expect(typeof m.yourTurn).toBe('boolean');
    });
  });
}
