import type { LetterId, PlanetId, PlanetType, TabEntry } from './types';

/** R7.1 — planet cards. Row = sector; Imperium fixed at (1,3). */
export interface PlanetDef {
  id: PlanetId;
  ruleId: string;
  letter: LetterId | null;
  name: string;
  sector: 1 | 2 | 3;
  type: PlanetType;
  tab: TabEntry[];
  /** A red tab produces Rebel units only; IMP produces Imperial only (R6.6.5). */
  tabFaction: 'any' | 'R' | 'I';
}

const sf = (spot: number): TabEntry => ({ unit: 'f', count: 1, spot });
const cap = (spot: number): TabEntry => ({ unit: 'c', count: 1, spot });

export const PLANETS: Record<PlanetId, PlanetDef> = {
  IMP: { id: 'IMP', ruleId: 'PL-IMP', letter: null, name: 'Imperium', sector: 1, type: 'production', tab: [sf(1), cap(2)], tabFaction: 'I' },
  A: { id: 'A', ruleId: 'PL-A', letter: 'A', name: 'Corvane', sector: 1, type: 'production', tab: [sf(1)], tabFaction: 'any' },
  B: { id: 'B', ruleId: 'PL-B', letter: 'B', name: 'Halcyon Drift', sector: 1, type: 'remote', tab: [], tabFaction: 'any' },
  C: { id: 'C', ruleId: 'PL-C', letter: 'C', name: 'Tessaly', sector: 1, type: 'production', tab: [cap(2)], tabFaction: 'any' },
  D: { id: 'D', ruleId: 'PL-D', letter: 'D', name: 'Vireo', sector: 1, type: 'loyal', tab: [sf(1)], tabFaction: 'R' },
  E: { id: 'E', ruleId: 'PL-E', letter: 'E', name: 'Caldris', sector: 2, type: 'loyal', tab: [sf(1)], tabFaction: 'R' },
  F: { id: 'F', ruleId: 'PL-F', letter: 'F', name: 'Marrowind', sector: 2, type: 'production', tab: [sf(1), sf(2)], tabFaction: 'any' },
  G: { id: 'G', ruleId: 'PL-G', letter: 'G', name: 'Veyl Forge', sector: 2, type: 'production', tab: [sf(1), sf(2)], tabFaction: 'any' },
  H: { id: 'H', ruleId: 'PL-H', letter: 'H', name: 'Sunder Reach', sector: 2, type: 'production', tab: [sf(1), sf(2)], tabFaction: 'any' },
  I: { id: 'I', ruleId: 'PL-I', letter: 'I', name: 'Glasswater', sector: 2, type: 'remote', tab: [], tabFaction: 'any' },
  J: { id: 'J', ruleId: 'PL-J', letter: 'J', name: 'Ashfall', sector: 3, type: 'remote', tab: [], tabFaction: 'any' },
  K: { id: 'K', ruleId: 'PL-K', letter: 'K', name: 'Orison', sector: 3, type: 'production', tab: [cap(2)], tabFaction: 'any' },
  L: { id: 'L', ruleId: 'PL-L', letter: 'L', name: 'Brightmoor', sector: 3, type: 'loyal', tab: [cap(2)], tabFaction: 'R' },
  M: { id: 'M', ruleId: 'PL-M', letter: 'M', name: 'Kettle Moon', sector: 3, type: 'production', tab: [sf(1)], tabFaction: 'any' },
  N: { id: 'N', ruleId: 'PL-N', letter: 'N', name: 'Farholt', sector: 3, type: 'remote', tab: [], tabFaction: 'any' },
};

/** All planet ids in id order (IMP first, then A–N). */
export const PLANET_IDS = Object.keys(PLANETS) as PlanetId[];
/** The 14 lettered planets A–N (R1.4), which also name the 14 probe cards. */
export const LETTERS: LetterId[] = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M', 'N'];
/** R3.1 — which letters are shuffled into which row's free positions. */
export const ROW_LETTERS: LetterId[][] = [
  ['A', 'B', 'C', 'D'],
  ['E', 'F', 'G', 'H', 'I'],
  ['J', 'K', 'L', 'M', 'N'],
];
/** R3.2 — Rebel Loyal planets start with a loyalty marker. */
export const STARTING_LOYALTY: LetterId[] = ['D', 'E', 'L'];
/** R3.6 — starting-planet candidates. */
export const STARTING_CANDIDATES: LetterId[] = ['F', 'G', 'H'];
/** R1.4 — the grid has 3 rows × 5 columns; Imperium sits at (1,3) = index 2. */
export const GRID_ROWS = 3;
export const GRID_COLS = 5;
export const IMPERIUM_INDEX = 2;
