/**
 * `GET /stats` (issue 22 item 3) over the real server, on a temporary SQLite file and, with DATABASE_URL, on
 * PostgreSQL: built from real finished matches (played over sockets by random clients and the random server bot);
 * unfinished matches, forfeits before round 2 and a game between two server bots are left out; a match that
 * finishes changes the figures; a late forfeit counts; the route answers on an empty database and refuses bad
 * input; the summaries rebuilt from the matches (and read by a second connection, as another process would) give
 * the same figures. The pure part: tests/unit/matchStats.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSIONS, type MissionId } from '../../src/game/content';
import type { StatsResponse } from '../../src/protocol';
import { missionOutcomes } from '../../src/sim/figures';
import { newCredentials } from '../../server/seats/credentials';
import { MatchStats } from '../../server/stats/service';
import {
  api, createMatch, GAME, joinMatch, matchWithPlayers, PG_SKIP_REASON, PG_URL, randomPlayer, reopen, snapshot,
  startTestServer, waitFor, type Backend, type TestServer,
} from './server-helpers';

if (!PG_URL) console.warn(`[server-stats.test] SKIPPING the PostgreSQL runs: ${PG_SKIP_REASON}`);

const backends: { backend: Backend; title: string; skip: boolean }[] = [
  { backend: 'sqlite', title: 'SQLite', skip: false },
  { backend: 'postgres', title: PG_URL ? 'PostgreSQL' : `PostgreSQL — SKIPPED: ${PG_SKIP_REASON}`, skip: !PG_URL },
];

const withoutTime = ({ generatedAt: _t, ...rest }: StatsResponse) => rest;

for (const { backend, title, skip } of backends) {
  describe.skipIf(skip)(`statistics of real matches on ${title}`, () => {
    let server: TestServer;
    const finished = new Set<string>();
    const stats = async (query = ''): Promise<StatsResponse> => {
      const r = await api(server.url, `/stats${query}`);
      expect(r.status, r.text).toBe(200);
      return r.json as StatsResponse;
    };
    /** Two random clients play the match to its end; its stored state. */
    const playOut = async (matchID: string, creds: Record<string, string>) => {
      const players = [randomPlayer(server.url, matchID, 'R', creds['0']), randomPlayer(server.url, matchID, 'I', creds['1'])];
      try {
        await Promise.all(players.map((p) => p.finished));
      } finally {
        for (const p of players) p.stop();
      }
      return (await snapshot(server.db, matchID)).state!;
    };

    beforeAll(async () => {
      server = await startTestServer(backend, { statsCacheMs: 0, events: (e) => { if (e.event === 'finished') finished.add(e.matchID); } });
    });
    afterAll(async () => {
      await server?.dispose();
      expect(server?.errors ?? []).toEqual([]);
    });

    it('answers on an empty database with a valid empty aggregate', async () => {
      const empty = { games: 0, leftOut: { unfinished: 0, earlyForfeits: 0, betweenBots: 0, solo: 0 }, groups: [] };
      expect(withoutTime(await stats())).toEqual(empty);
      expect(withoutTime(await stats('?config=default'))).toEqual(empty);
      expect(withoutTime(await stats('?config=0123456789ab'))).toEqual(empty);
    });

    it('refuses bad query parameters and other methods with a message', async () => {
      for (const q of ['?config=', '?config=DEFAULT', '?config=0123456789abc', '?config=default&config=default', '?since=1', '?config=default&x=1']) {
        const r = await api(server.url, `/stats${q}`);
        expect(r.status, q).toBe(400);
        expect(r.json.error, q).toMatch(/config|query parameter/);
      }
      const post = await api(server.url, '/stats', {});
      expect(post.status).toBe(405);
      expect(post.headers.get('allow')).toBe('GET, HEAD');
    });

    it('counts a finished game between two people, and only once it is over; unfinished matches and early forfeits are left out', async () => {
      const unfinished = await matchWithPlayers(server.url);
      const early = await matchWithPlayers(server.url);
      expect((await api(server.url, `/games/${GAME}/${early.matchID}/leave`, { playerID: '1', credentials: early.creds['1'] })).status).toBe(200);
      const before = await stats();
      expect(before.games).toBe(0);
      expect(before.leftOut).toMatchObject({ unfinished: 1, earlyForfeits: 1 });

      const state = await playOut(unfinished.matchID, unfinished.creds);
      const after = await stats();
      expect(after.games).toBe(1);
      expect(after.leftOut).toMatchObject({ unfinished: 0, earlyForfeits: 1, betweenBots: 0, solo: 0 });
      const [g] = after.groups;
      expect(g).toMatchObject({ isDefault: true, label: 'Default rules', games: 1 });
      const G = state.G;
      expect(g.rebel).toMatchObject({ games: 1, wins: G.winner!.faction === 'R' ? 1 : 0 });
      expect(g.betweenHumans.games).toBe(1);
      expect(g.rounds).toMatchObject({ median: G.round, min: G.round, max: G.round, histogram: { [G.round]: 1 } });
      expect(g.winReasons[G.winner!.faction]).toEqual({ [G.winner!.reason]: 1 });
      const cards = Object.fromEntries(Object.entries(missionOutcomes(G.log)).map(([id, c]) => [id, {
        name: MISSIONS[id as MissionId].name, faction: MISSIONS[id as MissionId].faction, revealed: c.played, succeeded: c.succeeded,
      }]));
      expect(g.cards).toEqual(cards);
      expect(g.humansVsBots).toEqual({});
      expect(withoutTime(await stats(`?config=${g.configKey}`))).toEqual(withoutTime(after));
    });

    it('counts a person against a server bot per side, and leaves a game between two server bots out', async () => {
      const vsBot = await createMatch(server.url, { bot: 'R', botKind: 'random' });
      const human = randomPlayer(server.url, vsBot, 'I', await joinMatch(server.url, vsBot, '1', 'Human'));
      const end = await human.finished.finally(() => human.stop());
      const figures = (await stats()).groups[0];
      expect(figures.games).toBe(2);
      expect(figures.humansVsBots).toEqual({
        random: {
          humanAsRebel: { wins: 0, games: 0, share: 0, ci95: [0, 1] },
          humanAsImperial: expect.objectContaining({ games: 1, wins: end.G.winner!.faction === 'I' ? 1 : 0 }),
        },
      });
      expect(figures.betweenHumans.games).toBe(1);

      // The lobby makes no match between two bots; stored data can hold one: the Rebel's seat becomes a bot too.
      const bots = await createMatch(server.url, { bot: 'I', botKind: 'random' });
      // In the match's queue, as the lobby edits metadata: the Imperial bot starts at once, and a move's write outside
      // the queue's order could put the old seats back (the game then waited 60 s for a Rebel nobody plays).
      await server.hub.enqueue(bots, async () => {
        const { metadata } = await server.db.fetch(bots, { metadata: true });
        metadata!.players[0] = { id: 0, name: 'Random bot', credentials: newCredentials(), data: { bot: 'random' } };
        await server.db.setMetadata(bots, metadata!);
        server.hub.forget(bots);
      });
      server.bots.kick(bots);
      await waitFor(() => finished.has(bots), 60_000, 'the two bots to finish');
      const withBots = await stats();
      expect(withBots.games).toBe(2);
      expect(withBots.leftOut.betweenBots).toBe(1);
    });

    it('counts a forfeit from round 2 on; the summaries rebuilt from the matches, or read by another connection, give the same figures', async () => {
      // Random play ends a few games in round 1 or 2 by itself: such a game counts as any other, and the next is tried.
      const before = (await stats()).games;
      let tried = 0;
      let forfeited: string | undefined;
      while (!forfeited && tried < 10) {
        tried++;
        const m = await matchWithPlayers(server.url);
        const players = [randomPlayer(server.url, m.matchID, 'R', m.creds['0']), randomPlayer(server.url, m.matchID, 'I', m.creds['1'])];
        try {
          await waitFor(() => players.every((p) => (p.state()?.G.round ?? 0) >= 2 || p.state()?.ctx.gameover !== undefined), 60_000, 'round 2');
          for (const p of players) p.pause();
        } finally {
          for (const p of players) p.stop();
        }
        if ((await snapshot(server.db, m.matchID)).state!.ctx.gameover !== undefined) continue;
        expect((await api(server.url, `/games/${GAME}/${m.matchID}/leave`, { playerID: '0', credentials: m.creds['0'] })).status).toBe(200);
        forfeited = m.matchID;
      }
      expect(forfeited).toBeDefined();
      await waitFor(() => finished.has(forfeited!), 10_000, 'the forfeit');
      const now = await stats();
      expect(now.games).toBe(before + tried);
      expect(now.groups[0].winReasons.I.forfeit).toBe(1);

      await server.stats.idle();
      const rebuilt = await server.stats.rebuild();
      expect(withoutTime(rebuilt)).toEqual(withoutTime(now));
      const other = reopen(server.db);
      try {
        const elsewhere = new MatchStats(other, { gameName: GAME, cacheMs: 0 });
        expect(withoutTime(await elsewhere.get())).toEqual(withoutTime(now));
        // A deleted match takes its summary with it (foreign key, on delete cascade).
        await other.wipe(forfeited!);
        expect((await stats()).games).toBe(now.games - 1);
      } finally {
        await other.close();
      }
    });
  });
}
