/**
 * The Black phase (docs/imperios/RULES.md IM9): Settle (a map action that cannot be blocked), Build a wonder, and
 * Explore paid in black under Navigation (IM9.3, blue.ts resolves it).
 */
import { TERRITORIES, settleLink } from '../content/map';
import { WONDER_COST, WONDER_IDS, type WonderId } from '../content/wonders';
import type { Action, Seat, Settle } from './actions';
import { neighboursInPlay, placeTotem, presenceOf, territoriesInPlay } from './board';
import { canPay, payActions } from './chits';
import { log } from './log';
import type { Unrouted } from './red';
import type { ImperiosState } from './state';

/** IM9.1.1–IM9.1.2, IM9.1.5: land territories without `seat`'s totem that a land link reaches from its presence. */
export function settleCandidates(state: ImperiosState, seat: Seat): Unrouted<Settle>[] {
  const present = new Set(presenceOf(state, seat));
  const options = { minosLandBridge: state.options.minosLandBridge };
  return territoriesInPlay(state)
    .filter(
      (t) =>
        TERRITORIES[t].kind === 'land' &&
        !present.has(t) &&
        neighboursInPlay(state, t).some((x) => present.has(x) && settleLink(x, t, options)),
    )
    .map((target) => ({ kind: 'settle', target }));
}

/** IM9.1.1, IM9.1.3: the settler puts a totem in the target (paid for by the caller). */
export function resolveSettle(state: ImperiosState, seat: Seat, action: Settle): void {
  placeTotem(state, action.target, seat);
  log(state, 'settle', 'IM9.1.1', { seat, territory: action.target });
  state.pending = { kind: 'turn', seat };
}

/** IM9.2.1: the wonders nobody has built, which `seat` may build if it has none and can pay six black actions. */
export function wonderActions(state: ImperiosState, seat: Seat): Action[] {
  const civ = state.civs[seat];
  if (civ.wonder !== null || !canPay(civ, 'black', WONDER_COST)) return [];
  const built = new Set(state.civs.map((c) => c.wonder));
  return WONDER_IDS.filter((w) => !built.has(w)).map((wonder) => ({ kind: 'wonder', wonder }));
}

/** IM9.2.1, G43: built at once, working from now on. */
export function buildWonder(state: ImperiosState, seat: Seat, wonder: WonderId): void {
  const civ = state.civs[seat];
  payActions(state, civ, 'black', WONDER_COST);
  civ.wonder = wonder;
  log(state, 'wonder', 'IM9.2.1', { seat, wonder });
}
