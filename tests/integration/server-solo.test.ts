/**
 * Solo matches (RULES §9) over the real server (real sockets, SQLite): the lobby's `solo` option creates a match
 * whose rival seat is closed for good ("Rival deck", data.rival) and never driven by a server bot; the human joins
 * the other seat and plays a whole game of random legal moves over its socket; a spectator watches. At every
 * message the human and the spectator receive, the rival deck's order stays hidden (R8.3 item 6, only the faceup
 * skipped cards at its bottom known) and, against a Rebel rival, so does its base until revealed. One match is
 * stopped half-way, the server restarted on the same database and port, and the human's client finishes it.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { State } from 'boardgame.io';
import { playerOf } from '../../src/game';
import type { Faction } from '../../src/game/content';
import type { GameState } from '../../src/game/rules';
import { isHidden, viewFor } from '../../src/game/rules/view';
import {
  api, GAME, joinMatch, randomPlayer, rawClient, rawSync, snapshot, startTestServer, tempDir, waitFor, type RawClient, type TestServer,
} from './server-helpers';

const other = (f: Faction): Faction => (f === 'R' ? 'I' : 'R');

/** What must never be visible in a view of a solo game for the human or a spectator. */
function expectSecretsKept(G: GameState, where: string) {
  const solo = G.solo!;
  expect(solo, where).toBeTruthy();
  const tail = solo.deck.length - solo.bottomKnown;
  solo.deck.forEach((c, i) => expect(isHidden(c), `${where}: deck[${i}] of ${solo.deck.length}`).toBe(i < tail));
  // Before R3.9 there is no base (null, the base card still in the probe deck); after it, HIDDEN until revealed.
  const chosen = G.probes.deck.length + G.probes.hand.length < 14;
  if (solo.bot === 'R' && !G.base.revealed) expect(G.base.planet, `${where}: hidden base`).toBe(chosen ? 'HIDDEN' : null);
}

/** Every G a raw socket received (sync and update messages). */
function receivedStates(c: RawClient): GameState[] {
  const out: GameState[] = [];
  for (const [event, , x] of c.received) {
    if (event === 'sync') out.push((x as { state: State<GameState> }).state.G);
    if (event === 'update') out.push((x as State<GameState>).G);
  }
  return out;
}

