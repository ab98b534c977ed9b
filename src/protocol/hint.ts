/**
 * Hints in an online match on the wire (issue 22 item 1). A match allows them only if it was created so
 * (`CreateMatchExtras.hints`); the server keeps the setting, each seat's count and every hint asked for in the
 * match's metadata (server/hint/route.ts), never in the game state: a hint changes nothing in the rules, their
 * state hash or their record, and a take-back does not give a hint back. Everyone at the table (players and
 * spectators) gets `HintTable` inside 'mint:table' (./table.ts), so both players' logs say who asked.
 */
import type { SeatID } from './seats';

/** Hints per seat when the create form asks for hints without a number. */
export const DEFAULT_HINT_LIMIT = 3;
/** The most a match may set. */
export const MAX_HINT_LIMIT = 20;

/** A hint asked for: by whom, in which round, after how many public log events (the same in every view). */
export interface HintAsked {
  seat: SeatID;
  round: number;
  at: number;
  /** The state it was asked at (server side: which decision). */
  stateID: number;
}

/** The match's hints: its limit per seat, each seat's count, and the hints asked for. */
export interface HintTable {
  limit: number;
  used: Record<SeatID, number>;
  asked: HintAsked[];
}

/** The body of `POST /games/mint-imperium/:matchID/hint`: a seated player asks for a hint at their own decision. */
export interface HintRequestBody {
  playerID: SeatID;
  credentials: string;
}

/** The answer when granted: the hints this seat has left. Refusals answer an ErrorBody (./lobby.ts). */
export interface HintGranted {
  left: number;
}
