/**
 * Elo ratings from game results (the ladder, src/sim/ladder.ts): a Bradley–Terry model fitted by maximum likelihood
 * (Newton's method; the log-likelihood is concave), one player anchored at 0, and 95% intervals from a seeded
 * bootstrap. P(i beats j) = 1 / (1 + 10^((r_j − r_i) / 400)), so a 0.64 score is +100 Elo.
 *
 * `prior` adds that many pseudo-wins to each side of every pairing that was played (default 0.5, i.e. one virtual
 * drawn game), so a pairing won 200–0 gives a large finite gap instead of an infinite one. Pure maths, no I/O.
 */

/** Results of one pairing: `aWins` of `n` games won by `a`, the rest by `b`. */
export interface PairResult {
  a: string;
  b: string;
  n: number;
  aWins: number;
}

export interface EloOptions {
  /** Rated 0; the others relative to it (default: the first player). */
  anchor?: string;
  /** Pseudo-wins added to each side of every played pairing (default 0.5). */
  prior?: number;
}

export interface BootstrapOptions extends EloOptions {
  /** Bootstrap resamples (default 500). */
  resamples?: number;
  seed?: string;
}

export interface EloFit {
  anchor: string;
  /** Maximum-likelihood rating of each player. */
  elo: Record<string, number>;
  /** Percentile 95% interval of each rating (the anchor's is [0, 0]). */
  ci95: Record<string, [number, number]>;
  /** The bootstrap's ratings, one record per resample (for intervals of differences). */
  samples: Record<string, number>[];
}

const S = Math.LN10 / 400;

/** Elo difference that gives score `p` (0 < p < 1). */
export const eloFromScore = (p: number): number => 400 * Math.log10(p / (1 - p));
/** Expected score of a player `d` Elo above the other. */
export const scoreFromElo = (d: number): number => 1 / (1 + Math.pow(10, -d / 400));

/** log(1 + e^z), stable for large |z|. */
const softplus = (z: number): number => Math.max(z, 0) + Math.log1p(Math.exp(-Math.abs(z)));

function logLik(r: number[], pairs: { i: number; j: number; w: number; l: number }[]): number {
  let ll = 0;
  for (const p of pairs) {
    const x = S * (r[p.i] - r[p.j]);
    ll -= p.w * softplus(-x) + p.l * softplus(x); // −log σ(x) = softplus(−x)
  }
  return ll;
}

/** Solve A x = b in place (Gaussian elimination with partial pivoting); A is small and positive definite. */
function solve(A: number[][], b: number[]): number[] {
  const n = b.length;
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(A[r][c]) > Math.abs(A[piv][c])) piv = r;
    [A[c], A[piv]] = [A[piv], A[c]];
    [b[c], b[piv]] = [b[piv], b[c]];
    for (let r = c + 1; r < n; r++) {
      const f = A[r][c] / A[c][c];
      for (let k = c; k < n; k++) A[r][k] -= f * A[c][k];
      b[r] -= f * b[c];
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = b[r];
    for (let k = r + 1; k < n; k++) s -= A[r][k] * x[k];
    x[r] = s / A[r][r];
  }
  return x;
}

function checkConnected(players: string[], results: PairResult[], anchor: string): void {
  const seen = new Set([anchor]);
  for (let grew = true; grew;) {
    grew = false;
    for (const r of results) {
      if (r.n <= 0 || seen.has(r.a) === seen.has(r.b)) continue;
      seen.add(r.a);
      seen.add(r.b);
      grew = true;
    }
  }
  const lost = players.filter((p) => !seen.has(p));
  if (lost.length > 0) throw new Error(`no games link ${lost.join(', ')} to ${anchor}: their rating is undefined`);
}

