/**
 * The totem supply (docs/imperios/RULES.md IM10, G11–G12): when a civilization must put a totem down and has none
 * left, it takes one of its map totems back first, never one on the route of the action in progress.
 */
import type { TerritoryId } from '../content/map';
import type { MapAction, Seat } from './actions';
import { presenceOf, removeTotem } from './board';
import { log } from './log';
import type { ImperiosState } from './state';

/** IM10.1, G11. */
export const TOTEMS_PER_CIV = 40;

/** IM6.2.3, IM8.1.1, IM9.1.1: the map actions that put a totem down. */
export function putsTotem(action: MapAction): boolean {
  return action.kind === 'conquer' || action.kind === 'explore' || action.kind === 'settle';
}

/** IM10.2: the territories where `seat` may take a totem back from, for an action along `route`. */
export function takeBackOptions(state: ImperiosState, seat: Seat, route: readonly TerritoryId[]): TerritoryId[] {
  return presenceOf(state, seat).filter((t) => !route.includes(t));
}

/** IM10.2: whether the action can put its totem down (from the supply, or after taking one back). */
export function canPutTotem(state: ImperiosState, seat: Seat, route: readonly TerritoryId[]): boolean {
  return state.civs[seat].supply > 0 || takeBackOptions(state, seat, route).length > 0;
}

/** IM10.2: take one totem back from `t`; taking one of two ends that control (and may lose a Capital, IM12.1.2). */
export function takeBack(state: ImperiosState, seat: Seat, t: TerritoryId, route: readonly TerritoryId[]): void {
  removeTotem(state, t, seat);
  log(state, 'takeBack', 'IM10.2', { seat, territory: t, route: [...route] });
}
