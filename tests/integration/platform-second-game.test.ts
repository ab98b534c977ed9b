/**
 * Issue 21 item 6: a second game on the same platform. Hidden Noughts (src/games/noughts/, hosted by
 * server/games/noughts.ts) is registered beside Mint Imperium in one list (`startServer({ games })`) and runs through
 * the real lobby, storage, sockets, a record and a replay, on SQLite and PostgreSQL. Its secret (each seat's claim)
 * reaches only its seat while the game runs; each game's routes and namespace reach only that game's matches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOUGHTS_HOSTED } from '../../server/games/noughts';
import { NOUGHTS_NAME, type NoughtsState } from '../../src/games/noughts/game';
import { replayNoughts, type NoughtsRecord } from '../../src/games/noughts/record';
import {
  api, GAME, matchWithPlayers, moveAction, PG_SKIP_REASON, PG_URL, rawClient, rawSync, rawUpdate, startTestServer, type Backend,
  type RawClient, type TestServer,
} from './server-helpers';

type SyncInfo = { state: { G: NoughtsState; ctx: { gameover?: unknown }; _stateID: number; plugins: Record<string, { data?: unknown }> };
  initialState: { G: NoughtsState; plugins: Record<string, { data?: unknown }> } };

for (const backend of ['sqlite', 'postgres'] as Backend[]) {
  const skip = backend === 'postgres' && !PG_URL;
  describe.skipIf(skip)(`a second game on the platform (${backend})${skip ? ` — SKIPPED: ${PG_SKIP_REASON}` : ''}`, () => {
    let server: TestServer;
    const sockets: RawClient[] = [];
    beforeAll(async () => {
      server = await startTestServer(backend, { games: [NOUGHTS_HOSTED] });
    });
    afterAll(async () => {
      for (const s of sockets) s.close();
      await server?.dispose();
    });
    const client = async (namespace: string) => {
      const c = await rawClient(server.url, namespace);
      sockets.push(c);
      return c;
    };
    const post = (path: string, body: unknown) => api(server.url, path, body);

    it('is one more entry of the list: the lobby lists, creates and joins it, without Mint\'s extras', async () => {
      expect((await api(server.url, '/games')).json).toEqual([GAME, NOUGHTS_NAME]);
      for (const extra of [{ solo: { bot: 'I', difficulty: 'easy' } }, { bot: 'I' }, { hints: { limit: 3 } }]) {
        const r = await post(`/games/${NOUGHTS_NAME}/create`, { numPlayers: 2, ...extra });
        expect(r.status, JSON.stringify(extra)).toBe(400);
      }
      const created = await post(`/games/${NOUGHTS_NAME}/create`, { numPlayers: 2 });
      expect(created.status).toBe(200);
      const listed = (await api(server.url, `/games/${NOUGHTS_NAME}`)).json.matches.map((m: { matchID: string }) => m.matchID);
      expect(listed).toContain(created.json.matchID);
      const mintListed = (await api(server.url, `/games/${GAME}`)).json.matches.map((m: { matchID: string }) => m.matchID);
      expect(mintListed).not.toContain(created.json.matchID);
      expect((await post(`/games/${GAME}/${created.json.matchID}/join`, { playerID: '0', playerName: 'A' })).status).toBe(404);
      expect((await post(`/games/${NOUGHTS_NAME}/${created.json.matchID}/join`, { playerID: '0', playerName: 'A' })).status).toBe(200);
      expect((await api(server.url, '/games/no-such-game')).status).toBe(404);
    });

    it('plays to the end over its own sockets, each claim secret until then; then a record that replays', async () => {
      const created = await post(`/games/${NOUGHTS_NAME}/create`, { numPlayers: 2 });
      const matchID: string = created.json.matchID;
      const creds: Record<string, string> = {};
      for (const id of ['0', '1']) creds[id] = (await post(`/games/${NOUGHTS_NAME}/${matchID}/join`, { playerID: id, playerName: `N${id}` })).json.playerCredentials;
      const x = await client(NOUGHTS_NAME);
      const o = await client(NOUGHTS_NAME);
      const watcher = await client(NOUGHTS_NAME);
      const [, , xs] = await rawSync(x, matchID, '0', creds['0']) as [string, string, SyncInfo];
      const [, , os] = await rawSync(o, matchID, '1', creds['1']) as [string, string, SyncInfo];
      const [, , ws] = await rawSync(watcher, matchID, null) as [string, string, SyncInfo];
      // Each seat its own claim; the spectator none; no seed anywhere a client gets it.
      const stored = (await server.db.fetch(matchID, { state: true })).state as { G: NoughtsState };
      expect(xs.state.G.claims).toEqual({ '0': stored.G.claims['0'], '1': null });
      expect(os.state.G.claims).toEqual({ '0': null, '1': stored.G.claims['1'] });
      expect(ws.state.G.claims).toEqual({ '0': null, '1': null });
      for (const info of [xs, os, ws]) {
        expect(info.initialState.G.claims['0'] === null || info.initialState.G.claims['1'] === null).toBe(true);
        expect(JSON.stringify(info)).not.toMatch(/prngstate|"seed"/);
      }
      // The record is refused while the game runs: it would give the claims away.
      expect((await api(server.url, `/games/${NOUGHTS_NAME}/${matchID}/record`)).status).toBe(409);
      // Another game's namespace does not reach this match; this game's does not reach a Mint match.
      const mintSide = await client(GAME);
      const [event, , refusal] = await rawSync(mintSide, matchID, '0', creds['0']);
      expect([event, (refusal as { error: string }).error]).toEqual(['mint:error', 'match not found']);
      const mint = await matchWithPlayers(server.url);
      const [event2, , refusal2] = await rawSync(await client(NOUGHTS_NAME), mint.matchID, '0', mint.creds['0']);
      expect([event2, (refusal2 as { error: string }).error]).toEqual(['mint:error', 'match not found']);
      expect((await api(server.url, `/games/${GAME}/${matchID}/record`)).status).toBe(404);

      // X takes the top row; an occupied cell is refused and changes nothing.
      const plays: [RawClient, string, number][] = [[x, '0', 0], [o, '1', 4], [x, '0', 1], [o, '1', 5], [x, '0', 2]];
      let stateID = xs.state._stateID;
      for (const [i, [c, id, cell]] of plays.entries()) {
        if (i === 1) {
          const [ev, , why] = await rawUpdate(o, moveAction('mark', [0], '1', creds['1']), stateID, matchID, '1');
          expect([ev, (why as { error: string }).error]).toEqual(['mint:error', 'illegal move']);
        }
        const seen = watcher.next(['update']);
        const [ev] = await rawUpdate(c, moveAction('mark', [cell], id, creds[id]), stateID, matchID, id);
        expect(ev).toBe('update');
        const [, , view] = await seen as [string, string, SyncInfo['state']];
        stateID = view._stateID;
        if (i < plays.length - 1) expect(view.G.claims).toEqual({ '0': null, '1': null });
        else expect(view.G.claims).toEqual(stored.G.claims); // over: the claims are shown
      }
      const final = (await server.db.fetch(matchID, { state: true })).state as { ctx: { gameover?: unknown } };
      expect(final.ctx.gameover).toEqual({ winner: '0', reason: 'line' });

      const rec = await api(server.url, `/games/${NOUGHTS_NAME}/${matchID}/record`);
      expect(rec.status).toBe(200);
      const record = rec.json as NoughtsRecord;
      expect(record.players).toEqual(['N0', 'N1']);
      expect(record.moves).toEqual(plays.map(([, playerID, cell]) => ({ playerID, cell })));
      const replay = replayNoughts(record);
      if ('error' in replay) throw new Error(replay.error);
      expect(replay.states.at(-1)!.G).toEqual((await server.db.fetch(matchID, { state: true })).state!.G);
      // A record with a move the game refuses does not replay.
      expect(replayNoughts({ ...record, moves: [...record.moves.slice(0, 1), record.moves[0]!] })).toEqual({ error: 'move 2 refused' });
      expect(server.errors).toEqual([]);
    });
  });
}
