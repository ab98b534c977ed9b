/**
 * Who played a decision online, when it was not the seat's owner (docs/imperios/RULES.md IM15.5, G57): a seat whose
 * player is away can be handed to the server bot by another seated player, and its owner can take it back. As for
 * Mint (src/game/playedBy.ts), that is the server's event, never a move argument: after the reducer ran such a
 * move, the server writes the note into the new state (server/games/imperios.ts `notePlayed`) and keeps it beside
 * the move's log entry; the record carries it per move (./record.ts) and its replay writes the same lines here, so
 * a replayed game ends in exactly the state stored.
 * - `handedOver`: an event `seatToBot` { seat, why } before the events of the bot's first decision;
 * - `takenBack`: an event `seatTakenBack` { seat } before the events of the owner's first decision after;
 * - `bot`: every event the bot's decision caused carries `byBot: true`;
 * - `timeLimit`: the seat was silent when its question with a time limit closed (IM15.1, IM15.2): the answer the
 *   server made for it (its first event: `blockAnswer` or `defend`) carries `timeLimit` with the limit's rule.
 * Nothing secret: who plays a seat is public at the table. The core never sees the note; it does not read these
 * events. No boardgame.io in here.
 */
import type { PlayedBy } from '../../protocol/played';
import type { ImperiosState, LogEvent, Seat } from './rules';
import { timeLimitRule } from './timeLimits';

/** The part of a state the note reads and writes. */
type Logged = Pick<ImperiosState, 'log' | 'round'> & Partial<Pick<ImperiosState, 'pending'>>;

/**
 * `next` with `note` written in for `seat`'s decision that led from `prev` to `next`. New round lists where they
 * change (`next` may be frozen); the rest of `next` is shared.
 */
export function notePlayedImperios<S extends Logged>(prev: Logged, next: S, seat: Seat, note: PlayedBy): S {
  // The decision's events start at the end of `prev`'s last round list (a decision may open a new round).
  const r0 = Math.max(0, prev.log.length - 1);
  const i0 = prev.log[r0]?.length ?? 0;
  const log = next.log.map((events, r) => (r < r0 ? events : [...events]));
  if (log.length === 0) log.push([]);
  if (note.bot) {
    for (let r = r0; r < log.length; r++) {
      for (let i = r === r0 ? i0 : 0; i < log[r].length; i++) log[r][i] = { ...log[r][i], byBot: true };
    }
  }
  const rule = note.timeLimit ? timeLimitRule(prev) : null;
  if (rule && log[r0]?.[i0]) log[r0][i0] = { ...log[r0][i0], timeLimit: rule };
  const lines: LogEvent[] = [];
  if (note.handedOver) lines.push({ e: 'seatToBot', round: prev.round, rule: 'IM15.5', seat, why: note.handedOver });
  if (note.takenBack) lines.push({ e: 'seatTakenBack', round: prev.round, rule: 'IM15.5', seat });
  log[r0].splice(i0, 0, ...lines);
  return { ...next, log };
}
