/**
 * src/ai/bgio.ts: the bots as boardgame.io `Bot`s. boardgame.io's own `Simulate` and `Step` drive them through
 * whole games; every move they make is one `ai.enumerate` lists; the inner bot is handed the seat's view only.
 */
import type { State } from 'boardgame.io';
import { RandomBot, Simulate, Step } from 'boardgame.io/ai';
import { InitializeGame } from 'boardgame.io/internal';
import { describe, expect, it } from 'vitest';
import { createBot, type BotDecision, type SeatBot } from '../../src/ai';
import { SeatBotBgio } from '../../src/ai/bgio';
import { makeMintImperium, seatOf } from '../../src/game';
import type { Faction } from '../../src/game/content';
import { HIDDEN, viewFor } from '../../src/game/rules/view';
import { jsonEqual } from '../../src/game/rules/sample';
import type { GameState } from '../../src/game/rules';
import { makeClient, master, quietBoardgameIo } from './bgio-helpers';

quietBoardgameIo();

/** A SeatBot that records what it is handed and checks it is exactly the seat's view of the master G. */
function recording(inner: SeatBot, masterG: () => GameState, seen: { views: number; hiddenBase: number; errors: string[] }): SeatBot {
  return {
    name: inner.name,
    async choose(view: GameState, seat: Faction): Promise<BotDecision> {
      seen.views++;
      if (!jsonEqual(view, viewFor(masterG(), seat))) seen.errors.push(`not the ${seat} view`);
      if (seat === 'I' && !masterG().base.revealed && view.base.planet === (HIDDEN as unknown)) seen.hiddenBase++;
      return inner.choose(view, seat);
    },
  };
}

describe('SeatBotBgio (a boardgame.io Bot around createBot)', () => {
  it('Simulate plays whole games with ISMCTS on both seats, every move one that ai.enumerate lists', async () => {
    for (let i = 0; i < 2; i++) {
      const game = makeMintImperium({ seed: `seatbot-sim-${i}` });
      const enumerate = game.ai!.enumerate;
      let current = InitializeGame({ game, numPlayers: 2 }) as State<GameState>;
      const seen = { views: 0, hiddenBase: 0, errors: [] as string[] };
      let illegal = 0;
      /** Checks each move against ai.enumerate on the state Simulate hands it. */
      class Checked extends SeatBotBgio {
        override async play(s: State, playerID: string) {
          current = s as State<GameState>;
          const r = await super.play(s, playerID);
          const legal = enumerate(s.G, s.ctx, playerID) as { move: string; args: unknown[] }[];
          const { type, args } = r.action.payload;
          if (!legal.some((m) => m.move === type && jsonEqual(m.args, args))) illegal++;
          return r;
        }
      }
      const bots: Record<string, SeatBotBgio> = {};
      for (const p of ['0', '1']) {
        const inner = createBot('ismcts-easy', { iterations: 40, seed: `sim-${i}-${p}` });
        bots[p] = new Checked({ enumerate, bot: recording(inner, () => current.G, seen) });
      }
      const { state: end, metadata } = await Simulate({ game, bots, state: current, depth: 3000 });
      const { G, ctx } = end as State<GameState>;
      expect(ctx.gameover, `game ${i} did not end`).toBeDefined();
      expect(G.winner).not.toBeNull();
      expect(ctx.gameover.winner).toBe(G.winner!.faction === 'R' ? '0' : '1');
      expect(illegal).toBe(0);
      expect(seen.errors).toEqual([]);
      expect(seen.views).toBeGreaterThan(50);
      expect(seen.hiddenBase).toBeGreaterThan(0);
      expect(metadata.bot).toBe('ismcts-easy');
      expect(typeof metadata.iterations).toBe('number');
    }
  });

  it('Step drives it through a whole game on a Client against the stock RandomBot, with thoughts as metadata', async () => {
    const { game, client } = makeClient('seatbot-step');
    const ismcts = new SeatBotBgio({ enumerate: game.ai!.enumerate, seed: 'step', bot: 'ismcts-normal', options: { iterations: 40 } });
    const random = new RandomBot({ enumerate: game.ai!.enumerate, seed: 'step-random' });
    let mine = 0;
    let withBelief = 0;
    for (let moves = 0; master(client).ctx.gameover === undefined; moves++) {
      expect(moves).toBeLessThan(2000);
      const { ctx, G } = master(client);
      const playerID = ctx.activePlayers ? Object.keys(ctx.activePlayers)[0] : ctx.currentPlayer;
      const before = master(client)._stateID;
      // The ISMCTS plays the Imperial ('1'), where its thoughts include the base belief.
      const a = await Step(client as never, playerID === '1' ? ismcts : random) as { payload: { metadata?: { bot: string; baseBelief?: unknown[] } } } | undefined;
      expect(a, `no move for ${playerID} at ${G.pending?.kind}`).toBeTruthy();
      expect(master(client)._stateID, 'the move was refused').toBe(before + 1);
      if (playerID === '1') {
        mine++;
        expect(a!.payload.metadata?.bot).toBe('ismcts-normal');
        if (a!.payload.metadata?.baseBelief?.length) withBelief++;
      }
    }
    expect(master(client).G.winner).not.toBeNull();
    expect(mine).toBeGreaterThan(10); // a whole game of decisions (shorter since the Imperial hunts, issue 24)
    expect(withBelief).toBeGreaterThan(0);
    client.stop();
  });

  it('answers no action for a player with nothing to decide, and refuses the omniscient bot', async () => {
    const game = makeMintImperium({ seed: 'seatbot-idle' });
    const state = InitializeGame({ game, numPlayers: 2 }) as State<GameState>;
    const pendingSeat = state.G.pending!.seat;
    const idle = pendingSeat === 'R' ? '1' : '0';
    expect(seatOf(idle)).not.toBe(pendingSeat);
    const bot = new SeatBotBgio({ bot: 'random' });
    expect((await bot.play(state, idle)).action).toBeUndefined();
    expect((await bot.play(state, idle === '0' ? '1' : '0')).action.type).toBe('MAKE_MOVE');
    expect(() => new SeatBotBgio({ bot: 'mcts' as never })).toThrow(/omniscient/);
  });
});
