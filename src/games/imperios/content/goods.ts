/**
 * The sixteen trade goods (docs/imperios/RULES.md IM2.5, G8): their trade values and the set each belongs to. Pure
 * data: no boardgame.io, React or network imports.
 */
import type { Half } from './map-types';

/** IM2.5.1: a good common to both halves, or one of the West (Poniente) or East (Naciente) sets. */
export type GoodSet = 'common' | Half;

export interface Good {
  readonly name: string;
  /** Its trade value in coins (IM8.2.6). */
  readonly value: number;
  readonly set: GoodSet;
}

export const GOOD_IDS = [
  'grain',
  'cattle',
  'wool',
  'pottery',
  'oliveOil',
  'dates',
  'wine',
  'cotton',
  'tin',
  'lapisLazuli',
  'purpleDye',
  'frankincense',
  'ivory',
  'spices',
  'silk',
  'gold',
] as const;

export type GoodId = (typeof GOOD_IDS)[number];

/** IM2.5.1: the table of goods, ordered by value. */
export const GOODS: { readonly [K in GoodId]: Good } = {
  grain: { name: 'Grain', value: 1, set: 'common' },
  cattle: { name: 'Cattle', value: 2, set: 'common' },
  wool: { name: 'Wool', value: 3, set: 'common' },
  pottery: { name: 'Pottery', value: 4, set: 'common' },
  oliveOil: { name: 'Olive Oil', value: 5, set: 'west' },
  dates: { name: 'Dates', value: 5, set: 'east' },
  wine: { name: 'Wine', value: 6, set: 'west' },
  cotton: { name: 'Cotton', value: 6, set: 'east' },
  tin: { name: 'Tin', value: 7, set: 'west' },
  lapisLazuli: { name: 'Lapis Lazuli', value: 7, set: 'east' },
  purpleDye: { name: 'Purple Dye', value: 8, set: 'west' },
  frankincense: { name: 'Frankincense', value: 8, set: 'east' },
  ivory: { name: 'Ivory', value: 9, set: 'common' },
  spices: { name: 'Spices', value: 10, set: 'common' },
  silk: { name: 'Silk', value: 11, set: 'common' },
  gold: { name: 'Gold', value: 12, set: 'common' },
};

/** IM6.2.4: the highest good value a conquered City of each level offers. */
export const GOOD_CAP_BY_LEVEL: { readonly [level: number]: number } = { 3: 4, 4: 8, 5: 12 };

export function isGoodId(x: unknown): x is GoodId {
  return typeof x === 'string' && (GOOD_IDS as readonly string[]).includes(x);
}
