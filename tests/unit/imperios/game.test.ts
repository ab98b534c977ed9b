/**
 * The boardgame.io Game of Imperios Milenarios (src/games/imperios/game.ts; issue 23 item 4) through boardgame.io's
 * own Client and a local master: one client per seat plays a seeded game to the end, each sending a legal action
 * of its own whenever the game waits for it; after every move ctx mirrors the core (phase, turn, active seats and
 * their stages), every client's view lacks the generator, and refused moves change nothing.
 */
import type { State } from 'boardgame.io';
import { Client } from 'boardgame.io/client';
import { InitializeGame, ProcessGameConfig } from 'boardgame.io/internal';
import { Local } from 'boardgame.io/multiplayer';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ACT,
  expectedActivePlayers,
  flowMismatch,
  ImperiosGame,
  makeImperiosGame,
  modeFromSetupData,
  turnOwner,
} from '../../../src/games/imperios/game';
import { awaitedSeats, legalActions, type ImperiosState } from '../../../src/games/imperios/rules';
import { randomInt, seedState } from '../../../src/games/imperios/rules/rng';

// boardgame.io's per-move serialisability check walks all of G (docs/bgio-notes.md): off, as on a real server.
const PREVIOUS_NODE_ENV = process.env.NODE_ENV;
process.env.NODE_ENV = 'production';
afterAll(() => {
  process.env.NODE_ENV = PREVIOUS_NODE_ENV;
});

type AnyClient = ReturnType<typeof Client<ImperiosState>>;

const tick = () => new Promise((r) => setTimeout(r, 0));

/** Wait until the master has answered: every client holds state `stateID` or later. */
async function settled(clients: AnyClient[], stateID: number): Promise<void> {
  for (let i = 0; i < 1000; i++) {
    if (clients.every((c) => (c.getState()?._stateID ?? -1) >= stateID)) return;
    await tick();
  }
  throw new Error(`no state ${stateID}`);
}

describe('IM4, IM15: the Game mirrors the core (boardgame.io Client, local master)', () => {
  it('plays a seeded 4-player Tutorial game to the end, ctx derived from G after every move', async () => {
    const game = makeImperiosGame({ seed: 'game-test-1', mode: 'tutorial' });
    const multiplayer = Local();
    const clients = ['0', '1', '2', '3'].map((playerID) =>
      Client<ImperiosState>({ game, numPlayers: 4, playerID, multiplayer, debug: false }),
    );
    for (const c of clients) c.start();
    await settled(clients, 0);
    // A local client cannot pass setupData: the Game's default mode.
    expect((clients[0].getState()!.G as ImperiosState).mode).toBe('tutorial');
    const chooser = { rng: seedState('game-test-choices') };
    let moves = 0;
    let refusals = 0;
    for (;;) {
      const s = clients[0].getState()!;
      if (s.ctx.gameover !== undefined) break;
      const G = s.G as ImperiosState;
      // IM14.1: no client is sent the generator.
      expect('rng' in G).toBe(false);
      expect(s.ctx.phase).toBe(G.phase);
      expect(s.ctx.currentPlayer).toBe(String(turnOwner(G)));
      expect(s.ctx.activePlayers).toEqual(expectedActivePlayers(G));
      const awaited = awaitedSeats(G);
      expect(awaited.length).toBeGreaterThan(0);
      const seat = awaited[randomInt(chooser, awaited.length)];
      // Every 200 moves, a seat the game does not wait for tries the awaited seat's move, and nothing changes.
      if (moves % 200 === 0) {
        const idle = [0, 1, 2, 3].find((x) => !(String(x) in (s.ctx.activePlayers ?? {})));
        if (idle !== undefined) {
          clients[idle].moves[ACT](legalActions(G as ImperiosState, seat)[0]);
          await tick();
          expect(clients[0].getState()!._stateID).toBe(s._stateID);
          refusals++;
        }
        clients[seat].moves[ACT]({ kind: 'noSuchAction' });
        clients[seat].moves[ACT]();
        await tick();
        expect(clients[0].getState()!._stateID).toBe(s._stateID);
      }
      const legal = legalActions(G as ImperiosState, seat);
      clients[seat].moves[ACT](legal[randomInt(chooser, legal.length)]);
      await settled(clients, s._stateID + 1);
      moves++;
      expect(moves).toBeLessThan(100_000);
    }
    const end = clients[2].getState()!;
    const G = end.G as ImperiosState;
    expect(G.phase).toBe('over');
    expect(end.ctx.gameover).toMatchObject({ winner: String(G.result!.winner), reasons: G.result!.reasons });
    expect(end.ctx.gameover.ranking).toHaveLength(4);
    expect(moves).toBeGreaterThan(50);
    expect(refusals).toBeGreaterThan(0);
    for (const c of clients) c.stop();
  }, 600_000);

  it('the same seed and moves give the same game; ai.enumerate lists the core legal actions', async () => {
    const play = () => {
      const c = Client<ImperiosState>({ game: makeImperiosGame({ seed: 'same' }), numPlayers: 5 });
      c.start();
      const chooser = { rng: seedState('same-moves') };
      for (let i = 0; i < 150; i++) {
        // A local client without a master sees G whole: the generator is there.
        const G = c.getState()!.G;
        const seat = awaitedSeats(G)[0];
        const enumerated = ImperiosGame.ai!.enumerate(G, c.getState()!.ctx, String(seat));
        expect(enumerated).toEqual(legalActions(G, seat).map((a) => ({ move: ACT, args: [a] })));
        c.updatePlayerID(String(seat));
        c.moves[ACT]((enumerated[randomInt(chooser, enumerated.length)] as { args: unknown[] }).args[0]);
        expect(flowMismatch(c.getState()!.G, c.getState()!.ctx)).toBeNull();
      }
      return c.getState()!;
    };
    const a = play();
    const b = play();
    expect(a._stateID).toBe(150);
    expect(JSON.stringify(a.G)).toBe(JSON.stringify(b.G));
  });

  it('seeds from the random plugin, never a guessable seed; setupData is { mode } only', () => {
    const seeds = new Set<number>();
    for (let i = 0; i < 5; i++) {
      const s = InitializeGame({ game: ProcessGameConfig(ImperiosGame), numPlayers: 4 }) as State<ImperiosState>;
      expect((s.plugins.random.data as { seed: string }).seed).toMatch(/^[0-9a-f]{32}$/);
      seeds.add(s.G.rng);
    }
    expect(seeds.size).toBe(5);
    expect(InitializeGame({ game: ProcessGameConfig(makeImperiosGame()), numPlayers: 4 }).G.mode).toBe('normal');
    expect(modeFromSetupData(undefined)).toBe('normal');
    expect(modeFromSetupData({ mode: 'tutorial' })).toBe('tutorial');
    expect(modeFromSetupData({ mode: 'x' })).toHaveProperty('error');
    expect(modeFromSetupData({ mode: 'normal', extra: 1 })).toHaveProperty('error');
    const v = ImperiosGame.validateSetupData!;
    expect(v({ mode: 'epic' }, 4)).toMatch(/IM3.1.2/);
    expect(v({ mode: 'epic' }, 6)).toBeUndefined();
    expect(v(undefined, 3)).toMatch(/IM3.1.1/);
    expect(v({ mode: 'normal' }, 7)).toBeUndefined();
  });
});
