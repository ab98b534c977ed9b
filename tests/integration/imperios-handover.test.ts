/**
 * Issue 23 item 6, "a bot taking an abandoned seat", through the real server (SQLite and PostgreSQL) and real
 * sockets, with an injected server time (docs/imperios/RULES.md IM15.5, G57). A 4-seat Imperios match: seats 0–2 are
 * scripted clients that play a random legal action of their own whenever the game awaits them; seat 3 joined and never
 * opened a socket. Once its absence passed the limit, the server says so to the table by itself; seat 0 hands seat 3
 * to the server bot (`POST …/table` naming the seat); the bot (Imperios' search bot) plays seat 3's decisions, handed
 * the public view only, while the others keep playing; the owner of seat 3 cannot move over the bot, takes the seat
 * back, and plays on. The log says when the bot took the seat, which events were the bot's and when it was taken
 * back, and the record of the match replays to exactly the state stored, those lines included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchEvent } from '../../server/events';
import { IMPERIOS_BOTS, IMPERIOS_HOSTED } from '../../server/games/imperios';
import { UNLIMITED_SOCKETS } from '../../server/limits';
import type { HostedBots, HostedGame } from '../../server/match/hosted-game';
import { IMPERIOS_NAME } from '../../src/games/imperios/game';
import { replayImperios, type ImperiosRecord } from '../../src/games/imperios/record';
import {
  allEvents,
  awaitedSeats,
  legalActions,
  type ImperiosState,
  type PublicState,
} from '../../src/games/imperios/rules';
import { randomInt, seedState } from '../../src/games/imperios/rules/rng';
import {
  allKeys,
  api,
  PG_SKIP_REASON,
  PG_URL,
  startTestServer,
  waitFor,
  type Backend,
  type TestServer,
} from './server-helpers';
import { ImperiosClient, joinEverySeat, productionNodeEnv, until } from './imperios-client';

// boardgame.io's per-move serialisability check walks all of G (docs/bgio-notes.md): off, as on a real server.
productionNodeEnv();

const MIN = 60_000;
/** The least time a server bot takes per decision here (a human's move on the same state comes first). */
const BOT_DELAY_MS = 300;
let now = 1_900_000_000_000;

type Sent = {
  G: PublicState & { rng?: unknown };
  ctx: { gameover?: { winner: string; ranking: string[] }; activePlayers: Record<string, string> | null };
  _stateID: number;
};
type TableMsg = { abandoned?: string[]; handovers: { seat: string; to?: number }[] };

type Client = ImperiosClient<Sent, TableMsg>;
const Client = { open: (url: string) => ImperiosClient.open<Sent, TableMsg>(url) };

/**
 * Seat `playerID`'s scripted player: whenever the newest state it holds awaits its seat, one random legal action of
 * its own from that view. Runs until `stop()` says so or the game ends.
 */
async function scripted(c: Client, matchID: string, playerID: string, credentials: string, stop: () => boolean) {
  const chooser = { rng: seedState(`handover-${playerID}`) };
  let sentOn = -1;
  while (!stop()) {
    const s = c.latest;
    if (s && s.ctx.gameover !== undefined) return;
    if (s && s._stateID > sentOn && awaitedSeats(s.G as ImperiosState).includes(Number(playerID))) {
      const legal = legalActions(s.G as ImperiosState, Number(playerID));
      sentOn = s._stateID;
      c.send(matchID, playerID, credentials, legal[randomInt(chooser, legal.length)], s._stateID);
    }
    await new Promise((r) => setTimeout(r, 5));
  }
}

