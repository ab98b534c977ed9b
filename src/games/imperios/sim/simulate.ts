/**
 * Random legal games of Imperios Milenarios through the rules core (issue 23 item 8): `npm run simulate -- --game
 * imperios --players N --games G --seed S [--mode tutorial|normal|epic]`. Each step picks uniformly among every
 * seat's legal actions (the awaited decisions and, in the Red phase, any seat's mustering: IM6.1.3), as the
 * property tests do (tests/unit/imperios/randomGame.ts). Game i plays seed `S-i`. A game that throws (a listed action
 * refused, nobody able to act, no end within the step limit) counts as an error and the run goes on.
 *
 * The summary, one JSON line: `{ game, players, games, finished, errors, rounds: {median, min, max}, endReasons,
 * scores: {median, max}, mode, seed }`: rounds over the finished games; endReasons counts each end condition that
 * held (IM12.1: several may hold at once); scores over every civilization's final total (IM13.1) in the finished
 * games.
 */
import { isModeId, MODES, type ModeId } from '../content/modes';
import { applyAction, createGame, isRefusal, legalActions, type Action, type ImperiosState } from '../rules';
import { randomInt, seedState } from '../rules/rng';

export interface ImperiosSimOptions {
  players: number;
  games: number;
  seed: string;
  mode?: ModeId;
  /** Steps after which a game counts as an error (default 200,000). */
  maxSteps?: number;
  /** Called after each game with the number done. */
  onGame?: (done: number, outcome: ImperiosOutcome) => void;
}

export interface ImperiosOutcome {
  seed: string;
  rounds: number;
  steps: number;
  reasons: string[];
  totals: number[];
  error?: string;
}

export interface ImperiosSummary {
  game: 'imperios';
  players: number;
  games: number;
  finished: number;
  errors: number;
  rounds: { median: number; min: number; max: number };
  endReasons: Record<string, number>;
  scores: { median: number; max: number };
  mode: ModeId;
  seed: string;
}

export function median(xs: readonly number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** One random legal game from `seed`; throws as randomGame does. */
export function playRandomGame(players: number, mode: ModeId, seed: string, maxSteps = 200_000): ImperiosState {
  let state = createGame({ players, mode, seed });
  const chooser = { rng: seedState(`moves:${seed}`) };
  for (let steps = 0; state.phase !== 'over'; steps++) {
    if (steps >= maxSteps) throw new Error(`no end after ${maxSteps} steps`);
    const all: [number, Action][] = [];
    for (let seat = 0; seat < players; seat++) for (const a of legalActions(state, seat)) all.push([seat, a]);
    if (all.length === 0) throw new Error(`nobody can act (${JSON.stringify(state.pending)})`);
    const [seat, action] = all[randomInt(chooser, all.length)];
    const next = applyAction(state, seat, action);
    if (isRefusal(next)) throw new Error(`listed action refused: ${JSON.stringify(action)}: ${next.error}`);
    state = next;
  }
  return state;
}

/** Why these options cannot run, or null. */
export function simOptionsError(o: { players: number; games: number; mode?: ModeId }): string | null {
  if (!Number.isInteger(o.players) || o.players < 4 || o.players > 7) return '--players must be 4 to 7';
  if (!Number.isInteger(o.games) || o.games < 1) return '--games must be a positive whole number';
  if (o.mode !== undefined && !isModeId(o.mode)) return '--mode must be tutorial, normal or epic';
  if (o.mode !== undefined && !MODES[o.mode].players.includes(o.players))
    return `the ${o.mode} mode needs 6 or 7 players`;
  return null;
}

export function simulateImperios(o: ImperiosSimOptions): { summary: ImperiosSummary; outcomes: ImperiosOutcome[] } {
  const error = simOptionsError(o);
  if (error) throw new RangeError(error);
  const mode = o.mode ?? 'normal';
  const outcomes: ImperiosOutcome[] = [];
  for (let i = 0; i < o.games; i++) {
    const seed = `${o.seed}-${i}`;
    let outcome: ImperiosOutcome;
    try {
      const state = playRandomGame(o.players, mode, seed, o.maxSteps);
      const r = state.result!;
      outcome = {
        seed,
        rounds: state.round,
        steps: state.log.flat().length,
        reasons: [...r.reasons],
        totals: r.scores.map((s) => s.total),
      };
    } catch (e) {
      outcome = { seed, rounds: 0, steps: 0, reasons: [], totals: [], error: (e as Error).message };
    }
    outcomes.push(outcome);
    o.onGame?.(i + 1, outcome);
  }
  const done = outcomes.filter((x) => x.error === undefined);
  const rounds = done.map((x) => x.rounds);
  const totals = done.flatMap((x) => x.totals);
  const endReasons: Record<string, number> = {};
  for (const x of done) for (const r of x.reasons) endReasons[r] = (endReasons[r] ?? 0) + 1;
  return {
    outcomes,
    summary: {
      game: 'imperios',
      players: o.players,
      games: outcomes.length,
      finished: done.length,
      errors: outcomes.length - done.length,
      rounds: {
        median: median(rounds),
        min: rounds.length ? Math.min(...rounds) : 0,
        max: rounds.length ? Math.max(...rounds) : 0,
      },
      endReasons,
      scores: { median: median(totals), max: totals.length ? Math.max(...totals) : 0 },
      mode,
      seed: o.seed,
    },
  };
}
