/**
 * The shapes the board draws the map with (issue 23 item 5). The content gives each territory only a label point in
 * a 1000 × 600 box (docs/imperios/RULES.md IM2.1.7); the board gives each one the cell of the points nearest to it
 * (a Voronoi diagram over the whole map, so a territory keeps its shape whatever the player count), cut to a
 * radius so that empty corners stay empty. Each cell edge remembers the territory across it, so the board can draw
 * a real border (IM2.1.2) thin and a mere meeting of cells thick, and show the links that no shared edge carries
 * (the Minos strait, long coasts) as lines. Pure functions, computed once.
 */
import { TERRITORY_LIST, TERRITORIES, STRAITS, halvesFor, type Territory, type TerritoryId } from '../../games/imperios/content/map';

interface Sample {
  id: TerritoryId;
  x: number;
  y: number;
  /** The most its cell may reach. */
  r: number;
}

export interface Point {
  x: number;
  y: number;
}

/** One edge of a cell, from `a` to `b`; `across` is the territory on the other side, or null (the cell's rim). */
export interface CellEdge {
  a: Point;
  b: Point;
  across: TerritoryId | null;
}

export interface Cell {
  id: TerritoryId;
  /** The cell's pieces (the cells of its sample points), drawn together. */
  pieces: Point[][];
  /** Its outline: the pieces' edges toward other territories or the rim. */
  edges: CellEdge[];
}

/** The whole map's box (content/map-types.ts). */
export const MAP_BOX = { width: 1000, height: 600 } as const;
const LAND_RADIUS = 56;
const SEA_RADIUS = 95;
const RIM_SIDES = 14;
const SAMPLE_RADIUS = 34;

interface Vertex extends Point {
  /** The label of the edge that starts at this vertex. */
  edge: TerritoryId | null;
}

/** Sutherland–Hodgman against the half-plane n·p ≤ c, labelling the new edge along the cut with `label`. */
function clip(poly: Vertex[], nx: number, ny: number, c: number, label: TerritoryId | null): Vertex[] {
  const out: Vertex[] = [];
  const inside = (p: Point) => nx * p.x + ny * p.y <= c + 1e-9;
  for (let k = 0; k < poly.length; k++) {
    const cur = poly[k];
    const next = poly[(k + 1) % poly.length];
    const curIn = inside(cur);
    if (curIn) out.push(cur);
    if (curIn !== inside(next)) {
      const dc = nx * cur.x + ny * cur.y - c;
      const dn = nx * next.x + ny * next.y - c;
      const t = dc / (dc - dn);
      const at = { x: cur.x + t * (next.x - cur.x), y: cur.y + t * (next.y - cur.y) };
      out.push({ ...at, edge: curIn ? label : cur.edge });
    }
  }
  return out;
}

/** A polygon of `RIM_SIDES` sides around a point: the most a cell may reach. */
function rim(x: number, y: number, r: number): Vertex[] {
  return Array.from({ length: RIM_SIDES }, (_, i) => {
    const a = (i * 2 * Math.PI) / RIM_SIDES;
    return { x: x + r * Math.cos(a), y: y + r * Math.sin(a), edge: null };
  });
}

/**
 * How far toward a neighbour a territory's samples reach (a fraction of the way). A sea reaches most of the way to
 * a coast, so that the coast lies near the land's label and the water reads as one body; two of a kind meet halfway.
 */
function reachToward(from: Territory, to: Territory): number[] {
  if (from.kind === to.kind) return [0.46];
  return from.kind === 'sea' ? [0.3, 0.5, 0.64] : [0.3];
}

/** The radius an island is drawn with (IM2.1.3): the large ones larger. */
const ISLAND_RADIUS: Partial<Record<TerritoryId, number>> = { britania: 30, taprobana: 22, sicilia: 17, cerdena: 14 };
const ISLAND_DEFAULT = 12;

export function islandRadius(id: TerritoryId): number {
  return ISLAND_RADIUS[id] ?? ISLAND_DEFAULT;
}

/**
 * A territory's sample points: its label point, and some points of the way toward each neighbour it borders. An
 * island has none: it is drawn as a shape of its own, and the seas around it reach all the way to a ring around it.
 */
function samples(): Sample[] {
  const out: Sample[] = [];
  for (const t of TERRITORY_LIST) {
    if (t.island) {
      const seas = t.borders.map((b) => TERRITORIES[b]);
      const ring = islandRadius(t.id) * 1.4;
      for (let i = 0; i < 10; i++) {
        const x = t.x + ring * Math.cos((i * Math.PI) / 5);
        const y = t.y + ring * Math.sin((i * Math.PI) / 5);
        const sea = seas.reduce((a, b) => (Math.hypot(a.x - x, a.y - y) <= Math.hypot(b.x - x, b.y - y) ? a : b));
        out.push({ id: sea.id, x, y, r: SAMPLE_RADIUS });
      }
      continue;
    }
    out.push({ id: t.id, x: t.x, y: t.y, r: t.kind === 'sea' ? SEA_RADIUS : LAND_RADIUS });
    for (const b of t.borders) {
      const o = TERRITORIES[b];
      if (o.island) continue;
      for (const f of reachToward(t, o)) {
        out.push({ id: t.id, x: t.x + f * (o.x - t.x), y: t.y + f * (o.y - t.y), r: SAMPLE_RADIUS });
      }
    }
  }
  return out;
}