for (const backend of ['sqlite', 'postgres'] as Backend[]) {
const skip = backend === 'postgres' && !PG_URL;
describe.skipIf(skip)(`IM15.5, G57: a bot takes an abandoned Imperios seat online (${backend})${skip ? ` — SKIPPED: ${PG_SKIP_REASON}` : ''}`, () => {
  let server: TestServer;
  const clients: Client[] = [];
  const events: MatchEvent[] = [];
  /** Every decision a server bot was asked for: its kind, its seat, and what it was handed. */
  const asked: { kind: string; playerID: string; keys: Set<string> }[] = [];
  beforeAll(async () => {
    const bots: HostedBots<ImperiosState, PublicState> = {
      ...IMPERIOS_BOTS,
      start() {
        const real = IMPERIOS_BOTS.start();
        return {
          ...real,
          choose: (kind, view, playerID, job) => {
            asked.push({ kind, playerID, keys: allKeys(view) });
            return real.choose(kind, view, playerID, job);
          },
        };
      },
    };
    server = await startTestServer(backend, {
      games: [{ ...IMPERIOS_HOSTED, bots } as HostedGame],
      now: () => now,
      abandonMs: 3 * MIN,
      tableTickMs: 20,
      bots: { minDelayMs: BOT_DELAY_MS },
      events: (e) => events.push(e),
      socketLimits: { ...UNLIMITED_SOCKETS, maxPendingBytes: 256 * 1024 * 1024 },
    });
  });
  afterAll(async () => {
    for (const c of clients) c.socket.close();
    await server?.dispose();
  });

  const post = (path: string, body: unknown) => api(server.url, path, body);
  const table = (matchID: string, body: Record<string, unknown>) => post(`/games/${IMPERIOS_NAME}/${matchID}/table`, body);
  const stored = async (matchID: string) => {
    const s = await server.db.fetch(matchID, { state: true, metadata: true, log: true });
    return { state: s.state as unknown as Sent & { G: ImperiosState }, metadata: s.metadata!, log: s.log ?? [] };
  };
  const movesOf = async (matchID: string, playerID: string) =>
    (await stored(matchID)).log.filter((e) => e.action.type === 'MAKE_MOVE' && e.action.payload.playerID === playerID);

  it('IM15.5, G57: seat 0 hands away seat 3 to the bot, which plays it on its view while the others play; its owner takes it back', async () => {
    const created = await post(`/games/${IMPERIOS_NAME}/create`, { numPlayers: 4, mode: 'tutorial' });
    expect(created.status, created.text).toBe(200);
    const matchID = created.json.matchID as string;
    const creds = await joinEverySeat(server.url, matchID, 4);
    for (let i = 0; i < 3; i++) {
      const c = await Client.open(server.url);
      clients.push(c);
      await c.sync(matchID, String(i), creds[i]);
    }
    let stopped = false;
    const humans = [0, 1, 2].map((i) => scripted(clients[i], matchID, String(i), creds[i], () => stopped));

    // The game comes to wait for seat 3, whose player never came: nothing moves on.
    await until(async () => awaitedSeats((await stored(matchID)).state.G).includes(3), 60_000, 'a decision of seat 3');
    expect(await movesOf(matchID, '3')).toEqual([]);

    // Refused before the limit, or without naming the seat in a match of four, or naming oneself, or with junk.
    const hand = { playerID: '0', credentials: creds[0], action: 'handToBot', seat: '3' };
    expect((await table(matchID, hand)).status).toBe(409);
    now += 3 * MIN;
    await waitFor(() => clients[0].tables.some((t) => t.abandoned?.includes('3')), 5000, 'the absence pushed to the table');
    expect(clients[0].tables.at(-1)!.abandoned).toEqual(['3']);
    expect(events).toContainEqual(expect.objectContaining({ event: 'seatAbandoned', matchID, playerID: '3' }));
    for (const [body, status] of [
      [{ ...hand, seat: undefined }, 400],
      [{ ...hand, seat: '0' }, 400],
      [{ ...hand, seat: '7' }, 400],
      [{ ...hand, seat: 3 }, 400],
      [{ ...hand, seat: '1' }, 409], // seat 1 is here
      [{ ...hand, credentials: creds[1] }, 403],
      [{ ...hand, playerID: '3', credentials: creds[3], seat: '0' }, 409], // seat 0 is here
      [{ ...hand, action: 'claimWin' }, 409], // no clock: nobody ran out of time
      [{ playerID: '3', credentials: creds[3], action: 'takeBack' }, 409], // not with the bot
    ] as const) {
      const r = await table(matchID, body);
      expect(r.status, `${JSON.stringify(body)}: ${r.text}`).toBe(status);
    }
    expect(await movesOf(matchID, '3')).toEqual([]);

    const r = await table(matchID, hand);
    expect(r.status, r.text).toBe(200);
    const { metadata } = await stored(matchID);
    expect(metadata.players[3].data).toEqual({ bot: 'search', handedOver: true });
    expect((metadata as { handovers?: unknown }).handovers).toEqual([expect.objectContaining({ seat: '3', why: 'away' })]);
    expect(events).toContainEqual(expect.objectContaining({ event: 'handedToBot', matchID, playerID: '3', by: '0', why: 'away' }));

    // Its owner opens the match meanwhile: a move of its own while the bot holds the seat is refused (the bot waits
    // BOT_DELAY_MS before each decision, so the owner's move comes first; one that came second is refused as stale,
    // and the owner tries on the next decision of its seat).
    const owner = await Client.open(server.url);
    clients.push(owner);
    await owner.sync(matchID, '3', creds[3]);
    let triedOn = -1;
    await waitFor(
      () => {
        if (owner.errors.some((e) => /take it back first/.test(e))) return true;
        const st = owner.latest!;
        if (st._stateID > triedOn && awaitedSeats(st.G as ImperiosState).includes(3)) {
          triedOn = st._stateID;
          owner.send(matchID, '3', creds[3], legalActions(st.G as ImperiosState, 3)[0], st._stateID);
        }
        return false;
      },
      60_000,
      "the refusal of the owner's move over the bot",
    );

    // The bot plays seat 3 (at least three decisions) while seats 0–2 keep playing theirs.
    const humanMovesBefore = (await stored(matchID)).log.filter((e) => e.action.type === 'MAKE_MOVE').length;
    await until(async () => (await movesOf(matchID, '3')).length >= 3, 120_000, 'three bot decisions for seat 3');
    const log = (await stored(matchID)).log.filter((e) => e.action.type === 'MAKE_MOVE');
    expect(log.length - humanMovesBefore).toBeGreaterThan(3);
    const botMoves = await movesOf(matchID, '3');
    expect(botMoves.every((e) => (e as { played?: { bot?: boolean } }).played?.bot === true)).toBe(true);
    expect((botMoves[0] as { played?: unknown }).played).toEqual({ bot: true, handedOver: 'away' });
    // Only seat 3 was asked, by the hand-over bot, and it was handed the public view: no generator, no seed.
    expect(asked.length).toBeGreaterThanOrEqual(3);
    expect(new Set(asked.map((a) => `${a.kind}:${a.playerID}`))).toEqual(new Set(['search:3']));
    for (const a of asked) for (const k of ['rng', 'seed', 'prngstate']) expect(a.keys.has(k), k).toBe(false);

    // The owner comes back: its moves are refused while the bot holds the seat; then it takes the seat back.
    stopped = true;
    await Promise.all(humans);
    await waitFor(() => server.bots.active === 0, 10_000, 'the bot to settle');
    const back = await table(matchID, { playerID: '3', credentials: creds[3], action: 'takeBack' });
    expect(back.status, back.text).toBe(200);
    expect((await stored(matchID)).metadata.players[3].data).toBeUndefined();
    const botDecisions = (await movesOf(matchID, '3')).length;
    const askedBefore = asked.length;

    // Everybody plays on, seat 3 by its owner, until the owner has made two decisions of its own.
    stopped = false;
    const all = [0, 1, 2].map((i) => scripted(clients[i], matchID, String(i), creds[i], () => stopped));
    all.push(scripted(owner, matchID, '3', creds[3], () => stopped));
    await until(async () => (await movesOf(matchID, '3')).length >= botDecisions + 2, 120_000, "the owner's decisions");
    stopped = true;
    await Promise.all(all);
    expect(asked.length).toBe(askedBefore); // the bot no longer plays the seat
    const ownerMoves = (await movesOf(matchID, '3')).slice(botDecisions);
    expect((ownerMoves[0] as { played?: unknown }).played).toEqual({ takenBack: true });
    expect((ownerMoves[1] as { played?: unknown }).played).toBeUndefined();

    // The game's log, as stored and as every seat sees it: the two lines, and the bot's events between them.
    const G = (await stored(matchID)).state.G;
    const evs = allEvents(G);
    const toBot = evs.findIndex((e) => e.e === 'seatToBot');
    const taken = evs.findIndex((e) => e.e === 'seatTakenBack');
    expect(evs[toBot]).toMatchObject({ seat: 3, why: 'away', rule: 'IM15.5' });
    expect(evs[taken]).toMatchObject({ seat: 3, rule: 'IM15.5' });
    expect(taken).toBeGreaterThan(toBot);
    expect(evs.slice(toBot + 1, taken).some((e) => e.byBot === true)).toBe(true);
    expect(evs.filter((e, i) => e.byBot === true && (i < toBot || i > taken))).toEqual([]);

    // Seat 1 leaves: the game ends (G56) and its record, notes included, replays to exactly the state stored.
    const left = await post(`/games/${IMPERIOS_NAME}/${matchID}/leave`, { playerID: '1', credentials: creds[1] });
    expect(left.status, left.text).toBe(200);
    await until(async () => (await stored(matchID)).state.ctx.gameover !== undefined, 10_000, 'the end');
    const rec = await api(server.url, `/games/${IMPERIOS_NAME}/${matchID}/record`);
    expect(rec.status, rec.text).toBe(200);
    const record = rec.json as ImperiosRecord;
    expect(record.moves.filter((m) => m.played).length).toBe(botDecisions + 1);
    const replay = replayImperios(record);
    if ('error' in replay) throw new Error(replay.error);
    const final = await stored(matchID);
    expect(JSON.stringify(replay.states.at(-1)!.G)).toBe(JSON.stringify(final.state.G));
    // Without its notes the record would not replay to the stored state: the notes are what the lines come from.
    const bare = replayImperios({ ...record, moves: record.moves.map(({ played: _p, ...m }) => m) });
    if ('error' in bare) throw new Error(bare.error);
    expect(JSON.stringify(bare.states.at(-1)!.G)).not.toBe(JSON.stringify(final.state.G));
    expect(server.errors).toEqual([]);
  }, 300_000);
});
}
