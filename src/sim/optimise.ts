/**
 * Tuning the ISMCTS bot's weights by tournaments (issue 24): SPSA (../ai/tuning/spsa.ts) scored by bot games on
 * every core (./pool.ts), and the A/B that decides whether tuned weights replace the committed ones.
 *
 * Scoring a step: θ+ plays θ− head to head (the classic one-match SPSA), N seeds each played twice with the seats
 * swapped, both bots at the same fixed iteration count. y(θ+) is θ+'s share of the 2N games and y(θ−) = 1 − y(θ+),
 * so y+ − y− = 2·share − 1. Head to head rather than each against the committed weights: half the games for the
 * same difference, and the two sides share every seed and opponent, so the seed's luck cancels in the difference.
 *
 * The run is a JSONL file: a header line (`run`: the flags that shape the trajectory, `params`: each tuned key's
 * scale and bounds, `theta0`), then one line per step (`step`, `theta` after the step, the scores). A run restarted
 * with the same flags continues after its last step; different flags are refused.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { BotName } from '../ai';
import type { Weights } from '../ai/ismcts/weights';
import { seededRng } from '../game/rules';
import {
  flatten, gainA, gainC, perturbation, perturbed, round3, spsaUpdate, unflatten, type Gains, type Leaf, type Param,
} from '../ai/tuning/spsa';
import type { GameJob } from './gameJob';
import { runGames } from './pool';
import { wilson, type HeadToHead } from './tournament';

/** Leaves of `weights` chosen by top-level group and/or exact dotted keys; throws on a name weights do not have. */
export function selectLeaves(weights: unknown, groups?: string[], only?: string[]): Leaf[] {
  const all = flatten(weights);
  const top = new Set(all.map((l) => l.key.split('.')[0]));
  for (const g of groups ?? []) if (!top.has(g)) throw new Error(`--groups: no numeric weights under ${g} (groups: ${[...top].join(', ')})`);
  const inGroups = groups ? all.filter((l) => groups.includes(l.key.split('.')[0])) : all;
  if (!only) return inGroups;
  for (const k of only) {
    if (!all.some((l) => l.key === k)) throw new Error(`--only: ${k} is not a numeric weight (e.g. ${all.slice(0, 3).map((l) => l.key).join(', ')})`);
    if (!inGroups.some((l) => l.key === k)) throw new Error(`--only: ${k} is outside --groups ${groups!.join(',')}`);
  }
  return inGroups.filter((l) => only.includes(l.key));
}

export interface MatchOptions {
  bot: BotName;
  iterations: number;
  /** Seeds; each played twice, seats swapped. */
  seeds: number;
  /** Prefix of the game seeds. */
  seed: string;
  workers?: number;
  onGame?: (done: number, total: number) => void;
}

export interface MatchResult {
  games: number;
  /** Wins of side a. */
  wins: number;
  asRebel: { games: number; wins: number };
  asImperial: { games: number; wins: number };
}

/** Weights a against weights b: `seeds` game seeds, each played with a as the Rebel and then as the Imperial. */
export async function playMatch(a: Weights, b: Weights, o: MatchOptions): Promise<MatchResult> {
  const spec = (weights: Weights) => ({ name: o.bot, options: { iterations: o.iterations, weights } });
  const jobs: GameJob[] = [];
  for (let s = 0; s < o.seeds; s++) {
    jobs.push({ seed: `${o.seed}-${s}`, bots: { R: spec(a), I: spec(b) } });
    jobs.push({ seed: `${o.seed}-${s}`, bots: { R: spec(b), I: spec(a) } });
  }
  const games = await runGames(jobs, { workers: o.workers, onGame: (_i, _s, done, total) => o.onGame?.(done, total) });
  const r: MatchResult = { games: games.length, wins: 0, asRebel: { games: 0, wins: 0 }, asImperial: { games: 0, wins: 0 } };
  games.forEach((g, i) => {
    const aSeat = i % 2 === 0 ? 'R' : 'I';
    const rec = aSeat === 'R' ? r.asRebel : r.asImperial;
    rec.games++;
    if (g.winner === aSeat) {
      rec.wins++;
      r.wins++;
    }
  });
  return r;
}

