/**
 * The three modes of a match (docs/imperios/RULES.md IM3.1.2, G15): each sets the Last Age and the player counts it
 * allows. Pure data.
 */
import type { AgeId } from './ages';

export const MODE_IDS = ['tutorial', 'normal', 'epic'] as const;

export type ModeId = (typeof MODE_IDS)[number];

export interface Mode {
  readonly name: string;
  readonly lastAge: AgeId;
  readonly players: readonly number[];
}

export const MODES: { readonly [K in ModeId]: Mode } = {
  tutorial: { name: 'Tutorial', lastAge: 'copper', players: [4, 5, 6, 7] },
  normal: { name: 'Normal', lastAge: 'bronze', players: [4, 5, 6, 7] },
  epic: { name: 'Epic', lastAge: 'iron', players: [6, 7] },
};

export function isModeId(x: unknown): x is ModeId {
  return typeof x === 'string' && (MODE_IDS as readonly string[]).includes(x);
}
