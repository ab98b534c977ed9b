/**
 * One bot game described as plain data, so it can run in any worker thread (./pool.ts) and be summed up later:
 * which bot (with options) plays each seat, the game seed and the config. `playJob` plays it through the pure
 * core (./botGame.ts: each bot handed its seat's view) and returns a small serializable summary.
 */
import { createBot, type BotName, type BotOptions } from '../ai';
import type { IsmctsOptions } from '../ai/ismcts/bot';
import { makeConfig, type Faction, type GameConfig } from '../game/content';
import type { WinReason } from '../game/rules';
import { missionOutcomes, type CardStats } from './balance';
import { playBotGame } from './botGame';

export interface BotSpec {
  name: BotName;
  options?: BotOptions & IsmctsOptions;
}

export interface GameJob {
  /** Game seed: the deal, the dice, the shuffles. */
  seed: string;
  bots: Record<Faction, BotSpec>;
  /** B7 knobs changed from the default (merged by makeConfig). */
  config?: Partial<GameConfig>;
}

export interface GameSummary {
  seed: string;
  winner: Faction;
  reason: WinReason;
  rounds: number;
  decisions: number;
  iterations: Record<Faction, number>;
  /** Decisions with a real choice per seat (for iterations per decision). */
  choices: Record<Faction, number>;
  thinkMs: Record<Faction, number>;
  stats: { combats: number; captures: number; rescues: number; relocations: number; baseRevealedRound: number };
  /** Absent in games kept in compact form (docs/balance/data/). */
  cards?: Record<string, CardStats>;
}

export async function playJob(job: GameJob): Promise<GameSummary> {
  const bots = {
    R: createBot(job.bots.R.name, { seed: `${job.seed}-R`, ...job.bots.R.options }),
    I: createBot(job.bots.I.name, { seed: `${job.seed}-I`, ...job.bots.I.options }),
  };
  const r = await playBotGame(bots, job.seed, makeConfig(job.config ?? {}));
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return {
    seed: job.seed, winner: r.winner, reason: r.reason, rounds: r.rounds, decisions: r.decisions,
    iterations: r.iterations, choices: { R: r.think.R.length, I: r.think.I.length },
    thinkMs: { R: Math.round(sum(r.think.R)), I: Math.round(sum(r.think.I)) },
    stats: { ...r.state.stats }, cards: missionOutcomes(r.state.log),
  };
}
