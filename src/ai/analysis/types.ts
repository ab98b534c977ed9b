/**
 * What the analysis of a finished game returns (issue 22 item 2; docs/BOTS.md "Analysis"). Every chance is an
 * estimate by the search bot from the deciding seat's view at that moment, never from the true state.
 */
import type { Faction } from '../../game/content';
import type { Action } from '../../game/rules';

/** A move as an action object (what the core applies) and a short label (what a chart or a list shows). */
export interface AnalysedMove {
  action: Action;
  label: string;
}

/**
 * How the played move's chance was estimated: by the search's root statistics, or (the search never tried that
 * move, or visited it fewer than MIN_VISITS times) by the gap between it and the bot's move over the same sampled
 * worlds and playouts.
 */
export type EstimatedBy = 'search' | 'playouts';

export interface DecisionAnalysis {
  /** Index among the analysed decisions (0, 1, …) and in the record's `actions`. */
  decision: number;
  action: number;
  round: number;
  seat: Faction;
  /** The pending decision's kind and how many answers it had (`decisionActions`). */
  kind: string;
  choices: number;
  /** The seat's OWN estimated win chance (0..1) after the move played and after the bot's preferred move. */
  /** `visits`: how often the search tried the move at its root (0: never). */
  played: AnalysedMove & { chance: number; by: EstimatedBy; visits: number };
  best: AnalysedMove & { chance: number; visits: number };
  /** best.chance − played.chance: what the move cost its player by the bot's estimate (< 0: better than the bot's). */
  loss: number;
  /** The Rebel's estimated chance after the move played (the curve) and after the bot's move. */
  rebel: number;
  bestRebel: number;
  /** Search iterations the bot ran for this decision. */
  iterations: number;
}

/** One point of the curve per analysed decision: the Rebel's estimated chance after it. */
export interface CurvePoint {
  decision: number;
  action: number;
  round: number;
  seat: Faction;
  rebel: number;
  /** The Rebel's chance had the seat played the bot's move (so a chart can show the drop). */
  bestRebel: number;
}

/** A decision that cost its player most, by the bot's estimate (`drop` = the seat's own best − played chance). */
export interface TurningPoint {
  decision: number;
  action: number;
  round: number;
  seat: Faction;
  played: AnalysedMove;
  best: AnalysedMove;
  chancePlayed: number;
  chanceBest: number;
  drop: number;
}

export interface AnalysisSettings {
  bot: string;
  iterations: number;
  seed: string;
}

export interface GameAnalysis {
  settings: AnalysisSettings;
  decisions: DecisionAnalysis[];
  curve: CurvePoint[];
  /** Per player, the (up to) three biggest drops of their own chance caused by their own decisions, biggest first. */
  turningPoints: Record<Faction, TurningPoint[]>;
  /** Per player, the share of their decisions within 5 points of the bot's best (null: no decision of theirs). */
  accuracy: Record<Faction, number | null>;
}
