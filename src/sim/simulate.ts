/**
 * Random legal games in bulk, by two routes that must play the very same games:
 * - 'core': the pure rules core (src/sim/randomGame.ts);
 * - 'bgio': boardgame.io's `Client` (local, no multiplayer) on `makeMintImperium({ seed, config })`; the player
 *   to move chooses among `ai.enumerate` results computed on its own playerView.
 * Game i uses the seed `${seed}-${i}` for the game's randomness (boardgame.io's random plugin on that route) and
 * a separate chooser `seededRng('choices-' + seed + '-' + i)` that picks uniformly among the legal actions. Since
 * enumerate lists the core's legal actions in the core's order (a seat's view lists the same ones as the full
 * state), and the core's Rng is the same Alea as boardgame.io's `random.Die`, both routes make the same choices
 * and roll the same dice.
 *
 * An exception in one game is recorded in its outcome and counted; the run goes on.
 */
import type { BotName } from '../ai/types';
import { createHash } from 'node:crypto';
import type { Ctx, Game } from 'boardgame.io';
import type { Faction, GameConfig, SoloSetup } from '../game/content';
import { seededRng, type GameState, type Rng, type WinReason } from '../game/rules';
import type { GameRecord } from '../game/record';
import { playRandomGame } from './randomGame';
import { playRecordedGame } from './recordedGame';
import type { SoloJob, SoloLevelsPatch } from './soloJob';

export type Via = 'core' | 'bgio';

/** Who plays the human seat of a solo simulation: uniformly random, or a fair bot of src/ai by name. */
export type HumanPlayer = 'random' | Exclude<BotName, 'mcts'>;

export interface GameOutcome {
  index: number;
  seed: string;
  winner: Faction | null;
  reason: WinReason | null;
  /** The round the game ended in (state.round). */
  rounds: number;
  /** Decisions taken (actions applied / moves made). */
  steps: number;
  /** sha256 of the final state's JSON, when asked for (`fingerprints`). */
  fingerprint?: string;
  /** The error's message, if the game failed; `stack` is kept for the first few only. */
  error?: string;
  stack?: string;
}

export interface SimulateSummary {
  games: number;
  rebelWins: number;
  imperialWins: number;
  winReasons: Record<string, number>;
  rounds: { median: number; min: number; max: number };
  errors: number;
  via: Via;
  seed: string;
  /** RULES §9 — solo runs only: the rival's faction and difficulty, and how often the (random) human won. */
  mode?: 'solo';
  botFaction?: Faction;
  difficulty?: SoloSetup['difficulty'];
  human?: HumanPlayer;
  humanWins?: number;
  humanWinShare?: number;
  /** A bot human's fixed search per decision, when set. */
  humanIterations?: number;
  /** R9.11 studies: the SOLO_LEVELS knobs changed for the run. */
  soloLevels?: SoloLevelsPatch;
}

export interface SimulateOptions {
  /** RULES §9 — play solo games: a uniformly random human against the rival deck. */
  solo?: SoloSetup;
  /** Solo only: the human seat's player, 'random' (default) or any fair bot of src/ai (core route only). */
  human?: HumanPlayer;
  /** Budget per decision of a bot human (ms). */
  humanBudgetMs?: number;
  /** A fixed search per decision of a bot human (reproducible, load-independent); overrides humanBudgetMs. */
  humanIterations?: number;
  /**
   * A bot human's games on this many worker threads (./soloJob.ts; the same games as in this thread). Default:
   * this thread.
   */
  workers?: number;
  /** R9.11 studies (bot human only): SOLO_LEVELS knobs changed for these games (src/sim/soloJob.ts). */
  soloLevels?: SoloLevelsPatch;
  games: number;
  seed: string | number;
  via?: Via;
  config?: GameConfig;
  /** Add a fingerprint of each final state to its outcome (for comparing routes). */
  fingerprints?: boolean;
  /** Called after each game (progress bars, early error reports). */
  onGame?: (outcome: GameOutcome, done: number, total: number) => void;
  /** Keep the stack of this many failed games (default 5). */
  keepStacks?: number;
  /** Abort a game after this many decisions (a stuck or looping game counts as an error). */
  maxSteps?: number;
  /**
   * Called with each game's record (src/game/record.ts): `--record-dir`. Core route with random players only
   * (the same games as without it).
   */
  onRecord?: (record: GameRecord, index: number) => void;
  /** The game factory for the 'bgio' route; default: `makeMintImperium` from src/game (imported on demand). */
  makeGame?: (opts: { seed: string; config?: GameConfig; solo?: SoloSetup }) => Game<GameState>;
}

