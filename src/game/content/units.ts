import type { Faction, UnitType } from './types';

/** R7.3 — unit statistics. Dice: w = white, b = black. */
export interface UnitDef {
  faction: Faction;
  type: UnitType;
  name: string;
  hp: number;
  white: number;
  black: number;
  /** Capital-class = capital ship or Star Fortress (R1.4, C50). */
  capitalClass: boolean;
}

export const UNITS: Record<Faction, Partial<Record<UnitType, UnitDef>>> = {
  R: {
    f: { faction: 'R', type: 'f', name: 'Rebel starfighter', hp: 1, white: 0, black: 1, capitalClass: false },
    c: { faction: 'R', type: 'c', name: 'Rebel capital ship', hp: 3, white: 1, black: 1, capitalClass: true },
  },
  I: {
    f: { faction: 'I', type: 'f', name: 'Imperial starfighter', hp: 1, white: 0, black: 1, capitalClass: false },
    c: { faction: 'I', type: 'c', name: 'Imperial capital ship', hp: 3, white: 2, black: 0, capitalClass: true },
    s: { faction: 'I', type: 's', name: 'Star Fortress', hp: 4, white: 2, black: 2, capitalClass: true },
  },
};

export function unitDef(faction: Faction, type: UnitType): UnitDef {
  const def = UNITS[faction][type];
  if (!def) throw new Error(`no unit ${faction}/${type}`);
  return def;
}

/** R5.6 — per-roll dice cap per colour. */
export const DICE_CAP_PER_COLOUR = 3;
