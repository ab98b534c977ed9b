/**
 * Who played a decision, when it was not the seat's owner as usual (issue 10 item 3: "the log says who played each
 * decision"). Online, a seat whose player ran out of time or walked away can be handed to the server bot by the
 * opponent, and its owner can take it back. These are the server's own events (issue 21 item 2): the move itself
 * carries no note (a second argument is refused). After the reducer ran a move the server made for such a seat (or
 * the owner's first move after taking it back), the server writes the note into the new state with `notePlayed` and
 * beside the move's log entry (`played`: server/match/hub.ts, server/games/mint.ts); a record keeps it per action
 * and its replay (./record.ts) steps through `playWithNote`, which writes the same lines, so the game log reads the
 * same in both and the record's fingerprint still checks:
 * - `handedOver`: a public event `seatToBot` { seat, why } ("The bot plays for the Rebel from here"), before the
 *   events of the decision;
 * - `takenBack`: a public event `seatTakenBack` { seat } ("The Rebel's owner took the seat back"), before the
 *   decision's events, or after them when the decision is a take-back (whose `undo` cuts the log back);
 * - `bot`: every event the decision itself caused carries `byBot: true` (the board marks those lines). Until session 9
 *   the tag was `by: 'bot'`, which overwrote the combat events' own `by` (the side that rolls or hits), so a bot's
 *   combat read "someone rolled"; games stored then keep that tag, and their records replay with it
 *   (`BotTagging` 'legacy', src/game/record.ts).
 * A take-back never cuts these two lines (src/game/rules/undo.ts keeps them): they are the table's history.
 * Nothing secret: whether the bot plays a seat is public at the table already. The core (./rules) is not involved:
 * it never sees the note, and its events are only tagged after it made them.
 */
import type { Faction } from './content';
import { log, type GameState } from './rules';
import type { PlayedBy } from '../protocol';

export { parsePlayedBy, type PlayedBy } from '../protocol';

/** How a bot's events are tagged: `byBot: true` (now), or `by: 'bot'` as games stored before session 9 were. */
export type BotTagging = 'current' | 'legacy';

/**
 * Write `note` into `G` after `seat`'s decision of type `actionType` ran: `from` and `round` are the log's length
 * and the round before it. Changes `G.log` (the array) only, replacing the events it tags by tagged copies, so a
 * caller may hand it a shallow copy of a frozen state.
 */
export function notePlayed(
  G: GameState, seat: Faction, actionType: string, note: PlayedBy, from: number, round: number,
  tagging: BotTagging = 'current',
): void {
  const after = actionType === 'undo';
  if (note.bot && !after) {
    for (let i = from; i < G.log.length; i++) {
      G.log[i] = tagging === 'legacy' ? ({ ...G.log[i], by: 'bot' } as typeof G.log[number]) : { ...G.log[i], byBot: true };
    }
  }
  const at = G.log.length;
  if (note.handedOver) log(G, 'seatToBot', { seat, why: note.handedOver });
  if (note.takenBack) log(G, 'seatTakenBack', { seat });
  if (after || G.log.length === at) return;
  const lines = G.log.splice(at).map((e) => ({ ...e, round }));
  G.log.splice(from, 0, ...lines);
}

/**
 * Make one decision of `seat` (`step` applies it and says whether it was accepted), then write `note` as the
 * server does (`notePlayed`). Without a note, just `step()`.
 */
export function playWithNote(
  G: GameState, seat: Faction, actionType: string, note: PlayedBy | null | undefined, step: () => boolean,
  tagging: BotTagging = 'current',
): boolean {
  if (!note) return step();
  const from = G.log.length;
  const round = G.round;
  if (!step()) return false;
  notePlayed(G, seat, actionType, note, from, round, tagging);
  return true;
}
