/**
 * The state of a match that ends because a player left it (issue 14, item 3): a released seat would otherwise
 * hand its view (the hidden base, the hand) to whoever joins it next. There is no forfeit move in the game (the
 * rules core has no such rule), so the server writes the end itself, in the same shape a real win has:
 * `G.winner = { faction, reason }`, `G.phase = 'gameover'`, no pending decision, a `gameOver` log event, and
 * boardgame.io's `ctx.gameover = { winner: playerID, reason }` (what `gameoverOf(G)` derives, so the game's
 * `flowMismatch` check agrees). The UI's end screen reads `G.winner`; the lobby's `gameover` is `ctx.gameover`.
 */
import type { State } from 'boardgame.io';
import { playerOf, seatOf } from '../src/game';
import { endByForfeit, FORFEIT } from '../src/game/record';
import { cloneState, type GameState } from '../src/game/rules';
import type { SeatID } from './auth';

export const FORFEIT_REASON = FORFEIT;

export function forfeitState(state: State<GameState>, loser: SeatID): State<GameState> {
  const G = cloneState(state.G);
  // The same end a game record re-runs to (src/game/record.ts), so records of forfeited matches verify.
  endByForfeit(G, seatOf(loser)!);
  const winner = G.winner!.faction;
  return {
    ...state,
    G,
    ctx: { ...state.ctx, gameover: { winner: playerOf(winner), reason: FORFEIT_REASON }, activePlayers: null },
    _stateID: state._stateID + 1,
  };
}
