import type { ColumnType } from 'kysely';

/**
 * Table names. Both start with `bgio_` so they cannot collide with tables of the
 * same name that other code keeps in a shared database or schema.
 */
export const MATCHES = 'bgio_matches';
export const MATCH_LOG = 'bgio_match_log';
/** Chat lines of a match (migration 004, server/chat.ts), deleted with the match. */
export const MATCH_CHAT = 'bgio_match_chat';

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
  /** 'players' or 'spectators' (who may read it: server/chat.ts). */
  channel: string;
  /** The message as sent to clients (boardgame.io's { id, sender, payload }) as JSON text. */
  message: string;
  created_at: Millis;
}

export interface StorageDatabase {
  [MATCHES]: MatchesTable;
  [MATCH_LOG]: MatchLogTable;
  [MATCH_CHAT]: MatchChatTable;
}
