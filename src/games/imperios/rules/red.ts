/**
 * The Red phase (docs/imperios/RULES.md IM6): muster, conquer a neutral site, eliminate a rival's presence, assault
 * a rival's site, and the defence and payment decisions they raise. Candidates here carry no route; legal.ts adds the
 * proposed one (chain.ts).
 */
import { GOOD_CAP_BY_LEVEL, GOOD_IDS, GOODS, type GoodId } from '../content/goods';
import { TERRITORIES, type TerritoryId } from '../content/map';
import type { Assault, Conquer, Eliminate, Seat } from './actions';
import { controller, moveCensus, placeTotem, presenceOf, presentIn, removeTotem, totems } from './board';
import { available } from './chits';
import { log } from './log';
import type { ImperiosState } from './state';

export type Unrouted<A> = Omit<A, 'route'>;

/** IM6.2.1–IM6.2.2: the neutral sites `seat` may conquer now (exactly one totem there, enough armies). */
export function conquerCandidates(state: ImperiosState, seat: Seat): Unrouted<Conquer>[] {
  const armies = state.civs[seat].armies;
  return presenceOf(state, seat)
    .filter((t) => {
      const site = TERRITORIES[t].site;
      return site && totems(state, t, seat) === 1 && controller(state, t) === null && armies >= site.armies;
    })
    .map((target) => ({ kind: 'conquer', target }));
}

/** IM6.3.1, G30: the lone rival totems in territories where `seat` is present, if it has an army. */
export function eliminateCandidates(state: ImperiosState, seat: Seat): Unrouted<Eliminate>[] {
  if (state.civs[seat].armies < 1) return [];
  return presenceOf(state, seat).flatMap((target) =>
    presentIn(state, target)
      .filter((r) => r !== seat && totems(state, target, r) === 1)
      .map((rival) => ({ kind: 'eliminate' as const, target, rival })),
  );
}

/** IM6.4.1: the rival sites in territories where `seat` is present, if it has an army. */
export function assaultCandidates(state: ImperiosState, seat: Seat): Unrouted<Assault>[] {
  if (state.civs[seat].armies < 1) return [];
  return presenceOf(state, seat)
    .filter((t) => {
      const owner = controller(state, t);
      return owner !== null && owner !== seat;
    })
    .map((target) => ({ kind: 'assault', target }));
}

/** IM6.4.2, IM6.5.1: the site's number, plus one for its owner's Engineering and one for its Pyramids. */
export function assaultCost(state: ImperiosState, t: TerritoryId): number {
  const site = TERRITORIES[t].site;
  const owner = controller(state, t);
  if (!site || owner === null) throw new Error(`${t} is not a controlled site`);
  const civ = state.civs[owner];
  return site.armies + (civ.techs.includes('engineering') ? 1 : 0) + (civ.wonder === 'pyramids' ? 1 : 0);
}

/** IM6.4.5: Census spaces a sack gives: 5 for a Capital, 3, 2, 1 for a City of level 5, 4, 3. */
export function sackCensus(t: TerritoryId): number {
  const site = TERRITORIES[t].site;
  if (!site) return 0;
  return site.kind === 'metropolis' ? 5 : site.level - 2;
}

/** IM6.2.4, IM2.5.2, G34: the goods a conquest of City `t` offers `seat`. */
export function conquestGoods(state: ImperiosState, seat: Seat, t: TerritoryId): GoodId[] {
  const territory = TERRITORIES[t];
  const site = territory.site;
  if (!site || site.kind !== 'city') return [];
  const cap = GOOD_CAP_BY_LEVEL[site.level];
  const owned = state.civs[seat].goods;
  return GOOD_IDS.filter((g) => {
    const good = GOODS[g];
    if (good.value > cap || owned.includes(g)) return false;
    return good.set === 'common' || territory.halves.includes(good.set);
  });
}

