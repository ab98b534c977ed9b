/**
 * Applying a move (docs/imperios/RULES.md): `applyAction(state, seat, action)` checks the action against
 * `legalActions` (the same list the board and bots read) and returns the new state, or `{ error }` with the input
 * untouched. A map action sent with another route than the proposed one is legal when the proposed twin is listed
 * and the route meets IM5.2 (G52).
 */
import { isColour } from '../content/colours';
import type { TerritoryId } from '../content/map';
import {
  actionKey,
  isMapAction,
  keyWithoutRoute,
  type Action,
  type ActionKind,
  type MapAction,
  type Seat,
} from './actions';
import { buildWonder } from './black';
import { buyDeal, muster } from './chits';
import { proceed } from './flow';
import { legalActions } from './legal';
import { log } from './log';
import { announce, answerBlock, answerTakeBack, routeConditionsError } from './mapActions';
import { takeChit } from './pool';
import { answerAssault, answerDefence, gainGood } from './red';
import { keepReserve } from './reserve';
import { chooseMetropolis } from './setup';
import { cloneState } from './clone';
import type { ImperiosState } from './state';
import { arts, learn } from './yellow';

export type Refusal = { error: string };

export function isRefusal(x: ImperiosState | Refusal): x is Refusal {
  return 'error' in x;
}

/** Why `action` is not legal for `seat` now, or null if it is. */
export function actionError(state: ImperiosState, seat: Seat, action: unknown): string | null {
  if (state.phase === 'over') return 'IM12.2: the game is over';
  if (!action || typeof action !== 'object' || Array.isArray(action)) return 'an action is an object';
  if (typeof (action as { kind?: unknown }).kind !== 'string') return 'an action has a kind';
  let key: string;
  try {
    key = actionKey(action);
  } catch {
    return 'an action is plain JSON';
  }
  const { kind, target } = action as { kind: ActionKind; target?: unknown };
  const legal = legalActions(
    state,
    seat,
    isMapAction(action as Action) ? { kind, target: target as TerritoryId } : { kind },
  );
  if (legal.some((a) => actionKey(a) === key)) return null;
  const a = action as Action;
  if (isMapAction(a) && Array.isArray(a.route)) {
    const twinKey = keyWithoutRoute(a);
    const twin = legal.find((l) => isMapAction(l) && keyWithoutRoute(l) === twinKey);
    if (twin) return routeConditionsError(state, seat, a);
  }
  return `this action is not legal for seat ${seat} now`;
}

/** Apply a legal action; a new state, or a refusal with the input unchanged. */
export function applyAction(state: ImperiosState, seat: Seat, action: unknown): ImperiosState | Refusal {
  const error = actionError(state, seat, action);
  if (error) return { error };
  return applyChecked(state, seat, action as Action);
}

/**
 * `applyAction` for an action `actionError` has just passed on this very state: the server's check before
 * boardgame.io's reducer (src/platform/vouch.ts), so a move is checked once (issue 21 item 4).
 */
export function applyChecked(state: ImperiosState, seat: Seat, action: Action): ImperiosState {
  const next = cloneState(state);
  perform(next, seat, action);
  proceed(next);
  return next;
}

function perform(state: ImperiosState, seat: Seat, action: Action): void {
  const civ = state.civs[seat];
  switch (action.kind) {
    case 'chooseMetropolis':
      return chooseMetropolis(state, seat, action.territory);
    case 'takeChit':
      return takeChit(state, seat, action.colour, action.from);
    case 'muster':
      return muster(state, civ, action.deal);
    case 'buy':
      if (!isColour(action.colour)) throw new Error('bad colour');
      return buyDeal(state, civ, action.colour, action.deal);
    case 'endTurn':
      log(state, 'endTurn', 'IM4.5.2', { seat });
      state.pending = null;
      return;
    case 'conquer':
    case 'eliminate':
    case 'assault':
    case 'explore':
    case 'trade':
    case 'settle':
      return announce(state, seat, { ...action, route: [...action.route] } as MapAction);
    case 'arts':
      return arts(state, seat);
    case 'learn':
      return learn(state, seat, action.tech);
    case 'wonder':
      return buildWonder(state, seat, action.wonder);
    case 'block':
    case 'letPass':
      return answerBlock(state, seat, action.kind === 'block');
    case 'defend':
    case 'noDefence':
      return answerDefence(state, action.kind === 'defend');
    case 'payAssault':
    case 'stopAssault':
      return answerAssault(state, action.kind === 'payAssault');
    case 'takeBack':
      return answerTakeBack(state, action.territory);
    case 'chooseGood':
      gainGood(state, seat, action.good);
      state.pending = { kind: 'turn', seat };
      return;
    case 'keepReserve':
      return keepReserve(state, seat, { ...action.keep });
  }
}
