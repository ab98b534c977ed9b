/**
 * boardgame.io stays first-class (issue 7 item 3): `SeatBotBgio` extends boardgame.io's `Bot`, so `Step` and
 * `Simulate` (boardgame.io/ai) can drive any createBot bot — the ISMCTS by default. On each `play(state, playerID)`
 * it takes `viewFor(state.G, seat)` and hands the inner bot that view only (never the full G), then turns the core
 * Action into boardgame.io's MAKE_MOVE action with the move codec the Game's moves and `ai.enumerate` use
 * (src/protocol/moves.ts). The bot's thoughts go out as `metadata`.
 * This wrapper sits outside the fair-bot import graph (tests/ai/import-graph.test.ts): it imports boardgame.io.
 */
import type { ActionShape, PlayerID, State } from 'boardgame.io';
import { Bot } from 'boardgame.io/ai';
import { seatOf } from '../game';
import type { Action, GameState } from '../game/rules';
import { viewFor } from '../game/rules/view';
import { moveOf } from '../protocol';
import { createBot, isOmniscient, type BotName, type BotOptions, type BotThoughts, type SeatBot } from './index';

export interface SeatBotBgioOptions {
  /** boardgame.io's Bot wants it; this bot never enumerates (the inner bot lists the core's legal actions). */
  enumerate?: ConstructorParameters<typeof Bot>[0]['enumerate'];
  seed?: string | number;
  /** A createBot name (not the omniscient `mcts`: this wrapper only ever hands out views), or a ready SeatBot. */
  bot?: Exclude<BotName, 'mcts'> | SeatBot;
  options?: BotOptions;
}

/** boardgame.io's MAKE_MOVE action for a core action (the shape of its `makeMove` action creator). */
export function makeMoveAction(a: Action, playerID: PlayerID): ActionShape.MakeMove {
  const { move, args } = moveOf(a);
  return { type: 'MAKE_MOVE', payload: { type: move, args, playerID } } as ActionShape.MakeMove;
}

export class SeatBotBgio extends Bot {
  readonly inner: SeatBot;

  constructor(opts: SeatBotBgioOptions = {}) {
    super({ enumerate: opts.enumerate ?? (() => []), seed: opts.seed });
    const bot = opts.bot ?? 'ismcts-normal';
    if (typeof bot === 'string') {
      if (isOmniscient(bot as BotName)) throw new Error('SeatBotBgio hands its bot a view: the omniscient mcts cannot run here');
      this.inner = createBot(bot, { seed: opts.seed === undefined ? undefined : String(opts.seed), ...opts.options });
    } else this.inner = bot;
  }

  /**
   * The inner bot's move for `playerID`, or no action when that player has nothing to decide (the game is over,
   * or the core waits for the other seat): `Simulate` then stops, as it does for its stock bots.
   */
  async play(state: State, playerID: PlayerID): Promise<{ action: ActionShape.MakeMove; metadata?: BotThoughts }> {
    const G = state.G as GameState;
    const seat = seatOf(playerID);
    if (!seat || G.winner || !G.pending || G.pending.seat !== seat || state.ctx.gameover !== undefined) {
      return { action: undefined as unknown as ActionShape.MakeMove };
    }
    const { action, thoughts } = await this.inner.choose(viewFor(G, seat), seat);
    return { action: makeMoveAction(action, playerID), metadata: thoughts };
  }
}
