/**
 * One entry point for every bot (issue 7). `createBot(name, options)` returns a `SeatBot` whose
 * `choose(view, seat)` resolves to a core Action legal in `view`, with the bot's thoughts. Every bot is handed its
 * seat's view (`viewFor(state, seat)`) — except `mcts`, boardgame.io's stock MCTSBot handed the TRUE state, an
 * omniscient yardstick for tournaments that no player ever faces.
 */
import { createFairMcts, createOmniscientMcts } from './fairMcts';
import { FlatMcSeatBot } from './flatmc';
import { IsmctsSeatBot, type IsmctsOptions } from './ismcts/bot';
import { PassiveSeatBot } from './passive';
import { RandomSeatBot } from './random';
import type { BotName, BotOptions, SeatBot } from './types';

export * from './types';
export { IsmctsSeatBot, LEVELS, type Difficulty } from './ismcts/bot';

export function createBot(name: BotName, options: BotOptions & IsmctsOptions = {}): SeatBot {
  switch (name) {
    case 'random': return new RandomSeatBot(options);
    case 'passive': return new PassiveSeatBot(options);
    case 'flatmc': return new FlatMcSeatBot(options);
    case 'mcts-fair': return createFairMcts(options);
    case 'mcts': return createOmniscientMcts(options);
    case 'ismcts-easy': return new IsmctsSeatBot('easy', options);
    case 'ismcts-normal': return new IsmctsSeatBot('normal', options);
    case 'ismcts-hard': return new IsmctsSeatBot('hard', options);
  }
}

/** True for the one bot that must be handed the full state instead of a view. */
export const isOmniscient = (name: BotName): boolean => name === 'mcts';
