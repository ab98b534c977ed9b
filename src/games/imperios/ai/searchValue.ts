/**
 * The search bot's evaluation (docs/imperios/BOTS.md): what a position is worth to each seat, as a vector of values
 * in [0, 1], one per seat, that the search backs up max-n style (each seat maximises its own entry). Separate from
 * the search; its weights are data (searchWeights.json).
 *
 * A seat's *estimate* is its score if the game ended now (IM13, `scoreCiv`) plus what its resources may still turn
 * into points: armies, unspent chits and bought actions, totems on the map (the chains of command of later actions)
 * and its Age (bigger hands, IM11.1). Its *value* blends its rank among the estimates with a sigmoid of its margin
 * over the best rival, so a seat prefers winning to coming second and a larger lead to a smaller one. A finished game
 * is valued the same way from its final scores and ranking.
 */
import { ageIndex } from '../content/ages';
import { COLOURS } from '../content/colours';
import { scoreCiv, type ImperiosState } from '../rules';
import weights from './searchWeights.json';

export type EstimateWeights = typeof weights.estimate;
export type OutcomeWeights = typeof weights.outcome;

export const ESTIMATE_WEIGHTS: EstimateWeights = weights.estimate;
export const OUTCOME_WEIGHTS: OutcomeWeights = weights.outcome;

function totemsOnMap(state: ImperiosState, seat: number): number {
  let n = 0;
  for (const row of Object.values(state.board)) n += row ? row[seat] : 0;
  return n;
}

/** Each seat's estimated final points: the score now plus its resources' worth (see the header). */
export function estimateScores(state: ImperiosState, w: EstimateWeights = ESTIMATE_WEIGHTS): number[] {
  return state.civs.map((civ) => {
    const score = scoreCiv(state, civ.seat).total;
    if (state.phase === 'over') return score;
    let chits = 0;
    for (const c of COLOURS) chits += civ.hand[c] + civ.reserve[c];
    return (
      w.score * score +
      w.armies * civ.armies +
      w.chits * chits +
      w.balance * civ.balance +
      w.totemsOnMap * totemsOnMap(state, civ.seat) +
      w.age * ageIndex(civ.age)
    );
  });
}

/** Places by score, best first, ties to the most senior (IM13.2). */
function rankOrder(state: ImperiosState, scores: readonly number[]): number[] {
  const senior = (s: number) => state.seniority.indexOf(s);
  return scores.map((_, s) => s).sort((a, b) => scores[b] - scores[a] || senior(a) - senior(b));
}

/**
 * The value of a position to every seat, in [0, 1]: `rankWeight` × (1 for first … 0 for last) plus the rest ×
 * σ((own − best rival) / marginScale). A finished game uses its final scores and its ranking.
 */
export function seatValues(
  state: ImperiosState,
  estimate: EstimateWeights = ESTIMATE_WEIGHTS,
  outcome: OutcomeWeights = OUTCOME_WEIGHTS,
): number[] {
  const result = state.result;
  const scores = result ? result.scores.map((s) => s.total) : estimateScores(state, estimate);
  const order = result ? result.ranking : rankOrder(state, scores);
  const n = scores.length;
  const values = new Array<number>(n);
  for (let place = 0; place < n; place++) {
    const seat = order[place];
    let bestRival = -Infinity;
    for (let s = 0; s < n; s++) if (s !== seat && scores[s] > bestRival) bestRival = scores[s];
    const rank = n > 1 ? (n - 1 - place) / (n - 1) : 1;
    const margin = 1 / (1 + Math.exp(-(scores[seat] - bestRival) / outcome.marginScale));
    values[seat] = outcome.rankWeight * rank + (1 - outcome.rankWeight) * margin;
  }
  return values;
}
