/**
 * `GET /stats` (issue 22 item 3): what the server's finished two-player matches say about the game, per rules
 * config (RULES B7). Built by server/stats from a summary of each finished match; read by the lobby's Statistics
 * page (src/ui/stats). Shares are of games counted (see `leftOut` for what is not).
 */
import type { Faction } from '../game/content';

/** A share of wins with its Wilson 95% interval (0–1, rounded to 3 decimals). */
export interface ShareFigure {
  wins: number;
  games: number;
  /** wins / games (0 when there is no game). */
  share: number;
  /** [0, 1] when there is no game. */
  ci95: [number, number];
}

/** Game length in rounds: median and quartiles (nearest rank), extremes, and how many games lasted each count. */
export interface RoundsFigure {
  median: number;
  p25: number;
  p75: number;
  min: number;
  max: number;
  /** Rounds → games. */
  histogram: Record<string, number>;
}

/** People against one server bot level: the humans' wins, per the side the human played. */
export interface VersusBot {
  humanAsRebel: ShareFigure;
  humanAsImperial: ShareFigure;
}

/** The counted games of one rules config. */
export interface StatsGroup {
  /** 12 hex digits of the SHA-256 of the config's canonical JSON: equal configs, equal keys. */
  configKey: string;
  /** This server's current default rules. */
  isDefault: boolean;
  /** "Default rules", or the knobs that differ from today's default ("probesPerRefresh 1"). */
  label: string;
  /** The config fields that differ from today's default. */
  changes: Record<string, unknown>;
  games: number;
  /** The Rebel's wins over every counted game (between people, and people against bots). */
  rebel: ShareFigure;
  /** The Rebel's wins over games between two people only. */
  betweenHumans: ShareFigure;
  rounds: RoundsFigure;
  /** Per winning side, reason → games (`objectives`, `occupation`, `obliterator`, `time`, `forfeit`). */
  winReasons: Record<Faction, Record<string, number>>;
  /** Per mission card id: its name and side, its reveals in these games, and how many of them succeeded. */
  cards: Record<string, { name: string; faction: Faction; revealed: number; succeeded: number }>;
  /** Per server bot kind (`ismcts-easy`, …, `random`) the people's results against it. */
  humansVsBots: Record<string, VersusBot>;
  /** When the last counted game of this config ended (ms since the epoch). */
  lastFinishedAt: number;
}

/** Finished or unfinished matches the figures leave out, and why. */
export interface StatsLeftOut {
  /** Not over yet (or never will be: abandoned before the clean-up deletes them). */
  unfinished: number;
  /** Ended by a player leaving or running out of time before round 2: no game was played. */
  earlyForfeits: number;
  /** Both seats held by server bots: not a person's game. */
  betweenBots: number;
  /** Solo matches against the rival deck (RULES §9): another game, whose figures would mix with these. */
  solo: number;
}

export interface StatsResponse {
  /** When these figures were computed (ms since the epoch); the server may serve them for a few seconds. */
  generatedAt: number;
  /** Counted games over all groups. */
  games: number;
  leftOut: StatsLeftOut;
  /** The default rules first, then by games, most first. Empty on a server without a counted game. */
  groups: StatsGroup[];
}

/** The query string `GET /stats` accepts: `config=<configKey>` or `config=default` (one group). */
export const STATS_CONFIG_RE = /^(default|[0-9a-f]{12})$/;
