/**
 * The Imperios Milenarios map as data (docs/imperios/RULES.md IM2.1): the West and East halves joined, the Red Sea
 * shared by both, the Minos strait, and the pure functions the rules read it with. Pure data and functions only: no
 * boardgame.io, React or network imports.
 */
import { TERRITORY_IDS, type TerritoryId } from './ids';
import { EAST } from './map-east';
import type { Half, Strait, Territory, TerritoryDef } from './map-types';
import { rowsIn } from './map-types';
import { WEST } from './map-west';

export type { Half, Site, SiteKind, SiteLevel, Strait, Territory, TerritoryKind } from './map-types';
export { TERRITORY_IDS, type TerritoryId } from './ids';

const { sea } = rowsIn(['west', 'east']);

/** IM2.1.4: the Red Sea is in play on either half. */
const SHARED = {
  // prettier-ignore
  marRojo: sea('Mar Rojo', [490, 480], 1, ['egipto', 'tebas', 'nabatea', 'desiertoNubia', 'punt', 'hiyaz', 'saba', 'golfoAden']),
} satisfies Partial<Record<TerritoryId, TerritoryDef>>;

/** The rows of the three files, keyed by id; the compiler checks that every id has one. */
export const TERRITORY_ROWS: { readonly [K in TerritoryId]: TerritoryDef } = { ...WEST, ...SHARED, ...EAST };
/** How many rows each part of the map declares (their sum equals the number of ids unless two parts share one). */
export const ROW_COUNTS = {
  west: Object.keys(WEST).length,
  shared: Object.keys(SHARED).length,
  east: Object.keys(EAST).length,
} as const;

export const TERRITORIES: { readonly [K in TerritoryId]: Territory } = Object.fromEntries(
  TERRITORY_IDS.map((id) => [id, { id, ...TERRITORY_ROWS[id] }]),
) as { readonly [K in TerritoryId]: Territory };

export const TERRITORY_LIST: readonly Territory[] = TERRITORY_IDS.map((id) => TERRITORIES[id]);

/** IM2.1.3: Minos and Esparta are linked across a strait; its land bridge is the optional rule IM9.1.5. */
export const STRAITS: readonly Strait[] = [{ between: ['minos', 'esparta'], landBridge: 'optional' }];

export interface MapOptions {
  /** IM9.1.5, off unless the match turns it on: the Minos strait is a land link as well. */
  readonly minosLandBridge?: boolean;
}

export function isTerritoryId(x: unknown): x is TerritoryId {
  return typeof x === 'string' && (TERRITORY_IDS as readonly string[]).includes(x);
}

/** IM3.1.1: the halves in play for a number of players. */
export function halvesFor(players: number): readonly Half[] {
  if (players === 4) return ['east'];
  if (players === 5) return ['west'];
  if (players === 6 || players === 7) return ['west', 'east'];
  throw new RangeError(`Imperios Milenarios is played by 4 to 7 players, not ${players}`);
}

/** IM3.1.1: the territories in play for a number of players, in map order. */
export function territoriesFor(players: number): TerritoryId[] {
  const halves = halvesFor(players);
  return TERRITORY_LIST.filter((t) => t.halves.some((h) => halves.includes(h))).map((t) => t.id);
}

/** IM3.4.1: the Metropolises a civilization may start in, for a number of players. */
export function metropolisesFor(players: number): TerritoryId[] {
  return territoriesFor(players).filter((id) => TERRITORIES[id].site?.kind === 'metropolis');
}

function straitPartners(id: TerritoryId): TerritoryId[] {
  return STRAITS.flatMap(({ between: [a, b] }) => (a === id ? [b] : b === id ? [a] : []));
}

/**
 * IM2.1.2–IM2.1.3: the territories adjacent to `id` (shared borders and straits), limited to `inPlay` if given.
 * This is the adjacency of set-up, chains of command and trade routes.
 */
export function neighbours(id: TerritoryId, inPlay?: ReadonlySet<TerritoryId>): TerritoryId[] {
  const all = [...TERRITORIES[id].borders, ...straitPartners(id)];
  return inPlay ? all.filter((n) => inPlay.has(n)) : all;
}

export function adjacent(a: TerritoryId, b: TerritoryId): boolean {
  return neighbours(a).includes(b);
}

/** The kind of a link: both sides land, one side sea, both sides sea, or the Minos strait. */
export type Crossing = 'land' | 'coast' | 'sea' | 'strait';

/** IM2.1.5: the kind of link between two territories, or undefined if they are not adjacent. */
export function crossing(a: TerritoryId, b: TerritoryId): Crossing | undefined {
  if (straitPartners(a).includes(b)) return 'strait';
  if (!TERRITORIES[a].borders.includes(b)) return undefined;
  const seas = [a, b].filter((id) => TERRITORIES[id].kind === 'sea').length;
  return seas === 0 ? 'land' : seas === 1 ? 'coast' : 'sea';
}

/** IM9.1.2: Settle may cross from `from` to `to` (a land border; the Minos strait only with its land bridge). */
export function settleLink(from: TerritoryId, to: TerritoryId, options: MapOptions = {}): boolean {
  const kind = crossing(from, to);
  return kind === 'land' || (kind === 'strait' && options.minosLandBridge === true);
}

/** IM8.1.2: Explore may cross from `from` to `to` (a sea on at least one side, or the Minos strait). */
export function exploreLink(from: TerritoryId, to: TerritoryId): boolean {
  const kind = crossing(from, to);
  return kind === 'coast' || kind === 'sea' || kind === 'strait';
}
