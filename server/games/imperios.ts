/**
 * Imperios Milenarios as the match room hosts it (../match/hosted-game.ts; issue 23 items 4 and 7): 4 to 7 seats,
 * the mode as the create body's `mode`, views without the core's random generator (IM14.1), legality from the rules
 * core, the forfeit end of G56 (src/games/imperios/forfeit.ts), the lines around a seat handed to the bot (IM15.5,
 * src/games/imperios/playedBy.ts), its records, and its bots: `greedy` (the default) and `random`
 * (src/games/imperios/ai/baseline.ts, on the event loop) and the search bot at three levels (`search` = easy, which
 * also takes over a seat handed to the bot: server/table/route.ts; `search-normal`, `search-hard`) in worker threads,
 * any number of bot seats but one, each bot handed its seat's view only (the state without the generator).
 */
import { randomInt } from 'node:crypto';
import type { State } from 'boardgame.io';
import { greedyAction, randomAction, type Rnd } from '../../src/games/imperios/ai/baseline';
import { LEVELS, type LevelName } from '../../src/games/imperios/ai/searchLevels';
import { MODE_IDS } from '../../src/games/imperios/content/modes';
import { forfeitImperios } from '../../src/games/imperios/forfeit';
import {
  ACT,
  IMPERIOS_MAX_PLAYERS,
  IMPERIOS_MIN_PLAYERS,
  ImperiosGame,
  imperiosView,
  modeFromSetupData,
  seatOf,
  turnOwner,
  vouchAct,
} from '../../src/games/imperios/game';
import { notePlayedImperios } from '../../src/games/imperios/playedBy';
import { imperiosRecord } from '../../src/games/imperios/record';
import { timedQuestion } from '../../src/games/imperios/timeLimits';
import {
  awaitedSeats,
  setupError,
  type Action,
  type ImperiosState,
  type PublicState,
} from '../../src/games/imperios/rules';
import { audienceLog, audienceState } from '../../src/platform/views';
import { WorkerPool, type WorkerPoolOptions } from '../bots/worker-pool';
import type { BotChoice, HostedBots, HostedGame } from '../match/hosted-game';

/**
 * The bot kinds, the default first: the greedy and random baselines (src/games/imperios/ai/baseline.ts), which
 * take a few milliseconds and run on the server's event loop, and the search bot (src/games/imperios/ai/searchBot.ts,
 * docs/imperios/BOTS.md) at its three levels, `search` (easy: the kind that also takes over a seat handed to the bot,
 * IM15.5, and the name stored matches have), `search-normal` and `search-hard`, which run in worker threads
 * (../bots/worker-pool.ts, ../bots/imperios-worker.ts) with their level's board budget (150 ms, 600 ms, 3 s).
 */
export const IMPERIOS_BOT_KINDS = ['greedy', 'random', 'search', 'search-normal', 'search-hard'] as const;
export type ImperiosBotKind = (typeof IMPERIOS_BOT_KINDS)[number];

/** The search bot's level of each search kind. */
export const SEARCH_LEVEL_OF: Readonly<Partial<Record<ImperiosBotKind, LevelName>>> = {
  search: 'easy',
  'search-normal': 'normal',
  'search-hard': 'hard',
};

/** Uniform numbers in [0, 1) from the operating system's generator: a bot's choices are nobody's to predict. */
const cryptoRnd: Rnd = () => randomInt(2 ** 47) / 2 ** 47;

/** True when `String(x)` and JSON work on `x`: boardgame.io prints a refused move's args, storage writes them. */
function plainJson(x: unknown): boolean {
  try {
    String(x);
    return JSON.stringify(x) !== undefined;
  } catch {
    return false;
  }
}

/** A baseline's move, on the event loop (a few milliseconds). */
function baselineMove(kind: 'greedy' | 'random', view: PublicState, playerID: string): Promise<BotChoice> {
  return Promise.resolve().then(() => {
    const action = (kind === 'random' ? randomAction : greedyAction)(view, Number(playerID), cryptoRnd);
    if (!action) throw new Error(`seat ${playerID} has no legal action`);
    return { move: ACT, args: [action] };
  });
}

