/** What a hint is (issue 22 item 1): the search bot's top choices for one seat's pending decision, from its view. */
import type { Faction } from '../../game/content';
import type { Action } from '../../game/rules';
import type { Difficulty } from '../ismcts/bot';

export interface HintChoice {
  action: Action;
  /** A short label of the move (../analysis/label.ts). */
  label: string;
  /** The seat's own estimated chance of winning after this move (the search's root mean, 0..1). */
  chance: number;
  /** How often the search tried the move at its root. */
  visits: number;
  /** One plain sentence: the evaluation feature (and, for the Imperial, the base belief) that moved most. */
  why: string;
}

export interface Hint {
  seat: Faction;
  /** Best first (most visited); at most three, fewer when the decision has fewer answers. */
  choices: HintChoice[];
  iterations: number;
}

export interface HintOptions {
  /** Search iterations (fixed effort: the same view, seed and count give the same hint). */
  iterations?: number;
  seed?: string;
  level?: Difficulty;
  /** Worlds drawn from the view to explain each choice. */
  explainWorlds?: number;
  /** After every chunk of iterations; may return a promise (a worker yields there). */
  onProgress?: (done: number, total: number) => void | Promise<void>;
  signal?: AbortSignal;
}

export const DEFAULT_HINT_ITERATIONS = 1000;
export const HINT_CHOICES = 3;
