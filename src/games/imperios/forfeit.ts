/**
 * The end of a match of Imperios Milenarios that a player left, or whose clock ran out (docs/imperios/RULES.md G56).
 * The rules have no move for it: the server writes the end itself, in the shape a real end has. The game ends for
 * every civilization at once; each is scored as at the end of a game (IM13.1) and ranked by IM13.2, except the one
 * that left, which is ranked last whatever its points.
 */
import type { State } from 'boardgame.io';
import type { Seat } from './rules';
import { cloneState } from './rules/clone';
import { log } from './rules/log';
import { rank, scoreCiv } from './rules/scoring';
import type { ImperiosState } from './rules';
import { gameoverOf } from './game';

/** The state in which seat `loser` (a playerID) has left by `reason` ('forfeit' or 'time'), one state on. */
export function forfeitImperios(state: State<ImperiosState>, loser: string, reason: string): State<ImperiosState> {
  const seat: Seat = Number(loser);
  if (!/^[0-9]$/.test(loser) || seat >= state.G.players) throw new Error(`no seat ${loser}`);
  const G = cloneState(state.G);
  const scores = G.civs.map((c) => scoreCiv(G, c.seat));
  const ranking = [...rank(G, scores).filter((s) => s !== seat), seat];
  G.result = { reasons: [reason], scores, ranking, winner: ranking[0] };
  G.forfeit = { seat, reason };
  G.phase = 'over';
  G.pending = null;
  G.queue = [];
  log(G, 'gameOver', 'G56', { reasons: [reason], winner: ranking[0] });
  return {
    ...state,
    G,
    ctx: { ...state.ctx, gameover: gameoverOf(G), activePlayers: null },
    _stateID: state._stateID + 1,
  };
}