describe('solo matches over sockets (SQLite)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(async () => {
    await server?.dispose();
    expect(server?.errors ?? []).toEqual([]);
  });

  it('create refuses bad solo options with a 400 and creates nothing', async () => {
    const before = (await api(server.url, `/games/${GAME}`)).json.matches.length;
    const bad: [unknown, RegExp][] = [
      ['R', /solo must be an object/], [null, /solo must be an object/], [[], /solo must be an object/],
      [{ bot: 'X', difficulty: 'easy' }, /solo\.bot/], [{ bot: 'R' }, /solo\.difficulty/],
      [{ bot: 'I', difficulty: 'brutal' }, /solo\.difficulty/], [{ bot: 'R', difficulty: 'easy', seed: 1 }, /unknown field solo\.seed/],
    ];
    for (const [solo, msg] of bad) {
      const r = await api(server.url, `/games/${GAME}/create`, { numPlayers: 2, solo });
      expect(r.status, JSON.stringify(solo)).toBe(400);
      expect(r.json.error).toMatch(msg);
    }
    for (const extra of [{ bot: 'I' }, { botKind: 'random' }]) {
      const r = await api(server.url, `/games/${GAME}/create`, { numPlayers: 2, solo: { bot: 'R', difficulty: 'easy' }, ...extra });
      expect(r.status).toBe(400);
      expect(r.json.error).toMatch(/cannot be combined/);
    }
    expect((await api(server.url, `/games/${GAME}/create`, { setupData: { mode: 'solo', bot: 'R', difficulty: 'easy' } })).status).toBe(400);
    expect((await api(server.url, `/games/${GAME}`)).json.matches.length).toBe(before);
    // The rival's name is the server's.
    const m = (await api(server.url, `/games/${GAME}/create`, { numPlayers: 2 })).json.matchID;
    for (const playerName of ['Rival deck', 'rival', ' RIVAL  DECK ']) {
      const r = await api(server.url, `/games/${GAME}/${m}/join`, { playerID: '0', playerName });
      expect(r.status, playerName).toBe(400);
      expect(r.json.error).toMatch(/reserved/);
    }
  });

  for (const bot of ['R', 'I'] as Faction[]) {
    it(`a whole solo game against the ${bot === 'R' ? 'Rebel' : 'Imperial'} rival: rival seat closed, secrets kept for the human and a spectator`, async () => {
      const human = other(bot);
      const r = await api(server.url, `/games/${GAME}/create`, { numPlayers: 2, solo: { bot, difficulty: bot === 'R' ? 'hard' : 'easy' } });
      expect(r.status).toBe(200);
      const { matchID } = r.json;
      const listed = (await api(server.url, `/games/${GAME}/${matchID}`)).json;
      expect(listed.solo).toEqual({ bot, difficulty: bot === 'R' ? 'hard' : 'easy' });
      expect(listed.players.find((p: { id: number }) => String(p.id) === playerOf(bot))).toEqual({ id: Number(playerOf(bot)), name: 'Rival deck', data: { rival: true } });
      expect(JSON.stringify(listed)).not.toMatch(/setupData|credentials/);
      // Nobody can take the rival's seat, with or without naming it; nobody syncs as it.
      const join = await api(server.url, `/games/${GAME}/${matchID}/join`, { playerID: playerOf(bot), playerName: 'Mallory' });
      expect(join.status).toBe(409);
      expect(join.json.error).toMatch(/rival deck/);
      const creds = await joinMatch(server.url, matchID, playerOf(human), 'Solo human');
      expect((await api(server.url, `/games/${GAME}/${matchID}/join`, { playerName: 'Mallory' })).status).toBe(409);
      const intruder = await rawClient(server.url);
      const spectator = await rawClient(server.url);
      const player = randomPlayer(server.url, matchID, human, creds);
      const humanStates: GameState[] = [];
      player.client.subscribe((s) => { if (s) humanStates.push((s as unknown as { G: GameState }).G); });
      try {
        for (const c of [undefined, '', 'x'.repeat(32), creds]) {
          expect((await rawSync(intruder, matchID, playerOf(bot), c))[0], String(c)).toBe('mint:error');
        }
        expect((await rawSync(spectator, matchID, null))[0]).toBe('sync');
        const end = await player.finished;
        const stored = (await snapshot(server.db, matchID)).state!;
        expect(stored.ctx.gameover).toBeTruthy();
        expect(stored.G.solo!.bot).toBe(bot);
        // The rival played (its steps in the log) although no bot seat was ever driven.
        expect(stored.G.log.some((e) => e.e.startsWith('bot'))).toBe(true);
        expect(server.bots.moves).toBe(0);
        expect(player.moves).toBe(stored._stateID);
        expect(end.G).toEqual(viewFor(stored.G, human));
        await waitFor(() => receivedStates(spectator).length === stored._stateID + 1, 5000, 'spectator updates');
        const watched = receivedStates(spectator);
        expect(watched.at(-1)).toEqual(viewFor(stored.G, null));
        expect(humanStates.length).toBeGreaterThan(5);
        // While the game runs; once it is over every view is the whole state (issue 20 item 1), checked above.
        watched.filter((G) => !G.winner).forEach((G, i) => expectSecretsKept(G, `spectator message ${i}`));
        humanStates.filter((G) => !G.winner).forEach((G, i) => expectSecretsKept(G, `human state ${i}`));
        expect(watched.filter((G) => !G.winner).length).toBe(watched.length - 1);
        // The test can fail: the stored state does hold the order (and the base) they must not see.
        expect(stored.G.solo!.deck.some((c) => !isHidden(c))).toBe(true);
        if (bot === 'R') {
          // The base check was not vacuous: the base was hidden in some views, and the stored state knows it.
          expect(watched.some((G) => !G.base.revealed)).toBe(true);
          expect(stored.G.base.planet).not.toBe('HIDDEN');
        }
        // The connection status of the rival seat is never touched.
        const after = (await api(server.url, `/games/${GAME}/${matchID}`)).json;
        expect(after.players.find((p: { id: number }) => String(p.id) === playerOf(bot))).toEqual({ id: Number(playerOf(bot)), name: 'Rival deck', data: { rival: true } });
        // The rematch is solo again, the rival seat closed again, the human's seat held for them.
        const again = await api(server.url, `/games/${GAME}/${matchID}/playAgain`, { playerID: playerOf(human), credentials: creds });
        expect(again.status).toBe(200);
        const next = (await api(server.url, `/games/${GAME}/${again.json.nextMatchID}`)).json;
        expect(next.solo).toEqual(listed.solo);
        expect(next.players.find((p: { id: number }) => String(p.id) === playerOf(bot)).data).toEqual({ rival: true });
      } finally {
        player.stop();
        intruder.close();
        spectator.close();
      }
    });
  }
});

describe('a solo match survives a server restart (SQLite)', () => {
  it('the human client reconnects to the restarted server and finishes the game', async () => {
    const t = tempDir('mint-solo-restart-');
    const databaseUrl = join(t.dir, 'solo.sqlite');
    let server: TestServer | null = await startTestServer('sqlite', { databaseUrl });
    const port = Number(new URL(server.url).port);
    let player: ReturnType<typeof randomPlayer> | null = null;
    try {
      const matchID = (await api(server.url, `/games/${GAME}/create`, { numPlayers: 2, solo: { bot: 'R', difficulty: 'normal' } })).json.matchID;
      const creds = await joinMatch(server.url, matchID, '1', 'Solo human');
      player = randomPlayer(server.url, matchID, 'I', creds);
      await waitFor(() => player!.moves >= 10, 10_000, 'ten moves');
      player.pause();
      await new Promise((r) => setTimeout(r, 100));
      const before = (await snapshot(server.db, matchID)).state!;
      await server.stop();
      server = await startTestServer('sqlite', { databaseUrl, port });
      expect((await snapshot(server.db, matchID)).state).toEqual(before);
      const url = server.url;
      await waitFor(() => (player!.client.getState() as unknown as { isConnected?: boolean } | null)?.isConnected === true, 15_000, 'reconnect');
      player.resume();
      const end = await player.finished;
      const stored = (await snapshot(server.db, matchID)).state!;
      expect(stored.ctx.gameover).toBeTruthy();
      expect(end.G).toEqual(viewFor(stored.G, 'I'));
      expect(stored._stateID).toBeGreaterThan(before._stateID);
      expect((await api(url, `/games/${GAME}/${matchID}`)).json.solo).toEqual({ bot: 'R', difficulty: 'normal' });
      expect(server.errors).toEqual([]);
    } finally {
      player?.stop();
      await server?.dispose();
      t.remove();
    }
  });
});
