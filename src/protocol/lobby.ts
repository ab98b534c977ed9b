/**
 * The HTTP bodies the board and the server share beyond boardgame.io's own lobby API (server/lobby.ts keeps its
 * routes and adds fields; server/lobby/my-matches.ts): what a match and its players look like in a listing, the create
 * body's extra fields, "My matches", and the error body every refused call answers.
 */
import type { Faction, SoloSetup } from '../game/content';
import type { HintTable } from './hint';

/** The game's name in boardgame.io's routes (`/games/mint-imperium/…`). */
export const GAME_NAME = 'mint-imperium';

/** Every refused HTTP call answers this with its 4xx/5xx status (server/http/index.ts). */
export interface ErrorBody { error: string }

/** A seat as listings and matchData show it: never credentials. */
export interface PublicPlayer {
  /** 0 for the Rebel's seat, 1 for the Imperial's (boardgame.io numbers them; ./seats.ts). */
  id: number;
  name?: string;
  isConnected?: boolean;
  /** `bot`: a server bot's seat (its kind); `rival`: the rival deck's seat of a solo match (nobody can join it). */
  data?: { bot?: string; rival?: boolean };
}

/** A match's clock in a listing (absent: no clock). */
export type ListedClock = { kind: 'live'; bankMs: number; incrementMs: number } | { kind: 'turn'; perDecisionMs: number };

/** A match as the lobby lists it (`GET /games/mint-imperium`, `GET /games/mint-imperium/:matchID`). */
export interface PublicMatch {
  matchID: string;
  gameName?: string;
  players: PublicPlayer[];
  unlisted?: boolean;
  createdAt: number;
  updatedAt: number;
  gameover?: unknown;
  /** The rematch: only for a seat holder who sent its credentials (headers X-Player-ID, X-Player-Credentials). */
  nextMatchID?: string;
  /** A solo match (RULES §9): the rival deck's faction and difficulty. */
  solo?: Pick<SoloSetup, 'bot' | 'difficulty'>;
  clock?: ListedClock;
  /** Issue 22: the match allows hints, this many per seat (absent: no hints). */
  hints?: Pick<HintTable, 'limit'>;
}

/** `GET /games/mint-imperium`: one page of the listing; `nextCursor` (absent on the last page) asks for the next. */
export interface MatchListPage {
  matches: PublicMatch[];
  nextCursor?: string;
}

/** `POST /games/mint-imperium/create`. */
export interface CreatedMatch { matchID: string }

/** `POST …/:matchID/join`: the seat taken and its credentials (sent this once, never shown again). */
export interface JoinedSeat {
  playerID: string;
  playerCredentials: string;
}

/** `POST …/:matchID/playAgain`: the rematch and this player's seat in it. */
export interface RematchSeat extends JoinedSeat { nextMatchID: string }

/** `POST …/leave`, `…/update`, `…/rename`: nothing to say beyond the 200. */
export type EmptyBody = Record<string, never>;

/** The fields this server adds to boardgame.io's create body (`{ numPlayers: 2, … }`). */
export interface CreateMatchExtras {
  unlisted?: boolean;
  /** The seat a server bot takes, and which bot (server/match/match-data.ts BOT_KINDS). Not with `solo`. */
  bot?: Faction;
  botKind?: string;
  /** A solo match: the rival deck's faction and difficulty. */
  solo?: { bot: Faction; difficulty: SoloSetup['difficulty'] };
  /** A turn clock (server/clock.ts fills what is left out). Not with `bot` or `solo`. */
  clock?: { kind: 'live'; bankMs?: number; incrementMs?: number } | { kind: 'turn'; perDecisionMs?: number };
  /** Issue 22: allow hints, `limit` per seat (default DEFAULT_HINT_LIMIT, at most MAX_HINT_LIMIT). Absent: no hints. */
  hints?: { limit?: number };
}

/** At most this many seats per `POST /my-matches`. */
export const MY_MATCHES_MAX = 30;

/** The body of `POST /my-matches`: the seats this browser holds (credentials in the body only). */
export interface MyMatchesRequest {
  seats: { matchID: string; playerID: string; credentials: string }[];
}

export type MyMatchStatus = 'waiting' | 'playing' | 'finished' | 'gone';

/** One seat of a `POST /my-matches` answer (`{ matches: MyMatch[] }`). */
export interface MyMatch {
  matchID: string;
  playerID: string;
  status: MyMatchStatus;
  /** The game the match is of (`mint-imperium`, `imperios`…): a page opens it on that game's board only. */
  gameName?: string;
  /** In progress and the pending decision is this seat's. */
  yourTurn?: boolean;
  opponent?: string;
  /** The opponent is a server bot or the solo rival deck. */
  opponentKind?: 'human' | 'bot' | 'rival';
  /** Finished: whether this seat won. */
  won?: boolean;
  /** Finished, in a game that ranks every seat (Imperios, IM13): this seat's place, 1 the best. */
  place?: number;
  /** Finished, and a rematch exists (its ID is told by `GET …/:matchID` with this seat's credentials only). */
  rematch?: boolean;
  updatedAt?: number;
}

/** The answer of `POST /my-matches`. */
export interface MyMatchesResponse { matches: MyMatch[] }
