/**
 * The two seats as boardgame.io and the network name them. boardgame.io numbers players: playerID '0' is the Rebel
 * ('R'), playerID '1' the Imperial ('I') — in the Game's moves and views, on sockets, in the lobby, in stored
 * matches and records. This file is the only place that says so; everything else asks it.
 */
import type { Faction } from '../game/content';

/** The two playerIDs of this game, the Rebel's first (boardgame.io's play order). */
export const SEATS = ['0', '1'] as const;
export type SeatID = (typeof SEATS)[number];

export function isSeatID(x: unknown): x is SeatID {
  return x === '0' || x === '1';
}

/** The faction a playerID plays; null for anything else (a spectator has no playerID; junk has no seat). */
export function seatOf(playerID: SeatID): Faction;
export function seatOf(playerID: unknown): Faction | null;
export function seatOf(playerID: unknown): Faction | null {
  if (playerID === '0') return 'R';
  if (playerID === '1') return 'I';
  return null;
}

/** The playerID of a faction. */
export function playerOf(faction: Faction): SeatID {
  return faction === 'R' ? '0' : '1';
}

/** The playerID of `faction`, or null when there is none (no pending seat, an unknown value from stored data). */
export function playerOfMaybe(faction: unknown): SeatID | null {
  return faction === 'R' || faction === 'I' ? playerOf(faction) : null;
}

/** The opponent's playerID. */
export function otherSeat(id: SeatID): SeatID {
  return id === '0' ? '1' : '0';
}

/**
 * The faction of a player as the server lists it, for display: lobby entries number their seats 0 and 1, chat
 * senders and saved seats say '0' and '1'. The server lists no other id; anything else reads as the second seat
 * (what the board always showed for it).
 */
export function seatOfID(id: number | string): Faction {
  return seatOf(String(id)) ?? 'I';
}
