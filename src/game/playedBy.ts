/**
 * Who played a decision, when it was not the seat's owner as usual (issue 10 item 3: "the log says who played each
 * decision"). Online, a seat whose player ran out of time or walked away can be handed to the server bot by the
 * opponent, and its owner can take it back. The server (server/match/hub.ts) then adds a second move argument, a
 * `PlayedBy` note, to the moves it makes for that seat (and to the owner's first move after taking it back); a
 * client can never send one (server/match/args.ts allows one argument). The Game (./index.ts) and a record's replay
 * (./record.ts) both step through `playWithNote`, so the game log reads the same in both and the record's
 * fingerprint still checks:
 * - `handedOver`: before the decision, a public event `seatToBot` { seat, why } ("The bot plays for the Rebel from
 *   here");
 * - `takenBack`: before the decision, a public event `seatTakenBack` { seat } ("The Rebel's owner took the seat back");
 *   after it when the decision is a take-back (`undo` cuts the log back to before the bot's decision);
 * - `bot`: every event the decision itself caused carries `byBot: true` (the board marks those lines). Until session 9
 *   the tag was `by: 'bot'`, which overwrote the combat events' own `by` (the side that rolls or hits), so a bot's
 *   combat read "someone rolled"; games stored then keep that tag, and their records replay with it
 *   (`BotTagging` 'legacy', src/game/record.ts).
 * Nothing secret: whether the bot plays a seat is public at the table already. The core (./rules) is not involved:
 * it never sees the note, and its events are only tagged after it made them.
 */
import type { Faction } from './content';
import { log, type GameState } from './rules';
import type { PlayedBy } from '../protocol';

// The note travels as a move's second argument: its type and parser live with the move codec (src/protocol/moves.ts).
export { parsePlayedBy, type PlayedBy } from '../protocol';

/**
 * Make one decision of `seat` (`step` applies it and says whether it was accepted), with the log lines of `note`
 * around it. Without a note, just `step()`.
 */
/** How a bot's events are tagged: `byBot: true` (now), or `by: 'bot'` as games stored before session 9 were. */
export type BotTagging = 'current' | 'legacy';

export function playWithNote(
  G: GameState, seat: Faction, actionType: string, note: PlayedBy | null | undefined, step: () => boolean,
  tagging: BotTagging = 'current',
): boolean {
  if (!note) return step();
  const after = actionType === 'undo';
  const lines = () => {
    if (note.handedOver) log(G, 'seatToBot', { seat, why: note.handedOver });
    if (note.takenBack) log(G, 'seatTakenBack', { seat });
  };
  if (!after) lines();
  const from = G.log.length;
  if (!step()) return false;
  if (note.bot) {
    for (let i = from; i < G.log.length; i++) {
      const ev = G.log[i];
      if (tagging === 'legacy') (ev as { by?: unknown }).by = 'bot';
      else ev.byBot = true;
    }
  }
  if (after) lines();
  return true;
}
