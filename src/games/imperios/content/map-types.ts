/**
 * The shape of the Imperios Milenarios map's data (docs/imperios/RULES.md IM2.1) and the small builders the region
 * files write their rows with. Pure data: no boardgame.io, React or network imports.
 */
import type { TerritoryId } from './ids';

export type { TerritoryId } from './ids';

/** The two halves of the map (IM2.1.4). The Red Sea is in both. */
export type Half = 'west' | 'east';
export type TerritoryKind = 'land' | 'sea';
/** Every Capital of the map is a Metropolis (IM2.1.6); the other sites are Cities. */
export type SiteKind = 'metropolis' | 'city';
export type SiteLevel = 3 | 4 | 5;

export interface Site {
  readonly kind: SiteKind;
  /** The number on the site's icon: a City's level (IM2.1.6), 5 for a Metropolis. */
  readonly level: SiteLevel;
  /** The armies a conquest of the site costs while it is neutral (IM6.2.2). */
  readonly armies: number;
}

/** One territory's row, without its id (the key it is stored under). */
export interface TerritoryDef {
  readonly name: string;
  readonly kind: TerritoryKind;
  /** Set on the territories the map draws as islands (IM2.1.3). */
  readonly island?: true;
  readonly halves: readonly Half[];
  readonly site?: Site;
  /** The wreath points it scores to a sole occupant at the end (IM13.1.2). */
  readonly wreath: number;
  /** Schematic position of its label, in a 1000 × 600 box, west to the left and north at the top. */
  readonly x: number;
  readonly y: number;
  /** The territories it shares a stretch of border with (IM2.1.2), straits excluded. */
  readonly borders: readonly TerritoryId[];
}

export interface Territory extends TerritoryDef {
  readonly id: TerritoryId;
}

/** A link across narrow water between two land territories (IM2.1.3): Minos and Esparta. */
export interface Strait {
  readonly between: readonly [TerritoryId, TerritoryId];
  /** 'optional': the match option "Minos land bridge" makes it a land link as well (IM9.1.5). */
  readonly landBridge: 'optional';
}

export const METROPOLIS: Site = { kind: 'metropolis', level: 5, armies: 5 };

/** A City of the given level; its conquest costs as many armies as its level (IM6.2.2). */
export function city(level: SiteLevel): Site {
  return { kind: 'city', level, armies: level };
}

interface Extra {
  readonly site?: Site;
  readonly island?: true;
}

/** Row builders for one region: `land(name, [x, y], wreath, borders, extra)` and `sea(…)`. */
export function rowsIn(halves: readonly Half[]) {
  const row =
    (kind: TerritoryKind) =>
    (name: string, at: readonly [number, number], wreath: number, borders: readonly TerritoryId[], extra: Extra = {}) =>
      ({ name, kind, halves, wreath, x: at[0], y: at[1], borders, ...extra }) satisfies TerritoryDef;
  return { land: row('land'), sea: row('sea') };
}

export const ISLAND = { island: true } as const;
