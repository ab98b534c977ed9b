/**
 * Step 2 of the round, the pool (docs/imperios/RULES.md IM4.3, G18): in seat order from the First Player, each
 * civilization takes one chit of a colour it names, from the pool or, if the pool has none of it, from a discard
 * pile of its choice. Taking the pool's last chit of a colour triggers the end (IM12.1.1).
 */
import { COLOURS, type Colour } from '../content/colours';
import type { Action, Seat } from './actions';
import { log } from './log';
import type { ImperiosState } from './state';

/** IM4.3: every colour the civilization may name, with where it would take the chit from. */
export function poolOptions(state: ImperiosState): Action[] {
  const out: Action[] = [];
  for (const colour of COLOURS) {
    if (state.pool[colour] > 0) {
      out.push({ kind: 'takeChit', colour });
      continue;
    }
    for (const civ of state.civs) if (civ.discard[colour] > 0) out.push({ kind: 'takeChit', colour, from: civ.seat });
  }
  return out;
}

/** IM4.3: take the chit into the hand. */
export function takeChit(state: ImperiosState, seat: Seat, colour: Colour, from?: Seat): void {
  const civ = state.civs[seat];
  if (from === undefined) {
    state.pool[colour]--;
    if (state.pool[colour] === 0 && !state.triggers.poolOut.includes(colour)) {
      state.triggers.poolOut.push(colour);
      log(state, 'trigger', 'IM12.1.1', { condition: 'poolOut', colour });
    }
  } else {
    state.civs[from].discard[colour]--;
  }
  civ.hand[colour]++;
  log(state, 'poolTake', 'IM4.3', { seat, colour, from: from ?? 'pool' });
  state.pending = null;
}
