/**
 * SPSA (simultaneous perturbation stochastic approximation, Spall 1992/1998) over the bot's weights, as pure maths:
 * no I/O, no games. src/sim/optimise.ts scores the perturbed weights by tournaments; src/cli/optimise.ts is the CLI.
 *
 * The weights are whatever `src/ai/ismcts/weights.json` holds at run time: `flatten` lists every numeric leaf as a
 * dotted path (`value.w.hunterDistance`) in document order, `unflatten` puts values back into a copy of the same
 * shape, and `rewriteJsonNumbers` writes changed numbers back as 2-space JSON in the same key order. Nothing here knows the names of the weights except the one rule for probabilities (`boundsOf`).
 *
 * One step, maximising a noisy score y(θ) (a win share):
 *   Δ ∈ {−1, +1}ⁿ drawn from a seeded generator,
 *   θ± = θ ± c_k · s ⊙ Δ                           (s: each parameter's perturbation scale),
 *   θ ← θ + a_k · (y(θ+) − y(θ−)) / (2 c_k) · s ⊙ Δ   (then clamped to each parameter's bounds),
 * with a_k = a / (k + 1 + A)^α, c_k = c / (k + 1)^γ, α = 0.602, γ = 0.101 (Spall's practical values). In the units
 * of s every parameter moves alike, which is what the scales are for.
 */

/** One numeric leaf of a weights object. */
export interface Leaf {
  /** Dotted path from the root, e.g. `policy.epsilon`, `value.w.clock`. */
  key: string;
  value: number;
}

export type Json = number | string | boolean | null | Json[] | { [k: string]: Json };

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** Every finite numeric leaf of `obj`, as dotted paths in document (insertion) order. Arrays index as `a.0`. */
export function flatten(obj: unknown, prefix = ''): Leaf[] {
  const out: Leaf[] = [];
  const walk = (x: unknown, path: string) => {
    if (typeof x === 'number') {
      if (path !== '' && Number.isFinite(x)) out.push({ key: path, value: x });
      return;
    }
    const entries = Array.isArray(x) ? x.map((v, i) => [String(i), v] as const) : isObject(x) ? Object.entries(x) : [];
    for (const [k, v] of entries) walk(v, path === '' ? k : `${path}.${k}`);
  };
  walk(obj, prefix);
  return out;
}

/** A deep copy of `template` with the numeric leaves named in `values` replaced; everything else as it was. */
export function unflatten<T>(template: T, values: Record<string, number> | Map<string, number>): T {
  const get = values instanceof Map ? (k: string) => values.get(k) : (k: string) => (Object.hasOwn(values, k) ? values[k] : undefined);
  const walk = (x: unknown, path: string): unknown => {
    if (typeof x === 'number') {
      const v = get(path);
      return v === undefined ? x : v;
    }
    if (Array.isArray(x)) return x.map((v, i) => walk(v, path === '' ? String(i) : `${path}.${i}`));
    if (isObject(x)) {
      const o: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(x)) o[k] = walk(v, path === '' ? k : `${path}.${k}`);
      return o;
    }
    return x;
  };
  return walk(template, '') as T;
}

/** A parameter being tuned: where it is, its perturbation scale, and its bounds. */
export interface Param {
  key: string;
  scale: number;
  min: number;
  max: number;
}

/** Default perturbation scale: max(0.1, 0.2·|value|). */
export const defaultScale = (value: number): number => Math.max(0.1, 0.2 * Math.abs(value));

/**
 * Bounds of a parameter by its name: probabilities (a last path segment `epsilon`, or ending in `Epsilon`, `Prob`
 * or `Probability`) stay in [0, 1]; everything else is unbounded.
 */
export function boundsOf(key: string): [number, number] {
  const last = key.slice(key.lastIndexOf('.') + 1);
  if (/^(epsilon|prob|probability)$/i.test(last) || /(Epsilon|Prob|Probability)$/.test(last)) return [0, 1];
  return [-Infinity, Infinity];
}

/** Per-key overrides (a `--scales` file): a scale, or `{ scale?, min?, max? }`; a key may also name a group prefix. */
export type ScaleOverride = number | { scale?: number; min?: number; max?: number };

/**
 * The parameters for the chosen leaves: default scale and bounds, then the override whose key is the leaf's own
 * key or its longest dotted prefix (`value.w` covers every evaluation weight). Throws on an override that names no
 * chosen leaf or holds a bad value.
 */
