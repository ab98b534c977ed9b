/**
 * Issue 21 item 6, bots per game: the bot driver plays any hosted game's bot seats through that game's bot part
 * (server/match/hosted-game.ts `HostedBots`). Hidden Noughts (server/games/noughts.ts) is created in the real lobby
 * with a bot seat and played to the end by a scripted client over the real sockets, on SQLite and PostgreSQL; its
 * bot is handed its own seat's view only (a wrapper records every view and the other seat's claim is never in it);
 * the lobby refuses a kind or a seat the game does not have; Mint's bots play on the same server, through the same
 * driver.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostedGame } from '../../server/match/hosted-game';
import { NOUGHTS_NAME, type NoughtsState } from '../../src/games/noughts/game';
import { latest, noughtsWithBotSpy, playScripted, type Sent } from './noughts-helpers';
import {
  api, GAME, PG_SKIP_REASON, PG_URL, rawClient, rawSync, startTestServer, waitFor, type Backend, type RawClient, type TestServer,
} from './server-helpers';

type Seen = { kind: string; view: NoughtsState; playerID: string; matchID: string };

/** Hidden Noughts with its real bots, each decision's input recorded (a copy: what the bot was handed, as it was). */
const recordingNoughts = (seen: Seen[]): HostedGame<NoughtsState> =>
  noughtsWithBotSpy((kind, view, playerID, matchID) => seen.push(structuredClone({ kind, view, playerID, matchID })));

