/**
 * The moves of Imperios Milenarios (docs/imperios/RULES.md): every action a seat may send, as one tagged union of
 * plain JSON objects. `legalActions` (legal.ts) lists them; `applyAction` (apply.ts) takes one.
 */
import type { Colour } from '../content/colours';
import type { GoodId } from '../content/goods';
import type { TerritoryId } from '../content/map';
import type { TechId } from '../content/techs';
import type { WonderId } from '../content/wonders';

export type Seat = number;
/** A chain of command as declared (IM5.2.1, IM5.3.1): the Capital first, the target last. */
export type Route = TerritoryId[];
export type Asset = GoodId | TechId;
/** IM4.6: one chit for one action; with the Basic technology three for four; with the Advanced two for three. */
export type Deal = 'one' | 'basic' | 'advanced';
/** Chit counts by colour. */
export type Chits = Record<Colour, number>;

/** IM6.2 Conquer a neutral site. */
export interface Conquer {
  kind: 'conquer';
  target: TerritoryId;
  route: Route;
}
/** IM6.3 Eliminate a rival's lone totem. */
export interface Eliminate {
  kind: 'eliminate';
  target: TerritoryId;
  rival: Seat;
  route: Route;
}
/** IM6.4 Assault a rival's site. */
export interface Assault {
  kind: 'assault';
  target: TerritoryId;
  route: Route;
}
/** IM8.1 Explore (in the Black phase under Navigation, IM9.3). */
export interface Explore {
  kind: 'explore';
  target: TerritoryId;
  route: Route;
}
/** IM8.2 Trade: give `give` to `partner`, receive `get`. */
export interface Trade {
  kind: 'trade';
  partner: Seat;
  target: TerritoryId;
  give: Asset;
  get: Asset;
  route: Route;
}
/** IM9.1 Settle. */
export interface Settle {
  kind: 'settle';
  target: TerritoryId;
  route: Route;
}

/** IM5.1.1: the actions that need a chain of command. */
export type MapAction = Conquer | Eliminate | Assault | Explore | Trade | Settle;
export type MapKind = MapAction['kind'];
export const MAP_KINDS: readonly MapKind[] = ['conquer', 'eliminate', 'assault', 'explore', 'trade', 'settle'];

export type Action =
  /** IM3.4 */
  | { kind: 'chooseMetropolis'; territory: TerritoryId }
  /** IM4.3: from the pool, or (`from`) from that civilization's discard pile. */
  | { kind: 'takeChit'; colour: Colour; from?: Seat }
  /** IM6.1, IM4.6.5: buy red actions, which become armies. */
  | { kind: 'muster'; deal: Deal }
  /** IM4.6.4: buy actions of the phase's colour explicitly. */
  | { kind: 'buy'; colour: Colour; deal: Deal }
  /** IM4.5.2 */
  | { kind: 'endTurn' }
  | MapAction
  /** IM7.1 */
  | { kind: 'arts' }
  /** IM7.2 */
  | { kind: 'learn'; tech: TechId }
  /** IM9.2 */
  | { kind: 'wonder'; wonder: WonderId }
  /** IM5.4.2 */
  | { kind: 'block' }
  | { kind: 'letPass' }
  /** IM6.3.3 */
  | { kind: 'defend' }
  | { kind: 'noDefence' }
  /** IM6.4.4 */
  | { kind: 'payAssault' }
  | { kind: 'stopAssault' }
  /** IM10.2 */
  | { kind: 'takeBack'; territory: TerritoryId }
  /** IM6.2.4 */
  | { kind: 'chooseGood'; good: GoodId }
  /** IM4.7 */
  | { kind: 'keepReserve'; keep: Chits };

export type ActionKind = Action['kind'];

export function isMapAction(a: Action): a is MapAction {
  return (MAP_KINDS as readonly string[]).includes(a.kind);
}

/** A canonical text for an action: its fields in sorted order, so equal actions have equal keys. */
export function actionKey(a: unknown): string {
  return JSON.stringify(a, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : 1)))
      : v,
  );
}

/** The key of a map action without its route: the same action, target and terms by another chain (IM5.3.1). */
export function keyWithoutRoute(a: MapAction): string {
  return actionKey({ ...a, route: null });
}
