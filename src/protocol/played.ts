/**
 * Who played a decision when it was not the seat's owner as usual: the server's note around a seat handed to the bot
 * and taken back (server/table/route.ts), stored beside the move's log entry, never a move argument. Each game writes
 * its own lines for it (Mint: src/game/playedBy.ts; Imperios: src/games/imperios/playedBy.ts). No game's rules in
 * here, so any game's code may import it.
 */

/** Who played a decision when it was not the seat's owner as usual (see src/game/playedBy.ts for what it does). */
export interface PlayedBy {
  /** The server bot made this decision for the seat's owner. */
  bot?: true;
  /** The bot's first decision after the opponent handed the seat over: why (time ran out, or the owner was away). */
  handedOver?: 'time' | 'away';
  /** The owner's first decision after taking the seat back from the bot. */
  takenBack?: true;
  /**
   * The seat did not answer a question with a time limit (Imperios IM15.1, IM15.2) before it closed: the server made
   * the question's default answer for it (server/match/moves.ts). Never with another field.
   */
  timeLimit?: true;
}

/** A PlayedBy note, checked strictly (plain object, known fields, known values); null for anything else. */
export function parsePlayedBy(x: unknown): PlayedBy | null {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return null;
  const proto: unknown = Object.getPrototypeOf(x);
  if (proto !== Object.prototype && proto !== null) return null;
  const o = x as Record<string, unknown>;
  const keys = Object.keys(o);
  if (keys.length === 0 || keys.some((k) => k !== 'bot' && k !== 'handedOver' && k !== 'takenBack' && k !== 'timeLimit')) return null;
  if (o.timeLimit !== undefined) return o.timeLimit === true && keys.length === 1 ? { timeLimit: true } : null;
  if (o.bot !== undefined && o.bot !== true) return null;
  if (o.handedOver !== undefined && o.handedOver !== 'time' && o.handedOver !== 'away') return null;
  if (o.takenBack !== undefined && o.takenBack !== true) return null;
  if (o.handedOver !== undefined && o.bot !== true) return null; // the hand-over line comes with the bot's decision
  if (o.takenBack !== undefined && o.bot !== undefined) return null; // the owner's decision, not the bot's
  const out: PlayedBy = {};
  if (o.bot === true) out.bot = true;
  if (o.handedOver !== undefined) out.handedOver = o.handedOver as 'time' | 'away';
  if (o.takenBack === true) out.takenBack = true;
  return out;
}
