/**
 * Issue 23: "My matches" and the rematch ("Play again") for Imperios Milenarios (4–7 seats), through the real server
 * (SQLite and PostgreSQL), real sockets and an injected server time. A finished match is listed with its game and
 * the seat's place (IM13, G56); `playAgain` makes one rematch for the same players: bots' seats stay bots of the
 * same kinds, each human's seat is held for them and handed out with new credentials to them alone, a seat that
 * left (G56) is free; a clock's settings are kept and it starts only once every player asked (issue 19 item 2).
 * Bad calls are refused and change nothing; no rematch is shown to a stranger.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPERIOS_HOSTED } from '../../server/games/imperios';
import { UNLIMITED_SOCKETS } from '../../server/limits';
import type { HostedGame } from '../../server/match/hosted-game';
import type { ClockState } from '../../server/table/clock';
import { IMPERIOS_NAME } from '../../src/games/imperios/game';
import type { ImperiosState } from '../../src/games/imperios/rules';
import { api, PG_SKIP_REASON, PG_URL, startTestServer, type Backend, type TestServer } from './server-helpers';
import { ImperiosClient, productionNodeEnv, until } from './imperios-client';

productionNodeEnv();

const MIN = 60_000;
let now = 1_900_000_000_000;

type Sent = { G: ImperiosState; ctx: { gameover?: { winner: string; ranking: string[] } }; _stateID: number };
type TableMsg = { clock?: ClockState };
type Meta = { players: Record<string, { name?: string; credentials?: string; data?: { bot?: string } }>; unclaimed?: string[]; clock?: ClockState; nextMatchID?: string };

for (const backend of ['sqlite', 'postgres'] as Backend[]) {
  const skip = backend === 'postgres' && !PG_URL;
  describe.skipIf(skip)(`Imperios: my matches and the rematch (${backend})${skip ? ` — SKIPPED: ${PG_SKIP_REASON}` : ''}`, () => {
    let server: TestServer;
    const sockets: ImperiosClient<Sent, TableMsg>[] = [];
    beforeAll(async () => {
      server = await startTestServer(backend, {
        games: [IMPERIOS_HOSTED as HostedGame],
        now: () => now,
        tableTickMs: 20,
        socketLimits: { ...UNLIMITED_SOCKETS, maxPendingBytes: 256 * 1024 * 1024 },
      });
    });
    afterAll(async () => {
      for (const c of sockets) c.socket.close();
      await server?.dispose();
    });
    const post = (path: string, body: unknown) => api(server.url, path, body);
    const game = (path: string) => `/games/${IMPERIOS_NAME}${path}`;
    const meta = async (matchID: string) => (await server.db.fetch(matchID, { metadata: true })).metadata as unknown as Meta;
    const state = async (matchID: string) => (await server.db.fetch(matchID, { state: true })).state as unknown as Sent;
    const join = async (matchID: string, playerID: string, playerName: string) => {
      const r = await post(game(`/${matchID}/join`), { playerID, playerName });
      expect(r.status, r.text).toBe(200);
      return r.json.playerCredentials as string;
    };
    const mine = async (seats: { matchID: string; playerID: string; credentials: string }[]) => {
      const r = await post('/my-matches', { seats });
      expect(r.status, r.text).toBe(200);
      return r.json.matches as Record<string, unknown>[];
    };
    const socket = async () => {
      const c = await ImperiosClient.open<Sent, TableMsg>(server.url);
      sockets.push(c);
      return c;
    };

    it('5 seats, 2 bots: after G56 the finished match is in "My matches"; the rematch keeps the bots and holds each human seat', async () => {
      const created = await post(game('/create'), { numPlayers: 5, mode: 'tutorial', bot: ['3', '4'], botKind: ['random', 'greedy'] });
      expect(created.status, created.text).toBe(200);
      const matchID = created.json.matchID as string;
      const creds = [await join(matchID, '0', 'Ana'), await join(matchID, '1', 'Bea'), await join(matchID, '2', 'Cid')];
      const seat = (i: number) => ({ matchID, playerID: String(i), credentials: creds[i] });
      expect((await mine([seat(0)]))[0]).toMatchObject({ gameName: IMPERIOS_NAME, status: 'playing', opponent: 'Bea, Cid, Random bot, Bot' });
      // Not before the end (409), and nothing is made.
      expect((await post(game(`/${matchID}/playAgain`), { playerID: '0', credentials: creds[0] })).status).toBe(409);
      // Cid leaves: the game ends, Cid ranked last (G56).
      expect((await post(game(`/${matchID}/leave`), { playerID: '2', credentials: creds[2] })).status).toBe(200);
      const over = (await state(matchID)).ctx.gameover!;
      expect(over.ranking.at(-1)).toBe('2');

      // "My matches": finished, the game named, each seat's place; the leaver's seat is gone.
      const listed = await mine([seat(0), seat(1), seat(2)]);
      for (const i of [0, 1]) {
        expect(listed[i]).toMatchObject({ gameName: IMPERIOS_NAME, status: 'finished', won: over.winner === String(i), place: over.ranking.indexOf(String(i)) + 1 });
      }
      expect(listed[2]).toEqual({ matchID, playerID: '2', status: 'gone' });
      expect(listed[0].rematch).toBeUndefined();
      expect(JSON.stringify(listed)).not.toContain(creds[1]);

      // Bad calls: a clear 4xx, and no rematch made.
      const bad: [unknown, number][] = [
        [{ playerID: '0', credentials: creds[1] }, 403], // another seat's credentials
        [{ playerID: '2', credentials: creds[2] }, 403], // the seat that left
        [{ playerID: '7', credentials: creds[0] }, 400], // no such seat
        [{ playerID: '0', credentials: creds[0], numPlayers: 4 }, 400], // not the match's seats
        [{ playerID: '0', credentials: creds[0], seats: 9 }, 400], // unknown field
      ];
      for (const [body, status] of bad) {
        const r = await post(game(`/${matchID}/playAgain`), body);
        expect([r.status, typeof r.json?.error], JSON.stringify(body)).toEqual([status, 'string']);
      }
      expect((await meta(matchID)).nextMatchID).toBeUndefined();

      // Ana asks: one rematch, her seat's new credentials only.
      const first = await post(game(`/${matchID}/playAgain`), { playerID: '0', credentials: creds[0] });
      expect(first.status, first.text).toBe(200);
      expect(Object.keys(first.json).sort()).toEqual(['nextMatchID', 'playerCredentials', 'playerID']);
      const next = first.json.nextMatchID as string;
      expect(first.json.playerID).toBe('0');
      // Bea's "My matches" says a rematch is offered (not where: the ID is for a seat holder's GET).
      const offered = (await mine([seat(1)]))[0];
      expect(offered).toMatchObject({ status: 'finished', rematch: true });
      expect(JSON.stringify(offered)).not.toContain(next);
      const m = await meta(next);
      expect(Object.values(m.players).map((p) => [p.name ?? null, p.data?.bot ?? null])).toEqual([
        ['Ana', null], ['Bea', null], [null, null], ['Random bot', 'random'], ['Bot', 'greedy'],
      ]);
      expect(m.players['0'].credentials).toBe(first.json.playerCredentials);
      expect(m.unclaimed).toEqual(['1']); // Bea's seat waits for her
      expect((await state(next)).G.mode).toBe('tutorial');

      // Bea sees the offer (her credentials only; a stranger and the listing never), and takes her own seat.
      const asSeat = (i: number) => ({ headers: { 'X-Player-ID': String(i), 'X-Player-Credentials': creds[i] } });
      expect((await api(server.url, game(`/${matchID}`), undefined, asSeat(1))).json.nextMatchID).toBe(next);
      expect((await api(server.url, game(`/${matchID}`))).json.nextMatchID).toBeUndefined();
      // (The rematch is listed as its match was, with its free seat; never as the rematch of anything.)
      const listing = (await api(server.url, game(''))).json.matches as { nextMatchID?: string }[];
      expect(listing.length).toBeGreaterThan(0);
      expect(listing.filter((x) => 'nextMatchID' in x)).toEqual([]);
      const second = await post(game(`/${matchID}/playAgain`), { playerID: '1', credentials: creds[1] });
      expect(second.status, second.text).toBe(200);
      expect([second.json.nextMatchID, second.json.playerID]).toEqual([next, '1']);
      expect(second.json.playerCredentials).not.toBe(first.json.playerCredentials);
      expect(second.json.playerCredentials).not.toBe(creds[1]);
      expect((await meta(next)).unclaimed).toBeUndefined();
      const again = await post(game(`/${matchID}/playAgain`), { playerID: '1', credentials: creds[1] });
      expect(again.json).toEqual(second.json); // asking twice changes nothing

      // The new credentials open the new seats; the old ones do not; the free seat is taken by a join.
      const ana = await socket();
      await ana.sync(next, '0', first.json.playerCredentials);
      const stale = await socket();
      await expect(stale.sync(next, '1', creds[1])).rejects.toThrow(/sync refused/);
      const bea = await socket();
      await bea.sync(next, '1', second.json.playerCredentials);
      const dan = await join(next, '2', 'Dan');
      const rematchSeats = [
        { matchID: next, playerID: '0', credentials: first.json.playerCredentials },
        { matchID: next, playerID: '1', credentials: second.json.playerCredentials },
        { matchID: next, playerID: '2', credentials: dan },
      ];
      for (const row of await mine(rematchSeats)) expect(row).toMatchObject({ gameName: IMPERIOS_NAME, status: 'playing' });
      for (const c of [ana, bea]) expect('rng' in c.latest!.G).toBe(false); // IM14.1: no generator on any socket
      expect(server.errors).toEqual([]);
    }, 120_000);

    it('4 players with a clock: after a claim (G59) every player gets their own seat, and the clock waits for all four', async () => {
      const created = await post(game('/create'), { numPlayers: 4, mode: 'tutorial', clock: { kind: 'live', bankMs: MIN, incrementMs: 0 } });
      expect(created.status, created.text).toBe(200);
      const matchID = created.json.matchID as string;
      const creds: string[] = [];
      for (let i = 0; i < 4; i++) creds.push(await join(matchID, String(i), `P${i}`));
      const late = (await meta(matchID)).clock!.running!.seat;
      const other = String((Number(late) + 1) % 4);
      now += MIN + 1;
      await until(async () => (await meta(matchID)).clock?.expired === late, 5000, 'the expiry');
      const claim = await post(game(`/${matchID}/table`), { playerID: other, credentials: creds[Number(other)], action: 'claimWin', seat: late });
      expect(claim.status, claim.text).toBe(200);
      expect((await state(matchID)).ctx.gameover?.ranking.at(-1)).toBe(late);

      const got: Record<string, string> = {};
      let next = '';
      for (const i of [2, 0, 3, 1]) {
        const r = await post(game(`/${matchID}/playAgain`), { playerID: String(i), credentials: creds[i] });
        expect(r.status, r.text).toBe(200);
        next ||= r.json.nextMatchID;
        expect([r.json.nextMatchID, r.json.playerID]).toEqual([next, String(i)]);
        got[i] = r.json.playerCredentials;
        const m = await meta(next);
        // The clock's settings are kept; it runs only once the last player asked (issue 19 item 2).
        expect([m.clock?.kind, m.clock?.bankMs]).toEqual(['live', MIN]);
        expect(m.clock?.running ? 'running' : 'waiting').toBe(i === 1 ? 'running' : 'waiting');
      }
      const m = await meta(next);
      expect(Object.values(m.players).map((p) => p.name)).toEqual(['P0', 'P1', 'P2', 'P3']);
      for (const i of [0, 1, 2, 3]) expect(m.players[i].credentials).toBe(got[i]);
      expect(new Set(Object.values(got)).size).toBe(4);
      // Each player's own credentials open their own seat and no other.
      const c = await socket();
      await expect(c.sync(next, '0', got[1])).rejects.toThrow(/sync refused/);
      const own = await socket();
      await own.sync(next, '1', got[1]);
      expect(server.errors).toEqual([]);
    }, 120_000);
  });
}
