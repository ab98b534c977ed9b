/**
 * The Blue phase (docs/imperios/RULES.md IM8): Explore and Trade, both map actions (IM5.1.1). Candidates here carry
 * no route (legal.ts adds it), except Trade, whose cost depends on the route's length (IM8.2.2).
 */
import { GOOD_IDS, GOODS, isGoodId } from '../content/goods';
import { TECH_IDS, TECHS, TIERS } from '../content/techs';
import { exploreLink, type TerritoryId } from '../content/map';
import type { Asset, Explore, Seat, Trade } from './actions';
import { controller, moveCensus, neighboursInPlay, placeTotem, presenceOf, territoriesInPlay, totems } from './board';
import { payActions } from './chits';
import { log } from './log';
import type { Unrouted } from './red';
import type { Civ, ImperiosState } from './state';
import { mayOwnTech } from './yellow';

/** IM8.1.1–IM8.1.2: the territories `seat` has no totem in that a coast, sea or strait link reaches from its presence. */
export function exploreCandidates(state: ImperiosState, seat: Seat): Unrouted<Explore>[] {
  const present = new Set(presenceOf(state, seat));
  return territoriesInPlay(state)
    .filter((t) => !present.has(t) && neighboursInPlay(state, t).some((x) => present.has(x) && exploreLink(x, t)))
    .map((target) => ({ kind: 'explore', target }));
}

/** IM8.1.1, IM8.1.3: the explorer puts a totem in the target (the action has been paid for by the caller). */
export function resolveExplore(state: ImperiosState, seat: Seat, action: Explore): void {
  placeTotem(state, action.target, seat);
  log(state, 'explore', state.phase === 'black' ? 'IM9.3.1' : 'IM8.1.1', { seat, territory: action.target });
  state.pending = { kind: 'turn', seat };
}

/** The assets a civilization owns: goods and technologies, in table order. */
export function assetsOf(civ: Civ): Asset[] {
  return [...GOOD_IDS.filter((g) => civ.goods.includes(g)), ...TECH_IDS.filter((t) => civ.techs.includes(t))];
}

function owns(civ: Civ, asset: Asset): boolean {
  return isGoodId(asset) ? civ.goods.includes(asset) : civ.techs.includes(asset);
}

/** IM2.6.4 for a receiver: goods always; technologies only with their colour's Basic one. */
function mayReceive(civ: Civ, asset: Asset): boolean {
  return isGoodId(asset) || mayOwnTech(civ, asset);
}

/** IM8.2.6, G40: an asset's worth as held by its giver: its trade value, plus 1 with the Hanging Gardens. */
export function tradeWorth(giver: Civ, asset: Asset): number {
  const base = isGoodId(asset) ? GOODS[asset].value : TIERS[TECHS[asset].tier].tradeValue;
  return base + (giver.wonder === 'hangingGardens' ? 1 : 0);
}

/** IM8.2.2: ⌈k / 2⌉ blue actions for a route of k steps. */
export function tradeCost(route: readonly TerritoryId[]): number {
  return Math.ceil((route.length - 1) / 2);
}

/** IM8.2.6: the Census spaces A pays R: ⌈(Y − X) / 2⌉ if Y is worth more than X, else 0. */
export function tradePayment(state: ImperiosState, seat: Seat, partner: Seat, give: Asset, get: Asset): number {
  const x = tradeWorth(state.civs[seat], give);
  const y = tradeWorth(state.civs[partner], get);
  return y > x ? Math.ceil((y - x) / 2) : 0;
}

/** IM8.2.1, G29, G55: the (rival, territory) pairs `seat` may trade at, before the route: R's site, A present, once a round. */
export function tradePlaces(state: ImperiosState, seat: Seat): { partner: Seat; target: TerritoryId }[] {
  const civ = state.civs[seat];
  return presenceOf(state, seat).flatMap((target) => {
    const partner = controller(state, target);
    if (partner === null || partner === seat || civ.tradedWith.includes(partner)) return [];
    return totems(state, target, seat) > 0 ? [{ partner, target }] : [];
  });
}

/** IM8.2.4, IM8.2.6: the exchanges `seat` may name with `partner` (each side receives an asset it lacks and may own). */
export function tradeTerms(state: ImperiosState, seat: Seat, partner: Seat): { give: Asset; get: Asset }[] {
  const a = state.civs[seat];
  const r = state.civs[partner];
  const gives = assetsOf(a).filter((x) => !owns(r, x) && mayReceive(r, x));
  const gets = assetsOf(r).filter((y) => !owns(a, y) && mayReceive(a, y));
  return gives.flatMap((give) =>
    gets.filter((get) => tradePayment(state, seat, partner, give, get) <= a.census).map((get) => ({ give, get })),
  );
}

/** IM8.2.5–IM8.2.6: a trade not blocked. */
export function resolveTrade(state: ImperiosState, seat: Seat, action: Trade): void {
  const a = state.civs[seat];
  const r = state.civs[action.partner];
  const cost = tradeCost(action.route);
  const payment = tradePayment(state, seat, action.partner, action.give, action.get);
  payActions(state, a, 'blue', cost);
  const gain = moveCensus(state, seat, cost);
  if (isGoodId(action.give)) r.goods.push(action.give);
  else r.techs.push(action.give);
  if (isGoodId(action.get)) a.goods.push(action.get);
  else a.techs.push(action.get);
  // G49: the payment comes after the trade's own gain, and was checked against the census before it.
  moveCensus(state, seat, -payment);
  moveCensus(state, action.partner, payment);
  a.tradedWith.push(action.partner); // G55: a trade that took place
  log(state, 'trade', 'IM8.2.5', { seat, partner: action.partner, give: action.give, get: action.get, gain, payment });
  state.pending = { kind: 'turn', seat };
}
