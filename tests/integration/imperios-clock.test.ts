/**
 * Issue 23 item 7: chess clocks for an Imperios match of 4 seats, through the real server (SQLite and PostgreSQL),
 * real sockets and an injected server time (docs/imperios/RULES.md IM15.4, G56, G59). A live clock has a bank per
 * seat; the seat the game waits for (`HostedGame.nextToMove`) spends time; a seat out of time cannot move, the table
 * says so to every seat, and any other seated player may claim: the game ends by G56, the seat out of time ranked
 * last, with reason 'time'. Several seats owing at once (a block offer to several, the reserve) each spend their own
 * bank, each stopping when that seat answers, and each runs out for itself. A question with a time limit (IM15.1, IM15.2) still closes at its limit, with the default
 * answer, for a seat that ran out of time meanwhile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchEvent } from '../../server/events';
import { IMPERIOS_HOSTED } from '../../server/games/imperios';
import { UNLIMITED_SOCKETS } from '../../server/limits';
import type { HostedGame } from '../../server/match/hosted-game';
import { timeLeft, type ClockState } from '../../server/table/clock';
import { IMPERIOS_NAME } from '../../src/games/imperios/game';
import { applyAction, awaitedSeats, legalActions, type ImperiosState } from '../../src/games/imperios/rules';
import { randomInt, seedState } from '../../src/games/imperios/rules/rng';
import { clockExpired, clockRuns, type SeatID } from '../../src/protocol';
import { clockSeats } from '../../server/match/hosted-game';
import { api, PG_SKIP_REASON, PG_URL, startTestServer, waitFor, type Backend, type TestServer } from './server-helpers';
import { ImperiosClient, joinEverySeat, productionNodeEnv, until } from './imperios-client';

productionNodeEnv();

const MIN = 60_000;
let now = 1_900_000_000_000;

type Sent = { G: ImperiosState; ctx: { gameover?: unknown }; _stateID: number };
type TableMsg = { clock?: ClockState & { serverNow: number } };

type Client = ImperiosClient<Sent, TableMsg>;

/** The seats a clock times in `state` (the server's reading of G59). */
const clockSeatsOf = (state: Sent) => clockSeats(IMPERIOS_HOSTED as HostedGame, state as never);
/** The running seats of a table's clock are exactly `seats`, in that order. */
const sameSeats = (c: ClockState | undefined, seats: string[]) => !!c && JSON.stringify(clockRuns(c).map((r) => r.seat)) === JSON.stringify(seats);
const Client = { open: (url: string) => ImperiosClient.open<Sent, TableMsg>(url) };