const r4 = (x: number) => Math.round(x * 10000) / 10000;

/** The tuned weights' record against the committed ones (score: the tuned weights' share of the wins). */
export interface AbResult extends HeadToHead {
  kind: 'ab';
  iterations: number;
  seed: string;
  /** Wilson lower bound > 0.5. */
  accept: boolean;
  /** Tuned keys whose value differs from the committed one: [committed, tuned]. */
  changed: Record<string, [number, number]>;
}

/** The A/B: `candidate` against `committed`, `games` games (rounded up to seat-swapped pairs). */
export async function abTest(
  candidate: Weights, committed: Weights, o: Omit<MatchOptions, 'seeds'> & { games: number },
): Promise<AbResult> {
  const seeds = Math.ceil(o.games / 2);
  const m = await playMatch(candidate, committed, { ...o, seeds, seed: `${o.seed}-ab` });
  const [lo, hi] = wilson(m.wins, m.games);
  const before = new Map(flatten(committed).map((l) => [l.key, l.value]));
  const changed: Record<string, [number, number]> = {};
  for (const l of flatten(candidate)) {
    const c = before.get(l.key);
    if (c !== l.value) changed[l.key] = [c ?? NaN, l.value];
  }
  return {
    kind: 'ab', games: m.games, iterations: o.iterations, seed: o.seed, score: r4(m.wins / Math.max(1, m.games)),
    ci95: [r4(lo), r4(hi)], asRebel: m.asRebel, asImperial: m.asImperial, accept: lo > 0.5, changed,
  };
}

/** The flags that shape a run's trajectory: a resumed run must have the same. */
export interface RunSpec {
  bot: BotName;
  seed: string;
  iterations: number;
  /** Seeds per step (2 × games). */
  games: number;
  gains: Gains;
  /** Cap on one step's move, in units of each parameter's scale. */
  maxStep: number;
  keys: string[];
  /** The --scales file's content, or null. */
  scales: unknown;
}

interface Header {
  run: RunSpec;
  params: Param[];
  theta0: Record<string, number>;
}

export interface StepLine {
  step: number;
  /** θ after this step's update. */
  theta: Record<string, number>;
  /** θ+'s and θ−'s scores (shares of the head-to-head games; they sum to 1). */
  scores: { plus: number; minus: number };
  games: number;
  plusAsRebel: { games: number; wins: number };
  plusAsImperial: { games: number; wins: number };
  ak: number;
  ck: number;
  /** Δ as a string of + and −, in `keys` order. */
  delta: string;
}

