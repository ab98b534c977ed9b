/**
 * Fast self-play for tuning (src/cli/tune.ts): both seats play the ISMCTS bot's ε-greedy policy (no search) on the
 * true state — each rule of the policy reads only what its own seat knows (src/ai/ismcts/knowledge.ts) — and the
 * positions met along the way are recorded with the game's outcome, for fitting the evaluation (logistic
 * regression) and the base belief (conditional logit over the candidates, truth known afterwards).
 */
import { baseBelief, beliefFeatures } from '../ai/ismcts/belief';
import { candidateActions } from '../ai/ismcts/candidates';
import { features } from '../ai/ismcts/evaluate';
import { makePicker } from '../ai/ismcts/policy';
import type { Weights } from '../ai/ismcts/weights';
import { DEFAULT_CONFIG, type GameConfig, type LetterId } from '../game/content';
import { applyLegal, createState, needsAdvance, run, seededRng, type GameState } from '../game/rules';
import { viewFor } from '../game/rules/view';
import { IsmctsSeatBot } from '../ai/ismcts/bot';
import { playBotGame } from './botGame';

export interface ValueSample { x: number[]; rebelWon: 0 | 1 }
/** One Imperial decision with the base hidden: each candidate's features, and which one was the base. */
export interface BeliefSample { xs: number[][]; truth: number }

export interface SelfPlayData { values: ValueSample[]; beliefs: BeliefSample[]; rebelWins: number; games: number }

export function selfPlay(
  games: number, seed: string, weights: Weights, opts: { valueRate?: number; beliefRate?: number; config?: GameConfig } = {},
  onGame?: (done: number) => void,
): SelfPlayData {
  const picker = makePicker(weights.policy);
  const out: SelfPlayData = { values: [], beliefs: [], rebelWins: 0, games };
  const sampler = seededRng(`selfplay-${seed}`);
  for (let g = 0; g < games; g++) {
    const rng = seededRng(`selfplay-${seed}-${g}`);
    const s = createState(rng, opts.config ?? DEFAULT_CONFIG);
    const positions: number[][] = [];
    while (!s.winner) {
      if (needsAdvance(s)) {
        run(s, rng);
        continue;
      }
      const p = s.pending!;
      if (sampler.int(1000) < (opts.valueRate ?? 0.05) * 1000) positions.push(features(s));
      if (p.seat === 'I' && !s.base.revealed && sampler.int(1000) < (opts.beliefRate ?? 0.02) * 1000) {
        recordBelief(s, out);
      }
      applyLegal(s, picker.pick(s, p.seat, candidateActions(s, p.seat), rng), rng);
    }
    const won = s.winner.faction === 'R' ? 1 : 0;
    out.rebelWins += won;
    for (const x of positions) out.values.push({ x, rebelWon: won });
    onGame?.(g + 1);
  }
  return out;
}

/**
 * The same data from games of the ISMCTS bot against itself at a fixed iteration count: slower, but the positions
 * and outcomes are those of real search play, which is what the evaluation must predict.
 */
export async function searchSelfPlay(
  games: number, seed: string, weights: Weights, iterations: number,
  opts: { valueRate?: number; beliefRate?: number; config?: GameConfig } = {}, onGame?: (done: number) => void,
): Promise<SelfPlayData> {
  const out: SelfPlayData = { values: [], beliefs: [], rebelWins: 0, games };
  const sampler = seededRng(`search-selfplay-${seed}`);
  for (let g = 0; g < games; g++) {
    const bot = (tag: string) => new IsmctsSeatBot('normal', { iterations, weights, seed: `${seed}-${g}-${tag}` });
    const positions: number[][] = [];
    const r = await playBotGame({ R: bot('R'), I: bot('I') }, `search-${seed}-${g}`, opts.config, (s, seat) => {
      if (sampler.int(1000) < (opts.valueRate ?? 0.2) * 1000) positions.push(features(s));
      if (seat === 'I' && !s.base.revealed && sampler.int(1000) < (opts.beliefRate ?? 0.2) * 1000) recordBelief(s, out);
    });
    const won = r.winner === 'R' ? 1 : 0;
    out.rebelWins += won;
    for (const x of positions) out.values.push({ x, rebelWon: won });
    onGame?.(g + 1);
  }
  return out;
}

