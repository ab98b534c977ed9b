/**
 * The server's fair MCTS bot: the shared search of src/ai/mcts.ts (boardgame.io's MCTSBot on worlds drawn by
 * `sampleWorld` from the bot's own view, never the true state), seeded from a crypto-random salt so its worlds
 * cannot be predicted. `searchMove` runs on the calling thread; the server calls it in a worker thread
 * (./worker-pool.ts), so a search never holds up other matches. `InlineMctsBotPlayer` (the same search on the
 * main thread, with MCTSBot's async option and a pause between worlds) is there for tools and tests only.
 */
import { randomBytes } from 'node:crypto';
import { searchMove as search } from '../../src/ai/mcts';
import type { Faction } from '../../src/game/content';
import type { GameState } from '../../src/game/rules';
import type { BotChoice, BotPlayer } from './BotPlayer';

export interface MctsOptions {
  /** Wall-clock budget for one decision in ms (a new world is not started if it would likely overrun it). */
  budgetMs: number;
  /** MCTS iterations per sampled world. */
  iterations: number;
  /** Playout depth (moves) per iteration. */
  playoutDepth: number;
  /** At most this many sampled worlds per decision. */
  maxWorlds: number;
}

export const DEFAULT_MCTS: MctsOptions = { budgetMs: 800, iterations: 16, playoutDepth: 10, maxWorlds: 16 };

export async function searchMove(
  view: GameState, seat: Faction, opts: MctsOptions, pause?: () => Promise<void>, asyncSearch = false,
): Promise<BotChoice> {
  const seed = randomBytes(8).toString('hex');
  const m = await search(view, seat, { ...opts, seed, pause, asyncSearch });
  return { move: m.move, args: [m.args] }; // as sent over the socket: one argument object
}

const macrotask = () => new Promise<void>((r) => setImmediate(r));

/** The search on the calling thread (tools, tests). The server uses WorkerBotPlayer. */
export class InlineMctsBotPlayer implements BotPlayer {
  constructor(private readonly opts: MctsOptions = DEFAULT_MCTS) {}

  choose(view: GameState, seat: Faction): Promise<BotChoice> {
    return searchMove(view, seat, this.opts, macrotask, true);
  }
}
