/**
 * The end of a match of Imperios Milenarios that a player left, or whose clock ran out (docs/imperios/RULES.md G56).
 * The rules have no move for it: the server writes the end itself, in the shape a real end has. The game ends for
 * every civilization at once; each is scored as at the end of a game (IM13.1) and ranked by IM13.2, except the one
 * that left, which is ranked last whatever its points.
 */
import type { State } from 'boardgame.io';
import type { ImperiosState, Seat } from './rules';
import { forfeitCiv } from './rules/forfeit';
import { gameoverOf } from './game';

/** The state in which seat `loser` (a playerID) has left by `reason` ('forfeit' or 'time'), one state on. */
export function forfeitImperios(state: State<ImperiosState>, loser: string, reason: string): State<ImperiosState> {
  const seat: Seat = Number(loser);
  if (!/^[0-9]$/.test(loser) || seat >= state.G.players) throw new Error(`no seat ${loser}`);
  const G = forfeitCiv(state.G, seat, reason);
  return {
    ...state,
    G,
    ctx: { ...state.ctx, gameover: gameoverOf(G), activePlayers: null },
    _stateID: state._stateID + 1,
  };
}
