/**
 * Balance studies over several configs (issue 24 item 4): grids of B7 knobs (RULES §11, src/game/content/config.ts)
 * expanded to their cartesian product, paired comparisons against a reference config with an exact McNemar test,
 * early stop once a config's Rebel share is clearly outside a band, and resume from the games already played.
 *
 * Game i of every config uses the game seed `${seed}-${i}` (./balance.ts `balanceJob`), so configs are compared on
 * the same deals. Games are played in batches of B game indices: every config still running plays the same batch;
 * after it, a config whose Wilson 95% interval lies wholly outside the band is stopped. Everything here is pure
 * except `runStudy`, which is handed the player (the worker pool in the CLI, src/cli/balance.ts) and a cache.
 */
import type { BotName } from '../ai';
import { DEFAULT_CONFIG, makeConfig, type GameConfig } from '../game/content';
import { aggregateBalance, balanceJob, botSpec, configChanges, type BalanceResult, type PairedDiff } from './balance';
import type { GameJob, GameSummary } from './gameJob';
import { wilson } from './tournament';

/** One config of a study: a label for the report and the knobs it changes (merged over the defaults by makeConfig). */
export interface StudyConfig { label: string; overrides: Partial<GameConfig> }

export class StudyInputError extends Error {}

const KNOBS = Object.keys(DEFAULT_CONFIG) as (keyof GameConfig)[];
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * Checks one knob value's type against the default's: whole numbers ≥ 0 (every numeric knob is a count or a space),
 * booleans, lists of numbers, objects; secretPlansTopN may be null; drivenOff must stay false.
 */
function checkKnob(key: string, value: unknown, where: string): void {
  if (!(KNOBS as string[]).includes(key)) throw new StudyInputError(`${where}: unknown knob "${key}" (knobs: ${KNOBS.join(', ')})`);
  if (key === 'drivenOff' && value !== false) throw new StudyInputError(`${where}: drivenOff (R5.9a) is not implemented by the engine yet; it must stay false`);
  const def = DEFAULT_CONFIG[key as keyof GameConfig];
  const ok = key === 'secretPlansTopN' ? value === null || (Number.isInteger(value) && (value as number) > 0)
    : typeof def === 'number' ? Number.isInteger(value) && (value as number) >= 0
      : typeof def === 'boolean' ? typeof value === 'boolean'
        : Array.isArray(def) ? Array.isArray(value) && value.every((v) => typeof v === 'number')
          : isObject(def) ? isObject(value) : false;
  if (!ok) throw new StudyInputError(`${where}: ${JSON.stringify(value)} is not a valid value of "${key}" (default ${JSON.stringify(def)})`);
}

/** A knob value in a label: `probesPerRefresh=2`, lists and objects as JSON. */
const knobLabel = (key: string, value: unknown) => `${key}=${typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}`;

/**
 * Every combination of the grid's knob values (cartesian product), the first knob varying slowest, in the order
 * of the values given. `{"a":[1,2],"b":[false,true]}` → a=1, b=false; a=1, b=true; a=2, b=false; a=2, b=true.
 */
export function expandGrid(grid: unknown): StudyConfig[] {
  if (!isObject(grid)) throw new StudyInputError('--grid: a JSON object of knob → list of values is expected');
  const keys = Object.keys(grid);
  if (keys.length === 0) throw new StudyInputError('--grid: no knob given');
  for (const k of keys) {
    const vs = grid[k];
    if (!Array.isArray(vs) || vs.length === 0) throw new StudyInputError(`--grid: "${k}" needs a non-empty list of values`);
    for (const v of vs) checkKnob(k, v, '--grid');
    if (new Set(vs.map((v) => JSON.stringify(v))).size !== vs.length) throw new StudyInputError(`--grid: "${k}" lists a value twice`);
  }
  let combos: [string, unknown][][] = [[]];
  for (const k of keys) combos = combos.flatMap((c) => (grid[k] as unknown[]).map((v) => [...c, [k, v] as [string, unknown]]));
  return combos.map((c) => ({
    label: c.map(([k, v]) => knobLabel(k, v)).join(', '),
    overrides: Object.fromEntries(c) as Partial<GameConfig>,
  }));
}

