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
import { RULES_END_REASONS, recordFromGame, type GameRecord, type RecordAction, type RecordPlayer, type RecordSource } from './record';
import { board, type Action, type GameState } from './rules';
import { actionOf, parsePlayedBy, seatOf } from '../protocol';

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
    const seat = seatOf(p.playerID);
    // The same codec as the Game's moves (src/protocol/moves.ts). Who played it, if not its owner, is the server's
    // note beside the entry (`played`, issue 21 item 2), or a second argument in logs stored before that.
    const decoded = actionOf(p.type, p.args, { legacyNote: true });
    const note = (entry as { played?: unknown }).played;
    const noted = note === undefined ? null : parsePlayedBy(note);
    if (!seat || 'error' in decoded || (note !== undefined && !noted)) return { error: `unreadable log entry for decision ${actions.length}` };
    const at = input.timeOf ? input.timeOf(entry, actions.length) : (entry as { at?: unknown }).at;
    const { action } = decoded;
    const played = noted ?? decoded.played;
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
      ? { forfeitBy: board.other(winner.faction), forfeitReason: winner.reason } : {}),
  }, state.G);
}