/** How one server runs Imperios' bots (tests change the budgets or watch the worker threads). */
export interface ImperiosBotSettings {
  /** Worker threads for the search bot (every level shares them). Default 1. */
  workers?: number;
  /** Overrides of a level's wall-clock budget per decision (ms); default its board budget (searchLevels.ts). */
  budgetMs?: Partial<Record<LevelName, number>>;
  /** Told of each worker thread started (tests: a worker terminated mid-search). */
  onWorker?: WorkerPoolOptions['onWorker'];
  /** Told of the pool once started (tests: whether a search is under way). */
  onPool?: (pool: WorkerPool<Action>) => void;
}

/** Imperios' bot part: the lobby's `bot` names seats by their playerIDs ('0' … '6'). */
export function imperiosBots(settings: ImperiosBotSettings = {}): HostedBots<ImperiosState, PublicState> {
  return {
    kinds: {
      greedy: 'Bot',
      random: 'Random bot',
      search: 'Search bot (easy)',
      'search-normal': 'Search bot (normal)',
      'search-hard': 'Search bot (hard)',
    } satisfies Record<ImperiosBotKind, string>,
    defaultKind: IMPERIOS_BOT_KINDS[0],
    handoverKind: 'search',
    seats: Object.fromEntries(Array.from({ length: IMPERIOS_MAX_PLAYERS }, (_, i) => [String(i), String(i)])),
    // Hands are open (G48): a bot sees what every player sees, nothing more (the state without its generator).
    view: (state) => imperiosView(state.G),
    start() {
      const pool = new WorkerPool<Action>('imperios-worker', { workers: settings.workers, onWorker: settings.onWorker });
      settings.onPool?.(pool);
      const search = async (level: LevelName, view: PublicState, playerID: string, matchID: string): Promise<BotChoice> => {
        const budgetMs = settings.budgetMs?.[level] ?? LEVELS[level].boardBudgetMs;
        // The seed from the operating system's generator: the bot's next choice is nobody's to predict.
        const message = { view, seat: Number(playerID), level, budgetMs, seed: randomInt(2 ** 47) };
        return { move: ACT, args: [await pool.run(matchID, message, budgetMs)] };
      };
      return {
        choose: (kind, view, playerID, job) => {
          const level = SEARCH_LEVEL_OF[kind as ImperiosBotKind];
          if (level) return search(level, view, playerID, job.matchID);
          if (kind === 'greedy' || kind === 'random') return baselineMove(kind, view, playerID);
          return Promise.reject(new Error(`no Imperios bot ${kind}`));
        },
        fallback: (view, playerID) => baselineMove('random', view, playerID),
        // Ends searches in progress (their matches' loops then stop: the driver is closing).
        close: () => pool.close(),
      };
    },
  };
}

export const IMPERIOS_BOTS = imperiosBots();

/** Rounds of the game log an online view carries while the game runs: the current one and the one before. */
export const VIEW_LOG_ROUNDS = 2;

/**
 * What every audience is sent of G: the public view (IM14.1: all but the generator) with the log of the last
 * VIEW_LOG_ROUNDS rounds only while the game runs (older rounds are sent as empty lists, so a round's index stays
 * its number). The log is nearly all of a late state (≈ 270 KB of ≈ 275 KB after 19 rounds of random play, ≈ 18 KB
 * a round), and every move sends the whole view to every socket: whole logs would cost each socket megabytes a
 * minute and trip the unread-output bound (server/limits.ts). The finished game's view, and its record's replay,
 * carry the whole log.
 */
export function onlineView(G: ImperiosState, over: boolean): PublicState {
  const view = imperiosView(G);
  if (over || view.log.length <= VIEW_LOG_ROUNDS) return view;
  const from = view.log.length - VIEW_LOG_ROUNDS;
  return { ...view, log: view.log.map((round, i) => (i >= from ? round : [])) };
}

