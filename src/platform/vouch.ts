/**
 * One validation of a move (issue 21 item 4), for any hosted game. A server checks a socket's move against the game's
 * core before handing it to boardgame.io's reducer (server/match/moves.ts), because the reducer prints an error line
 * for every refused move (a flood of bad moves would be a flood of lines). What that check found is kept here, so the
 * game's move applies it without checking the same move a second time.
 *
 * A vouch is bound to the state object it was made on (a WeakMap keyed by that object, so nothing outlives it), to
 * the seat, the move and the very argument objects of the payload the reducer then receives: a move on another state
 * object, by another seat or with other arguments (even equal ones) finds no vouch and is checked as before. It is
 * taken once.
 */
interface Vouch<V> {
  seat: string;
  move: string;
  args: readonly unknown[];
  found: V;
}

export class Vouches<S extends object, V> {
  private readonly kept = new WeakMap<S, Vouch<V>>();

  /** Keep what the check found for `move(...args)` by `seat` on `state` (null: the check refused, keep nothing). */
  keep(state: S, seat: string, move: string, args: unknown, found: V | null): void {
    if (found === null) this.kept.delete(state);
    else this.kept.set(state, { seat, move, args: Array.isArray(args) ? [...args] : [], found });
  }

  /** What was kept for exactly this move on this state, taken (a vouch serves one move); or null. */
  take(state: S, seat: string, move: string, args: readonly unknown[]): V | null {
    const v = this.kept.get(state);
    if (!v) return null;
    this.kept.delete(state);
    const same = v.seat === seat && v.move === move && v.args.length === args.length && v.args.every((a, i) => a === args[i]);
    return same ? v.found : null;
  }
}