export interface OptimiseOptions {
  spec: RunSpec;
  steps: number;
  /** Committed weights: θ0 for the tuned keys, the value of every other key. */
  committed: Weights;
  /** Per-parameter scales and bounds (../ai/tuning/spsa.ts makeParams) for `spec.keys`. */
  params: Param[];
  /** The steps JSONL file. */
  log: string;
  workers?: number;
  onStepStart?: (step: number, steps: number, games: number) => void;
  onGame?: (done: number, total: number) => void;
  onStep?: (line: StepLine, steps: number) => void;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The lines of a steps file; a torn last line (a run killed while writing) is dropped. */
export function readSteps(log: string): { header: Header | null; steps: StepLine[] } {
  if (!existsSync(log)) return { header: null, steps: [] };
  const lines = readFileSync(log, 'utf8').split('\n').filter((l) => l.trim() !== '');
  const parsed: unknown[] = [];
  lines.forEach((l, i) => {
    try {
      parsed.push(JSON.parse(l));
    } catch {
      if (i < lines.length - 1) throw new Error(`${log}: line ${i + 1} is not JSON`);
    }
  });
  if (parsed.length === 0) return { header: null, steps: [] };
  const header = parsed[0] as Header;
  if (!header || typeof header !== 'object' || !('run' in header)) throw new Error(`${log}: the first line is not a run header`);
  return { header, steps: parsed.slice(1) as StepLine[] };
}

/** The weights with the tuned keys set to θ (rounded to 3 decimals when `round`). */
export function weightsOf(committed: Weights, keys: string[], theta: number[] | Record<string, number>, round = false): Weights {
  const values: Record<string, number> = {};
  keys.forEach((k, i) => {
    const v = Array.isArray(theta) ? theta[i] : theta[k];
    values[k] = round ? round3(v) : v;
  });
  return unflatten(committed, values);
}

/**
 * Runs (or resumes) SPSA until `steps` steps are in the log; returns θ after the last one (tuned keys only) and
 * how many steps this call played.
 */
export async function optimise(o: OptimiseOptions): Promise<{ theta: Record<string, number>; played: number; resumedAt: number }> {
  const { spec, params } = o;
  const keys = spec.keys;
  let { header, steps } = readSteps(o.log);
  let runParams = params;
  let theta: number[];
  if (header) {
    if (!same(header.run, spec)) {
      const diff = (Object.keys(spec) as (keyof RunSpec)[]).filter((k) => !same(header!.run[k], spec[k]));
      const hint = diff.includes('gains') ? ` (that run's gains: ${JSON.stringify(header.run.gains)}; --A defaults to 10% of --steps, so pass --A ${header.run.gains.A} to extend it)` : '';
      throw new Error(`${o.log} holds a run with other flags (${diff.join(', ')} differ): use the same flags to resume, or another --out${hint}`);
    }
    // The run keeps its own scales and bounds, even if weights.json changed since it started.
    runParams = header.params;
    const last = steps.at(-1);
    theta = keys.map((k) => (last ? last.theta[k] : header!.theta0[k]));
  } else {
    const committed = new Map(flatten(o.committed).map((l) => [l.key, l.value]));
    theta = keys.map((k) => committed.get(k)!);
    header = { run: spec, params, theta0: Object.fromEntries(keys.map((k, i) => [k, theta[i]])) };
    mkdirSync(dirname(o.log), { recursive: true });
    appendFileSync(o.log, `${JSON.stringify(header)}\n`);
    steps = [];
  }
  const start = steps.length === 0 ? 0 : steps[steps.length - 1].step + 1;
  let played = 0;
  for (let k = start; k < o.steps; k++) {
    const ak = gainA(k, spec.gains);
    const ck = gainC(k, spec.gains);
    // Δ depends on the seed and the step alone, so a resumed run draws what an unbroken one would have.
    const delta = perturbation(seededRng(`${spec.seed}-delta-${k}`), keys.length);
    const { plus, minus } = perturbed(theta, runParams, delta, ck);
    o.onStepStart?.(k, o.steps, spec.games * 2);
    const m = await playMatch(weightsOf(o.committed, keys, plus), weightsOf(o.committed, keys, minus), {
      bot: spec.bot, iterations: spec.iterations, seeds: spec.games, seed: `${spec.seed}-step${k}`,
      workers: o.workers, onGame: o.onGame,
    });
    const yPlus = m.wins / m.games;
    const yMinus = 1 - yPlus;
    theta = spsaUpdate(theta, runParams, delta, yPlus, yMinus, ak, ck, spec.maxStep);
    const line: StepLine = {
      step: k, theta: Object.fromEntries(keys.map((key, i) => [key, theta[i]])),
      scores: { plus: r4(yPlus), minus: r4(yMinus) }, games: m.games,
      plusAsRebel: m.asRebel, plusAsImperial: m.asImperial, ak: r4(ak), ck: r4(ck),
      delta: delta.map((d) => (d > 0 ? '+' : '-')).join(''),
    };
    appendFileSync(o.log, `${JSON.stringify(line)}\n`);
    played++;
    o.onStep?.(line, o.steps);
  }
  return { theta: Object.fromEntries(keys.map((k, i) => [k, theta[i]])), played, resumedAt: start };
}
