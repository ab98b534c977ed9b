/**
 * Legal actions, computed once (docs/imperios/RULES.md IM4.5, IM15): `legalActions(state, seat)` is the full list of
 * what `seat` may send now, in a deterministic order. The board, move validation (apply.ts) and bots share it. Map
 * actions appear once per action, target and terms, with the route the board proposes (IM5.3.1, G26); apply.ts also
 * accepts the same action by another legal route (chain.ts, G52).
 */
import type { Colour } from '../content/colours';
import { MAP_KINDS, type Action, type ActionKind, type MapKind, type Seat } from './actions';
import { wonderActions } from './black';
import { affordableDeals, available } from './chits';
import { mapActions, pendingTakeBackOptions, type ActionFilter } from './mapActions';
import { poolOptions } from './pool';
import { reserveOptions } from './reserve';
import { metropolisOptions } from './setup';
import type { ImperiosState } from './state';
import { yellowActions } from './yellow';

/** IM6.1, IM4.6.5: the musters `seat` can afford (one per deal). */
export function musterActions(state: ImperiosState, seat: Seat): Action[] {
  return affordableDeals(state.civs[seat], 'red').map((deal) => ({ kind: 'muster', deal }));
}

/**
 * IM4.5.2: what the civilization whose turn it is may do in the current colour phase; `filter` limits the list
 * (the same list, filtered: apply.ts checks a move this way).
 */
export function turnActions(state: ImperiosState, seat: Seat, filter: ActionFilter = {}): Action[] {
  const only = filter.kind;
  const colour = state.phase as Colour;
  const civ = state.civs[seat];
  const out: Action[] = [];
  if (colour === 'red') out.push(...musterActions(state, seat));
  else if (available(civ, colour) > 0) {
    out.push(...affordableDeals(civ, colour).map((deal): Action => ({ kind: 'buy', colour, deal })));
  }
  if (colour === 'yellow') out.push(...yellowActions(state, seat));
  if (colour === 'black') out.push(...wonderActions(state, seat));
  if (only === undefined || isMapKind(only)) out.push(...mapActions(state, seat, filter));
  out.push({ kind: 'endTurn' });
  return only === undefined ? out : out.filter((a) => a.kind === only);
}

/**
 * IM4.5.3, G53: whether `seat` has a legal action in its turn besides ending it; buying actions it cannot use does
 * not count. Read with the turn pending for that seat.
 */
export function hasPhaseAction(state: ImperiosState, seat: Seat): boolean {
  const colour = state.phase as Colour;
  if (colour === 'red' && musterActions(state, seat).length > 0) return true;
  if (colour === 'yellow' && yellowActions(state, seat).length > 0) return true;
  if (colour === 'black' && wonderActions(state, seat).length > 0) return true;
  return mapActions(state, seat, {}, true).length > 0;
}

function isMapKind(kind: ActionKind): kind is MapKind {
  return (MAP_KINDS as readonly string[]).includes(kind);
}

function isSeat(state: ImperiosState, seat: unknown): seat is Seat {
  return typeof seat === 'number' && Number.isInteger(seat) && seat >= 0 && seat < state.players;
}

/**
 * Every action `seat` may send now, in a deterministic order; empty when the game waits for others or is over.
 * `filter` limits the list to one kind of action, and a map action to one target (the same list, filtered).
 */
export function legalActions(state: ImperiosState, seat: Seat, filter: ActionFilter = {}): Action[] {
  const all = allLegalActions(state, seat, filter);
  return filter.kind === undefined ? all : all.filter((a) => a.kind === filter.kind);
}

function allLegalActions(state: ImperiosState, seat: Seat, filter: ActionFilter): Action[] {
  const p = state.pending;
  if (!isSeat(state, seat) || state.phase === 'over' || !p) return [];
  const out: Action[] = [];
  switch (p.kind) {
    case 'metropolis':
      if (p.seat === seat)
        out.push(...metropolisOptions(state).map((territory): Action => ({ kind: 'chooseMetropolis', territory })));
      break;
    case 'pool':
      if (p.seat === seat) out.push(...poolOptions(state));
      break;
    case 'turn':
      if (p.seat === seat) out.push(...turnActions(state, seat, filter));
      break;
    case 'block':
      if (p.asked.includes(seat) && !p.passed.includes(seat)) out.push({ kind: 'block' }, { kind: 'letPass' });
      break;
    case 'takeBack':
      if (p.seat === seat)
        out.push(...pendingTakeBackOptions(state).map((territory): Action => ({ kind: 'takeBack', territory })));
      break;
    case 'defend':
      if (p.seat === seat) {
        if (state.civs[seat].armies >= 1) out.push({ kind: 'defend' });
        out.push({ kind: 'noDefence' });
      }
      break;
    case 'assaultPay':
      if (p.seat === seat) {
        if (state.civs[seat].armies >= p.rest) out.push({ kind: 'payAssault' });
        out.push({ kind: 'stopAssault' });
      }
      break;
    case 'good':
      if (p.seat === seat) out.push(...p.options.map((good): Action => ({ kind: 'chooseGood', good })));
      break;
    case 'reserve':
      if (p.seats.includes(seat)) out.push(...reserveOptions(state, seat));
      break;
  }
  // IM6.1.3, G21: in the Red phase anyone may muster whenever the game waits (the active turn lists it already).
  if (state.phase === 'red' && !(p.kind === 'turn' && p.seat === seat)) out.push(...musterActions(state, seat));
  return out;
}

/** The seats whose answer the game waits for now (IM15); mustering out of turn (IM6.1.3) waits for nobody. */
export function awaitedSeats(state: ImperiosState): Seat[] {
  const p = state.pending;
  if (!p || state.phase === 'over') return [];
  if (p.kind === 'block') return p.asked.filter((s) => !p.passed.includes(s));
  if (p.kind === 'reserve') return [...p.seats];
  return [p.seat];
}
