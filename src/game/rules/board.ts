/** Board queries: positions, adjacency, units, alignment (R1.4, R6.6). Pure reads of the state. */
import { GRID_COLS, PLANETS, UNITS, type Faction, type LetterId, type PlanetId, type UnitType } from '../content';
import type { GameState, PlanetState, Units } from './state';

export const other = (f: Faction): Faction => (f === 'R' ? 'I' : 'R');
export const emptyUnits = (): Units => ({ f: 0, c: 0, s: 0 });
export const total = (u: Units): number => u.f + u.c + u.s;
export const capitalClassCount = (u: Units): number => u.c + u.s;

export function positionOf(state: GameState, p: PlanetId): { row: number; col: number } {
  const i = state.grid.indexOf(p);
  return { row: Math.floor(i / GRID_COLS) + 1, col: (i % GRID_COLS) + 1 };
}

/** R1.4 — Manhattan distance between positions. */
export function distance(state: GameState, a: PlanetId, b: PlanetId): number {
  const pa = positionOf(state, a);
  const pb = positionOf(state, b);
  return Math.abs(pa.row - pb.row) + Math.abs(pa.col - pb.col);
}

/** R1.4 — orthogonal neighbours, in grid order. */
export function adjacent(state: GameState, p: PlanetId): PlanetId[] {
  const i = state.grid.indexOf(p);
  const r = Math.floor(i / GRID_COLS);
  const c = i % GRID_COLS;
  const out: PlanetId[] = [];
  if (r > 0) out.push(state.grid[i - GRID_COLS]);
  if (c > 0) out.push(state.grid[i - 1]);
  if (c < GRID_COLS - 1) out.push(state.grid[i + 1]);
  if (r < 2) out.push(state.grid[i + GRID_COLS]);
  return out;
}

/** True if `test` holds for some orthogonal neighbour of `p` (adjacent(state, p).some(test), without the array). */
export function someAdjacent(state: GameState, p: PlanetId, test: (q: PlanetId) => boolean): boolean {
  const i = state.grid.indexOf(p);
  const r = Math.floor(i / GRID_COLS);
  const c = i % GRID_COLS;
  return (r > 0 && test(state.grid[i - GRID_COLS])) || (c > 0 && test(state.grid[i - 1]))
    || (c < GRID_COLS - 1 && test(state.grid[i + 1])) || (r < 2 && test(state.grid[i + GRID_COLS]));
}

/** Planets in grid order (R1.4), the deterministic tie-break. */
export function gridOrder(state: GameState): PlanetId[] {
  return state.grid;
}

export function planet(state: GameState, p: PlanetId): PlanetState {
  return state.planets[p];
}

export const isLettered = (p: PlanetId): boolean => p !== 'IMP';
export const isIntact = (state: GameState, p: PlanetId): boolean => !state.planets[p].destroyed;

export function unitsOf(state: GameState, p: PlanetId, f: Faction): number {
  return total(state.planets[p][f]);
}

/** R6.6.1 — Imperial aligned. */
export function imperialAligned(state: GameState, p: PlanetId): boolean {
  if (p === 'IMP') return true;
  const pl = state.planets[p];
  return !pl.destroyed && total(pl.I) > 0 && !pl.loyalty;
}

/** R6.6.2 — Rebel aligned. */
export function rebelAligned(state: GameState, p: PlanetId): boolean {
  if (p === 'IMP') return false;
  const pl = state.planets[p];
  return !pl.destroyed && pl.loyalty && total(pl.I) === 0;
}

export function aligned(state: GameState, p: PlanetId, f: Faction): boolean {
  return f === 'I' ? imperialAligned(state, p) : rebelAligned(state, p);
}

/** The planet holding the Star Fortress, or null (in supply before setup, or out of the game). */
export function sfPlanet(state: GameState): PlanetId | null {
  for (const p of state.grid) if (state.planets[p].I.s > 0) return p;
  return null;
}

/** The planet the captured Rebel leader is on, or null. */
export function captivePlanet(state: GameState): PlanetId | null {
  for (const id of ['LD-R1', 'LD-R2', 'LD-R3'] as const) {
    const l = state.leaders[id];
    if (l.captured) return l.at as PlanetId;
  }
  return null;
}

export function captiveLeader(state: GameState): 'LD-R1' | 'LD-R2' | 'LD-R3' | null {
  for (const id of ['LD-R1', 'LD-R2', 'LD-R3'] as const) if (state.leaders[id].captured) return id;
  return null;
}

/** The revealed base planet, or null while the base is hidden. */
export function revealedBasePlanet(state: GameState): PlanetId | null {
  return state.base.revealed ? state.base.planet : null;
}

/**
 * The base planet (R3.9), for rules that only run after setup, when it is always chosen. `base.planet` is null
 * until the Rebel's setup decision: nothing may read it as a planet before that.
 */
export function chosenBase(state: GameState): LetterId {
  const p = state.base.planet;
  if (p === null) throw new Error('the Rebel base is not chosen yet (R3.9)');
  return p;
}

export function addUnits(target: Units, add: Units): void {
  target.f += add.f;
  target.c += add.c;
  target.s += add.s;
}

export function subUnits(target: Units, sub: Units): void {
  target.f -= sub.f;
  target.c -= sub.c;
  target.s -= sub.s;
}

export function hasUnits(from: Units, need: Units): boolean {
  return from.f >= need.f && from.c >= need.c && from.s >= need.s;
}

export function unitName(f: Faction, t: UnitType): string {
  return UNITS[f][t]?.name ?? t;
}

export function planetName(p: PlanetId): string {
  return PLANETS[p].name;
}

/** A contested planet (units of both factions), or null. At most one exists (R4.6 SC1). */
export function contestedPlanet(state: GameState): PlanetId | null {
  for (const p of state.grid) {
    const pl = state.planets[p];
    if (total(pl.R) > 0 && total(pl.I) > 0) return p;
  }
  return null;
}
