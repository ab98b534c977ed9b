/**
 * The bot's tunable numbers, as data: playout/ordering rules (./policy.ts) and the evaluation (./evaluate.ts).
 * The committed values come from `weights.json`, written by `npm run tune` (src/cli/tune.ts); see docs/BOTS.md.
 */
import tuned from './weights.json';

export interface PolicyWeights {
  epsilon: number;
  move: number;
  pass: number;
  reveal: number;
  plan: number;
  planHunt: number;
  planMatch: number;
  oppose: number;
  opposeIcon: number;
  impSweep: number;
  impApproach: number;
  impAssault: number;
  rebDefend: number;
  rebQuiet: number;
  rebSpread: number;
  rebAbandon: number;
  rebDeployBase: number;
  attackStrong: number;
  attackEven: number;
  attackWeak: number;
  relocate: number;
  /** Imperial planning: penalty on a mission that would leave the hunting fleets without a leader to move. */
  impKeepLeaders: number;
}

/** Logistic evaluation: P(Rebel wins) = σ(bias + Σ weight × feature). Feature names: ./evaluate.ts. */
export interface EvalWeights {
  bias: number;
  w: Record<string, number>;
}

export interface Weights {
  policy: PolicyWeights;
  value: EvalWeights;
  /** Base belief (./belief.ts): a weight per location category. */
  belief: Record<string, number>;
}

export const DEFAULT_WEIGHTS: Weights = tuned as Weights;
