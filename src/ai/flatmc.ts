/**
 * Flat Monte Carlo over sampled worlds, the baseline of issue 7: for each legal action in turn, draw a fresh world
 * from the bot's own view (`sampleWorld`), apply the action, play uniformly random moves to the end through the
 * pure core, and keep the action with the best win rate. No tree, no evaluation, no peeking.
 */
import type { Faction } from '../game/content';
import {
  actionKey, applyLegal, decisionActions, needsAdvance, run, seededRng, type Action, type GameState, type Rng,
} from '../game/rules';
import { worldSampler } from '../game/rules/sample';
import { budgetOf } from './budget';
import type { BotDecision, BotOptions, SeatBot } from './types';

/** Play uniformly random legal moves until the game ends (or `maxSteps`); the winner, or null. */
export function randomPlayout(world: GameState, rng: Rng, maxSteps = 2000): Faction | null {
  for (let steps = 0; !world.winner && steps < maxSteps; steps++) {
    if (needsAdvance(world)) {
      run(world, rng);
      continue;
    }
    const p = world.pending;
    if (!p) break;
    const legal = decisionActions(world, p.seat);
    if (legal.length === 0) break;
    applyLegal(world, legal[rng.int(legal.length)], rng);
  }
  return world.winner?.faction ?? null;
}

/** Find the action in `world` equal to `a` (legal sets differ between worlds only for hidden-card moves). */
function sameIn(world: GameState, seat: Faction, a: Action): Action | null {
  const k = actionKey(a);
  for (const b of decisionActions(world, seat)) if (actionKey(b) === k) return b;
  return null;
}

export class FlatMcSeatBot implements SeatBot {
  readonly name = 'flatmc' as const;
  private calls = 0;

  constructor(private readonly opts: BotOptions = {}) {}

  async choose(view: GameState, seat: Faction): Promise<BotDecision> {
    const legal = decisionActions(view, seat);
    if (legal.length === 0) throw new Error('flatmc: no legal action');
    const budget = budgetOf(this.opts, 100);
    if (legal.length === 1) {
      return { action: legal[0], thoughts: { bot: this.name, iterations: 0, elapsedMs: budget.elapsedMs() } };
    }
    const rng = seededRng(`${this.opts.seed ?? 'flatmc'}-${this.calls++}`);
    const sample = worldSampler(view, seat);
    const wins = new Array<number>(legal.length).fill(0);
    const runs = new Array<number>(legal.length).fill(0);
    let done = 0;
    // `iterations` counts playouts per action here, so a fixed count means the same effort whatever the width.
    const perAction = this.opts.iterations;
    while (perAction !== undefined ? done < perAction * legal.length : budget.more(done)) {
      const i = done % legal.length;
      const world = sample(rng);
      world.log = []; // the rules never read the log; playouts are cheaper without it
      const a = sameIn(world, seat, legal[i]);
      if (a) {
        applyLegal(world, a, rng);
        if (randomPlayout(world, rng) === seat) wins[i]++;
        runs[i]++;
      }
      done++;
    }
    let best = 0;
    for (let i = 1; i < legal.length; i++) {
      if (wins[i] / Math.max(1, runs[i]) > wins[best] / Math.max(1, runs[best])) best = i;
    }
    return {
      action: legal[best],
      thoughts: {
        bot: this.name, iterations: done, elapsedMs: budget.elapsedMs(),
        winChance: runs[best] ? wins[best] / runs[best] : undefined,
      },
    };
  }
}
