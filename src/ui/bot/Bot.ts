/**
 * The seam between the board and any computer opponent: given what one seat can see (its view, the same shape
 * as the full state with hidden cards as 'HIDDEN'), choose that seat's next move. A stronger bot only has to
 * implement this interface.
 */
import type { Faction } from '../../game/content';
import type { GameState } from '../../game/rules';

import type { BotMove } from '../../ai/mcts';

export type { BotMove };

export interface Bot {
  choose(view: GameState, seat: Faction): Promise<BotMove>;
  /** Stop any background work (a Web Worker). */
  dispose?(): void;
}
