/**
 * Computer analysis of a finished game (issue 22 item 2): re-play a record and, at every decision that had a real
 * choice, ask the search bot — handed THAT SEAT'S VIEW AT THAT MOMENT (`viewFor(state, seat)`, RULES §8), never the
 * state, never anything revealed later — how the move played and its own preferred move stand. The chances are the
 * means of the search's root children (src/ai/ismcts/search.ts: an edge's w / n is the mover's share of wins,
 * each playout scored by evaluate.ts's P(Rebel wins) and turned to the mover's side), so they are the deciding
 * seat's own chance; the curve turns them into the Rebel's. Deterministic: one fresh bot per decision (nothing
 * carried over from one decision to the next), seeded by the given seed and the decision's index.
 */
import type { Faction } from '../../game/content';
import { replayRecord, type GameRecord } from '../../game/record';
import { actionKey, decisionActions, type Action, type GameState } from '../../game/rules';
import { viewFor } from '../../game/rules/view';
import { createBot, LEVELS, type SeatBot } from '../index';
import { DEFAULT_WEIGHTS } from '../ismcts/weights';
import { moveLabel } from './label';
import { playoutChances } from './playouts';
import { summarise } from './summary';
import type { DecisionAnalysis, EstimatedBy, GameAnalysis } from './types';

export type AnalysisBot = 'ismcts-easy' | 'ismcts-normal' | 'ismcts-hard';

export interface AnalysisProgress {
  /** Decisions analysed so far, of `total`; `last` is the one just analysed. */
  done: number;
  total: number;
  last: DecisionAnalysis;
}

export interface AnalysisOptions {
  /** Search iterations per decision (fixed effort: the same record, seed and count give the same analysis). */
  iterations?: number;
  seed?: string;
  bot?: AnalysisBot;
  /** Checked before every decision: an aborted signal stops the analysis with the signal's reason. */
  signal?: AbortSignal;
  /** After every decision; may return a promise (a worker can yield there to read a cancel message). */
  onProgress?: (p: AnalysisProgress) => void | Promise<void>;
  /** The bot for decision `seed` (tests wrap the real one); default: a fresh `createBot(bot, …)` per decision. */
  makeBot?: (seed: string) => SeatBot;
}

export const DEFAULT_ITERATIONS = 200;
export const DEFAULT_SEED = 'analysis';

/** One decision worth analysing: where it is, who decided, and what that seat saw (a copy of its view). */
export interface DecisionMoment {
  action: number;
  seat: Faction;
  round: number;
  kind: string;
  choices: number;
  view: GameState;
  played: Action;
}

/**
 * Replay the record and keep, for every action with more than one `decisionActions` answer for its seat, the
 * seat's view just before it. Forced decisions are skipped, and so are take-backs (`undo` is not an answer to
 * the decision: the decision it undoes was already judged). Throws when the record does not replay.
 */
export function decisionMoments(rec: GameRecord): DecisionMoment[] {
  const out: DecisionMoment[] = [];
  const r = replayRecord(rec, (state, i) => {
    const next = rec.actions[i + 1];
    if (!next || next.action.type === 'undo' || state.winner) return;
    const choices = decisionActions(state, next.seat).length;
    if (choices < 2) return;
    out.push({
      action: i + 1, seat: next.seat, round: state.round, kind: state.pending?.kind ?? '', choices,
      view: viewFor(state, next.seat), played: next.action,
    });
  });
  if (r.error !== undefined) throw new Error(`the record does not replay: ${r.error}`);
  return out;
}

const rebelOf = (seat: Faction, chance: number) => (seat === 'R' ? chance : 1 - chance);
const clamp01 = (x: number) => Math.min(1, Math.max(0, x));

/**
 * A played move the search visited fewer times than this is measured by playouts as well: one or two visits are
 * one or two playouts, too rough to call a move a blunder.
 */
export const MIN_VISITS = 5;

async function analyseMoment(
  m: DecisionMoment, decision: number, bot: SeatBot, o: Required<Pick<AnalysisOptions, 'iterations' | 'seed' | 'bot'>>,
): Promise<DecisionAnalysis> {
  const { action: best, thoughts } = await bot.choose(m.view, m.seat);
  // Root visits from the visit shares: each iteration goes through one root move.
  const visitsOf = (a: Action) => {
    const c = thoughts.candidates?.find((x) => actionKey(x.action) === actionKey(a));
    return c && c.winChance !== undefined ? { chance: c.winChance, visits: Math.round(c.share * thoughts.iterations) } : null;
  };
  const root = visitsOf(m.played);
  const bestVisits = visitsOf(best)?.visits ?? 0;
  let bestChance = thoughts.winChance;
  let playedChance: number;
  let by: EstimatedBy = 'search';
  if (bestChance !== undefined && actionKey(best) === actionKey(m.played)) {
    playedChance = bestChance;
  } else if (bestChance !== undefined && root && root.visits >= MIN_VISITS) {
    playedChance = root.chance;
  } else {
    // The search never tried the played move, or barely: the gap between the two moves over the same worlds and
    // playouts, measured from the bot's root chance (or both by playouts when the bot did not search at all).
    by = 'playouts';
    const [p, b] = playoutChances(m.view, m.seat, [m.played, best], {
      worlds: o.iterations, seed: `${o.seed}-${decision}-playouts`,
      depth: LEVELS[o.bot.slice('ismcts-'.length) as keyof typeof LEVELS].search.playoutDepth, weights: DEFAULT_WEIGHTS,
    });
    bestChance ??= b;
    playedChance = clamp01(bestChance - (b - p));
  }
  return {
    decision, action: m.action, round: m.round, seat: m.seat, kind: m.kind, choices: m.choices,
    played: { action: m.played, label: moveLabel(m.played), chance: playedChance, by, visits: root?.visits ?? 0 },
    best: { action: best, label: moveLabel(best), chance: bestChance, visits: bestVisits },
    loss: bestChance - playedChance,
    rebel: rebelOf(m.seat, playedChance),
    bestRebel: rebelOf(m.seat, bestChance),
    iterations: thoughts.iterations,
  };
}

/** Analyse a parsed record (parseRecord). Throws when it does not replay, or with the signal's reason on abort. */
export async function analyseRecord(rec: GameRecord, options: AnalysisOptions = {}): Promise<GameAnalysis> {
  const o = {
    iterations: options.iterations ?? DEFAULT_ITERATIONS, seed: options.seed ?? DEFAULT_SEED,
    bot: options.bot ?? 'ismcts-normal',
  } as const;
  const makeBot = options.makeBot
    ?? ((seed: string) => createBot(o.bot, { iterations: o.iterations, seed, candidates: Infinity }));
  options.signal?.throwIfAborted();
  const moments = decisionMoments(rec);
  const decisions: DecisionAnalysis[] = [];
  for (const [j, m] of moments.entries()) {
    options.signal?.throwIfAborted();
    const d = await analyseMoment(m, j, makeBot(`${o.seed}-${j}`), o);
    decisions.push(d);
    await options.onProgress?.({ done: j + 1, total: moments.length, last: d });
  }
  return summarise({ bot: o.bot, iterations: o.iterations, seed: o.seed }, decisions);
}