/** An island's outline: a rounded shape, a little irregular so it does not read as a button. */
function islandCell(t: Territory): Cell {
  const r = islandRadius(t.id);
  const stretch = t.id === 'cerdena' ? [0.7, 1.3] : t.id === 'britania' ? [0.75, 1.25] : [1.15, 0.85];
  const points = Array.from({ length: 16 }, (_, i) => {
    const a = (i * Math.PI) / 8;
    const wobble = 1 + 0.08 * Math.sin(3 * a + t.x);
    return { x: t.x + r * stretch[0] * wobble * Math.cos(a), y: t.y + r * stretch[1] * wobble * Math.sin(a) };
  });
  const edges = points.map((a, k) => ({ a, b: points[(k + 1) % points.length], across: null }));
  return { id: t.id, pieces: [points], edges };
}

function computeCells(): Map<TerritoryId, Cell> {
  const all = samples();
  const parts = new Map<TerritoryId, Vertex[][]>();
  for (const s of all) {
    let poly = rim(s.x, s.y, s.r);
    poly = clip(poly, -1, 0, 0, null);
    poly = clip(poly, 1, 0, MAP_BOX.width, null);
    poly = clip(poly, 0, -1, 0, null);
    poly = clip(poly, 0, 1, MAP_BOX.height, null);
    for (const o of all) {
      if (o === s || Math.hypot(o.x - s.x, o.y - s.y) > s.r * 2) continue;
      // The bisector of s and o: points nearer s satisfy (o − s)·p ≤ (|o|² − |s|²) / 2.
      const nx = o.x - s.x;
      const ny = o.y - s.y;
      const c = (o.x * o.x + o.y * o.y - s.x * s.x - s.y * s.y) / 2;
      poly = clip(poly, nx, ny, c, o.id === s.id ? s.id : o.id);
      if (poly.length === 0) break;
    }
    if (poly.length > 0) parts.set(s.id, [...(parts.get(s.id) ?? []), poly]);
  }
  const cells = new Map<TerritoryId, Cell>();
  for (const t of TERRITORY_LIST) if (t.island) cells.set(t.id, islandCell(t));
  for (const [id, polys] of parts) {
    const pieces = polys.map((poly) => poly.map(({ x, y }) => ({ x, y })));
    const edges = polys.flatMap((poly, i) =>
      poly.map((v, k) => ({ a: pieces[i][k], b: pieces[i][(k + 1) % poly.length], across: v.edge })),
    );
    cells.set(id, { id, pieces, edges: edges.filter((e) => e.across !== id && Math.hypot(e.a.x - e.b.x, e.a.y - e.b.y) > 0.01) });
  }
  return cells;
}

let cached: Map<TerritoryId, Cell> | null = null;

/** Every territory's cell (the whole map). */
export function mapCells(): Map<TerritoryId, Cell> {
  cached ??= computeCells();
  return cached;
}

export function pathOf(points: readonly Point[]): string {
  return `M ${points.map((p) => `${p.x.toFixed(1)} ${p.y.toFixed(1)}`).join(' L ')} Z`;
}

/** IM2.1.2–IM2.1.3: the links that no shared cell edge shows (drawn as lines between label points). */
export function hiddenLinks(): [TerritoryId, TerritoryId][] {
  const cells = mapCells();
  const out: [TerritoryId, TerritoryId][] = [];
  const links: [TerritoryId, TerritoryId][] = [
    ...TERRITORY_LIST.flatMap((t) => t.borders.filter((b) => t.id < b).map((b): [TerritoryId, TerritoryId] => [t.id, b])),
    ...STRAITS.map((s): [TerritoryId, TerritoryId] => [s.between[0], s.between[1]]),
  ];
  for (const [a, b] of links) {
    const strait = STRAITS.some((s) => s.between.includes(a) && s.between.includes(b));
    // An island lies in the seas it borders, which reach all round it.
    if (!strait && (TERRITORIES[a].island || TERRITORIES[b].island)) continue;
    const shared = cells.get(a)!.edges.some((e) => e.across === b);
    if (!shared || strait) out.push([a, b]);
  }
  return out;
}

/** The part of the box the players' half (or the whole map) covers, with a margin: the SVG's viewBox. */
export function viewBoxFor(players: number): { x: number; y: number; width: number; height: number } {
  const halves = halvesFor(players);
  const ts = TERRITORY_LIST.filter((t) => t.halves.some((h) => halves.includes(h)));
  const margin = 40;
  const x0 = Math.max(0, Math.min(...ts.map((t) => t.x)) - margin);
  const x1 = Math.min(MAP_BOX.width, Math.max(...ts.map((t) => t.x)) + margin);
  return { x: x0, y: 0, width: x1 - x0, height: MAP_BOX.height };
}

/** The label point of a territory. */
export function labelPoint(id: TerritoryId): Point {
  return { x: TERRITORIES[id].x, y: TERRITORIES[id].y };
}