function recordBelief(s: GameState, out: SelfPlayData): void {
  const view = viewFor(s, 'I');
  const planets = baseBelief(view, {}).planets;
  const truth = planets.indexOf(s.base.planet as LetterId);
  if (planets.length < 2 || truth < 0) return;
  out.beliefs.push({ xs: planets.map((c) => beliefFeatures(view, c)), truth });
}

/** Solve A·x = b (A square, symmetric positive definite here) by Gaussian elimination with partial pivoting. */
function solve(A: number[][], b: number[]): number[] {
  const n = b.length;
  const M = A.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(M[r][c]) > Math.abs(M[piv][c])) piv = r;
    [M[c], M[piv]] = [M[piv], M[c]];
    const d = M[c][c] || 1e-12;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = M[r][c] / d;
      for (let k = c; k <= n; k++) M[r][k] -= f * M[c][k];
    }
  }
  return M.map((row, i) => row[n] / (M[i][i] || 1e-12));
}

/** L2-regularised logistic regression by Newton's method (IRLS): returns [bias, ...weights]. */
export function fitLogistic(data: ValueSample[], dims: number, iterations = 25, l2 = 1e-2): number[] {
  const n = dims + 1;
  let w = new Array<number>(n).fill(0);
  for (let it = 0; it < iterations; it++) {
    const g = new Array<number>(n).fill(0);
    const H = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    for (const { x, rebelWon } of data) {
      const xx = [1, ...x];
      let z = 0;
      for (let i = 0; i < n; i++) z += w[i] * xx[i];
      const p = 1 / (1 + Math.exp(-z));
      const r = p * (1 - p);
      for (let i = 0; i < n; i++) {
        g[i] += (p - rebelWon) * xx[i];
        for (let j = 0; j < n; j++) H[i][j] += r * xx[i] * xx[j];
      }
    }
    const m = Math.max(1, data.length);
    for (let i = 0; i < n; i++) {
      g[i] = g[i] / m + (i > 0 ? l2 * w[i] : 0);
      for (let j = 0; j < n; j++) H[i][j] = H[i][j] / m + (i === j ? (i > 0 ? l2 : 1e-6) : 0);
    }
    const step = solve(H, g);
    w = w.map((wi, i) => wi - step[i]);
  }
  return w;
}

/** Mean log-likelihood of outcomes under a logistic model [bias, ...weights] (higher is better). */
export function logLikelihood(data: ValueSample[], w: number[]): number {
  let ll = 0;
  for (const { x, rebelWon } of data) {
    let z = w[0];
    for (let i = 0; i < x.length; i++) z += w[i + 1] * x[i];
    const p = Math.min(1 - 1e-9, Math.max(1e-9, 1 / (1 + Math.exp(-z))));
    ll += rebelWon ? Math.log(p) : Math.log(1 - p);
  }
  return ll / Math.max(1, data.length);
}

/** Conditional logit (softmax over each sample's candidates) by gradient ascent, L2-regularised. */
export function fitConditionalLogit(data: BeliefSample[], dims: number, epochs = 300, rate = 0.5, l2 = 1e-2): number[] {
  const w = new Array<number>(dims).fill(0);
  for (let e = 0; e < epochs; e++) {
    const grad = new Array<number>(dims).fill(0);
    for (const { xs, truth } of data) {
      const z = xs.map((x) => x.reduce((a, xi, i) => a + xi * w[i], 0));
      const m = Math.max(...z);
      const ex = z.map((v) => Math.exp(v - m));
      const sum = ex.reduce((a, b) => a + b, 0);
      for (let c = 0; c < xs.length; c++) {
        const p = ex[c] / sum;
        const y = c === truth ? 1 : 0;
        for (let i = 0; i < dims; i++) grad[i] += (y - p) * xs[c][i];
      }
    }
    for (let i = 0; i < dims; i++) w[i] += rate * (grad[i] / data.length - l2 * w[i]);
  }
  return w;
}

/** Mean log-probability of the true base under belief weights (higher is better; uniform = −mean log n). */
export function beliefLogLikelihood(data: BeliefSample[], w: number[]): number {
  let ll = 0;
  for (const { xs, truth } of data) {
    const z = xs.map((x) => x.reduce((a, xi, i) => a + xi * w[i], 0));
    const m = Math.max(...z);
    const sum = z.reduce((a, v) => a + Math.exp(v - m), 0);
    ll += z[truth] - m - Math.log(sum);
  }
  return ll / Math.max(1, data.length);
}