export interface SimulateResult {
  summary: SimulateSummary;
  outcomes: GameOutcome[];
}

const DEFAULT_MAX_STEPS = 100000;

export function gameSeed(seed: string | number, i: number): string {
  return `${seed}-${i}`;
}

export function chooserSeed(seed: string | number, i: number): string {
  return `choices-${gameSeed(seed, i)}`;
}

export function fingerprint(state: GameState): string {
  return createHash('sha256').update(JSON.stringify(state)).digest('hex');
}

/** One random game through the pure core. */
export function playCoreGame(seed: string, config?: GameConfig, maxSteps = DEFAULT_MAX_STEPS, solo: SoloSetup | null = null):
{ state: GameState; steps: number } {
  return playRandomGame(seededRng(seed), seededRng(`choices-${seed}`), config, undefined, maxSteps, solo);
}

/** Client({ game, numPlayers, debug }) from 'boardgame.io/client', typed loosely for this driver. */
export type ClientFactory = (opts: { game: Game<GameState>; numPlayers: number; debug: boolean }) => BgioClient;
interface BgioClient {
  getState(): { G: GameState; ctx: Ctx; _stateID: number } | null;
  store: { getState(): { G: GameState; ctx: Ctx; _stateID: number } };
  moves: Record<string, (...args: unknown[]) => void>;
  playerID: string | null;
  updatePlayerID(id: string | null): void;
  stop(): void;
}
type Enumerate = (G: GameState, ctx: Ctx, playerID: string) => { move: string; args?: unknown[] }[];

/**
 * The move a random player makes: `ai.enumerate` for the players allowed to move (ctx.activePlayers, else
 * ctx.currentPlayer) on the state `stateFor(player)` (the full state, or that player's view), the first with a
 * non-empty list, and a uniform pick by `chooser`.
 */
export function pickBgioMove(
  enumerate: Enumerate, ctx: Ctx, stateFor: (player: string) => { G: GameState; ctx: Ctx }, chooser: Rng,
): { player: string; move: string; args: unknown[] } {
  const players = ctx.activePlayers ? Object.keys(ctx.activePlayers) : [ctx.currentPlayer];
  let pending = 'none';
  for (const id of players) {
    const st = stateFor(id);
    const moves = enumerate(st.G, st.ctx, id);
    if (moves.length > 0) {
      const pick = moves[chooser.int(moves.length)];
      return { player: id, move: pick.move, args: pick.args ?? [] };
    }
    pending = st.G.pending?.kind ?? 'none';
  }
  throw new Error(`stuck: no move for ${players.join(',')} in phase ${String(ctx.phase)} (pending ${pending})`);
}

function enumerateOf(game: Game<GameState>): Enumerate {
  const enumerate = game.ai?.enumerate as unknown as Enumerate | undefined;
  if (!enumerate) throw new Error('the game has no ai.enumerate');
  return enumerate;
}

/**
 * One random game through boardgame.io's Client (local, no multiplayer): what `--via bgio` plays. The Client
 * plays as the player to move (updatePlayerID), and that player chooses from `ai.enumerate` on `getState()`,
 * i.e. on its own playerView, as a real client would. The full state (for the result) is the store's.
 */
export function playBgioGame(
  Client: ClientFactory, game: Game<GameState>, chooser: Rng, maxSteps = DEFAULT_MAX_STEPS,
): { state: GameState; steps: number } {
  const enumerate = enumerateOf(game);
  const client = Client({ game, numPlayers: 2, debug: false });
  const view = (player: string) => {
    if (client.playerID !== player) client.updatePlayerID(player);
    const st = client.getState();
    if (!st) throw new Error('client has no state');
    return st;
  };
  try {
    let steps = 0;
    for (;;) {
      const full = client.store.getState();
      if (full.ctx.gameover !== undefined) return { state: full.G, steps };
      const { player, move, args } = pickBgioMove(enumerate, full.ctx, view, chooser);
      const dispatch = client.moves[move];
      if (!dispatch) throw new Error(`unknown move ${move}`);
      dispatch(...args);
      if (client.store.getState()._stateID === full._stateID) {
        throw new Error(`move refused: ${move} ${JSON.stringify(args)} by ${player}`);
      }
      if (++steps > maxSteps) throw new Error('game too long');
    }
  } finally {
    client.stop();
  }
}

