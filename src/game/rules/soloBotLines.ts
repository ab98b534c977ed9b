/**
 * RULES §9 — the "Bot line" of every mission (R7.5, R7.6): an extra legality filter on the printed targets plus a
 * priority order. A table typed over every `MissionId`, so a new mission does not compile until its Bot line is
 * written here (issue 21 item 5: a card's solo pick in one place).
 */
import { FACTION_LEADERS, PLANETS, type MissionId, type PlanetId } from '../content';
import { adjacent, capitalClassCount, total } from './board';
import { missionTargets } from './missions';
import { candidates, goals, huntSources, imperialCapitalMovedThisRound, nearest, rank } from './soloTargets';
import type { GameState } from './state';

/** The Bot line of one mission: the printed legal targets, filtered and ranked best first. */
type BotLine = (state: GameState, legal: PlanetId[]) => PlanetId[];

const production = (p: PlanetId): number => (PLANETS[p].type === 'production' ? 0 : 1);
const startI = (state: GameState, p: PlanetId): number => (p === state.start.I ? 0 : 1);

function rebelLeadersOn(state: GameState, p: PlanetId, freeOnly: boolean): number {
  return FACTION_LEADERS.R.filter((id) => state.leaders[id].at === p && (!freeOnly || !state.leaders[id].captured)).length;
}

/** Production planets first. */
const productionFirst: BotLine = (_state, legal) => rank(legal, production);
/** As in the two-player game: the first legal target in grid order. */
const gridOrder: BotLine = (_state, legal) => legal;
/** Nearest to a goal planet (R9.3) first. */
const nearestGoal: BotLine = (state, legal) => {
  const g = goals(state);
  return rank(legal, (p) => nearest(state, p, g));
};

export const BOT_LINES: Record<MissionId, BotLine> = {
  'R-S1': productionFirst,
  'R-01': productionFirst,
  'R-07': productionFirst,
  'I-S2': productionFirst,
  'I-09': productionFirst,
  'R-S2': (state, legal) => rank(legal.filter((p) => total(state.planets[p].I) > 0), (p) => startI(state, p), production),
  'R-S3': gridOrder,
  'R-S4': (state, legal) => {
    if (!state.base.revealed && !imperialCapitalMovedThisRound(state)) return [];
    return rank(legal, (p) => (FACTION_LEADERS.I.some((id) => state.leaders[id].at === p) ? 1 : 0));
  },
  'R-02': (state, legal) => rank(legal, (p) => startI(state, p), (p) => total(state.planets[p].I)),
  'R-03': (state, legal) =>
    rank(legal.filter((p) => adjacent(state, p).some((q) => capitalClassCount(state.planets[q].I) > 0)),
      (p) => -total(state.planets[p].R)),
  'R-04': (state, legal) => rank(legal, (p) => (state.base.revealed && p === state.base.planet ? 0 : 1)),
  'R-05': (state, legal) => rank(legal, (p) => startI(state, p), production),
  'R-06': (state, legal) => rank(legal.filter((p) => state.planets[p].I.s === 0), (p) => total(state.planets[p].I)),
  'R-08': gridOrder,
  'R-09': gridOrder,
  'I-S1': (state, legal) => rank(legal, (p) => -rebelLeadersOn(state, p, true)),
  'I-S3': (state, legal) => {
    const c = candidates(state) as PlanetId[];
    const near = (p: PlanetId) => adjacent(state, p).filter((q) => c.includes(q)).length;
    return rank(legal.filter((p) => near(p) > 0), (p) => -near(p));
  },
  'I-S4': nearestGoal,
  'I-04': nearestGoal,
  'I-01': (state, legal) => {
    const g = goals(state);
    const R = (p: PlanetId) => total(state.planets[p].R);
    return rank(legal.filter((p) => g.includes(p) || R(p) >= 3), (p) => (g.includes(p) ? 0 : 1), (p) => (g.includes(p) ? 0 : -R(p)));
  },
  // I-02 picks uniformly among the list (soloTurn.ts, RNG); every other line takes the first.
  'I-02': (state, legal) => {
    if (state.base.revealed) return [];
    const c = candidates(state) as PlanetId[];
    return legal.filter((p) => c.includes(p));
  },
  'I-03': (state, legal) => rank(legal, (p) => (rebelLeadersOn(state, p, false) > 0 ? 1 : 0)),
  'I-05': (state, legal) => rank(legal, (p) => (state.planets[p].loyalty ? production(p) : 2)),
  'I-06': gridOrder,
  'I-07': (state, legal) => huntSources(state, true).filter((p) => legal.includes(p)),
  'I-08': (state, legal) => rank(legal, (p) => -total(state.planets[p].R)),
};

/**
 * The legal targets of a card's Bot line, best first (R9.4 step 3: printed requirement plus the Bot line's extra
 * conditions).
 */
export function botTargets(state: GameState, card: MissionId): PlanetId[] {
  return BOT_LINES[card](state, missionTargets(state, card));
}
