/**
 * The chain of command and the blocks' exposure (docs/imperios/RULES.md IM5.2–IM5.4): checking a declared route,
 * the civilizations that may block it, the route the board proposes (the least exposed, then the shortest: IM5.3.1,
 * G26), and every chain to a target for a player who picks another.
 */
import { exploreLink, isTerritoryId, settleLink, type TerritoryId } from '../content/map';
import type { MapKind, Route, Seat } from './actions';
import { capitalsOf, inPlaySet, neighboursInPlay, presenceOf, presentIn, totems } from './board';
import type { ImperiosState } from './state';

export interface ChainRule {
  /** IM5.2.1, G27: a chain of length 0 (the Capital itself) is allowed for red actions only. */
  allowZero: boolean;
  /** IM8.1.2, IM9.1.2: the kind of link the last step must be, if any. */
  lastStep?: (from: TerritoryId, to: TerritoryId) => boolean;
}

/** The chain rule of each map action (IM5.2.1, IM8.1.2, IM9.1.2, IM9.1.5). */
export function chainRule(state: ImperiosState, kind: MapKind): ChainRule {
  switch (kind) {
    case 'conquer':
    case 'eliminate':
    case 'assault':
      return { allowZero: true };
    case 'trade':
      return { allowZero: false };
    case 'explore':
      return { allowZero: false, lastStep: exploreLink };
    case 'settle':
      return {
        allowZero: false,
        lastStep: (from, to) => settleLink(from, to, { minosLandBridge: state.options.minosLandBridge }),
      };
  }
}

/** IM5.2.2: the intermediate territories, every territory of the chain but its first and its last. */
export function intermediates(route: readonly TerritoryId[]): TerritoryId[] {
  return route.slice(1, -1);
}

/**
 * IM5.2.1: why `route` is not a chain of command of `seat` under `rule`, or null if it is one. The route is the
 * Capital first and the target last; the seat must be present in every territory before the target.
 */
export function routeError(state: ImperiosState, seat: Seat, route: unknown, rule: ChainRule): string | null {
  if (!Array.isArray(route) || route.length === 0) return 'a route is a non-empty list of territories';
  const inPlay = inPlaySet(state);
  if (!route.every((t) => isTerritoryId(t) && inPlay.has(t))) return 'a route names territories in play only';
  const chain = route as TerritoryId[];
  if (!capitalsOf(state, seat).includes(chain[0])) return 'IM5.2.1: a chain starts at a Capital you control';
  if (new Set(chain).size !== chain.length) return 'IM5.2.1: a chain passes no territory twice';
  if (chain.length === 1 && !rule.allowZero) return 'IM5.2.1: only red actions may target the Capital itself';
  for (let i = 1; i < chain.length; i++) {
    if (!neighboursInPlay(state, chain[i - 1]).includes(chain[i])) return 'IM5.2.1: each step goes to a neighbour';
    if (totems(state, chain[i - 1], seat) === 0) return 'IM5.2.1: you must be present before the target';
  }
  const last = chain.length - 1;
  if (last > 0 && rule.lastStep && !rule.lastStep(chain[last - 1], chain[last])) {
    return 'IM8.1.2, IM9.1.2: the last step is not of the kind this action needs';
  }
  return null;
}

export function routeIsValid(state: ImperiosState, seat: Seat, route: unknown, rule: ChainRule): boolean {
  return routeError(state, seat, route, rule) === null;
}

/** IM5.4.1: the civilizations other than `seat` present in an intermediate territory of the route, by seat. */
export function blockersOf(state: ImperiosState, seat: Seat, route: readonly TerritoryId[]): Seat[] {
  const found = new Set<Seat>();
  for (const t of intermediates(route)) for (const s of presentIn(state, t)) if (s !== seat) found.add(s);
  return [...found].sort((a, b) => a - b);
}

function popcount(n: number): number {
  let c = 0;
  for (let m = n; m; m &= m - 1) c++;
  return c;
}

interface Reach {
  dist: Map<TerritoryId, number>;
  parent: Map<TerritoryId, TerritoryId | null>;
}

/**
 * IM5.3.1, G26: a finder of the route the board proposes for `seat`: among the chains to a target, one with the
 * fewest other civilizations present in its intermediates, then the fewest steps. For each set S of rivals it walks
 * (breadth first) from the seat's Capitals through its presence where no rival outside S is present; the smallest S
 * that reaches the target gives the least exposure. Each walk is computed once per finder.
 */