export const IMPERIOS_HOSTED: HostedGame<ImperiosState> = {
  game: ImperiosGame,
  players: { min: IMPERIOS_MIN_PLAYERS, max: IMPERIOS_MAX_PLAYERS },
  extras: { solo: false, hints: false },
  setup: {
    fields: ['mode'],
    setupData(body, numPlayers) {
      if (body.mode === undefined) return { setupData: { mode: 'normal' } };
      const mode = modeFromSetupData({ mode: body.mode });
      if (typeof mode !== 'string') return { error: `mode must be one of ${MODE_IDS.join(', ')}` };
      const wrong = setupError({ players: numPlayers, mode, seed: 0 });
      return wrong ? { error: wrong } : { setupData: { mode } };
    },
  },
  // IM14.1: the only secret is the generator; every audience gets the same view (a spectator's too).
  viewState: (state) => audienceState(state, onlineView(state.G, state.ctx.gameover !== undefined) as ImperiosState),
  viewLog: audienceLog,
  acceptClientAction(action, playerID) {
    const a = action as { type?: unknown; payload?: { type?: unknown; args?: unknown; playerID?: unknown } } | null;
    const p = a?.payload;
    return (
      a?.type === 'MAKE_MOVE' &&
      p?.type === ACT &&
      p.playerID === playerID &&
      Array.isArray(p.args) &&
      p.args.length === 1 &&
      typeof p.args[0] === 'object' &&
      p.args[0] !== null &&
      !Array.isArray(p.args[0]) &&
      plainJson(p.args)
    );
  },
  // The core's check, kept for the reducer's move on this same state (vouchAct): one validation a move.
  isLegalMove: (G, playerID, move, args) => vouchAct(G, playerID, move, args),
  nextToMove(state) {
    if (state.ctx.gameover !== undefined) return null;
    const awaited = awaitedSeats(state.G);
    const owner = turnOwner(state.G);
    if (owner !== null && awaited.includes(owner)) return String(owner);
    return awaited.length > 0 ? String(awaited[0]) : null;
  },
  awaiting: (state) => (state.ctx.gameover !== undefined ? [] : awaitedSeats(state.G).map(String)),
  // IM15.1, IM15.2: a block offer and a defence question close after their limit; silence answers for the silent.
  answersDue(state) {
    if (state.ctx.gameover !== undefined) return null;
    const q = timedQuestion(state.G);
    if (!q) return null;
    const answer: BotChoice = { move: ACT, args: [q.silence] };
    return { key: q.key, kind: q.kind, limitMs: q.limitSeconds * 1000, owing: Object.fromEntries(q.owing.map((s) => [String(s), answer])) };
  },
  forfeit: (state: State<ImperiosState>, loser, reason) => forfeitImperios(state, loser, reason),
  // IM15.5: the lines around a seat handed to the bot, written after the reducer as the record's replay writes them.
  notePlayed(prev, next, playerID, _moveType, played) {
    const seat = seatOf(next.G, playerID);
    return seat === null ? next : { ...next, G: notePlayedImperios(prev.G, next.G, seat, played) };
  },
  record: ({ matchID, initialState, state, metadata, log }) => {
    const r = imperiosRecord({
      matchID,
      seed: (initialState.plugins?.random?.data as { seed?: unknown } | undefined)?.seed,
      setupData: (metadata as { setupData?: unknown }).setupData,
      players: Array.from({ length: state.G.players }, (_, id) => metadata.players[id]?.name ?? ''),
      moves: log
        .filter((e) => e.action.type === 'MAKE_MOVE')
        .map((e) => {
          const { playerID, args } = e.action.payload as { playerID: unknown; args: unknown };
          const played = (e as { played?: unknown }).played;
          return played === undefined ? { playerID, args } : { playerID, args, played };
        }),
      gameover: state.ctx.gameover,
    });
    return 'error' in r ? r : { record: r };
  },
  bots: IMPERIOS_BOTS,
};