for (const backend of ['sqlite', 'postgres'] as Backend[]) {
  const skip = backend === 'postgres' && !PG_URL;
  describe.skipIf(skip)(`bots per game (${backend})${skip ? ` — SKIPPED: ${PG_SKIP_REASON}` : ''}`, () => {
    let server: TestServer;
    const seen: Seen[] = [];
    const sockets: RawClient[] = [];
    beforeAll(async () => {
      server = await startTestServer(backend, { games: [recordingNoughts(seen)] });
    });
    afterAll(async () => {
      for (const s of sockets) s.close();
      await server?.dispose();
    });
    const post = (path: string, body: unknown) => api(server.url, path, body);

    for (const [botMark, kind] of [['X', 'greedy'], ['O', 'random']] as const) {
      it(`a ${kind} bot as ${botMark} plays a match to the end against a scripted client, from its own view only`, async () => {
        const created = await post(`/games/${NOUGHTS_NAME}/create`, { numPlayers: 2, bot: botMark, botKind: kind });
        expect(created.status, created.text).toBe(200);
        const matchID: string = created.json.matchID;
        const botID = botMark === 'X' ? '0' : '1';
        const humanID = botID === '0' ? '1' : '0';
        const listed = (await api(server.url, `/games/${NOUGHTS_NAME}/${matchID}`)).json.players;
        expect(listed[Number(botID)]).toEqual({
          id: Number(botID), name: kind === 'greedy' ? 'Bot' : 'Random bot', isConnected: true, data: { bot: kind },
        });
        expect((await post(`/games/${NOUGHTS_NAME}/${matchID}/join`, { playerID: botID, playerName: 'x' })).status).toBe(409);
        const joined = await post(`/games/${NOUGHTS_NAME}/${matchID}/join`, { playerID: humanID, playerName: 'Human' });
        expect(joined.status, joined.text).toBe(200);
        const c = await rawClient(server.url, NOUGHTS_NAME);
        sockets.push(c);
        const [event] = await rawSync(c, matchID, humanID, joined.json.playerCredentials);
        expect(event).toBe('sync');

        const end = await playScripted(c, matchID, humanID, joined.json.playerCredentials);
        const stored = (await server.db.fetch(matchID, { state: true, metadata: true, log: true }));
        const state = stored.state as unknown as Sent;
        expect(state.ctx.gameover).toBeDefined();
        expect(end._stateID).toBe(state._stateID);
        expect(stored.metadata!.gameover).toEqual(state.ctx.gameover);
        const moves = (stored.log ?? []).filter((e) => e.action.type === 'MAKE_MOVE').map((e) => e.action.payload.playerID);
        const botMoves = moves.filter((id) => id === botID).length;
        expect(botMoves).toBeGreaterThanOrEqual(2);

        // One decision asked per bot move, each of this kind and seat, each handed the seat's view and nothing more:
        // the grid as it stood and its own claim; the other seat's claim (dealt at set-up, never null) is cut.
        const claims = (state.G as NoughtsState).claims;
        expect(claims[humanID]).not.toBeNull();
        const mine = seen.filter((s) => s.matchID === matchID);
        expect(mine).toHaveLength(botMoves);
        for (const [i, s] of mine.entries()) {
          expect([s.kind, s.playerID]).toEqual([kind, botID]);
          expect(Object.keys(s.view).sort()).toEqual(['cells', 'claims']);
          expect(s.view.claims).toEqual({ [botID]: claims[botID], [humanID]: null });
          // Before its (i+1)-th move the bot has made i marks: the grid it was shown is the grid of that moment.
          expect(s.view.cells.filter((m) => m === (botMark === 'X' ? 'X' : 'O'))).toHaveLength(i);
        }
        expect(server.errors).toEqual([]);
      });
    }

    it('refuses a bot kind or seat the game does not have, and creates nothing', async () => {
      const before = (await api(server.url, `/games/${NOUGHTS_NAME}`)).json.matches.length;
      const refusals: [unknown, RegExp][] = [
        [{ bot: 'O', botKind: 'ismcts-hard' }, /botKind must be one of greedy, random/],
        [{ bot: 'O', botKind: 'constructor' }, /botKind must be one of greedy, random/],
        [{ bot: 'I' }, /bot must be "X" or "O"/],
        [{ bot: '1' }, /bot must be "X" or "O"/],
        [{ botKind: 'greedy' }, /botKind needs bot/],
      ];
      for (const [body, why] of refusals) {
        const r = await post(`/games/${NOUGHTS_NAME}/create`, { numPlayers: 2, ...(body as object) });
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(r.json.error, JSON.stringify(body)).toMatch(why);
      }
      // Mint's lobby knows Mint's kinds, not Noughts'.
      const mint = await post(`/games/${GAME}/create`, { numPlayers: 2, bot: 'I', botKind: 'greedy' });
      expect([mint.status, mint.json.error]).toEqual([400, 'botKind must be one of ismcts-easy, ismcts-normal, ismcts-hard, random']);
      expect((await api(server.url, `/games/${NOUGHTS_NAME}`)).json.matches.length).toBe(before);
    });

    it('the move service plays a bot move as the match\'s own game, and no other', async () => {
      const created = await post(`/games/${NOUGHTS_NAME}/create`, { numPlayers: 2 });
      const matchID: string = created.json.matchID;
      const stateID = ((await server.db.fetch(matchID, { state: true })).state as unknown as Sent)._stateID;
      const mark = { type: 'mark', args: [4] };
      // Checked by the match's game: a seat no bot holds is refused; Mint's envelope refuses Noughts' move.
      expect(await server.hub.botMove(matchID, NOUGHTS_NAME, '0', mark, stateID)).toEqual({ ok: false, error: 'not a bot seat' });
      expect(await server.hub.botMove(matchID, GAME, '0', mark, stateID)).toEqual({ ok: false, error: 'action refused' });
      expect(await server.hub.botMove(matchID, 'no-such-game', '0', mark, stateID)).toEqual({ ok: false, error: 'match not found' });
      // A Noughts move for a Mint match (a bot seat there): not found as a Noughts match.
      const mint = await post(`/games/${GAME}/create`, { numPlayers: 2, bot: 'R', botKind: 'random' });
      expect(await server.hub.botMove(mint.json.matchID, NOUGHTS_NAME, '0', mark, 0)).toEqual({ ok: false, error: 'match not found' });
      expect((await server.db.fetch(matchID, { state: true })).state!._stateID).toBe(stateID);
    });

    it('Mint Imperium\'s bots play on the same server, through the same driver', async () => {
      const created = await post(`/games/${GAME}/create`, { numPlayers: 2, bot: 'I', botKind: 'random' });
      expect(created.status, created.text).toBe(200);
      const matchID: string = created.json.matchID;
      // The Imperial decides first (its set-up): the random bot moves without anyone joining; a spectator sees it.
      const c = await rawClient(server.url, GAME);
      sockets.push(c);
      const [event] = await rawSync(c, matchID, null);
      expect(event).toBe('sync');
      await waitFor(() => (latest(c)?._stateID ?? 0) > 0, 10_000, 'the Mint bot\'s first move');
      expect(seen.some((s) => s.matchID === matchID)).toBe(false); // Noughts' bots were not asked
      expect(server.errors).toEqual([]);
    });
  });
}
