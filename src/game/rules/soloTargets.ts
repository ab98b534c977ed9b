/**
 * RULES §9 — what the bot knows (R9.3) and the measures its rankings use: candidates, goals, distances, Hunt sources.
 * The "Bot" line of each mission is in ./soloBotLines.ts. The bot reads only public information and its own secrets
 * (R8.4): the Imperial bot its probe hand, the Rebel bot its base and objective hand.
 */
import { PLANETS, type LetterId, type PlanetId } from '../content';
import { adjacent, capitalClassCount, chosenBase, distance, total } from './board';
import { ownLeaderOn } from './movement';
import type { GameState } from './state';

/** R9.12 — with no Imperial unit on the board every distance to the nearest one counts as 99. */
export const NO_IMPERIAL_DISTANCE = 99;

/**
 * R9.3 — candidates: intact lettered planets with no Imperial unit, neither in the Imperial probe hand nor in the
 * cleared set (`known.cleared`, emptied by every relocation); after I-06 only those in the announced sector.
 */
export function candidates(state: GameState): LetterId[] {
  const out: LetterId[] = [];
  for (const p of state.grid) {
    if (p === 'IMP') continue;
    const pl = state.planets[p];
    if (pl.destroyed || total(pl.I) > 0) continue;
    if (state.probes.hand.includes(p) || state.known.cleared.includes(p)) continue;
    if (state.known.baseSector !== null && PLANETS[p].sector !== state.known.baseSector) continue;
    out.push(p);
  }
  return out;
}

/** R9.3 — goal planets: the revealed base planet, otherwise the candidates. */
export function goals(state: GameState): PlanetId[] {
  return state.base.revealed ? [chosenBase(state)] : candidates(state);
}

/** Distance from `p` to the nearest planet of `set` (Infinity for an empty set). */
export function nearest(state: GameState, p: PlanetId, set: PlanetId[]): number {
  let best = Infinity;
  for (const q of set) best = Math.min(best, distance(state, p, q));
  return best;
}

/** Planets holding Imperial units. */
export function imperialPlanets(state: GameState): PlanetId[] {
  return state.grid.filter((p) => total(state.planets[p].I) > 0);
}

/** Distance from `p` to the nearest Imperial unit, 99 if none is on the board (R9.12). */
export function distanceToImperial(state: GameState, p: PlanetId): number {
  const imp = imperialPlanets(state);
  return imp.length === 0 ? NO_IMPERIAL_DISTANCE : nearest(state, p, imp);
}

/** Stable sort by the given keys (ascending); equal keys keep the input order, which is grid order. */
export function rank<T>(items: T[], ...keys: ((x: T) => number)[]): T[] {
  return items
    .map((x, i) => ({ x, i, k: keys.map((f) => f(x)) }))
    .sort((a, b) => {
      for (let j = 0; j < a.k.length; j++) if (a.k[j] !== b.k[j]) return a.k[j] - b.k[j];
      return a.i - b.i;
    })
    .map((e) => e.x);
}

/** R9.6 — a Hunt source: Imperial capital-class unit here and, unless `ignoreLeaders`, no Imperial leader. */
export function huntSources(state: GameState, ignoreLeaders: boolean): PlanetId[] {
  const g = goals(state);
  if (g.length === 0) return [];
  // Reading: a fleet already on a goal planet (the revealed base) does not hunt away from it, so sources are
  // at distance ≥ 1 from the nearest goal.
  const sources = state.grid.filter((p) => capitalClassCount(state.planets[p].I) > 0
    && (ignoreLeaders || !ownLeaderOn(state, 'I', p)) && nearest(state, p, g) >= 1);
  return rank(sources, (p) => nearest(state, p, g), (p) => -total(state.planets[p].I));
}

/** R9.6 step 2 — the neighbour of `from` nearest to a goal (tie: grid order, adjacent() lists in grid order). */
export function huntDestination(state: GameState, from: PlanetId): PlanetId {
  const g = goals(state);
  return rank(adjacent(state, from), (q) => nearest(state, q, g))[0];
}

/** R-S4 Bot line — an Imperial capital-class unit moved this round (a public fact: ./movement.ts). */
export function imperialCapitalMovedThisRound(state: GameState): boolean {
  return state.facts?.imperialCapitalMoved === state.round;
}
