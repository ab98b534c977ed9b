/**
 * Mint's side of one validation a move (issue 21 item 4, ../platform/vouch.ts): the server's check before the reducer
 * is the core's `findLegal`, and the legal action it found is what the move (./index.ts `makeMove`) applies.
 */
import type { PlayerID } from 'boardgame.io';
import { Vouches } from '../platform/vouch';
import { actionOf, playerOf, seatOf } from '../protocol';
import type { Faction } from './content';
import { findLegal, type Action, type GameState } from './rules';

const vouches = new Vouches<GameState, Action>();

/**
 * Whether `move(...args)` by `playerID` is legal on `G` now (the core's check); when it is, the legal action is kept
 * for the move that the reducer runs next on this same `G`.
 */
export function vouchMove(G: GameState, playerID: PlayerID, move: string, args: unknown): boolean {
  const seat = seatOf(playerID);
  const decoded = actionOf(move, args);
  const legal = seat === null || 'error' in decoded ? null : findLegal(G, seat, decoded.action);
  vouches.keep(G, playerID, move, args, legal);
  return legal !== null;
}

/** The legal action vouched for exactly this move on this state (taken), or null. */
export function takeVouched(G: GameState, seat: Faction, move: string, args: readonly unknown[]): Action | null {
  return vouches.take(G, playerOf(seat), move, args);
}
