/**
 * Composing an action from the legal list, one field at a time (issue 23 item 5, Santorini style): the board asks
 * the core once for `legalActions(state, seat)` and every step only narrows that list. The kind comes first, then
 * the action's fields in the order of FIELDS; a field with a single possible value is filled in without asking.
 * A map action ends with its route (IM5.3.1): the proposed one and the other legal chains (G52). Pure functions.
 */
import {
  actionError,
  actionKey,
  chainRule,
  chainsFrom,
  isMapAction,
  type Action,
  type ActionKind,
  type ImperiosState,
  type MapAction,
  type Route,
  type Seat,
} from '../../games/imperios/rules';

/** The fields a player picks for each kind of action, in the order they are asked. */
export const FIELDS: { readonly [K in ActionKind]: readonly string[] } = {
  chooseMetropolis: ['territory'],
  takeChit: ['colour', 'from'],
  muster: ['deal'],
  buy: ['colour', 'deal'],
  endTurn: [],
  conquer: ['target'],
  eliminate: ['target', 'rival'],
  assault: ['target'],
  explore: ['target'],
  trade: ['target', 'partner', 'give', 'get'],
  settle: ['target'],
  arts: [],
  learn: ['tech'],
  wonder: ['wonder'],
  block: [],
  letPass: [],
  defend: [],
  noDefence: [],
  payAssault: [],
  stopAssault: [],
  takeBack: ['territory'],
  chooseGood: ['good'],
  keepReserve: ['keep'],
};

/** The fields whose values are territories: their options glow on the map. */
export const TERRITORY_FIELDS: ReadonlySet<string> = new Set(['territory', 'target']);

/** What has been picked so far: the kind and some fields. */
export type Picked = { kind?: ActionKind } & Record<string, unknown>;

const valueKey = (v: unknown) => JSON.stringify(v ?? null);

function field(a: Action, name: string): unknown {
  return (a as unknown as Record<string, unknown>)[name];
}

/** The legal actions that agree with every pick. */
export function matching(legal: readonly Action[], picked: Picked): Action[] {
  const entries = Object.entries(picked);
  return legal.filter((a) => entries.every(([k, v]) => valueKey(field(a, k)) === valueKey(v)));
}

/** The distinct values a field takes among actions, in list order. */
export function valuesOf(actions: readonly Action[], name: string): unknown[] {
  const seen = new Map<string, unknown>();
  for (const a of actions) {
    const v = field(a, name);
    if (!seen.has(valueKey(v))) seen.set(valueKey(v), v);
  }
  return [...seen.values()];
}

/** The kinds offered, in list order. */
export function kindsOf(legal: readonly Action[]): ActionKind[] {
  return valuesOf(legal, 'kind') as ActionKind[];
}

export type Step =
  /** Choose among the kinds of action. */
  | { step: 'kind'; kinds: ActionKind[] }
  /** Choose a value of `field`. */
  | { step: 'field'; field: string; values: unknown[]; picked: Picked }
  /** A map action is complete but for its route: choose one of `routes` (the proposed one first) to announce it. */
  | { step: 'route'; action: MapAction; routes: Route[]; picked: Picked }
  /** The action is complete. */
  | { step: 'done'; action: Action; picked: Picked };

/**
 * The step the prompt is at: fields with one possible value are filled in (`picked` grows), the first field with
 * several is asked. `routes` lists the legal routes of a complete map action (routeOptions); it is only called then.
 */
export function stepOf(legal: readonly Action[], chosen: Picked, routes: (a: MapAction) => Route[]): Step {
  const kinds = kindsOf(legal);
  const picked: Picked = { ...chosen };
  if (picked.kind === undefined) {
    if (kinds.length !== 1) return { step: 'kind', kinds };
    picked.kind = kinds[0];
  }
  for (const name of FIELDS[picked.kind]) {
    if (name in picked) continue;
    const values = valuesOf(matching(legal, picked), name);
    if (values.length > 1) return { step: 'field', field: name, values, picked };
    picked[name] = values[0];
  }
  const left = matching(legal, picked);
  if (left.length === 0) return { step: 'kind', kinds };
  const action = left[0];
  if (isMapAction(action)) return { step: 'route', action, routes: routes(action), picked };
  return { step: 'done', action, picked };
}

/** The most routes the prompt offers for one action (the chains differ only in who may block: G52). */
export const ROUTE_LIMIT = 6;

/**
 * IM5.3.1, G52: the routes `seat` may announce `action` by: the proposed one first, then other chains of command the
 * core accepts for the same action, least exposed first.
 */
export function routeOptions(state: ImperiosState, seat: Seat, action: MapAction): Route[] {
  const out: Route[] = [action.route];
  const seen = new Set([action.route.join('>')]);
  for (const route of chainsFrom(state, seat, action.target, chainRule(state, action.kind), 20)) {
    if (out.length >= ROUTE_LIMIT) break;
    const key = route.join('>');
    if (seen.has(key)) continue;
    seen.add(key);
    if (actionError(state, seat, { ...action, route }) === null) out.push(route);
  }
  return out;
}

/** Whether two actions are the same action (fields compared, order ignored). */
export function sameAction(a: Action, b: Action): boolean {
  return actionKey(a) === actionKey(b);
}
