/**
 * Solo games with a search bot in the human seat (./searchHuman.ts) on every core: each game is plain data (a
 * SoloJob) played in a worker thread (./soloWorker.ts, booted by ./worker-boot.mjs) or, with `workers: 0`, in
 * this thread. Every game is seeded by its job alone, so the outcomes do not depend on the number of workers;
 * with `iterations` the human's search is fixed too (reproducible, load-independent).
 */
import { soloLevel, type Difficulty, type GameConfig, type SoloLevel, type SoloSetup } from '../game/content';
import type { GameOutcome, HumanPlayer } from './simulate';
import { runInWorkers } from './pool';

export interface SoloJob {
  index: number;
  /** Game seed (the deal, dice, shuffles); the human bot's seed is `${seed}-human`. */
  seed: string;
  solo: SoloSetup;
  config?: GameConfig;
  human: Exclude<HumanPlayer, 'random'>;
  budgetMs: number;
  iterations?: number;
  maxSteps: number;
  /**
   * R9.11 studies: knobs of SOLO_LEVELS changed for this game only (`--solo-levels file.json`), given to the game
   * as its own knobs (SoloSetup.level).
   */
  levels?: SoloLevelsPatch;
}

export type SoloLevelsPatch = Partial<Record<Difficulty, Partial<SoloLevel>>>;

/** The set-up with its level's knobs patched (SoloSetup.level: the game keeps them; SOLO_LEVELS is not touched). */
export function soloWithLevels(solo: SoloSetup, patch: SoloLevelsPatch | undefined): SoloSetup {
  const p = patch?.[solo.difficulty];
  return p ? { ...solo, level: { ...soloLevel(solo), ...p } } : solo;
}

export async function playSoloJob(job: SoloJob): Promise<GameOutcome> {
  const { playSearchHumanGame } = await import('./searchHuman');
  try {
    const { state, steps } = await playSearchHumanGame(job.seed, soloWithLevels(job.solo, job.levels), job.config, {
      bot: job.human, budgetMs: job.budgetMs, ...(job.iterations !== undefined ? { iterations: job.iterations } : {}),
    }, job.maxSteps);
    if (!state.winner) throw new Error('game ended without a winner');
    return {
      index: job.index, seed: job.seed, winner: state.winner.faction, reason: state.winner.reason, rounds: state.round, steps,
    };
  } catch (e) {
    const err = e instanceof Error ? e : new Error(String(e));
    return {
      index: job.index, seed: job.seed, winner: null, reason: null, rounds: 0, steps: 0, error: err.message,
      ...(err.stack ? { stack: err.stack } : {}),
    };
  }
}

/** Plays the jobs on `workers` threads (default one per core; 0 = this thread); outcomes in job order. */
export function runSoloJobs(
  jobs: SoloJob[], o: { workers?: number; onGame?: (outcome: GameOutcome, done: number, total: number) => void } = {},
): Promise<GameOutcome[]> {
  return runInWorkers(jobs, {
    entry: new URL('./soloWorker.ts', import.meta.url), here: playSoloJob, name: (j) => `solo game ${j.seed}`,
    workers: o.workers, onDone: (_i, outcome, done, total) => o.onGame?.(outcome, done, total),
  });
}
