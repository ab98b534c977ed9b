/**
 * The balance note of Imperios Milenarios (issue 23 item 8, docs/imperios/BALANCE.md): one bot plays every seat of
 * seeded games, and the wins are counted by seat, by seniority (the order in which the civilizations chose their
 * Metropolis, IM3.2) and by the Metropolis chosen (IM3.4). Pure: the CLI (src/cli/imperios-balance.ts) adds the
 * terminal, the resumable file and the clock.
 */
import type { ModeId } from '../content/modes';
import { wilson } from '../../../platform/stats';
import { applyAction, awaitedSeats, createGame, isRefusal, legalActions, type Action } from '../rules';
import { decide, type PlayerName } from '../ai/searchTournament';
import { botRandom } from '../ai/searchRandom';

/** One self-play game as the balance note keeps it. */
export interface BalanceGame {
  seed: string;
  bot: PlayerName;
  players: number;
  mode: ModeId;
  /** Place of each seat, 1 = first (ties broken by seniority, IM13.2). */
  places: number[];
  scores: number[];
  metropolises: string[];
  /** Seats from the most senior. */
  seniority: number[];
  rounds: number;
  reasons: string[];
  /** The Metropolises were drawn, not chosen by the bot. */
  randomMetropolis: boolean;
}

/** Seed of game `i` of a run: the run's seed and the game's number. */
export const balanceSeed = (seed: string, players: number, i: number) => `${seed}:${players}p:${i}`;

/**
 * Plays game `i` with `bot` in every seat, each bot handed its seat's view only, as in the tournaments. With
 * `randomMetropolis`, each civilization's Metropolis is drawn uniformly among those it may choose (IM3.4.2), so
 * every Metropolis is measured, not only those the bot prefers; the bot plays the rest of the game.
 */
export function playBalanceGame(
  bot: PlayerName,
  players: number,
  mode: ModeId,
  seed: string,
  i: number,
  randomMetropolis = false,
): BalanceGame {
  const gameSeed = balanceSeed(seed, players, i);
  let state = createGame({ players, mode, seed: gameSeed });
  const rnds = Array.from({ length: players }, (_, s) => botRandom(`${gameSeed}:baseline:${s}`));
  const draw = botRandom(`${gameSeed}:metropolis`);
  for (let n = 0; state.phase !== 'over'; n++) {
    if (n > MAX_DECISIONS) throw new Error(`game ${gameSeed}: no end after ${MAX_DECISIONS} decisions`);
    const seat = awaitedSeats(state)[0];
    let action: Action;
    if (randomMetropolis && state.pending?.kind === 'metropolis') {
      const legal = legalActions(state, seat);
      action = legal[draw.int(legal.length)];
    } else {
      action = decide(bot, state, seat, rnds[seat], `${gameSeed}:${seat}:${n}`, {});
    }
    const next = applyAction(state, seat, action);
    if (isRefusal(next)) throw new Error(`game ${gameSeed}: ${bot} sent an illegal action: ${next.error}`);
    state = next;
  }
  const result = state.result!;
  return {
    seed: gameSeed,
    bot,
    players,
    mode,
    places: state.civs.map((_, s) => result.ranking.indexOf(s) + 1),
    scores: result.scores.map((x) => x.total),
    metropolises: state.civs.map((c) => c.metropolis ?? ''),
    seniority: [...state.seniority],
    rounds: state.round,
    reasons: result.reasons,
    randomMetropolis,
  };
}

const MAX_DECISIONS = 200_000;

/** Wins among games, with the Wilson 95% interval, and the mean place. */
export interface Share {
  games: number;
  wins: number;
  share: number;
  ci95: [number, number];
  meanPlace: number;
}

function share(places: number[]): Share {
  const wins = places.filter((p) => p === 1).length;
  return {
    games: places.length,
    wins,
    share: places.length ? wins / places.length : 0,
    ci95: wilson(wins, places.length),
    meanPlace: places.length ? places.reduce((a, b) => a + b, 0) / places.length : 0,
  };
}

export interface BalanceSummary {
  games: number;
  /** What an even game gives each seat: 1 / players. */
  even: number;
  bySeat: Share[];
  /** Index 0: the most senior civilization (chose its Metropolis first). */
  bySeniority: Share[];
  byMetropolis: Record<string, Share>;
  endReasons: Record<string, number>;
  meanRounds: number;
}

/** The games of one player count, summed up. Throws if they mix player counts. */
export function summarizeBalance(games: BalanceGame[]): BalanceSummary {
  const players = games[0]?.players ?? 0;
  if (games.some((g) => g.players !== players)) throw new Error('summarizeBalance: one player count at a time');
  const bySeat: number[][] = Array.from({ length: players }, () => []);
  const bySeniority: number[][] = Array.from({ length: players }, () => []);
  const byMetropolis = new Map<string, number[]>();
  const endReasons: Record<string, number> = {};
  for (const g of games) {
    g.places.forEach((place, seat) => {
      bySeat[seat].push(place);
      bySeniority[g.seniority.indexOf(seat)].push(place);
      const m = g.metropolises[seat];
      byMetropolis.set(m, [...(byMetropolis.get(m) ?? []), place]);
    });
    for (const r of g.reasons) endReasons[r] = (endReasons[r] ?? 0) + 1;
  }
  return {
    games: games.length,
    even: players ? 1 / players : 0,
    bySeat: bySeat.map(share),
    bySeniority: bySeniority.map(share),
    byMetropolis: Object.fromEntries(
      [...byMetropolis].sort(([a], [b]) => a.localeCompare(b)).map(([m, p]) => [m, share(p)]),
    ),
    endReasons,
    meanRounds: games.length ? games.reduce((a, g) => a + g.rounds, 0) / games.length : 0,
  };
}