/** `--configs`: an explicit list of `{label, overrides}`. */
export function parseConfigList(list: unknown): StudyConfig[] {
  if (!Array.isArray(list) || list.length === 0) throw new StudyInputError('--configs: a non-empty JSON list of {"label", "overrides"} is expected');
  return list.map((c, i) => {
    if (!isObject(c) || typeof c.label !== 'string' || !c.label.trim() || !isObject(c.overrides)) {
      throw new StudyInputError(`--configs: entry ${i} must be {"label": "...", "overrides": {...}}`);
    }
    for (const [k, v] of Object.entries(c.overrides)) checkKnob(k, v, `--configs "${c.label}"`);
    return { label: c.label, overrides: c.overrides as Partial<GameConfig> };
  });
}

/**
 * The study's configs with the reference first: the base config (the default unless `--config`) is the reference;
 * each listed config's overrides are merged over the base. A listed config equal to the base takes its place as the
 * reference (keeping its label); otherwise the base comes first as `baseLabel`. Labels must be unique.
 */
export function withReference(base: StudyConfig, listed: StudyConfig[]): StudyConfig[] {
  const key = (o: Partial<GameConfig>) => JSON.stringify(configChanges(makeConfig(o)));
  const merged = listed.map((c) => ({ label: c.label, overrides: configChanges(makeConfig({ ...makeConfig(base.overrides), ...c.overrides })) }));
  const i = merged.findIndex((c) => key(c.overrides) === key(base.overrides));
  const out = i >= 0 ? [merged[i], ...merged.filter((_, j) => j !== i)] : [{ label: base.label, overrides: configChanges(makeConfig(base.overrides)) }, ...merged];
  const seen = new Set<string>();
  for (const c of out) {
    if (seen.has(c.label)) throw new StudyInputError(`two configs are labelled "${c.label}"`);
    seen.add(c.label);
  }
  return out;
}

/** log(n!) by summing (n is a few thousand at most). */
function logFactorials(n: number): number[] {
  const out = [0];
  for (let k = 1; k <= n; k++) out.push(out[k - 1] + Math.log(k));
  return out;
}

/**
 * Exact two-sided McNemar test on the discordant pairs b and c: under no difference each discordant pair goes
 * either way with probability ½, so p = min(1, 2 · P[Binomial(b + c, ½) ≤ min(b, c)]).
 */
export function mcnemarExact(b: number, c: number): number {
  const n = b + c;
  if (n === 0) return 1;
  const lf = logFactorials(n);
  let tail = 0;
  for (let k = 0; k <= Math.min(b, c); k++) tail += Math.exp(lf[n] - lf[k] - lf[n - k] - n * Math.LN2);
  return Math.min(1, 2 * tail);
}

/** Paired difference of `other` against `ref` over the game seeds both have. */
export function pairedDiff(ref: readonly GameSummary[], other: readonly GameSummary[]): PairedDiff {
  const refBySeed = new Map(ref.map((g) => [g.seed, g.winner]));
  let n = 0;
  let refOnly = 0;
  let otherOnly = 0;
  for (const g of other) {
    const r = refBySeed.get(g.seed);
    if (r === undefined) continue;
    n++;
    if (r === 'R' && g.winner !== 'R') refOnly++;
    else if (r !== 'R' && g.winner === 'R') otherOnly++;
  }
  const round4 = (x: number) => Math.round(x * 10000) / 10000;
  return { n, delta: n > 0 ? round4((otherOnly - refOnly) / n) : 0, refOnly, otherOnly, p: round4(mcnemarExact(refOnly, otherOnly)) };
}

/** After a batch: 'above' / 'below' when the Rebel share's Wilson 95% interval lies wholly outside [lo, hi]. */
export function stopCheck(rebelWins: number, games: number, band: [number, number]): 'above' | 'below' | undefined {
  if (games === 0) return undefined;
  const [a, b] = wilson(rebelWins, games);
  if (a > band[1]) return 'above';
  if (b < band[0]) return 'below';
  return undefined;
}