/** IM6.2.3–IM6.2.4: a conquest not blocked. */
export function resolveConquer(state: ImperiosState, seat: Seat, action: Conquer): void {
  const cost = TERRITORIES[action.target].site!.armies;
  state.civs[seat].armies -= cost;
  placeTotem(state, action.target, seat);
  log(state, 'conquer', 'IM6.2.3', { seat, territory: action.target, armies: cost });
  const options = conquestGoods(state, seat, action.target);
  if (options.length > 1) {
    state.pending = { kind: 'good', seat, target: action.target, options };
    return;
  }
  if (options.length === 1) gainGood(state, seat, options[0]);
  state.pending = { kind: 'turn', seat };
}

/** IM6.2.4: the conqueror takes its good. */
export function gainGood(state: ImperiosState, seat: Seat, good: GoodId): void {
  state.civs[seat].goods.push(good);
  log(state, 'good', 'IM6.2.4', { seat, good });
}

/** IM6.3.2–IM6.3.3, IM6.4.3: the attacker spends its first army and the rival is asked whether it defends. */
export function resolveAttack(state: ImperiosState, seat: Seat, action: Eliminate | Assault): void {
  const rival = action.kind === 'eliminate' ? action.rival : controller(state, action.target)!;
  state.civs[seat].armies -= 1;
  log(state, 'attack', action.kind === 'eliminate' ? 'IM6.3.2' : 'IM6.4.3', {
    seat,
    rival,
    territory: action.target,
  });
  const r = state.civs[rival];
  if (r.armies >= 1 || available(r, 'red') >= 1) {
    state.pending = { kind: 'defend', seat: rival, attacker: seat, action, limitSeconds: 45 };
    return;
  }
  // G37: a defence that cannot happen is not asked.
  log(state, 'defend', 'IM6.3.3', { seat: rival, defended: false });
  undefended(state, seat, rival, action);
}

/** IM6.3.3: the rival's answer. */
export function answerDefence(state: ImperiosState, defended: boolean): void {
  const p = state.pending;
  if (p?.kind !== 'defend') throw new Error('no defence question');
  log(state, 'defend', 'IM6.3.3', { seat: p.seat, defended });
  if (defended) {
    state.civs[p.seat].armies -= 1;
    state.pending = { kind: 'turn', seat: p.attacker };
    return;
  }
  undefended(state, p.attacker, p.seat, p.action);
}

function undefended(state: ImperiosState, seat: Seat, rival: Seat, action: Eliminate | Assault): void {
  if (action.kind === 'eliminate') {
    removeTotem(state, action.target, rival); // IM6.3.3
    log(state, 'totemRemoved', 'IM6.3.3', { seat: rival, territory: action.target });
    state.pending = { kind: 'turn', seat };
    return;
  }
  const rest = assaultCost(state, action.target) - 1; // IM6.4.4
  const civ = state.civs[seat];
  if (civ.armies >= rest || available(civ, 'red') >= 1) {
    state.pending = { kind: 'assaultPay', seat, defender: rival, action, rest };
    return;
  }
  // G54: it can neither pay nor muster, so the assault stops (the first army stays lost).
  state.pending = { kind: 'turn', seat };
  log(state, 'assaultStopped', 'IM6.4.4', { seat, territory: action.target });
}

/** IM6.4.4–IM6.4.6: the attacker pays the rest, or stops (the first army stays lost, G32). */
export function answerAssault(state: ImperiosState, pay: boolean): void {
  const p = state.pending;
  if (p?.kind !== 'assaultPay') throw new Error('no assault to pay');
  const { seat, defender, action, rest } = p;
  state.pending = { kind: 'turn', seat };
  if (!pay) {
    log(state, 'assaultStopped', 'IM6.4.4', { seat, territory: action.target });
    return;
  }
  state.civs[seat].armies -= rest;
  const census = moveCensus(state, seat, sackCensus(action.target));
  removeTotem(state, action.target, defender);
  removeTotem(state, action.target, defender); // IM6.4.5, IM6.4.6 (removeTotem notes a lost last Capital)
  log(state, 'sack', 'IM6.4.5', { seat, rival: defender, territory: action.target, armies: rest + 1, census });
}
