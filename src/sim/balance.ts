/**
 * Balance study (issue 7 item 6, RULES §11 B7/B8): one bot plays both seats over N seeded games with a balance
 * config; the result has the Rebel's win share with its Wilson interval, game length, win reasons, and per mission
 * card how often it was revealed and how often it succeeded (read from the typed log, src/game/rules/log.ts:
 * `missionRevealed`, then `missionSucceeded` or `missionAttempt` with `success`). Game i uses the game seed
 * `${seed}-${i}` whatever the config, so configs are compared on the same deals. Pure of I/O.
 */
import { createBot, type BotName } from '../ai';
import { DEFAULT_CONFIG, makeConfig, type GameConfig } from '../game/content';
import type { GameState, LogEvent } from '../game/rules';
import { playBotGame } from './botGame';
import { quantile, wilson } from './tournament';

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
  onGame?: (done: number, total: number) => void;
}

export interface CardStats { played: number; succeeded: number }

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
  /** Search effort actually spent: mean iterations and median think time per decision with a real choice. */
  search: { itersPerDecision: number; thinkMsP50: number };
  seconds: number;
}

/** Mission reveals and their outcomes in one game's log. */
export function missionOutcomes(log: readonly LogEvent[]): Record<string, CardStats> {
  const out: Record<string, CardStats> = {};
  const at = (card: string) => (out[card] ??= { played: 0, succeeded: 0 });
  for (const ev of log) {
    if (ev.e === 'missionRevealed') at(ev.card as string).played++;
    else if (ev.e === 'missionSucceeded') at(ev.card as string).succeeded++;
    else if (ev.e === 'missionAttempt' && ev.success === true) at(ev.card as string).succeeded++;
  }
  return out;
}

/** The fields of `c` that differ from the default config (thresholds key by key). */
export function configChanges(c: GameConfig): Partial<GameConfig> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(c) as (keyof GameConfig)[]) {
    if (k === 'thresholds') {
      const t: Record<string, number> = {};
      for (const [id, v] of Object.entries(c.thresholds)) if (DEFAULT_CONFIG.thresholds[id] !== v) t[id] = v;
      if (Object.keys(t).length > 0) out.thresholds = t;
    } else if (JSON.stringify(c[k]) !== JSON.stringify(DEFAULT_CONFIG[k])) out[k] = c[k];
  }
  return out as Partial<GameConfig>;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

export async function runBalance(o: BalanceOptions): Promise<BalanceResult> {
  const config = o.config ?? DEFAULT_CONFIG;
  const seed = o.seed ?? 'balance';
  const t0 = performance.now();
  const rounds: number[] = [];
  const winReasons: Record<string, number> = {};
  const cards: Record<string, CardStats> = {};
  const perGame = { relocations: 0, captures: 0, rescues: 0, combats: 0 };
  const revealRounds: number[] = [];
  let rebelWins = 0;
  const think: number[] = [];
  let iters = 0;
  for (let i = 0; i < o.games; i++) {
    const opts = (f: string) => ({ budgetMs: o.budgetMs, iterations: o.iterations, seed: `${seed}-${i}-${f}` });
    const bots = { R: createBot(o.bot, opts('R')), I: createBot(o.bot, opts('I')) };
    const r = await playBotGame(bots, `${seed}-${i}`, config);
    think.push(...r.think.R, ...r.think.I);
    iters += r.iterations.R + r.iterations.I;
    if (r.winner === 'R') rebelWins++;
    rounds.push(r.rounds);
    const why = `${r.winner}:${r.reason}`;
    winReasons[why] = (winReasons[why] ?? 0) + 1;
    for (const [card, s] of Object.entries(missionOutcomes(r.state.log))) {
      const c = (cards[card] ??= { played: 0, succeeded: 0 });
      c.played += s.played;
      c.succeeded += s.succeeded;
    }
    addStats(perGame, r.state);
    if (r.state.stats.baseRevealedRound > 0) revealRounds.push(r.state.stats.baseRevealedRound);
    o.onGame?.(i + 1, o.games);
  }
  rounds.sort((a, b) => a - b);
  think.sort((a, b) => a - b);
  revealRounds.sort((a, b) => a - b);
  const histogram: Record<string, number> = {};
  for (const r of rounds) histogram[r] = (histogram[r] ?? 0) + 1;
  const [lo, hi] = wilson(rebelWins, o.games);
  const n = Math.max(1, o.games);
  return {
    label: o.label ?? 'default', bot: o.bot, budgetMs: o.budgetMs, iterations: o.iterations, games: o.games, rebelWins,
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
    search: { itersPerDecision: Math.round(iters / Math.max(1, think.length)), thinkMsP50: Math.round(quantile(think, 0.5) * 10) / 10 },
    seconds: Math.round((performance.now() - t0) / 1000),
  };
}

function addStats(acc: BalanceResult['perGame'], s: GameState): void {
  acc.relocations += s.stats.relocations;
  acc.captures += s.stats.captures;
  acc.rescues += s.stats.rescues;
  acc.combats += s.stats.combats;
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
  { label: '2 probe draws per Refresh', knob: 'B7.4', overrides: { probesPerRefresh: 2 } },
  { label: 'relocation cooldown 2 rounds', knob: 'B7.4', overrides: { relocationCooldown: 2 } },
  { label: 'occupation checked at every state check', knob: 'B7.4', overrides: { occupationAtEveryCheck: true } },
  { label: 'Secret Plans among the top 3 of deck I', knob: 'B7.5', overrides: { secretPlansTopN: 3 } },
  { label: 'deployment cap 3', knob: 'B7.7', overrides: { deployCap: 3 } },
  { label: 'ties go to the defender', knob: 'B7.7', overrides: { tiesToRevealer: false } },
];

export const variantConfig = (overrides: Partial<GameConfig>): GameConfig => makeConfig(overrides);
