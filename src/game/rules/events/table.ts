/**
 * Log events about the table rather than the board: take-backs (issue 9), a seat handed to the server bot and
 * taken back (issue 10, src/game/playedBy.ts), and the end of the game (R1.2). Payloads only: see ./index.ts.
 */
import type { Faction } from '../../content';
import type { WinReason } from '../state';
import type { TakeBackKind } from '../undo';

export interface TableEvents {
  /** Issue 9 — `what` names only the kind of decision taken back, never the card or planet. */
  tookBack: { faction: Faction; what: TakeBackKind };
  seatToBot: { seat: Faction; why: 'time' | 'away' };
  seatTakenBack: { seat: Faction };
  /** `reason`: a WinReason of the rules, or the server's end of a match ('forfeit', 'time': server/forfeit.ts). */
  gameOver: { winner: Faction; reason: WinReason | string };
}
