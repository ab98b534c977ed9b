/**
 * Core actions ⇄ boardgame.io moves: the one codec for every side that sends or reads a move (the board's clients,
 * the Game's moves and `ai.enumerate`, the server's hub and bots, game records read from a match log).
 *
 * A core `Action` (src/game/rules/actions.ts) travels as the move named `action.type` with one argument: the action
 * without its `type`; an action with no other field travels with no argument (as the board always sent it). Who
 * played a decision (a `PlayedBy` note, src/game/playedBy.ts, issue 10 item 3) is the server's own event, stored
 * beside the move's log entry (`entry.played`), never an argument (issue 21 item 2). Matches stored before that
 * carried it as a second argument: only a record read from such a log accepts one (`{ legacyNote: true }`).
 * Decoding only checks the envelope: which move, one plain-object argument, no `type` inside it, a handful of fields.
 * Whether the action is legal is the core's question (`findLegal` / `apply`), never this file's.
 */
import { ACTION_TYPES, type Action, type ActionType } from '../game/rules/actions';
import { parsePlayedBy, type PlayedBy } from './played';

// The note of who played a move is every hosted game's (Imperios' records carry it too): ./played.ts.
export { parsePlayedBy, type PlayedBy } from './played';

/** A move as boardgame.io sends it: its name and its argument list (empty for an action with no field). */
export interface Move {
  move: ActionType;
  args: [] | [Record<string, unknown>];
}

/** What a move carries before the core has checked it: a known move name and whatever fields were sent. */
export type MoveAction = { type: ActionType } & Record<string, unknown>;

export type DecodedMove = { action: MoveAction; played: PlayedBy | null } | { error: string };

/** No action has more than a handful of fields: huge objects are refused before anything copies them. */
export const MAX_ACTION_FIELDS = 8;

const isMoveName = (x: unknown): x is ActionType => typeof x === 'string' && (ACTION_TYPES as readonly string[]).includes(x);

/** The move that carries `action`. */
export function moveOf(action: Action | MoveAction): Move {
  const { type, ...fields } = action as MoveAction;
  return { move: type, args: Object.keys(fields).length > 0 ? [fields] : [] };
}

/**
 * The action a move call carries, and the server's note if it has one; or why the call is no move of this game.
 * Never throws. `args` is the argument list as boardgame.io has it (undefined or [] for a move made without one).
 */
export function actionOf(type: unknown, args: unknown, opts: { legacyNote?: boolean } = {}): DecodedMove {
  try {
    return decode(type, args, opts.legacyNote === true);
  } catch {
    // Only a hostile object gets here (a throwing getter or proxy trap): in-page callers can pass anything.
    return { error: 'unreadable move arguments' };
  }
}

function decode(type: unknown, args: unknown, legacyNote: boolean): DecodedMove {
  if (!isMoveName(type)) return { error: `unknown move ${typeof type === 'string' ? JSON.stringify(type.slice(0, 40)) : typeof type}` };
  if (args === undefined) return { action: { type }, played: null };
  if (!Array.isArray(args)) return { error: 'move arguments must be an array' };
  let played: PlayedBy | null = null;
  if (args.length === 2 && legacyNote) {
    // In a log stored before issue 21 item 2, a second argument was the server's note of who played the decision.
    played = parsePlayedBy(args[1]);
    if (!played) return { error: 'a second move argument must be a PlayedBy note' };
  } else if (args.length > 1) return { error: 'too many move arguments' };
  const arg: unknown = args[0];
  if (arg === undefined || arg === null) return { action: { type }, played };
  if (typeof arg !== 'object' || Array.isArray(arg)) return { error: 'the move argument must be a plain object' };
  const proto: unknown = Object.getPrototypeOf(arg);
  if (proto !== Object.prototype && proto !== null) return { error: 'the move argument must be a plain object' };
  if (Object.prototype.hasOwnProperty.call(arg, 'type')) return { error: 'the move argument must not hold a type' };
  let fields = 0;
  for (const _k in arg) if (++fields > MAX_ACTION_FIELDS) return { error: 'too many fields in the move argument' };
  return { action: { type, ...(arg as Record<string, unknown>) }, played };
}
