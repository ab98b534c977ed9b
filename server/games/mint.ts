/**
 * Mint Imperium as the match room hosts it (../match/hosted-game.ts): its views cut by RULES §8 (src/game/filter.ts),
 * legality from the rules core, the forfeit end (../table/forfeit.ts), the hand-over lines the server writes after a
 * move (src/game/playedBy.ts), its log deltas (../match/log-delta.ts) and its bots (./mint-bots.ts; startServer
 * gives each server its own, with its `bots` options).
 */
import type { State } from 'boardgame.io';
import { acceptClientAction, MintImperium } from '../../src/game';
import { notePlayed } from '../../src/game/playedBy';
import { filterLog, filterStateShared } from '../../src/game/filter';
import type { GameState } from '../../src/game/rules';
import { vouchMove } from '../../src/game/vouch';
import { playerOf, seatOf, type SeatID } from '../../src/protocol';
import type { HostedGame } from '../match/hosted-game';
import { logDeltaUpdate } from '../match/log-delta';
import { forfeitState } from '../table/forfeit';
import { mintBots } from './mint-bots';

export const MINT_HOSTED: HostedGame<GameState> = {
  game: MintImperium,
  players: { min: 2, max: 2 },
  extras: { solo: true, hints: true },
  // Views are only encoded and kept as a log delta's base, never changed: they share the state's public objects.
  viewState: (state, playerID) => filterStateShared(state, playerID),
  viewLog: (log, playerID) => filterLog(log, playerID),
  acceptClientAction: (action, playerID) => acceptClientAction(action, playerID),
  // The core's check, kept for the reducer's move on this same state (src/game/vouch.ts): one validation a move.
  isLegalMove: (G, playerID, move, args) => vouchMove(G, playerID, move, args),
  nextToMove(state) {
    const pending = state.G.pending?.seat;
    return state.ctx.gameover !== undefined || !pending ? null : playerOf(pending);
  },
  forfeit: (state, loser, reason) => forfeitState(state as State<GameState>, loser as SeatID, reason),
  notePlayed(prev, next, playerID, moveType, played) {
    const seat = seatOf(playerID);
    if (!seat) return next;
    // The reducer's state may be frozen: a new G with a new log array; notePlayed replaces the events it tags.
    const G: GameState = { ...next.G, log: [...next.G.log] };
    notePlayed(G, seat, moveType, played, prev.G.log.length, prev.G.round);
    return { ...next, G };
  },
  logDelta: (prev, prevView, view) => logDeltaUpdate(prev, prevView, view),
  bots: mintBots(),
};
