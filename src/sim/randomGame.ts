/** Random legal games through the pure core: the reference driver for simulate, bench and property tests. */
import { DEFAULT_CONFIG, type GameConfig, type SoloSetup } from '../game/content';
import {
  applyLegal, createState, decisionActions, needsAdvance, run, seededRng, type Action, type GameState, type Rng,
} from '../game/rules';

export interface RandomGameResult {
  state: GameState;
  steps: number;
}

/**
 * Play one game choosing uniformly among legal actions. `rng` draws the game's randomness; `chooser` the
 * players' choices (two generators, so the same choices can be replayed through boardgame.io).
 */
export function playRandomGame(
  rng: Rng, chooser: Rng, config: GameConfig = DEFAULT_CONFIG,
  onStep?: (state: GameState, seat: 'R' | 'I', action: Action) => void,
  maxSteps = 100000,
  solo: SoloSetup | null = null,
): RandomGameResult {
  const state = createState(rng, config, solo);
  let steps = 0;
  while (!state.winner) {
    if (needsAdvance(state)) {
      run(state, rng);
      continue;
    }
    const p = state.pending;
    if (!p) throw new Error('stuck: no pending decision and nothing queued');
    const actions = decisionActions(state, p.seat);
    if (actions.length === 0) throw new Error(`stuck: no legal action for ${p.kind}`);
    const a = actions[chooser.int(actions.length)];
    onStep?.(state, p.seat, a);
    applyLegal(state, a, rng);
    if (++steps > maxSteps) throw new Error('game too long');
  }
  return { state, steps };
}

export function randomGameFromSeed(seed: string | number, config?: GameConfig, solo: SoloSetup | null = null): RandomGameResult {
  return playRandomGame(seededRng(`${seed}`), seededRng(`choices-${seed}`), config, undefined, undefined, solo);
}
