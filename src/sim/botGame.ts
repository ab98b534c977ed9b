/**
 * One game between two bots through the pure core: each bot is handed `viewFor(state, its seat)` (the omniscient
 * `mcts` yardstick alone gets the state), its answer is checked with `apply` like any move from the network.
 */
import { isOmniscient, type BotDecision, type SeatBot } from '../ai';
import { DEFAULT_CONFIG, type Faction, type GameConfig } from '../game/content';
import { apply, createState, needsAdvance, run, seededRng, type GameState, type WinReason } from '../game/rules';
import { viewFor } from '../game/rules/view';

export interface BotGameResult {
  winner: Faction;
  reason: WinReason;
  rounds: number;
  decisions: number;
  /** Per seat: think time of every decision that had more than one legal answer (ms), and iterations run. */
  think: Record<Faction, number[]>;
  iterations: Record<Faction, number>;
  state: GameState;
}

export async function playBotGame(
  bots: Record<Faction, SeatBot>, seed: string, config: GameConfig = DEFAULT_CONFIG,
  onDecision?: (state: GameState, seat: Faction, d: BotDecision) => void,
): Promise<BotGameResult> {
  const rng = seededRng(`game-${seed}`);
  const state = createState(rng, config);
  const think: Record<Faction, number[]> = { R: [], I: [] };
  const iterations: Record<Faction, number> = { R: 0, I: 0 };
  let decisions = 0;
  while (!state.winner) {
    if (needsAdvance(state)) {
      run(state, rng);
      continue;
    }
    const p = state.pending;
    if (!p) throw new Error('stuck: no pending decision');
    const bot = bots[p.seat];
    const input = isOmniscient(bot.name) ? state : viewFor(state, p.seat);
    const t0 = performance.now();
    const d = await bot.choose(input, p.seat);
    const ms = performance.now() - t0;
    if (d.thoughts.iterations > 0 || ms > 1) think[p.seat].push(ms);
    iterations[p.seat] += d.thoughts.iterations;
    onDecision?.(state, p.seat, d);
    if (!apply(state, p.seat, d.action, rng)) {
      throw new Error(`${bot.name} (${p.seat}) chose an illegal move: ${JSON.stringify(d.action)}`);
    }
    if (++decisions > 5000) throw new Error('game too long');
  }
  return {
    winner: state.winner.faction, reason: state.winner.reason as WinReason, rounds: state.round, decisions,
    think, iterations, state,
  };
}
