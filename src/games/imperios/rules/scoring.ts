/**
 * Final scoring (docs/imperios/RULES.md IM13, G39, G42, G46–G47): each civilization's points by category, and the
 * ranking with ties to the most senior.
 */
import { AGES } from '../content/ages';
import { COLOURS } from '../content/colours';
import { TERRITORIES } from '../content/map';
import { TIERS, techOf, type Tier } from '../content/techs';
import { WONDER_POINTS } from '../content/wonders';
import type { Seat } from './actions';
import { capitalsOf, citiesOf, presentIn, territoriesInPlay } from './board';
import type { FinalResult, ImperiosState, ScoreLine } from './state';

/** IM13.1: one civilization's points by category. */
export function scoreCiv(state: ImperiosState, seat: Seat): ScoreLine {
  const civ = state.civs[seat];
  // IM13.1.1, G13, G39: 2 points per Census space, 1 more per space with Market.
  const wealth = civ.census * (civ.techs.includes('market') ? 3 : 2);
  // IM13.1.2: the wreath of every territory in play where its totems are the only totems.
  const marginal = territoriesInPlay(state)
    .filter((t) => {
      const present = presentIn(state, t);
      return present.length === 1 && present[0] === seat;
    })
    .reduce((sum, t) => sum + TERRITORIES[t].wreath, 0);
  const capitals = 5 * capitalsOf(state, seat).length; // IM13.1.3
  const cities = citiesOf(state, seat).reduce((sum, t) => sum + TERRITORIES[t].site!.level, 0); // IM13.1.4
  // IM13.1.5, G42: 12 for its wonder; with the Colossus 1 more per technology owned.
  const wonder = civ.wonder === null ? 0 : WONDER_POINTS + (civ.wonder === 'colossus' ? civ.techs.length : 0);
  // IM13.1.6: per colour, the points of the highest tier owned.
  const tiers: Tier[] = ['special', 'advanced', 'basic'];
  const techs = COLOURS.reduce((sum, colour) => {
    const best = tiers.find((tier) => civ.techs.includes(techOf(colour, tier)));
    return sum + (best ? TIERS[best].points : 0);
  }, 0);
  // IM13.1.7, G46: minus 3 per good missing to the Last Age's goal.
  const missing = Math.max(0, AGES[state.lastAge].goals.goods - civ.goods.length);
  const missingGoods = missing > 0 ? -3 * missing : 0;
  const total = wealth + marginal + capitals + cities + wonder + techs + missingGoods;
  return { seat, wealth, marginal, capitals, cities, wonder, techs, missingGoods, total };
}

/** IM13.2, G47: highest total first; among equals, the most senior first. */
export function rank(state: ImperiosState, scores: readonly ScoreLine[]): Seat[] {
  const seniority = (seat: Seat) => state.seniority.indexOf(seat);
  return scores.map((s) => s.seat).sort((a, b) => scores[b].total - scores[a].total || seniority(a) - seniority(b));
}

/** IM13: the final result. */
export function finalResult(state: ImperiosState, reasons: string[]): FinalResult {
  const scores = state.civs.map((c) => scoreCiv(state, c.seat));
  const ranking = rank(state, scores);
  return { reasons, scores, ranking, winner: ranking[0] };
}
