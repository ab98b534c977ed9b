/**
 * The server's bot seat at each difficulty: a match created with `botKind` ismcts-easy / normal / hard shows that
 * kind in the lobby, its bot (in the worker threads, the real pool) is asked with that kind and its seat's view
 * only, and it plays a whole game of legal moves against a human client (a refused or failed bot move is a server
 * error, which fails the test). The old 'mcts' kind is an alias of ismcts-normal.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Faction } from '../../src/game/content';
import type { GameState } from '../../src/game/rules';
import { isHidden } from '../../src/game/rules/view';
import { WorkerBotPlayer } from '../../server/bots/worker-pool';
import { parseBotKind } from '../../server/games/mint-bots';
import { api, createMatch, GAME, joinMatch, randomPlayer, snapshot, startTestServer, type TestServer } from './server-helpers';

const KINDS = [['ismcts-easy', 'Bot (easy)'], ['ismcts-normal', 'Bot (normal)'], ['ismcts-hard', 'Bot (hard)']] as const;

describe('server bot seat by difficulty', () => {
  let server: TestServer;
  const asked: { kind: string | undefined; view: GameState; seat: Faction }[] = [];
  beforeAll(async () => {
    const original = WorkerBotPlayer.prototype.choose;
    vi.spyOn(WorkerBotPlayer.prototype, 'choose').mockImplementation(function (this: WorkerBotPlayer, view, seat, job, kind) {
      asked.push({ kind, view, seat });
      return original.call(this, view, seat, job, kind);
    });
    server = await startTestServer('sqlite', { bots: { mcts: { budgetMs: 10 }, workers: 2 } });
  });
  afterAll(async () => {
    await server?.dispose();
    vi.restoreAllMocks();
    expect(server?.errors ?? []).toEqual([]);
  });

  it('each difficulty plays a whole game of legal moves from its own view', async () => {
    const games = await Promise.all(KINDS.map(async ([kind, name], i) => {
      const botSeat: Faction = i % 2 === 0 ? 'I' : 'R';
      const humanSeat: Faction = botSeat === 'I' ? 'R' : 'I';
      const matchID = await createMatch(server.url, { bot: botSeat, botKind: kind });
      const players = (await api(server.url, `/games/${GAME}/${matchID}`)).json.players;
      expect(players[botSeat === 'R' ? 0 : 1]).toEqual({ id: botSeat === 'R' ? 0 : 1, name, isConnected: true, data: { bot: kind } });
      const creds = await joinMatch(server.url, matchID, humanSeat === 'R' ? '0' : '1', 'Human');
      const human = randomPlayer(server.url, matchID, humanSeat, creds);
      try {
        await human.finished;
      } finally {
        human.stop();
      }
      const stored = (await snapshot(server.db, matchID)).state!;
      expect(stored.G.winner).toBeTruthy();
      return { kind, botSeat, botMoves: stored._stateID - human.moves };
    }));
    for (const { kind, botSeat, botMoves } of games) {
      expect(botMoves, kind).toBeGreaterThan(5);
      const mine = asked.filter((a) => a.kind === kind); // (this test runs first: only its own matches so far)
      // Every bot move went through the search pool with this kind (a single legal move is searched too).
      expect(mine.length, kind).toBe(botMoves);
      for (const { view, seat } of mine) {
        expect(seat).toBe(botSeat);
        const other: Faction = seat === 'R' ? 'I' : 'R';
        // The opponent's hand is hidden, except Imperial cards the Rebel saw with R-08 (R8.3 item 10).
        const shown = view.hands[other].filter((c) => !isHidden(c));
        const known: readonly string[] = seat === 'R' ? view.known.rebelKnowsImperial : [];
        expect(shown.every((c) => known.includes(c)), `${kind}: the opponent's hand is hidden (${shown})`).toBe(true);
        // Before R3.9 there is no base (null, the base card still in the probe deck); after it, HIDDEN.
        const chosen = view.probes.deck.length + view.probes.hand.length < 14;
        if (seat === 'I' && !view.base.revealed) expect(view.base.planet).toBe(chosen ? 'HIDDEN' : null);
      }
    }
  });

  it('accepts the kinds, the old alias, and nothing else', async () => {
    expect(parseBotKind('mcts')).toBe('ismcts-normal');
    expect(parseBotKind('random')).toBe('random');
    expect(parseBotKind('mcts-fair')).toBeNull();
    expect(parseBotKind('mcts ')).toBeNull();
    expect(parseBotKind('constructor')).toBeNull();
    const old = await createMatch(server.url, { bot: 'R', botKind: 'mcts' });
    expect((await api(server.url, `/games/${GAME}/${old}`)).json.players[0]).toMatchObject({ name: 'Bot (normal)', data: { bot: 'ismcts-normal' } });
    const plain = await createMatch(server.url, { bot: 'R' });
    expect((await api(server.url, `/games/${GAME}/${plain}`)).json.players[0].data).toEqual({ bot: 'ismcts-normal' });
    for (const bad of ['flatmc', 'mcts', 'ismcts-insane', 7, null]) {
      const r = await api(server.url, `/games/${GAME}/create`, { bot: 'I', botKind: bad });
      if (bad === 'mcts') expect(r.status).toBe(200);
      else expect(r.status, String(bad)).toBe(400);
    }
  });
});
