/** A bot that plays a uniformly random legal move (tests, load tests, and the fallback of the other bots). */
import { randomInt } from 'node:crypto';
import type { Faction } from '../../src/game/content';
import { decisionActions, type GameState } from '../../src/game/rules';
import { moveOf } from '../../src/protocol';
import type { BotChoice, BotPlayer } from './BotPlayer';

export function legalChoices(view: GameState, seat: Faction): BotChoice[] {
  return decisionActions(view, seat).map(moveOf);
}

export class RandomBotPlayer implements BotPlayer {
  async choose(view: GameState, seat: Faction): Promise<BotChoice> {
    const choices = legalChoices(view, seat);
    if (choices.length === 0) throw new Error('the bot has no legal move');
    return choices[randomInt(choices.length)];
  }
}