export function routeFinder(state: ImperiosState, seat: Seat): (target: TerritoryId, rule: ChainRule) => Route | null {
  const capitals = capitalsOf(state, seat);
  const presence = presenceOf(state, seat);
  const rivalsAt = new Map<TerritoryId, Seat[]>();
  const rivalSet = new Set<Seat>();
  for (const t of presence) {
    const rivals = presentIn(state, t).filter((s) => s !== seat);
    rivalsAt.set(t, rivals);
    for (const r of rivals) rivalSet.add(r);
  }
  const rivals = [...rivalSet].sort((a, b) => a - b);
  const bit = new Map(rivals.map((r, i) => [r, 1 << i]));
  const maskAt = new Map<TerritoryId, number>();
  for (const [t, rs] of rivalsAt)
    maskAt.set(
      t,
      rs.reduce((m, r) => m | (bit.get(r) ?? 0), 0),
    );
  const masksBySize: number[][] = rivals.map(() => []).concat([[]]);
  for (let m = 0; m < 1 << rivals.length; m++) masksBySize[popcount(m)].push(m);

  const walks = new Map<number, Reach>();
  const walk = (mask: number): Reach => {
    const cached = walks.get(mask);
    if (cached) return cached;
    const dist = new Map<TerritoryId, number>();
    const parent = new Map<TerritoryId, TerritoryId | null>();
    const queue: TerritoryId[] = [];
    for (const c of capitals) {
      dist.set(c, 0);
      parent.set(c, null);
      queue.push(c);
    }
    for (let i = 0; i < queue.length; i++) {
      const x = queue[i];
      for (const y of neighboursInPlay(state, x)) {
        if (dist.has(y)) continue;
        const m = maskAt.get(y);
        if (m === undefined || (m & ~mask) !== 0) continue;
        dist.set(y, dist.get(x)! + 1);
        parent.set(y, x);
        queue.push(y);
      }
    }
    const reach = { dist, parent };
    walks.set(mask, reach);
    return reach;
  };
  const pathTo = (reach: Reach, x: TerritoryId): TerritoryId[] => {
    const path: TerritoryId[] = [];
    for (let t: TerritoryId | null = x; t !== null; t = reach.parent.get(t) ?? null) path.unshift(t);
    return path;
  };

  return (target, rule) => {
    if (capitals.length === 0) return null; // IM5.2.3
    if (rule.allowZero && capitals.includes(target)) return [target]; // IM5.2.1, G27
    const before = neighboursInPlay(state, target).filter((x) => !rule.lastStep || rule.lastStep(x, target));
    const everyone = walk((1 << rivals.length) - 1);
    if (!before.some((x) => everyone.dist.has(x) && x !== target)) return null; // no chain at all
    for (const masks of masksBySize) {
      let best: TerritoryId[] | null = null;
      for (const mask of masks) {
        const reach = walk(mask);
        for (const x of before) {
          const d = reach.dist.get(x);
          if (d === undefined || (best && d + 1 >= best.length)) continue;
          const path = pathTo(reach, x);
          if (!path.includes(target)) best = [...path, target];
        }
      }
      if (best) return best;
    }
    return null;
  };
}

/**
 * IM5.2.1: chains of command of `seat` to `target` under `rule`, found depth first from each Capital and sorted by
 * exposure (IM5.4.1), then length; at most `limit` of them, searching at most `budget` steps. For a player who picks
 * another route than the proposed one (IM5.3.1), and for the engine when the proposed one may not be announced again
 * (IM5.4.5).
 */
export function chainsFrom(
  state: ImperiosState,
  seat: Seat,
  target: TerritoryId,
  rule: ChainRule,
  limit = 10,
  budget = 300,
): Route[] {
  const found: Route[] = [];
  let steps = 0;
  const capitals = capitalsOf(state, seat);
  if (rule.allowZero && capitals.includes(target)) found.push([target]);
  const path: TerritoryId[] = [];
  const onPath = new Set<TerritoryId>();
  const visit = (x: TerritoryId): void => {
    if (found.length >= limit || ++steps > budget) return;
    path.push(x);
    onPath.add(x);
    for (const y of neighboursInPlay(state, x)) {
      if (onPath.has(y)) continue;
      if (y === target) {
        if (!rule.lastStep || rule.lastStep(x, y)) found.push([...path, y]);
      } else if (totems(state, y, seat) > 0) {
        visit(y);
      }
    }
    path.pop();
    onPath.delete(x);
  };
  for (const c of capitals) if (c !== target) visit(c);
  return found
    .map((route) => ({ route, exposure: blockersOf(state, seat, route).length }))
    .sort((a, b) => a.exposure - b.exposure || a.route.length - b.route.length)
    .map((x) => x.route);
}
