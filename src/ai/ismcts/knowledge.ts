/**
 * What each side knows about the base inside one (sampled) world, computed the way that side could compute it:
 * the Imperial's candidate planets come from its own probe hand and the public `known` facts, never from
 * `base.planet`. Playout policies and the evaluation use these, so a simulated Imperial does not play as if it
 * saw through the sampled world's base.
 */
import { LETTERS, PLANETS, type LetterId, type PlanetId } from '../../game/content';
import type { GameState } from '../../game/rules';
import { distance } from '../../game/rules/board';

/** R6.2.1, R6.5 — planets the Imperial cannot yet rule out for the hidden base (empty once revealed). */
export function imperialCandidates(s: GameState): LetterId[] {
  if (s.base.revealed) return [];
  const out: LetterId[] = [];
  for (const l of LETTERS) {
    const p = s.planets[l];
    if (p.destroyed || p.I.f + p.I.c + p.I.s > 0) continue;
    if (s.probes.hand.includes(l) || s.known.cleared.includes(l)) continue;
    if (s.known.baseSector !== null && PLANETS[l].sector !== s.known.baseSector) continue;
    out.push(l);
  }
  return out;
}

/** Smallest distance from `p` to any planet of `targets` (99 when there is none). */
export function nearest(s: GameState, p: PlanetId, targets: readonly PlanetId[]): number {
  let best = 99;
  for (const t of targets) {
    const d = distance(s, p, t);
    if (d < best) best = d;
  }
  return best;
}

/** Combat weight of a side's units at one location (R7.3: HP and dice, roughly). */
export function strength(u: { f: number; c: number; s: number }): number {
  return u.f + 3 * u.c + 5 * u.s;
}

/**
 * How far the nearest Imperial stack that could take `base` is from it (0: already there; 6 when none could): a
 * stack counts if it can move (it has a capital-class unit, R4.2.3 step 5) and would win the fight there — it
 * holds the Star Fortress while Secret Plans is not known to be in the Rebel hand (R5.9: the SF then cannot be
 * destroyed), or it is half again as strong as the Rebel units on the planet and, while hidden, on the base card.
 * Fleets move one step a round (a moved fleet's planet holds its leader, R4.2.7), so this counts rounds too.
 */
export function strikeDistance(s: GameState, base: LetterId): number {
  let defence = strength(s.planets[base].R);
  if (!s.base.revealed) defence += strength(s.base.units);
  const sfDecides = !s.known.secretPlansShown;
  let best = 6;
  for (const p of s.grid) {
    const u = s.planets[p].I;
    if (u.c + u.s === 0) continue;
    if (!((u.s > 0 && sfDecides) || strength(u) > 1.5 * defence)) continue;
    const d = distance(s, p, base);
    if (d < best) best = d;
  }
  return best;
}
