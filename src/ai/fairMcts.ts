/**
 * The two boardgame.io-MCTSBot entries of `createBot`: `mcts-fair` (the earlier board bot: MCTSBot on worlds drawn
 * from its own view) and `mcts` (boardgame.io's stock MCTSBot handed the TRUE state: omniscient, a yardstick for
 * tournaments only). Both search through boardgame.io's reducer, so they are slow per iteration.
 */
import type { Faction } from '../game/content';
import { cloneState, findLegal, type GameState } from '../game/rules';
import { actionOf } from '../protocol';
import { DEFAULT_SEARCH, searchMove } from './mcts';
import { budgetOf } from './budget';
import type { BotDecision, BotName, BotOptions, SeatBot } from './types';

class BgioMctsSeatBot implements SeatBot {
  private calls = 0;

  constructor(readonly name: Extract<BotName, 'mcts' | 'mcts-fair'>, private readonly opts: BotOptions = {}) {}

  async choose(state: GameState, seat: Faction): Promise<BotDecision> {
    const budget = budgetOf(this.opts, DEFAULT_SEARCH.budgetMs);
    const omniscient = this.name === 'mcts';
    const m = await searchMove(state, seat, {
      ...DEFAULT_SEARCH,
      // A fixed `iterations` means that many worlds of the default search each: reproducible, budget ignored.
      ...(this.opts.iterations !== undefined
        ? { maxWorlds: this.opts.iterations, budgetMs: Number.POSITIVE_INFINITY }
        : { budgetMs: this.opts.budgetMs ?? DEFAULT_SEARCH.budgetMs }),
      seed: `${this.opts.seed ?? this.name}-${this.calls++}`,
      worlds: omniscient ? () => cloneState(state) : undefined,
    });
    const decoded = actionOf(m.move, m.args);
    const action = 'error' in decoded ? null : findLegal(state, seat, decoded.action);
    if (!action) throw new Error(`${this.name}: search returned an illegal move ${m.move}`);
    return { action, thoughts: { bot: this.name, iterations: 0, elapsedMs: budget.elapsedMs() } };
  }
}

export const createFairMcts = (opts?: BotOptions) => new BgioMctsSeatBot('mcts-fair', opts);
export const createOmniscientMcts = (opts?: BotOptions) => new BgioMctsSeatBot('mcts', opts);
