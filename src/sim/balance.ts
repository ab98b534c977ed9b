/**
 * Balance study (issue 7 item 6, RULES §11 B7/B8): one bot plays both seats over N seeded games with a balance
 * config; the result has the Rebel's win share with its Wilson interval, game length, win reasons, and per mission
 * card how often it was revealed and how often it succeeded (read from the typed log, src/game/rules/log.ts:
 * `missionRevealed`, then `missionSucceeded` or `missionAttempt` with `success`). Game i uses the game seed
 * `${seed}-${i}` whatever the config, so configs are compared on the same deals. The games are played as jobs of
 * ./gameJob.ts through the pool (./pool.ts); `aggregateBalance` sums their summaries up (pure). No file I/O.
 * Studies of several configs (grids, paired differences, early stop, resume): ./balanceStudy.ts.
 */
import type { BotName } from '../ai';
import { DEFAULT_CONFIG, makeConfig, type GameConfig } from '../game/content';
import type { BotSpec, GameJob, GameSummary } from './gameJob';
import { runGames } from './pool';
import { configChanges, quantile, wilson, type CardStats } from './figures';

export { configChanges, missionOutcomes, type CardStats } from './figures';

export interface BalanceOptions {
  bot: BotName;
  games: number;
  budgetMs: number;
  /** A fixed search effort per decision instead of the wall-clock budget (reproducible, load-independent). */
  iterations?: number;
  config?: GameConfig;
  /** What the config changes, for the report (default: "default"). */
  label?: string;
  seed?: string;
  /** Worker threads of the pool (default 0: play in this thread). */
  workers?: number;
  onGame?: (done: number, total: number) => void;
}

export interface BalanceResult {
  label: string;
  bot: BotName;
  budgetMs: number;
  iterations?: number;
  games: number;
  rebelWins: number;
  rebelShare: number;
  ci95: [number, number];
  rounds: { median: number; p25: number; p75: number; min: number; max: number; histogram: Record<string, number> };
  winReasons: Record<string, number>;
  /** Per mission card id: reveals and successes over all games. */
  cards: Record<string, CardStats>;
  /** B8 extras: relocations, captures per game; share of games with the base revealed, and its median round. */
  perGame: { relocations: number; captures: number; rescues: number; combats: number };
  baseRevealed: { share: number; medianRound: number | null };
  /** Config fields that differ from DEFAULT_CONFIG. */
  changes: Partial<GameConfig>;
  /**
   * Search effort actually spent per decision with a real choice: mean iterations, and the median over games of
   * each game's mean think time.
   */
  search: { itersPerDecision: number; thinkMsP50: number };
  /** Wall-clock seconds of `runBalance`; in a study (./balanceStudy.ts) the bots' think time summed over the games. */
  seconds: number;
  /** Studies with early stop (./balanceStudy.ts): the most games a config could play; `games` is how many it did. */
  maxGames?: number;
  /** Stopped early: its Wilson 95% interval lay wholly above or below the band. */
  stopped?: 'above' | 'below';
  /** Paired difference against the study's reference config (its first) over the game seeds both played. */
  paired?: PairedDiff;
  /** `--target-ci`: whether the final interval lies inside [lo, hi]. */
  targetCi?: { lo: number; hi: number; inside: boolean };
}

/**
 * Reference and config on the same game seeds: `n` paired games, `refOnly` where only the reference's Rebel won,
 * `otherOnly` where only this config's Rebel won (the discordant pairs), `delta` = (otherOnly − refOnly) / n, and
 * the exact two-sided McNemar p-value of the discordant pairs.
 */
export interface PairedDiff { n: number; delta: number; refOnly: number; otherOnly: number; p: number }

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** What a list of game summaries was played with, for the result (./gameJob.ts has the games themselves). */
export interface BalanceMeta {
  bot: BotName;
  budgetMs: number;
  iterations?: number;
  config?: GameConfig;
  /** What the config changes, for the report (default: "default"). */
  label?: string;
  /** Seconds to report (default: the bots' think time summed over the games). */
  seconds?: number;
}

/**
 * The balance result of some finished games (in game order), a pure function of their summaries: a study can play
 * them anywhere (worker threads, an earlier run read back from a JSONL file) and sum them up here.
 * `search.thinkMsP50` is the median over games of each game's mean think time per decision with a real choice
 * (a summary keeps only per-game totals).
 */
