/**
 * The twelve technologies (docs/imperios/RULES.md IM2.6): colour, tier, and each tier's cost, trade value and final
 * points. Their effects are applied by the rules where each rule cites them. Pure data.
 */
import type { Colour } from './colours';

export type Tier = 'basic' | 'advanced' | 'special';

export interface Tech {
  readonly name: string;
  readonly colour: Colour;
  readonly tier: Tier;
}

export const TECH_IDS = [
  'leadership',
  'medicine',
  'engineering',
  'agriculture',
  'religion',
  'market',
  'currency',
  'caravans',
  'ambassadors',
  'irrigation',
  'mining',
  'navigation',
] as const;

export type TechId = (typeof TECH_IDS)[number];

/** IM2.6.1: three technologies per colour. */
export const TECHS: { readonly [K in TechId]: Tech } = {
  leadership: { name: 'Leadership', colour: 'red', tier: 'basic' },
  medicine: { name: 'Medicine', colour: 'red', tier: 'advanced' },
  engineering: { name: 'Engineering', colour: 'red', tier: 'special' },
  agriculture: { name: 'Agriculture', colour: 'yellow', tier: 'basic' },
  religion: { name: 'Religion', colour: 'yellow', tier: 'advanced' },
  market: { name: 'Market', colour: 'yellow', tier: 'special' },
  currency: { name: 'Currency', colour: 'blue', tier: 'basic' },
  caravans: { name: 'Caravans', colour: 'blue', tier: 'advanced' },
  ambassadors: { name: 'Ambassadors', colour: 'blue', tier: 'special' },
  irrigation: { name: 'Irrigation', colour: 'black', tier: 'basic' },
  mining: { name: 'Mining', colour: 'black', tier: 'advanced' },
  navigation: { name: 'Navigation', colour: 'black', tier: 'special' },
};

export interface TierRow {
  /** Yellow actions to learn it (IM7.2). */
  readonly cost: number;
  /** Coins when given in a trade (IM8.2.6). */
  readonly tradeValue: number;
  /** Points at the final scoring (IM13.1.6). */
  readonly points: number;
}

/** IM2.6.2. */
export const TIERS: { readonly [K in Tier]: TierRow } = {
  basic: { cost: 3, tradeValue: 5, points: 4 },
  advanced: { cost: 4, tradeValue: 9, points: 9 },
  special: { cost: 5, tradeValue: 12, points: 15 },
};

/** IM2.6.1: the technology of a colour and tier. */
export function techOf(colour: Colour, tier: Tier): TechId {
  const found = TECH_IDS.find((id) => TECHS[id].colour === colour && TECHS[id].tier === tier);
  if (!found) throw new Error(`no ${tier} ${colour} technology`);
  return found;
}

export function isTechId(x: unknown): x is TechId {
  return typeof x === 'string' && (TECH_IDS as readonly string[]).includes(x);
}
