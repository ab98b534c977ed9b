/**
 * A fast copy of the state for applyAction (apply.ts), deep except for what is never changed in place: logged events
 * and past rounds' lists of them, and the board's rows (board.ts writes a new row for every change).
 */
import type { Chits } from './actions';
import type { Civ, ImperiosState } from './state';

const chits = (c: Chits): Chits => ({ red: c.red, yellow: c.yellow, blue: c.blue, black: c.black });

function cloneCiv(c: Civ): Civ {
  return {
    ...c,
    cup: chits(c.cup),
    hand: chits(c.hand),
    reserve: chits(c.reserve),
    discard: chits(c.discard),
    techs: [...c.techs],
    goods: [...c.goods],
    tradedWith: [...c.tradedWith],
  };
}

export function cloneState(s: ImperiosState): ImperiosState {
  return {
    ...s,
    options: { ...s.options },
    seniority: [...s.seniority],
    queue: [...s.queue],
    announced: { ...s.announced },
    // The rows are shared: board.ts replaces a row instead of changing it.
    board: { ...s.board },
    pool: chits(s.pool),
    civs: s.civs.map(cloneCiv),
    triggers: { poolOut: [...s.triggers.poolOut], capitalLost: [...s.triggers.capitalLost] },
    pending: s.pending === null ? null : (JSON.parse(JSON.stringify(s.pending)) as ImperiosState['pending']),
    result: s.result === null ? null : (JSON.parse(JSON.stringify(s.result)) as ImperiosState['result']),
    log: s.log.map((round, i) => (i === s.log.length - 1 ? [...round] : round)),
  };
}
