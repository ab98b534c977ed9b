/** Uniformly random legal play: the floor every other bot must clear. */
import type { Faction } from '../game/content';
import { decisionActions, seededRng, type GameState } from '../game/rules';
import type { BotDecision, BotOptions, SeatBot } from './types';

export class RandomSeatBot implements SeatBot {
  readonly name = 'random' as const;
  private readonly rng;

  constructor(opts: BotOptions = {}) {
    this.rng = seededRng(`${opts.seed ?? 'random-bot'}`);
  }

  async choose(view: GameState, seat: Faction): Promise<BotDecision> {
    const legal = decisionActions(view, seat);
    if (legal.length === 0) throw new Error('random bot: no legal action');
    const action = legal[this.rng.int(legal.length)];
    return { action, thoughts: { bot: this.name, iterations: 0, elapsedMs: 0 } };
  }
}
