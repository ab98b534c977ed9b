/**
 * The analysis's fallback for a played move the search never tried at its root (a fleet move outside the bot's
 * candidate groupings, a move cut by progressive widening): the played move and the bot's move are each applied in
 * the SAME worlds drawn from the seat's view (and, for the Imperial, the bot's base belief), followed by the same
 * playouts (one generator per world) by the bot's policy, scored by the bot's evaluation. Only the gap between the
 * two means is used, so the estimator's own bias cancels. The worlds come from the view alone (`worldSampler`):
 * nothing the seat could not know. The playout mirrors src/ai/ismcts/search.ts's (hits do not count against the
 * depth, R5.8), which that module keeps private.
 */
import type { Faction } from '../../game/content';
import { applyLegal, cloneState, findLegal, seededRng, type Action, type GameState } from '../../game/rules';
import { worldSampler } from '../../game/rules/sample';
import { baseBelief, drawFrom, placeBase } from '../ismcts/belief';
import { valueFor } from '../ismcts/evaluate';
import { makePicker } from '../ismcts/policy';
import { playoutValue } from '../ismcts/search';
import type { Weights } from '../ismcts/weights';

export interface PlayoutOptions {
  worlds: number;
  seed: string;
  depth: number;
  weights: Weights;
}

/** The seat's mean chance after each of `actions` (legal in `view`), over the same worlds and playouts. */
export function playoutChances(view: GameState, seat: Faction, actions: Action[], o: PlayoutOptions): number[] {
  const sample = worldSampler(view, seat);
  const belief = seat === 'I' ? baseBelief(view, o.weights.belief) : null;
  const picker = makePicker(o.weights.policy);
  const worldRng = seededRng(`${o.seed}-worlds`);
  const sums = actions.map(() => 0);
  const counts = actions.map(() => 0);
  for (let i = 0; i < o.worlds; i++) {
    const world = sample(worldRng);
    world.log = []; // the rules never read the log (tests/property/rulesIgnoreLog.test.ts)
    if (belief && belief.planets.length > 1) placeBase(world, drawFrom(belief, worldRng));
    actions.forEach((a, k) => {
      const w = cloneState(world);
      const legal = findLegal(w, seat, a);
      if (!legal) return;
      const rng = seededRng(`${o.seed}-${i}`); // common random numbers: both moves meet the same dice
      applyLegal(w, legal, rng);
      sums[k] += valueFor(seat, playoutValue(w, rng, picker, o.depth, o.weights.value));
      counts[k]++;
    });
  }
  return sums.map((s, k) => (counts[k] > 0 ? s / counts[k] : NaN));
}