export function makeParams(leaves: Leaf[], overrides: Record<string, ScaleOverride> = {}): Param[] {
  for (const [k, o] of Object.entries(overrides)) {
    if (!leaves.some((l) => l.key === k || l.key.startsWith(`${k}.`))) throw new Error(`scales: ${k} names no tuned weight`);
    const ok = (x: unknown, positive: boolean) => x === undefined || (typeof x === 'number' && Number.isFinite(x) && (!positive || x > 0));
    if (typeof o === 'number' ? !ok(o, true) : !isObject(o) || !ok(o.scale, true) || !ok(o.min, false) || !ok(o.max, false)) {
      throw new Error(`scales: ${k} must be a positive number or { scale, min, max }, not ${JSON.stringify(o)}`);
    }
    const extra = isObject(o) ? Object.keys(o).filter((f) => !['scale', 'min', 'max'].includes(f)) : [];
    if (extra.length > 0) throw new Error(`scales: ${k} has unknown field ${extra[0]}`);
  }
  return leaves.map((l) => {
    let [min, max] = boundsOf(l.key);
    let scale = defaultScale(l.value);
    const match = Object.keys(overrides).filter((k) => l.key === k || l.key.startsWith(`${k}.`))
      .sort((x, y) => y.length - x.length)[0];
    if (match !== undefined) {
      const o = overrides[match];
      if (typeof o === 'number') scale = o;
      else {
        scale = o.scale ?? scale;
        min = o.min ?? min;
        max = o.max ?? max;
      }
    }
    if (min > max) throw new Error(`scales: ${l.key} has min ${min} > max ${max}`);
    return { key: l.key, scale, min, max };
  });
}

export const clamp = (x: number, p: Pick<Param, 'min' | 'max'>): number => Math.min(p.max, Math.max(p.min, x));

export interface Gains {
  /** Step size numerator. */
  a: number;
  /** Perturbation size (in units of each parameter's scale). */
  c: number;
  /** Stability constant, commonly ~10% of the planned steps. */
  A: number;
  /** Decay exponents; Spall's practical values by default. */
  alpha?: number;
  gamma?: number;
}

export const ALPHA = 0.602;
export const GAMMA = 0.101;

/** a_k = a / (k + 1 + A)^α, k = 0, 1, … */
export const gainA = (k: number, g: Gains): number => g.a / Math.pow(k + 1 + g.A, g.alpha ?? ALPHA);
/** c_k = c / (k + 1)^γ, k = 0, 1, … */
export const gainC = (k: number, g: Gains): number => g.c / Math.pow(k + 1, g.gamma ?? GAMMA);

/** A ±1 vector of length n (Rademacher), from any generator with `int(n)` uniform in [0, n). */
export function perturbation(rng: { int(n: number): number }, n: number): number[] {
  return Array.from({ length: n }, () => (rng.int(2) === 0 ? -1 : 1));
}

/** θ± = θ ± c_k·s⊙Δ, each clamped to its bounds (so a probability's perturbed value stays a probability). */
export function perturbed(theta: number[], params: Param[], delta: number[], ck: number): { plus: number[]; minus: number[] } {
  return {
    plus: theta.map((t, i) => clamp(t + ck * params[i].scale * delta[i], params[i])),
    minus: theta.map((t, i) => clamp(t - ck * params[i].scale * delta[i], params[i])),
  };
}

/**
 * The SPSA update for maximising: θ_i + a_k·(y+ − y−)/(2c_k)·s_i·Δ_i, clamped. `maxStep` (in units of s, default
 * unlimited) caps one step's move of each parameter: with few games a step's score difference is mostly noise.
 */
export function spsaUpdate(
  theta: number[], params: Param[], delta: number[], yPlus: number, yMinus: number, ak: number, ck: number,
  maxStep = Infinity,
): number[] {
  const g = (ak * (yPlus - yMinus)) / (2 * ck);
  const move = Math.max(-maxStep, Math.min(maxStep, g));
  return theta.map((t, i) => clamp(t + move * params[i].scale * delta[i], params[i]));
}

/** One whole step on a score function: the perturbation, both scores and the update. */
export function spsaStep(
  theta: number[], params: Param[], k: number, gains: Gains, rng: { int(n: number): number },
  score: (plus: number[], minus: number[]) => { plus: number; minus: number }, maxStep = Infinity,
): { theta: number[]; delta: number[]; plus: number[]; minus: number[]; yPlus: number; yMinus: number; ak: number; ck: number } {
  const ak = gainA(k, gains);
  const ck = gainC(k, gains);
  const delta = perturbation(rng, theta.length);
  const { plus, minus } = perturbed(theta, params, delta, ck);
  const y = score(plus, minus);
  return { theta: spsaUpdate(theta, params, delta, y.plus, y.minus, ak, ck, maxStep), delta, plus, minus, yPlus: y.plus, yMinus: y.minus, ak, ck };
}

/** x rounded to 3 decimals, never −0. */
export const round3 = (x: number): number => {
  const r = Math.round(x * 1000) / 1000;
  return r === 0 ? 0 : r;
};

/**
 * The JSON `text` with the numbers at the given dotted paths replaced (rounded to 3 decimals), written back as
 * 2-space JSON in the same key order (weights.json is kept in that form). Throws if a path is not a number there.
 */
export function rewriteJsonNumbers(text: string, values: Record<string, number>): string {
  const doc = JSON.parse(text) as unknown;
  const numbers = new Set(flatten(doc).map((l) => l.key));
  for (const [key, v] of Object.entries(values)) {
    if (!numbers.has(key)) throw new Error(`JSON: no number at ${key}`);
    if (!Number.isFinite(v)) throw new Error(`JSON: ${key} is not a finite number`);
  }
  const rounded = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, round3(v)]));
  return `${JSON.stringify(unflatten(doc, rounded), null, 2)}\n`;
}
