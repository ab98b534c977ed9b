/** The curve, turning points and accuracy, read off the analysed decisions (pure; issue 22 item 2). */
import type { Faction } from '../../game/content';
import type { CurvePoint, DecisionAnalysis, GameAnalysis, TurningPoint } from './types';

/** A decision within this many points (0..1 scale) of the bot's best counts as accurate. */
export const ACCURATE_WITHIN = 0.05;
export const TURNING_POINTS = 3;

export function curveOf(decisions: DecisionAnalysis[]): CurvePoint[] {
  return decisions.map((d) => ({
    decision: d.decision, action: d.action, round: d.round, seat: d.seat, rebel: d.rebel, bestRebel: d.bestRebel,
  }));
}

/** The seat's `TURNING_POINTS` costliest decisions (only real drops: loss > 0), biggest first, earliest on a tie. */
export function turningPointsOf(decisions: DecisionAnalysis[], seat: Faction): TurningPoint[] {
  return decisions
    .filter((d) => d.seat === seat && d.loss > 0)
    .sort((a, b) => b.loss - a.loss || a.decision - b.decision)
    .slice(0, TURNING_POINTS)
    .map((d) => ({
      decision: d.decision, action: d.action, round: d.round, seat: d.seat,
      played: { action: d.played.action, label: d.played.label },
      best: { action: d.best.action, label: d.best.label },
      chancePlayed: d.played.chance, chanceBest: d.best.chance, drop: d.loss,
    }));
}

export function accuracyOf(decisions: DecisionAnalysis[], seat: Faction): number | null {
  const mine = decisions.filter((d) => d.seat === seat);
  if (mine.length === 0) return null;
  // A tiny tolerance: 0.05 itself counts as within (float sums of visits are not exact).
  return mine.filter((d) => d.loss <= ACCURATE_WITHIN + 1e-9).length / mine.length;
}

export function summarise(settings: GameAnalysis['settings'], decisions: DecisionAnalysis[]): GameAnalysis {
  return {
    settings,
    decisions,
    curve: curveOf(decisions),
    turningPoints: { R: turningPointsOf(decisions, 'R'), I: turningPointsOf(decisions, 'I') },
    accuracy: { R: accuracyOf(decisions, 'R'), I: accuracyOf(decisions, 'I') },
  };
}
