/** Where the analysis's turning points are in the replay: the step right after each costly move (pure). */
import type { Faction } from '../../game/content';
import type { ReplayAnalysis } from './settings';

export interface TurningMark {
  seat: Faction;
  /** 1 = that player's biggest drop. */
  rank: number;
  /** The player's own chance lost, 0..1. */
  drop: number;
  /** The move the bot preferred, in the board's words (the move played is the log line itself). */
  best: string;
}

/** Step k of the replay is the state after record action k − 1, so a move at action a shows at step a + 1. */
export const stepOfAction = (action: number): number => action + 1;

/**
 * `words` puts the search's move label in the board's words (../log/plainLabel.ts, passed in by the replay viewer:
 * this module is also in the lazy report's chunk, which must not import the game's content: see AnalysisBar.tsx).
 */
export function turningMarks(a: ReplayAnalysis, words: (label: string) => string = (l) => l): Map<number, TurningMark> {
  const out = new Map<number, TurningMark>();
  for (const seat of ['R', 'I'] as const) {
    a.turningPoints[seat].forEach((t, i) => out.set(stepOfAction(t.action), { seat, rank: i + 1, drop: t.drop, best: words(t.best.label) }));
  }
  return out;
}

/** A drop as whole percentage points ("12 points"). */
export const points = (x: number): number => Math.round(x * 100);
