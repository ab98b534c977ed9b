/**
 * What the board may show of a bot's thoughts ("what the bot thinks"): its win estimate, the effort it spent
 * and, for the Imperial while the base is hidden, its guesses of the base planet. Never the candidate moves:
 * they would tell the human which cards the bot holds.
 */
import type { BotThoughts } from '../../ai';
import type { Faction, LetterId } from '../../game/content';
import type { GameState } from '../../game/rules';

export interface BoardThoughts {
  seat: Faction;
  /** The bot's estimate of its own chance to win, in [0, 1], when it has one. */
  winChance?: number;
  iterations: number;
  elapsedMs: number;
  /** Imperial only, base hidden in the view the bot was handed: most likely base planets first. */
  baseGuesses?: { planet: LetterId; p: number }[];
}

export function boardThoughts(t: BotThoughts, view: GameState, seat: Faction): BoardThoughts {
  const out: BoardThoughts = { seat, iterations: t.iterations, elapsedMs: Math.round(t.elapsedMs) };
  if (t.winChance !== undefined && Number.isFinite(t.winChance)) out.winChance = Math.min(1, Math.max(0, t.winChance));
  if (seat === 'I' && !view.base.revealed && t.baseBelief?.length) {
    out.baseGuesses = t.baseBelief.map(({ planet, p }) => ({ planet, p }));
  }
  return out;
}
