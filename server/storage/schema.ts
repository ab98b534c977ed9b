import type { ColumnType } from 'kysely';

/**
 * Table names. Both start with `bgio_` so they cannot collide with tables of the
 * same name that other code keeps in a shared database or schema.
 */
export const MATCHES = 'bgio_matches';
export const MATCH_LOG = 'bgio_match_log';
/** Chat lines of a match (migration 004, server/chat/lines.ts), deleted with the match. */
export const MATCH_CHAT = 'bgio_match_chat';
/** The game's own event log (G.log), one row per entry (migration 006, ./game-log.ts), deleted with the match. */
export const GAME_LOG = 'mint_game_log';

/** Milliseconds since the epoch. Postgres `bigint` comes back from `pg` as a string. */
type Millis = ColumnType<number | string, number, number>;

/** One row per match. JSON columns hold `JSON.stringify` output as text. */
export interface MatchesTable {
  match_id: string;
  /** Copy of metadata.gameName, for listMatches({ gameName }). */
  game_name: string;
  /** Latest State as JSON text. */
  state: string;
  /** Copy of state._stateID: the stale-write guard compares against it. */
  state_id: number;
  /** State at creation as JSON text; never changes. */
  initial_state: string;
  /** Server.MatchData as JSON text. */
  metadata: string;
  /** 1 when metadata.gameover is set (neither undefined nor null), else 0. */
  is_gameover: number;
  /** Copy of metadata.createdAt. */
  created_at: Millis;
  /** Copy of metadata.updatedAt: listMatches and cleanupStaleMatches filter on it. */
  updated_at: Millis;
  /** 1 when metadata.unlisted is true (migration 002): the paged listing filters on it in SQL. */
  unlisted: number;
  /** Number of rows in bgio_match_log for this match; the next entry gets seq = log_length. */
  log_length: number;
  /**
   * Length of G.log, whose entries are rows of mint_game_log (migration 006); `state` then holds G with `log: []`.
   * 0: the state holds its log itself (no log, or a game without one).
   */
  game_log_length: number;
}

/** One row per entry of G.log (the game's typed event log, not boardgame.io's action log above). */
export interface GameLogTable {
  match_id: string;
  /** Index in G.log. */
  seq: number;
  /** The entry as JSON text. */
  entry: string;
}

/** One row per log entry, in the order boardgame.io produced them. */
export interface MatchLogTable {
  match_id: string;
  /** 0-based position in the match's log. */
  seq: number;
  /** LogEntry as JSON text. */
  entry: string;
}

/** One row per chat line: what a player or a spectator typed (cleaned), never anything of the game state. */
export interface MatchChatTable {
  match_id: string;
  /** 0-based position in the match's chat. */
  seq: number;
  /** 'players' or 'spectators' (who may read it: server/chat/lines.ts). */
  channel: string;
  /** The message as sent to clients (boardgame.io's { id, sender, payload }) as JSON text. */
  message: string;
  created_at: Millis;
}

export interface StorageDatabase {
  [MATCHES]: MatchesTable;
  [MATCH_LOG]: MatchLogTable;
  [MATCH_CHAT]: MatchChatTable;
  [GAME_LOG]: GameLogTable;
}

/** Problem reports (issue 9 item 4): never served to any client; read by `npm run reports` only. */
export const REPORTS = 'mint_problem_reports';

/**
 * One row per problem report (migration 003, ./reports-migration.ts). No foreign key to the match: a report
 * outlives the match (an unfinished match is deleted when stale), since it carries its own record.
 */
export interface ReportsTable {
  report_id: string;
  match_id: string;
  /** The reporter's seat, '0' or '1'. */
  seat: string;
  /** The reporter's words (≤ 1000 characters). */
  text: string;
  /** The match's record so far (src/game/record.ts) as JSON text, seed included: it stays on the server. */
  record: string;
  created_at: Millis;
}

// Declaration merging: the reports table joins the tables above.
export interface StorageDatabase {
  [REPORTS]: ReportsTable;
}

/** One summary per finished match for the statistics (migration 007, server/stats): derived, rebuilt at will. */
export const MATCH_SUMMARY = 'mint_match_summary';

/**
 * A finished match as the statistics read it (server/stats/summary.ts), deleted with the match. The match row stays
 * the source: a row whose `version` is not the current one is recomputed, and deleting every row rebuilds them all.
 */
export interface MatchSummaryTable {
  match_id: string;
  /** Format of `summary` (server/stats/summary.ts SUMMARY_VERSION). */
  version: number;
  /** The rules config's key (src/protocol/stats.ts `configKey`), '' for a match left out without a result. */
  config_key: string;
  /** metadata.updatedAt of the finished match. */
  finished_at: Millis;
  /** The summary as JSON text. */
  summary: string;
}

export interface StorageDatabase {
  [MATCH_SUMMARY]: MatchSummaryTable;
}