/** Issue 24's goals for a config's result. */
export interface Goals { share: boolean; interval: boolean; rounds: boolean; reasons: boolean; all: boolean; misses: string[] }

export const GOALS = { share: [0.45, 0.55], interval: [0.40, 0.60], rounds: [7, 10], reasons: ['I:occupation', 'I:obliterator'] } as const;

/**
 * Rebel share 45–55% with its Wilson 95% interval inside [40, 60]%, median rounds 7–10, and the Imperial winning
 * both by occupation and by the Obliterator (win reasons `I:occupation` and `I:obliterator`, src/game/rules/state.ts
 * WinReason).
 */
export function issue24Goals(r: BalanceResult): Goals {
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  const share = r.rebelShare >= GOALS.share[0] && r.rebelShare <= GOALS.share[1];
  const interval = r.ci95[0] >= GOALS.interval[0] && r.ci95[1] <= GOALS.interval[1];
  const rounds = r.rounds.median >= GOALS.rounds[0] && r.rounds.median <= GOALS.rounds[1];
  const missing = GOALS.reasons.filter((k) => !(r.winReasons[k] > 0));
  const misses: string[] = [];
  if (!share) misses.push(`Rebel share ${pct(r.rebelShare)} outside 45–55%`);
  if (!interval) misses.push(`95% interval [${pct(r.ci95[0])}, ${pct(r.ci95[1])}] not inside [40, 60]`);
  if (!rounds) misses.push(`median round ${r.rounds.median} outside 7–10`);
  if (missing.length > 0) misses.push(`no Imperial win by ${missing.map((k) => k.slice(2)).join(' or ')}`);
  return { share, interval, rounds, reasons: missing.length === 0, all: misses.length === 0, misses };
}

// ---------------------------------------------------------------------------------------------------------------
// The study loop

export interface StudyOptions {
  /** Reference first (`withReference`). */
  configs: StudyConfig[];
  bot: BotName;
  budgetMs: number;
  iterations?: number;
  seed: string;
  /** Games per config at most (all of them without a band). */
  maxGames: number;
  /** Game indices per batch (default: all at once). */
  batch?: number;
  /** Early stop: [lo, hi] Rebel share. */
  band?: [number, number];
  /** Report whether each final interval lies inside [lo, hi]. */
  targetCi?: [number, number];
  /** The reference (first config) is never stopped early, so every config's paired comparison keeps all its games. */
  keepReference?: boolean;
}

/** What resume keys a game by: the config's label and settings (bot, effort, knobs changed) and the game seed. */
export function gameKey(o: Pick<StudyOptions, 'bot' | 'budgetMs' | 'iterations'>, c: StudyConfig, gameSeed: string): string {
  return JSON.stringify([c.label, o.bot, o.budgetMs, o.iterations ?? null, configChanges(makeConfig(c.overrides)), gameSeed]);
}

/** One line of the games JSONL (resume): the key's parts, then the summary. */
export interface GameRecord {
  label: string;
  bot: BotName;
  budgetMs: number;
  iterations: number | null;
  changes: Partial<GameConfig>;
  seed: string;
  summary: GameSummary;
}

export function gameRecord(o: Pick<StudyOptions, 'bot' | 'budgetMs' | 'iterations'>, c: StudyConfig, s: GameSummary): GameRecord {
  return { label: c.label, bot: o.bot, budgetMs: o.budgetMs, iterations: o.iterations ?? null, changes: configChanges(makeConfig(c.overrides)), seed: s.seed, summary: s };
}

export const recordKey = (r: GameRecord): string => JSON.stringify([r.label, r.bot, r.budgetMs, r.iterations, r.changes, r.seed]);

export interface StudyProgress { done: number; planned: number; alive: number; configs: number }

export interface StudyDeps {
  /** Plays the jobs (in any order, any threads); `onGame` as each one finishes. */
  play: (jobs: GameJob[], onGame: (index: number, summary: GameSummary) => void) => Promise<GameSummary[]>;
  /** Games already played, by `gameKey`. */
  cached?: ReadonlyMap<string, GameSummary>;
  /** Each newly played game, as soon as it is finished (append it to the JSONL). */
  onPlayed?: (config: StudyConfig, summary: GameSummary) => void;
  onProgress?: (p: StudyProgress) => void;
  /** After each batch, with the results so far. */
  onBatch?: (results: BalanceResult[], finished: boolean) => void;
}

