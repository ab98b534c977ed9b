/**
 * Reading and changing the map (docs/imperios/RULES.md IM1.2, IM2.1, IM10): totems, presence, control, sites, and
 * the territories in play. Pure functions over the state.
 */
import { TERRITORIES, neighbours, territoriesFor, type TerritoryId } from '../content/map';
import type { Seat } from './actions';
import { log } from './log';
import type { ImperiosState } from './state';

interface InPlay {
  list: TerritoryId[];
  set: ReadonlySet<TerritoryId>;
  capitals: TerritoryId[];
  cities: TerritoryId[];
  neighbours: Map<TerritoryId, TerritoryId[]>;
}

/** The map as played by each player count, computed once (the map is constant data). */
const IN_PLAY = new Map<number, InPlay>();

function inPlayFor(players: number): InPlay {
  let found = IN_PLAY.get(players);
  if (!found) {
    const list = territoriesFor(players);
    const set = new Set(list);
    found = {
      list,
      set,
      capitals: list.filter((t) => TERRITORIES[t].site?.kind === 'metropolis'),
      cities: list.filter((t) => TERRITORIES[t].site?.kind === 'city'),
      neighbours: new Map(list.map((t) => [t, neighbours(t, set)])),
    };
    IN_PLAY.set(players, found);
  }
  return found;
}

/** IM3.1.1: the territories in play, in map order. */
export function territoriesInPlay(state: Pick<ImperiosState, 'players'>): readonly TerritoryId[] {
  return inPlayFor(state.players).list;
}

export function inPlaySet(state: Pick<ImperiosState, 'players'>): ReadonlySet<TerritoryId> {
  return inPlayFor(state.players).set;
}

/** IM2.1.2, IM3.1.1: the neighbours of `t` among the territories in play (a shared list: do not change it). */
export function neighboursInPlay(state: Pick<ImperiosState, 'players'>, t: TerritoryId): readonly TerritoryId[] {
  return inPlayFor(state.players).neighbours.get(t) ?? [];
}

/** The totems `seat` has in `t` (0 to 2). */
export function totems(state: ImperiosState, t: TerritoryId, seat: Seat): number {
  return state.board[t]?.[seat] ?? 0;
}

/** IM1.2 presence. */
export function isPresent(state: ImperiosState, t: TerritoryId, seat: Seat): boolean {
  return totems(state, t, seat) > 0;
}

/** IM1.2: the seats present in `t`. */
export function presentIn(state: ImperiosState, t: TerritoryId): Seat[] {
  const row = state.board[t];
  const out: Seat[] = [];
  if (row) for (let seat = 0; seat < row.length; seat++) if (row[seat] > 0) out.push(seat);
  return out;
}

/** IM1.2 control: two totems, which only a site can hold (IM6.2.5). */
export function controller(state: ImperiosState, t: TerritoryId): Seat | null {
  const row = state.board[t];
  if (!row) return null;
  const seat = row.indexOf(2);
  return seat >= 0 ? seat : null;
}

export function isCapital(t: TerritoryId): boolean {
  return TERRITORIES[t].site?.kind === 'metropolis';
}

export function isCity(t: TerritoryId): boolean {
  return TERRITORIES[t].site?.kind === 'city';
}

/** IM1.2: the Capitals `seat` controls, in map order. */
export function capitalsOf(state: ImperiosState, seat: Seat): TerritoryId[] {
  return inPlayFor(state.players).capitals.filter((t) => totems(state, t, seat) === 2);
}

/** The Cities `seat` controls, in map order. */
export function citiesOf(state: ImperiosState, seat: Seat): TerritoryId[] {
  return inPlayFor(state.players).cities.filter((t) => totems(state, t, seat) === 2);
}

/** The territories where `seat` is present, in map order. */
export function presenceOf(state: ImperiosState, seat: Seat): TerritoryId[] {
  return territoriesInPlay(state).filter((t) => totems(state, t, seat) > 0);
}

/** IM10.1: put one of `seat`'s supply totems in `t`. The caller has checked the supply (IM10.2). */
export function placeTotem(state: ImperiosState, t: TerritoryId, seat: Seat): void {
  const civ = state.civs[seat];
  if (civ.supply <= 0) throw new Error(`seat ${seat} has no totem left`);
  const row = state.board[t];
  if (!row) throw new Error(`${t} is not in play`);
  if (row[seat] >= 2) throw new Error(`seat ${seat} already has two totems in ${t}`);
  state.board[t] = row.map((n, s) => (s === seat ? n + 1 : n)); // a new row: states share unchanged rows (clone.ts)
  civ.supply--;
}

/** Return one of `seat`'s totems in `t` to its supply; notes a lost last Capital (IM12.1.2). */
export function removeTotem(state: ImperiosState, t: TerritoryId, seat: Seat): void {
  const row = state.board[t];
  if (!row || row[seat] <= 0) throw new Error(`seat ${seat} has no totem in ${t}`);
  state.board[t] = row.map((n, s) => (s === seat ? n - 1 : n)); // a new row (clone.ts)
  state.civs[seat].supply++;
  noteCapitalLoss(state, seat);
}

/** IM12.1.2, G45: a civilization with no Capital at some moment of the round is noted for the end check. */
export function noteCapitalLoss(state: ImperiosState, seat: Seat): void {
  if (state.phase === 'setup') return;
  if (capitalsOf(state, seat).length > 0 || state.triggers.capitalLost.includes(seat)) return;
  state.triggers.capitalLost.push(seat);
  log(state, 'trigger', 'IM12.1.2', { condition: 'capitalLost', seat });
}

/** The seats in order from `from`, clockwise (IM1.2: the next seat up). */
export function clockwiseFrom(players: number, from: Seat): Seat[] {
  return Array.from({ length: players }, (_, i) => (from + i) % players);
}

/** IM2.3.1: the Census track runs from 0 to 12; a move past either end stops there. Returns the move made. */
export function moveCensus(state: ImperiosState, seat: Seat, spaces: number): number {
  const civ = state.civs[seat];
  const to = Math.max(0, Math.min(12, civ.census + spaces));
  const moved = to - civ.census;
  civ.census = to;
  return moved;
}