export function aggregateBalance(summaries: readonly GameSummary[], m: BalanceMeta): BalanceResult {
  const config = m.config ?? DEFAULT_CONFIG;
  const rounds: number[] = [];
  const winReasons: Record<string, number> = {};
  const cards: Record<string, CardStats> = {};
  const perGame = { relocations: 0, captures: 0, rescues: 0, combats: 0 };
  const revealRounds: number[] = [];
  const thinkPerGame: number[] = [];
  let rebelWins = 0;
  let iters = 0;
  let choices = 0;
  let thinkMs = 0;
  for (const g of summaries) {
    if (g.winner === 'R') rebelWins++;
    rounds.push(g.rounds);
    const why = `${g.winner}:${g.reason}`;
    winReasons[why] = (winReasons[why] ?? 0) + 1;
    // A game kept in compact form (docs/balance/data/: no card table) counts for everything but the card table.
    for (const [card, s] of Object.entries(g.cards ?? {})) {
      const c = (cards[card] ??= { played: 0, succeeded: 0 });
      c.played += s.played;
      c.succeeded += s.succeeded;
    }
    addStats(perGame, g.stats);
    if (g.stats.baseRevealedRound > 0) revealRounds.push(g.stats.baseRevealedRound);
    const n = g.choices.R + g.choices.I;
    iters += g.iterations.R + g.iterations.I;
    choices += n;
    thinkMs += g.thinkMs.R + g.thinkMs.I;
    if (n > 0) thinkPerGame.push((g.thinkMs.R + g.thinkMs.I) / n);
  }
  const games = summaries.length;
  rounds.sort((a, b) => a - b);
  thinkPerGame.sort((a, b) => a - b);
  revealRounds.sort((a, b) => a - b);
  const histogram: Record<string, number> = {};
  for (const r of rounds) histogram[r] = (histogram[r] ?? 0) + 1;
  const [lo, hi] = wilson(rebelWins, games);
  const n = Math.max(1, games);
  return {
    label: m.label ?? 'default', bot: m.bot, budgetMs: m.budgetMs, iterations: m.iterations, games, rebelWins,
    rebelShare: round3(rebelWins / n), ci95: [round3(lo), round3(hi)],
    rounds: {
      median: quantile(rounds, 0.5), p25: quantile(rounds, 0.25), p75: quantile(rounds, 0.75),
      min: rounds[0] ?? 0, max: rounds[rounds.length - 1] ?? 0, histogram,
    },
    winReasons, cards: sortedCards(cards),
    perGame: {
      relocations: round3(perGame.relocations / n), captures: round3(perGame.captures / n),
      rescues: round3(perGame.rescues / n), combats: round3(perGame.combats / n),
    },
    baseRevealed: { share: round3(revealRounds.length / n), medianRound: revealRounds.length ? quantile(revealRounds, 0.5) : null },
    changes: configChanges(config),
    search: { itersPerDecision: Math.round(iters / Math.max(1, choices)), thinkMsP50: Math.round(quantile(thinkPerGame, 0.5) * 10) / 10 },
    seconds: m.seconds ?? Math.round(thinkMs / 1000),
  };
}

/** The bot of a study on one seat: the same bot and effort on both seats (each seeded by its game, ./gameJob.ts). */
export function botSpec(bot: BotName, budgetMs: number, iterations?: number): BotSpec {
  return { name: bot, options: iterations === undefined ? { budgetMs } : { budgetMs, iterations } };
}

/** Game i of a study with seed S is `${S}-${i}` for every config (paired comparisons). */
export function balanceJob(seed: string, i: number, bot: BotSpec, overrides: Partial<GameConfig>): GameJob {
  return { seed: `${seed}-${i}`, bots: { R: bot, I: bot }, config: overrides };
}

/** Plays the games through the pool (./pool.ts; in this thread unless `workers` says otherwise) and sums them up. */
export async function runBalance(o: BalanceOptions): Promise<BalanceResult> {
  const config = o.config ?? DEFAULT_CONFIG;
  const seed = o.seed ?? 'balance';
  const t0 = performance.now();
  const spec = botSpec(o.bot, o.budgetMs, o.iterations);
  const jobs = Array.from({ length: o.games }, (_, i) => balanceJob(seed, i, spec, configChanges(config)));
  const summaries = await runGames(jobs, { workers: o.workers ?? 0, onGame: (_i, _s, done, total) => o.onGame?.(done, total) });
  return aggregateBalance(summaries, {
    bot: o.bot, budgetMs: o.budgetMs, iterations: o.iterations, config, label: o.label,
    seconds: Math.round((performance.now() - t0) / 1000),
  });
}

function addStats(acc: BalanceResult['perGame'], s: GameSummary['stats']): void {
  acc.relocations += s.relocations;
  acc.captures += s.captures;
  acc.rescues += s.rescues;
  acc.combats += s.combats;
}

const sortedCards = (c: Record<string, CardStats>) => Object.fromEntries(Object.entries(c).sort(([a], [b]) => (a < b ? -1 : 1)));

/**
 * The single-knob changes of the study (RULES §11 B7, src/game/content/config.ts), one step from the default in
 * the direction B7 names. B7.5's driven-off variant is left out: the engine does not implement it yet.
 */
export const KNOB_VARIANTS: { label: string; knob: string; overrides: Partial<GameConfig> }[] = [
  { label: 'objective token starts on 13', knob: 'B7.1', overrides: { objectiveStart: 13 } },
  { label: 'objective token starts on 11', knob: 'B7.1', overrides: { objectiveStart: 11 } },
  { label: 'builds on 3, 5, 7, 9', knob: 'B7.2', overrides: { buildSpaces: [3, 5, 7, 9] } },
  { label: '5 deck I objectives', knob: 'B7.3', overrides: { deckISize: 5 } },
  { label: '2 reveals per window', knob: 'B7.3', overrides: { revealsPerWindow: 2 } },
  { label: '1 probe draw per Refresh (the default before issue 24)', knob: 'B7.4', overrides: { probesPerRefresh: 1 } },
  { label: 'relocation cooldown 1 round (the default before issue 24)', knob: 'B7.4', overrides: { relocationCooldown: 1 } },
  { label: 'occupation checked at every state check', knob: 'B7.4', overrides: { occupationAtEveryCheck: true } },
  { label: 'Secret Plans among the top 3 of deck I', knob: 'B7.5', overrides: { secretPlansTopN: 3 } },
  { label: 'deployment cap 3', knob: 'B7.7', overrides: { deployCap: 3 } },
  { label: 'ties go to the defender', knob: 'B7.7', overrides: { tiesToRevealer: false } },
];

export const variantConfig = (overrides: Partial<GameConfig>): GameConfig => makeConfig(overrides);
