/**
 * G56 in the core's terms: the state in which civilization `seat` has left the game by `reason` ('forfeit': its
 * player left; 'time'). Every civilization is scored as at the end of a game (IM13.1) and ranked by IM13.2, except
 * the one that left, ranked last whatever its points. The server's end of a match (../forfeit.ts) and a replay in the
 * page (../replay.ts) both write it with this.
 */
import { cloneState } from './clone';
import { log } from './log';
import { rank, scoreCiv } from './scoring';
import type { Seat } from './actions';
import type { ImperiosState } from './state';

export function forfeitCiv(state: ImperiosState, seat: Seat, reason: string): ImperiosState {
  const G = cloneState(state);
  const scores = G.civs.map((c) => scoreCiv(G, c.seat));
  const ranking = [...rank(G, scores).filter((s) => s !== seat), seat];
  G.result = { reasons: [reason], scores, ranking, winner: ranking[0] };
  G.forfeit = { seat, reason };
  G.phase = 'over';
  G.pending = null;
  G.queue = [];
  log(G, 'gameOver', 'G56', { reasons: [reason], winner: ranking[0] });
  return G;
}