/** `InitializeGame` and `CreateGameReducer` from 'boardgame.io/internal', typed loosely for this driver. */
export interface BgioInternals {
  InitializeGame(opts: { game: Game<GameState>; numPlayers: number }): unknown;
  CreateGameReducer(opts: { game: Game<GameState> }): (state: unknown, action: unknown) => unknown;
}

/**
 * One random game through boardgame.io's bare game reducer (what the server's master runs per action, without
 * the Client's Redux store and log), making MAKE_MOVE actions as `makeMove` from boardgame.io builds them.
 */
export function playReducerGame(
  internals: BgioInternals, game: Game<GameState>, chooser: Rng, maxSteps = DEFAULT_MAX_STEPS,
): { state: GameState; steps: number } {
  const enumerate = enumerateOf(game);
  const reducer = internals.CreateGameReducer({ game });
  let st = internals.InitializeGame({ game, numPlayers: 2 }) as { G: GameState; ctx: Ctx; _stateID: number };
  let steps = 0;
  for (;;) {
    if (st.ctx.gameover !== undefined) return { state: st.G, steps };
    const { player, move, args } = pickBgioMove(enumerate, st.ctx, () => st, chooser);
    const next = reducer(st, { type: 'MAKE_MOVE', payload: { type: move, args, playerID: player } }) as typeof st;
    if (next._stateID === st._stateID) throw new Error(`move refused: ${move} ${JSON.stringify(args)} by ${player}`);
    st = next;
    if (++steps > maxSteps) throw new Error('game too long');
  }
}

/** What the 'bgio' route needs, imported on demand so that the core route never loads boardgame.io. */
export async function loadBgio(): Promise<{
  Client: ClientFactory; internals: BgioInternals; makeGame: NonNullable<SimulateOptions['makeGame']>;
}> {
  const [{ Client }, internals, { makeMintImperium }] = await Promise.all([
    import('boardgame.io/client'), import('boardgame.io/internal'), import('../game'),
  ]);
  return {
    Client: Client as unknown as ClientFactory, internals: internals as unknown as BgioInternals,
    makeGame: makeMintImperium,
  };
}

