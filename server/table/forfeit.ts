/**
 * The state of a match that ends because a player left it (issue 14, item 3): a released seat would otherwise
 * hand its view (the hidden base, the hand) to whoever joins it next. There is no forfeit move in the game (the
 * rules core has no such rule), so the server writes the end itself, in the same shape a real win has:
 * `G.winner = { faction, reason }`, `G.phase = 'gameover'`, no pending decision, a `gameOver` log event, and
 * boardgame.io's `ctx.gameover = { winner: playerID, reason }` (what `gameoverOf(G)` derives, so the game's
 * `flowMismatch` check agrees). The UI's end screen reads `G.winner`; the lobby's `gameover` is `ctx.gameover`.
 */
import type { State } from 'boardgame.io';
import { cloneState, log, type GameState } from '../../src/game/rules';
import { otherSeat, playerOf, seatOf, type SeatID } from '../../src/protocol';

export const FORFEIT_REASON = 'forfeit';

/** `reason`: 'forfeit' (the seat left) or 'time' (its clock ran out and the opponent claimed the win, ./route.ts). */
export function forfeitState(state: State<GameState>, loser: SeatID, reason: string = FORFEIT_REASON): State<GameState> {
  const winner = seatOf(otherSeat(loser));
  const G = cloneState(state.G);
  // WinReason lists the rules' own ends; a forfeit is the server's, so it is set here past the type.
  G.winner = { faction: winner, reason: reason as GameState['winner'] extends infer W ? W extends { reason: infer R } ? R : never : never };
  G.phase = 'gameover';
  G.pending = null;
  G.queue = [];
  log(G, 'gameOver', { winner, reason });
  return {
    ...state,
    G,
    ctx: { ...state.ctx, gameover: { winner: playerOf(winner), reason }, activePlayers: null },
    _stateID: state._stateID + 1,
  };
}
