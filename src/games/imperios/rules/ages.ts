/**
 * Ages (docs/imperios/RULES.md IM11, G44): the goals and step 7 of the round, where every civilization below the
 * Last Age that meets its Age's goals moves up one Age, all at once.
 */
import { AGES, ageIndex, nextAge, type AgeGoals, type AgeId } from '../content/ages';
import type { Seat } from './actions';
import { capitalsOf, citiesOf } from './board';
import { log } from './log';
import type { ImperiosState } from './state';

/** IM11.2: what a civilization has toward the goals. */
export function goalCounts(state: ImperiosState, seat: Seat): AgeGoals {
  const civ = state.civs[seat];
  return {
    capitals: capitalsOf(state, seat).length,
    cities: citiesOf(state, seat).length,
    goods: civ.goods.length,
    techs: civ.techs.length,
  };
}

/** IM11.2: all four counts at least those of `age`'s row. */
export function meetsGoals(state: ImperiosState, seat: Seat, age: AgeId): boolean {
  const has = goalCounts(state, seat);
  const goals = AGES[age].goals;
  return (
    has.capitals >= goals.capitals && has.cities >= goals.cities && has.goods >= goals.goods && has.techs >= goals.techs
  );
}

/** IM11.3–IM11.4: step 7; returns the seats that moved up. */
export function agesStep(state: ImperiosState): Seat[] {
  const movers = state.civs
    .filter((c) => ageIndex(c.age) < ageIndex(state.lastAge) && meetsGoals(state, c.seat, c.age))
    .map((c) => c.seat);
  for (const seat of movers) {
    const civ = state.civs[seat];
    civ.age = nextAge(civ.age)!;
    log(state, 'age', 'IM11.3', { seat, age: civ.age });
  }
  return movers;
}