for (const backend of ['sqlite', 'postgres'] as Backend[]) {
  const skip = backend === 'postgres' && !PG_URL;
  describe.skipIf(skip)(`Imperios with a chess clock for 4 seats (${backend})${skip ? ` — SKIPPED: ${PG_SKIP_REASON}` : ''}`, () => {
    let server: TestServer;
    const clients: Client[] = [];
    const events: MatchEvent[] = [];
    beforeAll(async () => {
      server = await startTestServer(backend, {
        games: [IMPERIOS_HOSTED as HostedGame],
        now: () => now,
        tableTickMs: 20,
        events: (e) => events.push(e),
        socketLimits: { ...UNLIMITED_SOCKETS, maxPendingBytes: 256 * 1024 * 1024 },
      });
    });
    afterAll(async () => {
      for (const c of clients) c.socket.close();
      await server?.dispose();
    });
    const post = (path: string, body: unknown) => api(server.url, path, body);
    const stored = async (matchID: string) => {
      const s = await server.db.fetch(matchID, { state: true, metadata: true });
      return { state: s.state as unknown as Sent, clock: (s.metadata as { clock?: ClockState }).clock! };
    };

    /** A 4-seat Tutorial match with a one-minute bank per seat (IM15.4): its id. */
    const createClockMatch = async () => {
      const created = await post(`/games/${IMPERIOS_NAME}/create`, {
        numPlayers: 4,
        mode: 'tutorial',
        clock: { kind: 'live', bankMs: MIN, incrementMs: 0 },
      });
      expect(created.status, created.text).toBe(200);
      return created.json.matchID as string;
    };

    /** A 4-seat Tutorial match with a one-minute bank per seat, every seat joined and synced by a client of its own. */
    const seatedClockMatch = async () => {
      const matchID = await createClockMatch();
      const creds = await joinEverySeat(server.url, matchID, 4);
      const mine: Client[] = [];
      for (let i = 0; i < 4; i++) {
        const c = await Client.open(server.url);
        clients.push(c);
        mine.push(c);
        await c.sync(matchID, String(i), creds[i]);
      }
      return { matchID, creds, mine };
    };

    it('G59: each seat has a bank, the seat awaited spends it; out of time, another seat claims and G56 ends the game', async () => {
      const matchID = await createClockMatch();
      // Not with bot seats (a clock is between players), as for two seats.
      const withBot = await post(`/games/${IMPERIOS_NAME}/create`, { numPlayers: 4, clock: { kind: 'live' }, bot: ['1'] });
      expect(withBot.status).toBe(400);
      expect(withBot.text).toMatch(/clock is for matches between players/);
      const creds: string[] = [];
      for (let i = 0; i < 4; i++) {
        const r = await post(`/games/${IMPERIOS_NAME}/${matchID}/join`, { playerID: String(i), playerName: `Seat ${i}` });
        expect(r.status, r.text).toBe(200);
        creds.push(r.json.playerCredentials as string);
        // No clock runs before every seat is held.
        expect((await stored(matchID)).clock.running ?? null).toEqual(i < 3 ? null : expect.anything());
      }
      for (let i = 0; i < 4; i++) {
        const c = await Client.open(server.url);
        clients.push(c);
        await c.sync(matchID, String(i), creds[i]);
      }
      let { state, clock } = await stored(matchID);
      expect(clock.banks).toEqual({ 0: MIN, 1: MIN, 2: MIN, 3: MIN });
      expect(clock.running?.seat).toBe(IMPERIOS_HOSTED.nextToMove(state as never));

      // Twelve decisions, each 2 s after the last: each is charged to the seat that made it.
      const rnd = { rng: seedState('clock') };
      const used: Record<string, number> = { 0: 0, 1: 0, 2: 0, 3: 0 };
      for (let n = 0; n < 12; n++) {
        ({ state, clock } = await stored(matchID));
        const seat = clock.running!.seat;
        expect(seat).toBe(IMPERIOS_HOSTED.nextToMove(state as never));
        now += 2000;
        used[seat] += 2000;
        for (const s of ['0', '1', '2', '3'] as SeatID[]) expect(timeLeft(clock, s, now)).toBe(MIN - used[s]);
        expect(awaitedSeats(state.G)).toContain(Number(seat));
        const legal = legalActions(state.G, Number(seat));
        clients[Number(seat)].send(matchID, seat, creds[Number(seat)], legal[randomInt(rnd, legal.length)], state._stateID);
        await until(async () => (await stored(matchID)).state._stateID > state._stateID, 10_000, 'the move');
      }
      ({ state, clock } = await stored(matchID));
      for (const s of ['0', '1', '2', '3'] as SeatID[]) expect(timeLeft(clock, s, now)).toBe(MIN - used[s]);

      // The seat awaited runs out: the table says so to every seat, its move is refused, the others' claims decide.
      const late = clock.running!.seat;
      const other = String((Number(late) + 1) % 4);
      const third = String((Number(late) + 2) % 4);
      const table = (playerID: string, seat: string) =>
        post(`/games/${IMPERIOS_NAME}/${matchID}/table`, { playerID, credentials: creds[Number(playerID)], action: 'claimWin', seat });
      expect((await table(other, late)).status).toBe(409); // still has time
      expect((await table(other, third)).status).toBe(409); // has time
      now += MIN - used[late];
      await waitFor(() => clients.every((c) => c.tables.at(-1)?.clock?.expired === late), 5000, 'the expiry on every table');
      expect(events).toContainEqual({ event: 'clockExpired', matchID, playerID: late });
      clients[Number(late)].send(matchID, late, creds[Number(late)], legalActions(state.G, Number(late))[0], state._stateID);
      await waitFor(() => clients[Number(late)].errors.some((e) => /time is up/.test(e)), 5000, 'the refusal');
      expect((await stored(matchID)).state._stateID).toBe(state._stateID);
      expect((await table(late, other)).status).toBe(409); // the seat out of time claims nothing
      const claimed = await table(other, late);
      expect(claimed.status, claimed.text).toBe(200);
      const end = await stored(matchID);
      const over = end.state.ctx.gameover as { ranking: string[]; forfeit?: { playerID: string; reason: string } };
      expect(over.forfeit).toEqual({ playerID: late, reason: 'time' });
      expect(over.ranking.at(-1)).toBe(late); // G56: ranked last
      expect(end.state.G.forfeit).toEqual({ seat: Number(late), reason: 'time' });
      await waitFor(() => clients.every((c) => c.latest!.ctx.gameover !== undefined), 5000, 'the end on every socket');
      expect(server.errors).toEqual([]);
    }, 120_000);

    it('G59: several seats owing at once each spend their own bank; one answers, its bank stops, the other runs out alone', async () => {
      const { matchID, creds, mine } = await seatedClockMatch();
      // Random legal play, each decision 500 ms after the last (every seat's bank below a question's 60 s limit),
      // until the game waits for several seats at once (a block offer to several, or the reserve).
      const rnd = { rng: seedState('clock-several') };
      let moves = 0;
      for (;;) {
        const { state } = await stored(matchID);
        if (awaitedSeats(state.G).length >= 2) break;
        expect(++moves, 'the game never waited for several seats').toBeLessThan(600);
        const seat = String(awaitedSeats(state.G)[0]);
        const legal = legalActions(state.G, Number(seat));
        now += 500;
        mine[Number(seat)].send(matchID, seat, creds[Number(seat)], legal[randomInt(rnd, legal.length)], state._stateID);
        await until(async () => (await stored(matchID)).state._stateID > state._stateID, 10_000, 'the move');
      }
      const opened = await stored(matchID);
      const owing = clockSeatsOf(opened.state);
      expect(owing.length).toBeGreaterThanOrEqual(2);
      // Every owing seat's decision is timed, the seat whose turn it is first, each from when it started owing (the
      // last move, or earlier for a seat already awaited before it); every table shows them all.
      expect(clockRuns(opened.clock).map((r) => r.seat)).toEqual(owing);
      expect(clockRuns(opened.clock).every((r) => r.since <= now)).toBe(true);
      expect(clockRuns(opened.clock).some((r) => r.since === now)).toBe(true);
      await waitFor(() => mine.every((c) => sameSeats(c.tables.at(-1)?.clock, owing)), 5000, 'every running clock on every table');
      const bank = (s: string) => opened.clock.banks![s as SeatID];
      const sinceOf = (s: string) => clockRuns(opened.clock).find((r) => r.seat === s)!.since;

      // Every owing bank falls at once.
      const t0 = now;
      now = t0 + 3000;
      for (const s of owing) expect(timeLeft(opened.clock, s as SeatID, now)).toBe(bank(s) - (now - sinceOf(s)));
      // One seat answers with a decision after which another still owes (its own choice, not the other's).
      const pair = owing.flatMap((a) => legalActions(opened.state.G, Number(a)).flatMap((x) => {
        const r = applyAction(opened.state.G, Number(a), x);
        if ('error' in r || awaitedSeats(r as ImperiosState).includes(Number(a))) return [];
        const still = owing.find((o) => o !== a && awaitedSeats(r as ImperiosState).includes(Number(o)));
        return still === undefined ? [] : [{ a, b: still, answer: x }];
      }))[0];
      expect(pair, 'an answer of one seat leaving another owing').toBeDefined();
      const { a, b, answer } = pair!;
      mine[Number(a)].send(matchID, a, creds[Number(a)], answer, opened.state._stateID);
      await until(async () => (await stored(matchID)).state._stateID > opened.state._stateID, 10_000, 'the answer');
      const answered = await stored(matchID);
      expect(clockRuns(answered.clock).map((r) => r.seat)).not.toContain(a);
      expect(clockRuns(answered.clock).find((r) => r.seat === b)?.since).toBe(sinceOf(b)); // b's decision goes on
      // a's bank stopped at what it had when it answered; b's keeps falling.
      now = t0 + 9000;
      expect(timeLeft(answered.clock, a as SeatID, now)).toBe(bank(a) - (t0 + 3000 - sinceOf(a)));
      expect(timeLeft(answered.clock, b as SeatID, now)).toBe(bank(b) - (now - sinceOf(b)));
      await waitFor(() => mine.every((c) => !clockRuns(c.tables.at(-1)?.clock ?? { running: null }).some((r) => r.seat === a)), 5000, 'a stopped on every table');

      // b runs out (before any question's limit: its bank is below 60 s): out of time alone, a is not.
      now = sinceOf(b) + bank(b);
      await waitFor(() => mine.every((c) => clockExpired(c.tables.at(-1)?.clock ?? {}).includes(b as SeatID)), 5000, 'b out of time on every table');
      expect(events).toContainEqual({ event: 'clockExpired', matchID, playerID: b });
      const late = await stored(matchID);
      expect(clockExpired(late.clock)).not.toContain(a);
      expect(events).not.toContainEqual({ event: 'clockExpired', matchID, playerID: a });
      mine[Number(b)].send(matchID, b, creds[Number(b)], legalActions(late.state.G, Number(b))[0], late.state._stateID);
      await waitFor(() => mine[Number(b)].errors.some((e) => /time is up/.test(e)), 5000, 'the refusal');
      const claim = (by: string, seat: string) =>
        post(`/games/${IMPERIOS_NAME}/${matchID}/table`, { playerID: by, credentials: creds[Number(by)], action: 'claimWin', seat });
      expect((await claim(b, a)).status).toBe(409); // a still has time
      const claimed = await claim(a, b);
      expect(claimed.status, claimed.text).toBe(200);
      const over = (await stored(matchID)).state.ctx.gameover as { forfeit?: { playerID: string; reason: string } };
      expect(over.forfeit).toEqual({ playerID: b, reason: 'time' });
      expect(server.errors).toEqual([]);
    }, 120_000);

    it('IM15.1–IM15.2 with a clock: the default answers are made at the limit even for a seat out of time', async () => {
      const { matchID, creds, mine } = await seatedClockMatch();
      // Random legal play, silent on questions with a time limit, until one is open.
      const rnd = { rng: seedState('clock-limits') };
      const timed = (G: ImperiosState) => G.pending?.kind === 'block' || G.pending?.kind === 'defend';
      for (;;) {
        const { state } = await stored(matchID);
        if (timed(state.G)) break;
        const seat = String(awaitedSeats(state.G)[0]);
        const legal = legalActions(state.G, Number(seat));
        mine[Number(seat)].send(matchID, seat, creds[Number(seat)], legal[randomInt(rnd, legal.length)], state._stateID);
        await until(async () => (await stored(matchID)).state._stateID > state._stateID, 10_000, 'the move');
      }
      const read = await server.db.fetch(matchID, { state: true, metadata: true });
      const open = (read.metadata as { answers?: { until: number; seats: string[] } }).answers!;
      const clock = (read.metadata as { clock?: ClockState }).clock!;
      const late = clock.running!.seat;
      expect(open.seats).toContain(late); // the seat owing an answer spends its time
      now = Math.max(open.until, now + timeLeft(clock, late, now)) + 1;
      await until(async () => (await stored(matchID)).state._stateID > (read.state as { _stateID: number })._stateID, 10_000, 'the answers');
      expect(events).toContainEqual({ event: 'clockExpired', matchID, playerID: late });
      expect(events).toContainEqual(expect.objectContaining({ event: 'answeredByTimeLimit', matchID, playerID: late }));
      expect(server.errors).toEqual([]);
    }, 120_000);
  });
}
