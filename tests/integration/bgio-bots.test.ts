/**
 * boardgame.io's stock bots play the Game through ai.enumerate: RandomBot plays whole games to a winner with
 * Simulate, and MCTSBot (small search) chooses only legal moves for one seat through a whole game.
 */
import type { State } from 'boardgame.io';
import { MCTSBot, RandomBot, Simulate } from 'boardgame.io/ai';
import { CreateGameReducer, InitializeGame } from 'boardgame.io/internal';
import { describe, expect, it } from 'vitest';
import { flowMismatch, makeMintImperium } from '../../src/game';
import type { GameState } from '../../src/game/rules';
import { allowedPlayers, pendingPlayer, quietBoardgameIo } from './bgio-helpers';

quietBoardgameIo();

describe('stock boardgame.io bots', () => {
  it('RandomBot plays 20 whole games to a winner (Simulate)', async () => {
    const winners: Record<string, number> = {};
    for (let i = 0; i < 20; i++) {
      const game = makeMintImperium({ seed: `random-bot-${i}` });
      const bot = new RandomBot({ enumerate: game.ai!.enumerate, seed: `random-bot-choices-${i}` });
      const initial = InitializeGame({ game, numPlayers: 2 }) as State<GameState>;
      const { state } = await Simulate({ game, bots: bot, state: initial, depth: 2000 });
      const { G, ctx } = state as State<GameState>;
      expect(ctx.gameover, `game ${i} did not end`).toBeDefined();
      expect(G.winner).not.toBeNull();
      expect(ctx.gameover.winner).toBe(G.winner!.faction === 'R' ? '0' : '1');
      const key = `${ctx.gameover.winner}:${ctx.gameover.reason}`;
      winners[key] = (winners[key] ?? 0) + 1;
    }
    expect(Object.values(winners).reduce((a, b) => a + b, 0)).toBe(20);
  });

  it('MCTSBot (12 iterations, playout depth 12) chooses legal moves for a whole game as the Rebel', async () => {
    const game = makeMintImperium({ seed: 'mcts-0' });
    const enumerate = game.ai!.enumerate;
    const mcts = new MCTSBot({ game, enumerate, seed: 'mcts-bot', iterations: 12, playoutDepth: 12 });
    const random = new RandomBot({ enumerate, seed: 'mcts-opponent' });
    const reducer = CreateGameReducer({ game });
    let state = InitializeGame({ game, numPlayers: 2 }) as State<GameState>;
    let mctsMoves = 0;
    let moves = 0;
    while (state.ctx.gameover === undefined) {
      const [playerID] = allowedPlayers(state.ctx);
      expect(playerID).toBe(pendingPlayer(state.G));
      const bot = playerID === '0' ? mcts : random;
      const { action } = await bot.play(state, playerID);
      expect(action, 'bot found no move').toBeTruthy();
      const legal = enumerate(state.G, state.ctx, playerID) as { move: string; args: unknown[] }[];
      const { type, args } = (action as { payload: { type: string; args: unknown[] } }).payload;
      expect(legal.some((m) => m.move === type && JSON.stringify(m.args) === JSON.stringify(args))).toBe(true);
      const next = reducer(state, action as never) as State<GameState> & { transients?: unknown };
      expect(next.transients, `${type} refused`).toBeUndefined();
      expect(next._stateID).toBe(state._stateID + 1);
      expect(flowMismatch(next.G, next.ctx)).toBeNull();
      state = next;
      moves++;
      if (playerID === '0') mctsMoves++;
      expect(moves).toBeLessThan(1000);
    }
    expect(state.G.winner).not.toBeNull();
    expect(mctsMoves).toBeGreaterThan(20);
  }, 300_000); // ~40 s alone; over 60 s when two test files share two cores with other work (no speed is asserted)
});
