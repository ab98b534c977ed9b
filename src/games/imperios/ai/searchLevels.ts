/**
 * The search bot's three levels (docs/imperios/BOTS.md "Levels"), as data: effort (iterations, or a wall-clock
 * budget on the board), playout depth and the sharpness of the final choice. Every level sees the same view.
 */
import type { SearchParams } from './search';

export type LevelName = 'easy' | 'normal' | 'hard';
export const LEVEL_NAMES: readonly LevelName[] = ['easy', 'normal', 'hard'];

export interface Level {
  search: SearchParams;
  /** Try the shared greedy baseline's pick (baseline.ts, one step of lookahead) first at the root. */
  greedyHint: boolean;
  /** The wall-clock budget per decision on the board, in ms (`budgetMs` option); tests fix iterations instead. */
  boardBudgetMs: number;
}

const SHARED = { epsilon: 0.15, exploration: 0.5, widenBase: 2, widenFactor: 1.5, minorShare: 0.5 };

export const LEVELS: { readonly [K in LevelName]: Level } = {
  easy: {
    search: { ...SHARED, iterations: 8, playoutDepth: 0, temperature: 0.5 },
    greedyHint: true,
    boardBudgetMs: 150,
  },
  normal: {
    search: { ...SHARED, iterations: 32, playoutDepth: 0, temperature: 0 },
    greedyHint: true,
    boardBudgetMs: 600,
  },
  hard: {
    search: { ...SHARED, iterations: 128, playoutDepth: 0, temperature: 0 },
    greedyHint: true,
    boardBudgetMs: 3000,
  },
};

export function isLevelName(x: unknown): x is LevelName {
  return typeof x === 'string' && (LEVEL_NAMES as readonly string[]).includes(x);
}
