/**
 * Tournaments of Imperios bots (docs/imperios/BOTS.md "Measuring"): seeded games of a fixed lineup with the seats
 * rotated, so every seed is played once from every seat of the lineup (seniority and the map's sides differ by seat).
 * Each bot is handed only its seat's view (`publicView`). Pure: the CLI (src/cli/imperios-tournament.ts) adds the
 * terminal and the clock.
 */
import type { ModeId } from '../content/modes';
import { applyAction, awaitedSeats, createGame, isRefusal, publicView, type Action, type Seat } from '../rules';
import { wilson } from '../../../platform/stats';
import { greedyAction, randomAction } from './baseline';
import { priorGreedyAction } from './searchBaselines';
import { searchImperiosAction } from './searchBot';
import { isLevelName, LEVELS, type LevelName } from './searchLevels';
import { botRandom, type BotRandom } from './searchRandom';

/** `random` and `greedy` are the shared baselines (baseline.ts); `prior` is the search's prior, greedily. */
export type PlayerName = 'random' | 'greedy' | 'prior' | LevelName;
export const PLAYER_NAMES: readonly PlayerName[] = ['random', 'greedy', 'prior', 'easy', 'normal', 'hard'];

export function isPlayerName(x: unknown): x is PlayerName {
  return x === 'random' || x === 'greedy' || x === 'prior' || isLevelName(x);
}

export interface TournamentOptions {
  /** One bot per seat, 4 to 7 of them; game g seats lineup[(s + g) mod n] at seat s. */
  lineup: PlayerName[];
  /** Games in all; a multiple of the lineup's length plays every seed from every seat. */
  games: number;
  seed: string;
  mode?: ModeId;
  /** Called after each game with the number of games done and its record. */
  onGame?: (done: number, record: GameRecord) => void;
  /** Called at each new round of a game (progress within a long game). */
  onRound?: (game: number, round: number) => void;
  /** A clock for the bots' thinking time (ms); without it the times are 0. */
  now?: () => number;
  /** Experiments: a level's iterations or playout depth changed for this tournament. */
  levelOverrides?: LevelOverrides;
}

export type LevelOverrides = Partial<Record<LevelName, { iterations?: number; playoutDepth?: number }>>;

export interface BotFigures {
  bot: PlayerName;
  /** One sample per seat per game. */
  seatGames: number;
  wins: number;
  /** Share of its seat-games it won, with the Wilson 95% interval. */
  winShare: number;
  winCi95: [number, number];
  /** Mean place, 1 = first, with a normal 95% interval. */
  meanRank: number;
  meanRankCi95: [number, number];
  meanScore: number;
  /** Mean thinking time per decision in ms (decisions with one legal action included). */
  msPerDecision: number;
}

export interface TournamentResult {
  lineup: PlayerName[];
  games: number;
  seed: string;
  mode: ModeId;
  bots: BotFigures[];
  meanRounds: number;
  endReasons: Record<string, number>;
}

function meanInterval(xs: number[]): [number, number, number] {
  const n = xs.length;
  const mean = xs.reduce((a, b) => a + b, 0) / Math.max(1, n);
  const variance = n > 1 ? xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1) : 0;
  const half = 1.96 * Math.sqrt(variance / Math.max(1, n));
  return [mean, mean - half, mean + half];
}

export interface GameRecord {
  seats: PlayerName[];
  /** Place of each seat, 1 = first. */
  places: number[];
  scores: number[];
  rounds: number;
  reasons: string[];
  thinkMs: number[];
  decisions: number[];
  /** The Metropolis each seat chose (IM3.4), and the seats from the most senior (who chose first, IM3.2). */
  metropolises: string[];
  seniority: number[];
}

/** The action of `bot` at `seat`, from that seat's view only (also the balance study's, ../sim/balance.ts). */
export function decide(
  bot: PlayerName,
  state: Parameters<typeof publicView>[0],
  seat: Seat,
  rnd: BotRandom,
  seed: string,
  overrides: LevelOverrides,
) {
  const view = publicView(state);
  if (bot === 'prior') return priorGreedyAction(view, seat, rnd);
  if (bot === 'random' || bot === 'greedy') {
    const action = (bot === 'random' ? randomAction : greedyAction)(view, seat, () => rnd.next());
    if (!action) throw new Error(`${bot} found no action for seat ${seat}`);
    return action;
  }
  return searchImperiosAction(view, seat, { level: bot, seed, ...overrides[bot] }).action;
}

