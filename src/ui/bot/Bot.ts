/**
 * The seam between the board and any computer opponent: given what one seat can see (its view, the same shape
 * as the full state with hidden cards as 'HIDDEN'), choose that seat's next move and say what it thought. The
 * bots themselves live in src/ai (`createBot`); here they run in a Web Worker (./seatBot.ts).
 */
import type { Difficulty } from '../../ai';
import type { Faction } from '../../game/content';
import type { Action, GameState } from '../../game/rules';
import type { BoardThoughts } from './thoughts';

export type { Difficulty };
export const DIFFICULTIES: readonly Difficulty[] = ['easy', 'normal', 'hard'];
export const DIFFICULTY_NAMES: Record<Difficulty, string> = { easy: 'Easy', normal: 'Normal', hard: 'Hard' };

export interface BotAnswer {
  action: Action;
  thoughts: BoardThoughts;
}

export interface Bot {
  choose(view: GameState, seat: Faction): Promise<BotAnswer>;
  /** Stop any background work (a Web Worker). */
  dispose?(): void;
}

/** How the board's bots are set up: the search budget (the difficulty's own when absent) and the seed. */
export interface BoardBotOptions {
  /** Overrides the difficulty's think time per move, ms (tests: `?botMs=`). */
  budgetMs?: number;
  /** Seed of the bot's choices; a fresh random one when absent, so games differ. */
  seed?: string;
}
