/**
 * Mint Imperium's seam between the server and a computer player (the platform's is `BotPlayers` of
 * ../match/hosted-game.ts; ../games/mint-bots.ts adapts these to it). A bot gets exactly what a human of that seat
 * would get: `view = viewFor(state, seat)` (src/game/rules/view.ts), never the full state, and answers with one
 * boardgame.io move as a client sends it over the socket (src/protocol/moves.ts `moveOf`).
 * The server plays the answer through the same path as a socket client (MatchHub.botMove), so a bot move is
 * checked like any other. A stronger bot only has to implement this interface.
 */
import type { Faction } from '../../src/game/content';
import type { GameState } from '../../src/game/rules';
import type { BotChoice, BotJob } from '../match/hosted-game';

export type { BotChoice, BotJob } from '../match/hosted-game';

export interface BotPlayer {
  choose(view: GameState, seat: Faction, job?: BotJob): Promise<BotChoice>;
  /** Stop any background work (worker threads). */
  close?(): Promise<void>;
}