export interface StudyOutcome {
  results: BalanceResult[];
  /** Games played in this run (not read back from the cache). */
  played: number;
  /** Per config, its game summaries in game order. */
  games: GameSummary[][];
}

/** The per-config results of the summaries so far (reference first, paired differences against it). */
export function studyResults(o: StudyOptions, games: readonly GameSummary[][], stopped: readonly ('above' | 'below' | undefined)[]): BalanceResult[] {
  return o.configs.map((c, i) => {
    const r = aggregateBalance(games[i], { bot: o.bot, budgetMs: o.budgetMs, iterations: o.iterations, config: makeConfig(c.overrides), label: c.label });
    if (o.band || games[i].length < o.maxGames) r.maxGames = o.maxGames;
    if (stopped[i]) r.stopped = stopped[i];
    if (i > 0) r.paired = pairedDiff(games[0], games[i]);
    if (o.targetCi) r.targetCi = { lo: o.targetCi[0], hi: o.targetCi[1], inside: r.ci95[0] >= o.targetCi[0] && r.ci95[1] <= o.targetCi[1] };
    return r;
  });
}

export async function runStudy(o: StudyOptions, deps: StudyDeps): Promise<StudyOutcome> {
  const batch = Math.max(1, Math.min(o.batch ?? o.maxGames, o.maxGames));
  const spec = botSpec(o.bot, o.budgetMs, o.iterations);
  const games: GameSummary[][] = o.configs.map(() => []);
  const stopped: ('above' | 'below' | undefined)[] = o.configs.map(() => undefined);
  let played = 0;
  let done = 0;
  const planned = () => o.configs.reduce((s, _c, i) => s + (stopped[i] ? games[i].length : o.maxGames), 0);
  const alive = () => stopped.filter((s) => !s).length;
  const report = () => deps.onProgress?.({ done, planned: planned(), alive: alive(), configs: o.configs.length });
  report();
  for (let start = 0; start < o.maxGames && alive() > 0; start += batch) {
    const end = Math.min(o.maxGames, start + batch);
    const slots: { config: number; game: number }[] = [];
    const batchGames: (GameSummary | undefined)[][] = o.configs.map(() => []);
    const jobs: GameJob[] = [];
    // Game index first, so an interrupted batch leaves every config about equally far.
    for (let g = start; g < end; g++) {
      for (const [ci, c] of o.configs.entries()) {
        if (stopped[ci]) continue;
        const job = balanceJob(o.seed, g, spec, c.overrides);
        const hit = deps.cached?.get(gameKey(o, c, job.seed));
        if (hit) {
          batchGames[ci][g - start] = hit;
          done++;
        } else {
          slots.push({ config: ci, game: g });
          jobs.push(job);
        }
      }
    }
    report();
    if (jobs.length > 0) {
      const finished = (index: number, summary: GameSummary) => {
        const { config, game } = slots[index];
        if (batchGames[config][game - start]) return;
        batchGames[config][game - start] = summary;
        played++;
        done++;
        deps.onPlayed?.(o.configs[config], summary);
        report();
      };
      const summaries = await deps.play(jobs, finished);
      summaries.forEach((summary, index) => finished(index, summary));
    }
    for (const [ci] of o.configs.entries()) {
      if (stopped[ci]) continue;
      for (let g = start; g < end; g++) {
        const s = batchGames[ci][g - start];
        if (!s) throw new Error(`game ${o.seed}-${g} of "${o.configs[ci].label}" was not played`);
        games[ci].push(s);
      }
      if (o.band && end < o.maxGames && !(ci === 0 && o.keepReference)) {
        const wins = games[ci].filter((s) => s.winner === 'R').length;
        stopped[ci] = stopCheck(wins, games[ci].length, o.band);
      }
    }
    report();
    deps.onBatch?.(studyResults(o, games, stopped), end >= o.maxGames || alive() === 0);
  }
  return { results: studyResults(o, games, stopped), played, games };
}
