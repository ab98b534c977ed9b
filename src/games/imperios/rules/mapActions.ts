/**
 * Map actions from announcement to resolution (docs/imperios/RULES.md IM5, IM10.2): each candidate gets the route
 * the board proposes, the announcement counts toward IM5.4.5, the block offer goes to the civilizations present on
 * the route's intermediate territories, a totem is taken back if the supply is empty, then the action resolves in
 * its colour's module.
 */
import type { TerritoryId } from '../content/map';
import type { ActionKind, MapAction, MapKind, Seat, Trade } from './actions';
import { capitalsOf } from './board';
import { blockersOf, chainRule, chainsFrom, routeError, routeFinder } from './chain';
import { canPay, payActions } from './chits';
import { log } from './log';
import {
  assaultCandidates,
  conquerCandidates,
  eliminateCandidates,
  resolveAttack,
  resolveConquer,
  type Unrouted,
} from './red';
import { exploreCandidates, resolveExplore, resolveTrade, tradeCost, tradePlaces, tradeTerms } from './blue';
import { resolveSettle, settleCandidates } from './black';
import type { ImperiosState } from './state';
import { canPutTotem, putsTotem, takeBack, takeBackOptions } from './totems';

/** IM5.4.5: the identity of an announcement: action, target, terms and route. */
export function announcementKey(action: MapAction): string {
  const terms = action.kind === 'trade' ? `${action.partner}:${action.give}:${action.get}` : '';
  const rival = action.kind === 'eliminate' ? String(action.rival) : '';
  return `${action.kind}|${action.target}|${rival}|${terms}|${action.route.join(',')}`;
}

/** IM5.4.5: announcements of this very action (same target, terms and route) made in this turn. */
export function timesAnnounced(state: ImperiosState, action: MapAction): number {
  for (const _ in state.announced) return state.announced[announcementKey(action)] ?? 0;
  return 0; // nothing announced yet this turn
}

/**
 * What a chain of command must also satisfy to be used now: not announced twice already this turn (IM5.4.5), leaving
 * a totem to take back if the supply is empty (IM10.2), and for a Trade a cost the trader can pay (IM8.2.2).
 */
function usableRouteError(state: ImperiosState, seat: Seat, action: MapAction): string | null {
  if (timesAnnounced(state, action) >= 2) return 'IM5.4.5: this announcement was already made twice this turn';
  if (putsTotem(action) && !canPutTotem(state, seat, action.route)) return 'IM10.2: no totem to put down';
  if (action.kind === 'trade' && !canPay(state.civs[seat], 'blue', tradeCost(action.route))) {
    return 'IM8.2.2: the trade costs more blue actions than you can pay';
  }
  return null;
}

/**
 * What the route of a map action must satisfy beyond the action's own conditions: a chain of command (IM5.2.1,
 * IM8.1.2, IM9.1.2) ending at the target, and usable now (IM5.4.5, IM10.2, IM8.2.2). Null if it does.
 */
export function routeConditionsError(state: ImperiosState, seat: Seat, action: MapAction): string | null {
  const wrong = routeError(state, seat, action.route, chainRule(state, action.kind));
  if (wrong) return wrong;
  if (action.route[action.route.length - 1] !== action.target) return 'IM5.2.1: a chain ends at its target';
  return usableRouteError(state, seat, action);
}

type Find = ReturnType<typeof routeFinder>;

/** IM5.3.1: the proposed route for a candidate, or another legal one if that one may not be used (IM5.4.5, IM10.2). */
function routed<A extends MapAction>(state: ImperiosState, seat: Seat, find: Find, candidate: Unrouted<A>): A | null {
  const rule = chainRule(state, candidate.kind);
  const route = find(candidate.target, rule);
  if (!route) return null;
  const action = { ...candidate, route } as A;
  // The finder's and chainsFrom's routes are chains of command by construction (chain.ts).
  if (usableRouteError(state, seat, action) === null) return action;
  if (action.kind === 'trade') return null; // a longer route only costs more (IM8.2.2)
  for (const other of chainsFrom(state, seat, candidate.target, rule)) {
    const alt = { ...candidate, route: other } as A;
    if (usableRouteError(state, seat, alt) === null) return alt;
  }
  return null;
}

/** Which actions a list is limited to: one kind, one target (apply.ts checks a move against such a list). */
export interface ActionFilter {
  kind?: ActionKind;
  target?: TerritoryId;
}

type Candidate = Unrouted<Exclude<MapAction, Trade>> | { kind: 'trade'; partner: Seat; target: TerritoryId };

/** The map actions' candidates before routes, in list order (IM6–IM9). */
function candidates(state: ImperiosState, seat: Seat, wants: (kind: MapKind) => boolean): Candidate[] {
  const civ = state.civs[seat];
  const out: Candidate[] = [];
  if (state.phase === 'red') {
    if (wants('conquer')) out.push(...conquerCandidates(state, seat));
    if (wants('eliminate')) out.push(...eliminateCandidates(state, seat));
    if (wants('assault')) out.push(...assaultCandidates(state, seat));
  } else if (state.phase === 'blue') {
    if (wants('explore') && canPay(civ, 'blue', 1)) out.push(...exploreCandidates(state, seat));
    if (wants('trade')) out.push(...tradePlaces(state, seat).map((p) => ({ kind: 'trade' as const, ...p })));
  } else if (state.phase === 'black' && canPay(civ, 'black', 1)) {
    if (wants('settle')) out.push(...settleCandidates(state, seat));
    if (wants('explore') && civ.techs.includes('navigation')) out.push(...exploreCandidates(state, seat)); // IM9.3.1
  }
  return out;
}