/** Maximum-likelihood Bradley–Terry ratings on the Elo scale, `anchor` at 0. */
export function fitElo(players: string[], results: PairResult[], o: EloOptions = {}): Record<string, number> {
  const anchor = o.anchor ?? players[0];
  const prior = o.prior ?? 0.5;
  if (!players.includes(anchor)) throw new Error(`anchor ${anchor} is not a player`);
  checkConnected(players, results, anchor);
  const idx = new Map(players.map((p, i) => [p, i]));
  const pairs = results.filter((r) => r.n > 0 && r.a !== r.b).map((r) => {
    const i = idx.get(r.a);
    const j = idx.get(r.b);
    if (i === undefined || j === undefined) throw new Error(`unknown player in ${r.a} vs ${r.b}`);
    if (r.aWins < 0 || r.aWins > r.n) throw new Error(`${r.a} vs ${r.b}: ${r.aWins} wins of ${r.n}`);
    return { i, j, w: r.aWins + prior, l: r.n - r.aWins + prior };
  });
  const free = players.map((_, i) => i).filter((i) => i !== idx.get(anchor));
  const r = new Array<number>(players.length).fill(0);
  let ll = logLik(r, pairs);
  for (let iter = 0; iter < 100; iter++) {
    const g = new Array<number>(players.length).fill(0);
    const H = players.map(() => new Array<number>(players.length).fill(0));
    for (const p of pairs) {
      const q = 1 / (1 + Math.exp(-S * (r[p.i] - r[p.j])));
      const d = S * (p.w - (p.w + p.l) * q);
      const h = S * S * (p.w + p.l) * q * (1 - q);
      g[p.i] += d;
      g[p.j] -= d;
      H[p.i][p.i] += h;
      H[p.j][p.j] += h;
      H[p.i][p.j] -= h;
      H[p.j][p.i] -= h;
    }
    const step = solve(free.map((a) => free.map((b) => H[a][b])), free.map((a) => g[a]));
    // Newton step with halving (the log-likelihood is concave; halving only guards against overshoot far out).
    let t = 1;
    let next = r;
    let nextLl = -Infinity;
    for (let k = 0; k < 30; k++, t /= 2) {
      next = r.slice();
      free.forEach((a, m) => { next[a] += t * step[m]; });
      nextLl = logLik(next, pairs);
      if (nextLl >= ll - 1e-12) break;
    }
    const moved = Math.max(0, ...free.map((a) => Math.abs(next[a] - r[a])));
    r.splice(0, r.length, ...next);
    ll = nextLl;
    if (moved < 1e-9) break;
  }
  return Object.fromEntries(players.map((p, i) => [p, r[i]]));
}

/** A small seeded generator (mulberry32 over a string hash): uniform in [0, 1). */
export function uniform(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function binomial(n: number, p: number, u: () => number): number {
  let k = 0;
  for (let i = 0; i < n; i++) if (u() < p) k++;
  return k;
}

/** Quantile of sorted values, linear interpolation. */
export function quantileOf(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const x = q * (sorted.length - 1);
  const lo = Math.floor(x);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (x - lo);
}

/**
 * Ratings with 95% intervals. Bootstrap: every resample redraws each pairing's games — `n` games, each won by `a`
 * with that pairing's observed share after the prior's pseudo-games, (aWins + prior) / (n + 2·prior) — refits, and
 * the intervals are the 2.5% and 97.5% percentiles over the resamples. (Resampling the games of a pairing with
 * replacement is this binomial draw; the prior keeps a 200–0 pairing from giving a zero-width interval.)
 */
export function eloWithIntervals(players: string[], results: PairResult[], o: BootstrapOptions = {}): EloFit {
  const anchor = o.anchor ?? players[0];
  const prior = o.prior ?? 0.5;
  const elo = fitElo(players, results, { anchor, prior });
  const u = uniform(o.seed ?? 'elo');
  const samples: Record<string, number>[] = [];
  for (let s = 0; s < (o.resamples ?? 500); s++) {
    const redrawn = results.map((r) => ({ ...r, aWins: binomial(r.n, (r.aWins + prior) / (r.n + 2 * prior), u) }));
    samples.push(fitElo(players, redrawn, { anchor, prior }));
  }
  return { anchor, elo, ci95: Object.fromEntries(players.map((p) => [p, interval(samples.map((x) => x[p]))])), samples };
}

/** The percentile 95% interval of some bootstrap values. */
export function interval(values: number[]): [number, number] {
  const sorted = values.slice().sort((a, b) => a - b);
  return [quantileOf(sorted, 0.025), quantileOf(sorted, 0.975)];
}
