/**
 * The one contract every bot keeps (src/ai/index.ts `createBot`): handed its seat's view (`viewFor(state, seat)`,
 * src/game/rules/view.ts) and nothing else, it answers with a core `Action` that is legal in that view, plus what it
 * thought. The `mcts` entry alone (omniscient, for comparison) is handed the full state instead.
 */
import type { Faction, LetterId } from '../game/content';
import type { Action, GameState } from '../game/rules';

export const BOT_NAMES = [
  'random', 'passive', 'flatmc', 'mcts-fair', 'mcts', 'ismcts-easy', 'ismcts-normal', 'ismcts-hard',
] as const;
export type BotName = (typeof BOT_NAMES)[number];

export function isBotName(x: unknown): x is BotName {
  return typeof x === 'string' && (BOT_NAMES as readonly string[]).includes(x);
}

export interface BotOptions {
  /** Wall-clock budget for one decision, in ms. Ignored when `iterations` is set. */
  budgetMs?: number;
  /** A fixed amount of search per decision (reproducible runs): iterations, or worlds for flatmc. */
  iterations?: number;
  /** Seed of the bot's own choices and sampled worlds. Same seed + same view + `iterations` ⇒ same move. */
  seed?: string;
}

/** What the bot thought, for the board's "what the bot thinks" panel. Never more than its seat may know. */
export interface BotThoughts {
  bot: BotName;
  /** The bot's estimate of its own seat's chance to win after the chosen move, in [0, 1], when it has one. */
  winChance?: number;
  /** Search iterations (or playouts) run for this decision. */
  iterations: number;
  /** ISMCTS with tree reuse: visits of the kept node this search started from (issue 24 item 2). */
  reused?: number;
  /** Wall-clock time spent, ms. */
  elapsedMs: number;
  /** Imperial only, base hidden: the most likely base planets by the bot's belief, most likely first. */
  baseBelief?: { planet: LetterId; p: number }[];
  /** Visit share of the best few candidate moves, for the curious. */
  candidates?: { action: Action; share: number; winChance?: number }[];
}

export interface BotDecision {
  action: Action;
  thoughts: BotThoughts;
}

export interface SeatBot {
  readonly name: BotName;
  /** Choose for `seat`, which must be the pending seat of `view`. */
  choose(view: GameState, seat: Faction): Promise<BotDecision>;
}
