/**
 * Step 9 of the round, the reserve (docs/imperios/RULES.md IM4.7, G23): each civilization keeps at most its Age's
 * reserve limit of its unspent chits; the rest go to its discard pile. Only those with more unspent chits than the
 * limit are asked which to keep (G51); the others keep them all.
 */
import { AGES } from '../content/ages';
import { COLOURS } from '../content/colours';
import type { Action, Chits, Seat } from './actions';
import { chitTotal, noChits } from './chits';
import { log } from './log';
import type { Civ, ImperiosState } from './state';

/** IM4.4: the unspent chits, hand and reserve together. */
export function unspent(civ: Civ): Chits {
  const c = noChits();
  for (const colour of COLOURS) c[colour] = civ.hand[colour] + civ.reserve[colour];
  return c;
}

function keep(state: ImperiosState, civ: Civ, kept: Chits): void {
  const all = unspent(civ);
  for (const colour of COLOURS) {
    civ.discard[colour] += all[colour] - kept[colour];
    civ.reserve[colour] = kept[colour];
    civ.hand[colour] = 0;
  }
  log(state, 'reserve', 'IM4.7', { seat: civ.seat, kept: { ...kept } });
}

/** IM4.7: start the step; returns the seats that must choose. */
export function startReserve(state: ImperiosState): Seat[] {
  const asked: Seat[] = [];
  for (const civ of state.civs) {
    const all = unspent(civ);
    if (chitTotal(all) > AGES[civ.age].reserve) asked.push(civ.seat);
    else keep(state, civ, all);
  }
  return asked;
}

/** IM4.7: every choice of chits to keep, at most the limit in all. */
export function reserveOptions(state: ImperiosState, seat: Seat): Action[] {
  const civ = state.civs[seat];
  const all = unspent(civ);
  const limit = AGES[civ.age].reserve;
  const out: Action[] = [];
  const upTo = (n: number, cap: number) => Array.from({ length: Math.min(n, cap) + 1 }, (_, i) => i);
  for (const red of upTo(all.red, limit))
    for (const yellow of upTo(all.yellow, limit - red))
      for (const blue of upTo(all.blue, limit - red - yellow))
        for (const black of upTo(all.black, limit - red - yellow - blue))
          out.push({ kind: 'keepReserve', keep: { red, yellow, blue, black } });
  return out;
}

/** IM4.7: one civilization's answer; the step ends when all have answered. */
export function keepReserve(state: ImperiosState, seat: Seat, kept: Chits): void {
  const p = state.pending;
  if (p?.kind !== 'reserve') throw new Error('no reserve step');
  keep(state, state.civs[seat], kept);
  p.seats = p.seats.filter((s) => s !== seat);
  if (p.seats.length === 0) state.pending = null;
}
