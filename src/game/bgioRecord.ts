/**
 * A game record (./record.ts) from a boardgame.io match: its initial state (the seed in the random plugin's data,
 * the config and solo setup in G), its log (one MAKE_MOVE entry per decision) and its current state (result and
 * fingerprint). The server builds online records with it (server/records.ts); local matches (hot-seat, bot,
 * solo) can use it on their in-page master's log the same way. Type imports only: no boardgame.io code runs.
 *
 * The seed is a secret until the game ends (RULES R8.3 item 9): build a record of an unfinished match only where
 * it stays (the server, for problem reports).
 */
import type { LogEntry, State } from 'boardgame.io';
import type { Faction } from './content';
import { RULES_END_REASONS, recordFromGame, type GameRecord, type RecordAction, type RecordPlayer, type RecordSource } from './record';
import type { Action, GameState } from './rules';
import { playedByOfArgs } from './playedBy';

/** The core action of a move call, as the Game builds it (src/game/index.ts toAction), or null. */
export function coreAction(type: string, args: unknown): unknown {
  if (args === undefined) return { type };
  // A second argument is the server's note of who played the decision (./playedBy.ts), not part of the action.
  if (Array.isArray(args) && args.length === 2 && playedByOfArgs(args)) return coreAction(type, args.slice(0, 1));
  if (!Array.isArray(args) || args.length > 1) return null;
  const arg = args[0];
  if (arg === undefined || arg === null) return { type };
  if (typeof arg !== 'object' || Array.isArray(arg)) return null;
  if (Object.prototype.hasOwnProperty.call(arg, 'type')) return null;
  return { type, ...(arg as Record<string, unknown>) };
}

const seatOfPlayer = (id: unknown): Faction | null => (id === '0' ? 'R' : id === '1' ? 'I' : null);

export interface BgioRecordInput {
  /** The match's state at creation (its random plugin data holds the seed). */
  initialState: State<GameState>;
  /** Its current state: the result and fingerprint come from it. */
  state: State<GameState>;
  /** Its log: MAKE_MOVE entries are the decisions; the flow's events are skipped. */
  log: LogEntry[];
  players: [RecordPlayer, RecordPlayer];
  startedAt: number;
  finishedAt?: number | null;
  source: RecordSource;
  matchID?: string;
  /** The time of a move: default the entry's `at` (the server stamps it), else `startedAt`. */
  timeOf?: (entry: LogEntry, index: number) => number | undefined;
}

/** The record of a boardgame.io match, or why it cannot be built (no seed, an unreadable log entry). */
export function recordFromBgio(input: BgioRecordInput): GameRecord | { error: string } {
  const { initialState: initial, state } = input;
  const seed = (initial.plugins?.random?.data as { seed?: unknown } | undefined)?.seed;
  if (typeof seed !== 'string') return { error: 'no seed in the initial state' };
  const actions: RecordAction[] = [];
  for (const entry of input.log) {
    if (entry.action.type !== 'MAKE_MOVE') continue; // the flow's own endTurn / endPhase events
    const p = entry.action.payload as { type: string; args?: unknown; playerID?: unknown };
    const seat = seatOfPlayer(p.playerID);
    const action = coreAction(p.type, p.args);
    if (!seat || !action) return { error: `unreadable log entry for decision ${actions.length}` };
    const at = input.timeOf ? input.timeOf(entry, actions.length) : (entry as { at?: unknown }).at;
    const played = playedByOfArgs(p.args);
    actions.push({ seat, action: action as Action, at: typeof at === 'number' ? at : input.startedAt, ...(played ? { played } : {}) });
  }
  const s = initial.G.solo;
  const solo = s ? { bot: s.bot, difficulty: s.difficulty, ...(s.level ? { level: { ...s.level } } : {}) } : null;
  const winner = state.G.winner;
  return recordFromGame({
    seed, config: initial.G.config, solo, players: input.players, actions, startedAt: input.startedAt,
    ...(input.finishedAt !== undefined ? { finishedAt: input.finishedAt } : {}),
    source: input.source, ...(input.matchID !== undefined ? { matchID: input.matchID } : {}),
    ...(winner && !RULES_END_REASONS.includes(winner.reason)
      ? { forfeitBy: winner.faction === 'R' ? 'I' : 'R', forfeitReason: winner.reason } : {}),
  }, state.G);
}
