/**
 * Who plays what in a solo game (issue 23): the player's seat and the bots' level; every other seat is a bot. Kept
 * with the game's save (../localSaves.ts), so a resumed game seats the same bots. Plain data, light to import: the
 * bots themselves are in ./soloBot.ts.
 */
import type { LevelName } from '../../../games/imperios/ai/searchLevels';
import type { Seat } from '../../../games/imperios/rules';

/** The bots' strength: the search bot's three levels (docs/imperios/BOTS.md "Levels"), or the shared greedy baseline. */
export type SoloLevel = LevelName | 'greedy';
export const SOLO_LEVELS: readonly SoloLevel[] = ['greedy', 'easy', 'normal', 'hard'];

export const SOLO_LEVEL_WORDS: Record<SoloLevel, { name: string; note: string }> = {
  greedy: { name: 'Quick', note: 'looks one action ahead and answers at once' },
  easy: { name: 'Easy', note: 'the search bot with a few tries and a loose choice' },
  normal: { name: 'Normal', note: 'the search bot at its normal effort' },
  hard: { name: 'Hard', note: 'the search bot at its most effort, up to 3 s a decision' },
};

export interface SoloSeats {
  /** The player's seat; the others are bots. */
  human: Seat;
  level: SoloLevel;
}

export function isSoloLevel(x: unknown): x is SoloLevel {
  return typeof x === 'string' && (SOLO_LEVELS as readonly string[]).includes(x);
}

/** The seats of a game of `players`, checked (a save read back), or null when they do not fit. */
export function parseSoloSeats(x: unknown, players: number): SoloSeats | null {
  if (!x || typeof x !== 'object') return null;
  const { human, level } = x as Partial<SoloSeats>;
  if (typeof human !== 'number' || !Number.isInteger(human) || human < 0 || human >= players || !isSoloLevel(level)) return null;
  return { human, level };
}