/**
 * The map actions `seat` may announce in its turn now, each with its proposed route (IM5.1.1, IM5.2.3, IM5.3.1),
 * limited by `filter`; with `first`, stops at the first one found.
 */
export function mapActions(state: ImperiosState, seat: Seat, filter: ActionFilter = {}, first = false): MapAction[] {
  if (capitalsOf(state, seat).length === 0) return []; // IM5.2.3
  const wants = (kind: MapKind) => filter.kind === undefined || filter.kind === kind;
  const list = candidates(state, seat, wants).filter((c) => filter.target === undefined || c.target === filter.target);
  const out: MapAction[] = [];
  if (list.length === 0) return out;
  const find = routeFinder(state, seat);
  for (const c of list) {
    if (c.kind === 'trade') {
      const route = find(c.target, chainRule(state, 'trade'));
      if (!route) continue;
      for (const terms of tradeTerms(state, seat, c.partner)) {
        const action: Trade = { ...c, ...terms, route };
        if (usableRouteError(state, seat, action) === null) out.push(action);
      }
    } else {
      const action = routed(state, seat, find, c);
      if (action) out.push(action);
    }
    if (first && out.length > 0) break;
  }
  return out;
}

/** IM5.1.2–IM5.1.3, G24, G41: whether the action is offered for a block. */
export function blockable(state: ImperiosState, seat: Seat, action: MapAction): boolean {
  if (action.kind === 'settle') return false;
  const ambassadors = state.civs[seat].techs.includes('ambassadors');
  return !(ambassadors && state.phase === 'blue' && (action.kind === 'explore' || action.kind === 'trade'));
}

/** IM5.3–IM5.4: announce a legal map action with its route; the block offer, if any, waits for its answers. */
export function announce(state: ImperiosState, seat: Seat, action: MapAction): void {
  const key = announcementKey(action);
  state.announced[key] = (state.announced[key] ?? 0) + 1;
  const blockers = blockable(state, seat, action) ? blockersOf(state, seat, action.route) : [];
  log(state, 'announce', 'IM5.3.1', { seat, action, blockers });
  if (blockers.length > 0) {
    state.pending = { kind: 'block', seat, action, asked: blockers, passed: [], limitSeconds: 60 };
    return;
  }
  carryOut(state, seat, action);
}

/** IM5.4.2–IM5.4.3, G50: one block stops the action at once; when all have let it pass, it resolves. */
export function answerBlock(state: ImperiosState, seat: Seat, block: boolean): void {
  const p = state.pending;
  if (p?.kind !== 'block') throw new Error('no block offer');
  log(state, 'blockAnswer', 'IM5.4.2', { seat, block });
  if (block) {
    log(state, 'blocked', 'IM5.4.3', { seat: p.seat, by: seat });
    state.pending = { kind: 'turn', seat: p.seat }; // IM5.4.5: the turn goes on
    return;
  }
  p.passed.push(seat);
  if (p.passed.length === p.asked.length) carryOut(state, p.seat, p.action);
}

/** IM10.2: with no totem in the supply, the civilization takes one back first. */
function carryOut(state: ImperiosState, seat: Seat, action: MapAction): void {
  if (putsTotem(action) && state.civs[seat].supply === 0) {
    state.pending = { kind: 'takeBack', seat, action };
    return;
  }
  execute(state, seat, action);
}

/** IM10.2: the territories the pending take-back may choose from. */
export function pendingTakeBackOptions(state: ImperiosState): TerritoryId[] {
  const p = state.pending;
  return p?.kind === 'takeBack' ? takeBackOptions(state, p.seat, p.action.route) : [];
}

export function answerTakeBack(state: ImperiosState, t: TerritoryId): void {
  const p = state.pending;
  if (p?.kind !== 'takeBack') throw new Error('no take-back');
  takeBack(state, p.seat, t, p.action.route);
  execute(state, p.seat, p.action);
}

function execute(state: ImperiosState, seat: Seat, action: MapAction): void {
  const civ = state.civs[seat];
  switch (action.kind) {
    case 'conquer':
      return resolveConquer(state, seat, action);
    case 'eliminate':
    case 'assault':
      return resolveAttack(state, seat, action);
    case 'explore':
      payActions(state, civ, state.phase === 'black' ? 'black' : 'blue', 1); // IM8.1.1, IM9.3.1
      return resolveExplore(state, seat, action);
    case 'trade':
      return resolveTrade(state, seat, action);
    case 'settle':
      payActions(state, civ, 'black', 1); // IM9.1.1
      return resolveSettle(state, seat, action);
  }
}
