/**
 * The four Ages (docs/imperios/RULES.md IM11): hand size, reserve limit and goals. Pure data.
 */
export const AGE_IDS = ['stone', 'copper', 'bronze', 'iron'] as const;

export type AgeId = (typeof AGE_IDS)[number];

export interface AgeGoals {
  readonly capitals: number;
  readonly cities: number;
  readonly goods: number;
  readonly techs: number;
}

export interface Age {
  readonly name: string;
  /** IM11.1: chits drawn each round (IM4.2). */
  readonly hand: number;
  /** IM11.1: chits kept at the reserve step (IM4.7). */
  readonly reserve: number;
  /** IM11.2: all four counts at least, to move up (IM11.3). */
  readonly goals: AgeGoals;
}

export const AGES: { readonly [K in AgeId]: Age } = {
  stone: { name: 'Stone', hand: 4, reserve: 2, goals: { capitals: 1, cities: 1, goods: 2, techs: 2 } },
  copper: { name: 'Copper', hand: 5, reserve: 3, goals: { capitals: 2, cities: 2, goods: 4, techs: 4 } },
  bronze: { name: 'Bronze', hand: 6, reserve: 4, goals: { capitals: 3, cities: 3, goods: 6, techs: 6 } },
  iron: { name: 'Iron', hand: 7, reserve: 5, goals: { capitals: 4, cities: 4, goods: 8, techs: 8 } },
};

/** The position of an Age on the track (Stone 0 … Iron 3). */
export function ageIndex(age: AgeId): number {
  return AGE_IDS.indexOf(age);
}

/** The Age after `age` (IM11.3); Iron has none. */
export function nextAge(age: AgeId): AgeId | undefined {
  return AGE_IDS[ageIndex(age) + 1];
}
