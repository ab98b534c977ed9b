/**
 * Tournaments between two bots (issue 7): N seeds, each played twice with the seats swapped, every bot on its own
 * seat's view. Pure of I/O apart from the optional progress callback; src/cli/tournament.ts prints the JSON.
 */
import { createBot, type BotName, type BotOptions } from '../ai';
import type { Faction, GameConfig } from '../game/content';
import { playBotGame } from './botGame';
import { quantile, wilson } from './figures';

export { quantile, wilson } from './figures';

export interface TournamentOptions {
  a: BotName;
  b: BotName;
  /** Seeds; each is played twice (a as Rebel, then a as Imperial). */
  seeds: number;
  budgetMs: number;
  /** Budget multiplier for bot b (e.g. 0.25: b thinks a quarter as long as a). */
  bBudgetScale?: number;
  seed?: string;
  iterations?: number;
  config?: GameConfig;
  aOptions?: Record<string, unknown>;
  bOptions?: Record<string, unknown>;
  onGame?: (done: number, total: number) => void;
}

/** One side's record in seat-swapped games against another: its share of the wins (Wilson 95%), per seat. */
export interface HeadToHead {
  games: number;
  score: number;
  ci95: [number, number];
  asRebel: { games: number; wins: number };
  asImperial: { games: number; wins: number };
}

export interface TournamentResult extends HeadToHead {
  a: BotName;
  b: BotName;
  winReasons: Record<string, number>;
  rounds: { median: number; min: number; max: number };
  itersPerSec: { a: number; b: number };
  thinkMs: { p50: number; p95: number; max: number };
  peakHeapMB: number;
  budgetMs: number;
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const round4 = (x: number) => Math.round(x * 10000) / 10000;

export async function runTournament(o: TournamentOptions): Promise<TournamentResult> {
  const total = o.seeds * 2;
  const seed = o.seed ?? '1';
  const asRebel = { games: 0, wins: 0 };
  const asImperial = { games: 0, wins: 0 };
  const winReasons: Record<string, number> = {};
  const rounds: number[] = [];
  const thinkA: number[] = [];
  const iters = { a: 0, b: 0 };
  const ms = { a: 0, b: 0 };
  let peak = 0;
  let done = 0;
  for (let s = 0; s < o.seeds; s++) {
    for (const aSeat of ['R', 'I'] as Faction[]) {
      const bSeat: Faction = aSeat === 'R' ? 'I' : 'R';
      const opts = (extra: Record<string, unknown> | undefined, scale: number, tag: string): BotOptions => ({
        budgetMs: o.budgetMs * scale, iterations: o.iterations, seed: `${seed}-${s}-${aSeat}-${tag}`, ...extra,
      });
      const botA = createBot(o.a, opts(o.aOptions, 1, 'a'));
      const botB = createBot(o.b, opts(o.bOptions, o.bBudgetScale ?? 1, 'b'));
      const bots = { [aSeat]: botA, [bSeat]: botB } as Record<Faction, typeof botA>;
      const r = await playBotGame(bots, `${seed}-${s}`, o.config);
      const aWon = r.winner === aSeat;
      const rec = aSeat === 'R' ? asRebel : asImperial;
      rec.games++;
      if (aWon) rec.wins++;
      winReasons[`${r.winner}:${r.reason}`] = (winReasons[`${r.winner}:${r.reason}`] ?? 0) + 1;
      rounds.push(r.rounds);
      thinkA.push(...r.think[aSeat]);
      iters.a += r.iterations[aSeat];
      iters.b += r.iterations[bSeat];
      ms.a += r.think[aSeat].reduce((x, y) => x + y, 0);
      ms.b += r.think[bSeat].reduce((x, y) => x + y, 0);
      peak = Math.max(peak, process.memoryUsage().heapUsed);
      o.onGame?.(++done, total);
    }
  }
  const wins = asRebel.wins + asImperial.wins;
  const [lo, hi] = wilson(wins, total);
  thinkA.sort((x, y) => x - y);
  rounds.sort((x, y) => x - y);
  return {
    a: o.a, b: o.b, games: total, score: round4(wins / Math.max(1, total)),
    ci95: [round4(lo), round4(hi)], asRebel, asImperial, winReasons,
    rounds: { median: quantile(rounds, 0.5), min: rounds[0] ?? 0, max: rounds[rounds.length - 1] ?? 0 },
    itersPerSec: { a: Math.round(iters.a / Math.max(1e-9, ms.a / 1000)), b: Math.round(iters.b / Math.max(1e-9, ms.b / 1000)) },
    thinkMs: { p50: round2(quantile(thinkA, 0.5)), p95: round2(quantile(thinkA, 0.95)), max: round2(thinkA[thinkA.length - 1] ?? 0) },
    peakHeapMB: Math.round(peak / 2 ** 20),
    budgetMs: o.budgetMs,
  };
}
