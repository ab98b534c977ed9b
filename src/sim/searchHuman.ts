/**
 * RULES §9 — a solo game whose human seat is played by the fair search bot of src/ai (it sees only the human's
 * view and samples the rest with sampleWorld), for `npm run simulate -- --mode solo --human ismcts-normal` (any
 * fair bot name of src/ai/index.ts). The rival is
 * the core's bot deck, as always. Slow by nature: every decision of the human is a search.
 */
import type { GameConfig, SoloSetup } from '../game/content';
import { apply, createState, decisionActions, needsAdvance, run, seededRng, type GameState } from '../game/rules';
import { viewFor } from '../game/rules/view';
import { createBot } from '../ai';
import type { BotName } from '../ai/types';

export interface SearchHumanOptions {
  bot: Exclude<BotName, 'mcts'>;
  budgetMs: number;
  /** A fixed search per decision (reproducible, load-independent); overrides budgetMs. */
  iterations?: number;
}

export async function playSearchHumanGame(
  seed: string, solo: SoloSetup, config: GameConfig | undefined, opts: SearchHumanOptions, maxSteps = 20000,
): Promise<{ state: GameState; steps: number }> {
  const rng = seededRng(seed);
  const state = createState(rng, config, solo);
  const human = solo.bot === 'R' ? 'I' : 'R';
  let steps = 0;
  const bot = createBot(opts.bot, {
    ...(opts.iterations !== undefined ? { iterations: opts.iterations } : { budgetMs: opts.budgetMs }), seed: `${seed}-human`,
  });
  while (!state.winner) {
    if (needsAdvance(state)) { run(state, rng); continue; }
    const p = state.pending;
    if (!p || p.seat !== human) throw new Error('stuck: no decision for the human');
    const legal = decisionActions(state, human);
    let action: unknown = legal[0];
    if (legal.length > 1) {
      action = (await bot.choose(viewFor(state, human), human)).action;
    }
    if (!apply(state, human, action, rng)) throw new Error(`the search bot chose an illegal ${p.kind}`);
    if (++steps > maxSteps) throw new Error('game too long');
  }
  return { state, steps };
}