export function median(xs: number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export function summarize(outcomes: GameOutcome[], via: Via, seed: string): SimulateSummary {
  const winReasons: Record<string, number> = {};
  const rounds: number[] = [];
  let rebelWins = 0;
  let imperialWins = 0;
  let errors = 0;
  for (const o of outcomes) {
    if (o.error !== undefined) {
      errors++;
      continue;
    }
    if (o.winner === 'R') rebelWins++;
    if (o.winner === 'I') imperialWins++;
    if (o.reason) winReasons[o.reason] = (winReasons[o.reason] ?? 0) + 1;
    rounds.push(o.rounds);
  }
  let min = 0;
  let max = 0;
  if (rounds.length > 0) {
    min = Infinity;
    max = -Infinity;
    for (const r of rounds) {
      if (r < min) min = r;
      if (r > max) max = r;
    }
  }
  return {
    games: outcomes.length, rebelWins, imperialWins, winReasons, rounds: { median: median(rounds), min, max },
    errors, via, seed,
  };
}

/** Play `games` random games by one route and summarise them. */
export async function simulate(opts: SimulateOptions): Promise<SimulateResult> {
  const via: Via = opts.via ?? 'core';
  const seed = String(opts.seed);
  const maxSteps = opts.maxSteps ?? DEFAULT_MAX_STEPS;
  const keepStacks = opts.keepStacks ?? 5;
  if (!Number.isInteger(opts.games) || opts.games < 0) throw new Error(`games must be a non-negative integer`);
  if (via !== 'core' && via !== 'bgio') throw new Error(`unknown route ${String(via)}`);

  let play: (i: number) => { state: GameState; steps: number } | Promise<{ state: GameState; steps: number }>;
  const onRecord = opts.onRecord;
  if (onRecord && (via !== 'core' || (opts.human !== undefined && opts.human !== 'random'))) {
    throw new Error('records (--record-dir) need the core route and random players');
  }
  if (onRecord) {
    play = (i) => {
      const g = playRecordedGame(gameSeed(seed, i), opts.config, opts.solo ?? null, maxSteps);
      onRecord(g.record, i);
      return g;
    };
  } else if (opts.human !== undefined && opts.human !== 'random') {
    if (!opts.solo || via !== 'core') throw new Error('--human <bot> needs --mode solo and the core route');
    const solo = opts.solo;
    const human = opts.human;
    const job = (i: number): SoloJob => ({
      index: i, seed: gameSeed(seed, i), solo, ...(opts.config ? { config: opts.config } : {}), human,
      budgetMs: opts.humanBudgetMs ?? 100, ...(opts.humanIterations !== undefined ? { iterations: opts.humanIterations } : {}),
      maxSteps, ...(opts.soloLevels ? { levels: opts.soloLevels } : {}),
    });
    if ((opts.workers ?? 0) > 0) {
      const { runSoloJobs } = await import('./soloJob');
      const jobs = Array.from({ length: opts.games }, (_, i) => job(i));
      const outcomes = await runSoloJobs(jobs, { workers: opts.workers, onGame: opts.onGame });
      let stacks = 0;
      for (const o of outcomes) if (o.stack !== undefined && stacks++ >= keepStacks) delete o.stack;
      return { summary: soloSummary(summarize(outcomes, via, seed), opts), outcomes };
    }
    const [{ playSearchHumanGame }, { soloWithLevels }] = await Promise.all([import('./searchHuman'), import('./soloJob')]);
    play = (i) => {
      const j = job(i);
      return playSearchHumanGame(j.seed, soloWithLevels(solo, j.levels), opts.config, {
        bot: human, budgetMs: j.budgetMs, ...(j.iterations !== undefined ? { iterations: j.iterations } : {}),
      }, maxSteps);
    };
  } else if (via === 'core') {
    play = (i) => playCoreGame(gameSeed(seed, i), opts.config, maxSteps, opts.solo ?? null);
  } else {
    const loaded = await loadBgio();
    const makeGame = opts.makeGame ?? loaded.makeGame;
    play = (i) => playBgioGame(
      loaded.Client, makeGame({ seed: gameSeed(seed, i), config: opts.config, ...(opts.solo ? { solo: opts.solo } : {}) }),
      seededRng(chooserSeed(seed, i)), maxSteps,
    );
  }

  const outcomes: GameOutcome[] = [];
  let stacks = 0;
  for (let i = 0; i < opts.games; i++) {
    let outcome: GameOutcome;
    try {
      const { state, steps } = await play(i);
      outcome = {
        index: i, seed: gameSeed(seed, i), winner: state.winner?.faction ?? null, reason: state.winner?.reason ?? null,
        rounds: state.round, steps,
      };
      if (!state.winner) throw new Error('game ended without a winner');
      if (opts.fingerprints) outcome.fingerprint = fingerprint(state);
    } catch (e) {
      const err = e instanceof Error ? e : new Error(String(e));
      outcome = { index: i, seed: gameSeed(seed, i), winner: null, reason: null, rounds: 0, steps: 0, error: err.message };
      if (stacks++ < keepStacks && err.stack) outcome.stack = err.stack;
    }
    outcomes.push(outcome);
    opts.onGame?.(outcome, i + 1, opts.games);
  }
  return { summary: soloSummary(summarize(outcomes, via, seed), opts), outcomes };
}

/** RULES §9 — a solo run's summary adds the rival and how often the human won. */
function soloSummary(summary: SimulateSummary, opts: SimulateOptions): SimulateSummary {
  if (opts.solo) {
    const human = opts.solo.bot === 'R' ? summary.imperialWins : summary.rebelWins;
    const decided = summary.rebelWins + summary.imperialWins;
    Object.assign(summary, {
      mode: 'solo', botFaction: opts.solo.bot, difficulty: opts.solo.difficulty, human: opts.human ?? 'random', humanWins: human,
      humanWinShare: decided > 0 ? Math.round((human / decided) * 1000) / 1000 : 0,
      ...(opts.humanIterations !== undefined && opts.human !== undefined && opts.human !== 'random'
        ? { humanIterations: opts.humanIterations } : {}),
      ...(opts.soloLevels ? { soloLevels: opts.soloLevels } : {}),
    });
  }
  return summary;
}