/** One game: `seats[s]` plays seat s. Throws if the game does not end within `maxDecisions`. */
export function playGame(
  seats: PlayerName[],
  seed: string,
  mode: ModeId = 'normal',
  now: () => number = () => 0,
  onRound: (round: number) => void = () => {},
  overrides: LevelOverrides = {},
  maxDecisions = 200000,
): GameRecord {
  let state = createGame({ players: seats.length, mode, seed });
  const rnds = seats.map((_, s) => botRandom(`${seed}:baseline:${s}`));
  const thinkMs = seats.map(() => 0);
  const decisions = seats.map(() => 0);
  let n = 0;
  while (state.phase !== 'over') {
    if (n++ > maxDecisions) throw new Error(`game ${seed}: no end after ${maxDecisions} decisions`);
    const seat = awaitedSeats(state)[0];
    const start = now();
    const action: Action = decide(seats[seat], state, seat, rnds[seat], `${seed}:${seat}:${n}`, overrides);
    thinkMs[seat] += now() - start;
    decisions[seat]++;
    const next = applyAction(state, seat, action);
    if (isRefusal(next)) throw new Error(`game ${seed}: ${seats[seat]} sent an illegal action: ${next.error}`);
    if (next.round !== state.round) onRound(next.round);
    state = next;
  }
  const result = state.result!;
  const places = seats.map((_, s) => result.ranking.indexOf(s) + 1);
  return {
    seats,
    places,
    scores: result.scores.map((x) => x.total),
    rounds: state.round,
    reasons: result.reasons,
    thinkMs,
    decisions,
    metropolises: state.civs.map((c) => c.metropolis ?? ''),
    seniority: [...state.seniority],
  };
}

/** Play the tournament and sum it up per bot. */
export function runTournament(o: TournamentOptions): TournamentResult {
  const n = o.lineup.length;
  const mode = o.mode ?? 'normal';
  const records: GameRecord[] = [];
  for (let g = 0; g < o.games; g++) {
    const seats = o.lineup.map((_, s) => o.lineup[(s + g) % n]);
    const onRound = (round: number) => o.onRound?.(g, round);
    records.push(playGame(seats, `${o.seed}:${Math.floor(g / n)}`, mode, o.now, onRound, o.levelOverrides));
    o.onGame?.(g + 1, records[g]);
  }
  const names = [...new Set(o.lineup)];
  const bots = names.map((bot): BotFigures => {
    const places: number[] = [];
    const scores: number[] = [];
    let think = 0;
    let decided = 0;
    for (const r of records) {
      r.seats.forEach((b, s) => {
        if (b !== bot) return;
        places.push(r.places[s]);
        scores.push(r.scores[s]);
        think += r.thinkMs[s];
        decided += r.decisions[s];
      });
    }
    const wins = places.filter((p) => p === 1).length;
    const [meanRank, lo, hi] = meanInterval(places);
    return {
      bot,
      seatGames: places.length,
      wins,
      winShare: places.length ? wins / places.length : 0,
      winCi95: wilson(wins, places.length),
      meanRank,
      meanRankCi95: [lo, hi],
      meanScore: meanInterval(scores)[0],
      msPerDecision: decided ? think / decided : 0,
    };
  });
  const endReasons: Record<string, number> = {};
  for (const r of records) for (const reason of r.reasons) endReasons[reason] = (endReasons[reason] ?? 0) + 1;
  return {
    lineup: o.lineup,
    games: o.games,
    seed: o.seed,
    mode,
    bots,
    meanRounds: records.reduce((a, r) => a + r.rounds, 0) / Math.max(1, records.length),
    endReasons,
  };
}

/** The search levels' data, for the CLI's help. */
export const LEVEL_SUMMARY = Object.entries(LEVELS).map(
  ([name, l]) => `${name}: ${l.search.iterations} iterations, playouts of ${l.search.playoutDepth}`,
);
