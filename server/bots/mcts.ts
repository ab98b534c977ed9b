/**
 * The server's search bot: the ISMCTS bot of src/ai (`createBot('ismcts-easy' | 'ismcts-normal' | 'ismcts-hard')`)
 * handed the seat's view only (never the true state), with a fresh crypto-random seed per decision so its choices
 * cannot be predicted. `searchMove` runs on the calling thread; the server calls it in a worker thread
 * (./mcts-worker.ts through ./worker-pool.ts), so a search never holds up other matches. `InlineMctsBotPlayer`
 * (the same on the main thread) is there for tools and tests only.
 */
import { randomBytes } from 'node:crypto';
import { createBot, LEVELS, type BotName, type Difficulty } from '../../src/ai';
import type { Faction } from '../../src/game/content';
import type { GameState } from '../../src/game/rules';
import { moveOf } from '../../src/protocol';
import type { BotChoice, BotPlayer } from './BotPlayer';

export const SEARCH_BOT_KINDS = ['ismcts-easy', 'ismcts-normal', 'ismcts-hard'] as const;
export type SearchBotKind = (typeof SEARCH_BOT_KINDS)[number];
export const DEFAULT_SEARCH_BOT: SearchBotKind = 'ismcts-normal';

export const isSearchBotKind = (x: unknown): x is SearchBotKind =>
  typeof x === 'string' && (SEARCH_BOT_KINDS as readonly string[]).includes(x);

/** Overrides of every difficulty's own search effort (tests; BOT_BUDGET_MS). Empty: each difficulty's own. */
export interface MctsOptions {
  /** Wall-clock budget per decision, ms. Default: the difficulty's (src/ai/ismcts/bot.ts LEVELS). */
  budgetMs?: number;
  /** A fixed number of iterations per decision instead of a budget. */
  iterations?: number;
}

export const DEFAULT_MCTS: MctsOptions = {};

const difficultyOf = (kind: SearchBotKind) => kind.slice('ismcts-'.length) as Difficulty;

/** The think time a decision of `kind` is expected to take, ms (for time-outs). */
export function budgetMsOf(kind: SearchBotKind, opts: MctsOptions): number {
  return opts.budgetMs ?? LEVELS[difficultyOf(kind)].budgetMs;
}

export async function searchMove(kind: SearchBotKind, view: GameState, seat: Faction, opts: MctsOptions): Promise<BotChoice> {
  if (!isSearchBotKind(kind)) throw new Error(`not a search bot: ${String(kind)}`);
  const seed = randomBytes(8).toString('hex');
  const bot = createBot(kind as BotName, {
    ...(opts.budgetMs !== undefined ? { budgetMs: opts.budgetMs } : {}),
    ...(opts.iterations !== undefined ? { iterations: opts.iterations } : {}),
    seed,
  });
  const { action } = await bot.choose(view, seat);
  return moveOf(action); // as a client sends it over the socket
}

/** The search on the calling thread (tools, tests). The server uses WorkerBotPlayer. */
export class InlineMctsBotPlayer implements BotPlayer {
  constructor(private readonly kind: SearchBotKind = DEFAULT_SEARCH_BOT, private readonly opts: MctsOptions = DEFAULT_MCTS) {}

  choose(view: GameState, seat: Faction): Promise<BotChoice> {
    return searchMove(this.kind, view, seat, this.opts);
  }
}
