/**
 * npm run simulate -- --games N --seed S [--via core|bgio] [--config file.json]
 * npm run simulate -- --game imperios --players N --games G --seed S [--mode M]   (Imperios: ./simulateImperios.ts)
 *                      [--mode solo --bot-faction R|I --difficulty easy|normal|hard]
 *
 * With `--mode solo` (RULES §9) a uniformly random human plays against the rival deck of `--bot-faction`; the JSON
 * line adds mode, botFaction, difficulty, human, humanWins and humanWinShare. `--human <bot>` lets a fair bot of
 * src/ai (ismcts-easy|normal|hard, flatmc, mcts-fair) play the human seat (core route; `--human-ms` its budget per decision, default 100,
 * or `--iterations K` a fixed search per decision: reproducible whatever the load). A bot human's games run on
 * `--workers N` worker threads (src/sim/soloJob.ts; default one per core, 0 = this thread; the same games either way).
 * `--solo-levels file.json` (bot human only) changes knobs of R9.11's table for the run, e.g.
 * `{ "normal": { "imperialSetupProbes": 2 } }` (src/game/content/soloDifficulty.ts), to study a level before
 * changing the rule.
 * Plays N random legal games (src/sim/simulate.ts) and prints ONE JSON line on stdout:
 * { games, rebelWins, imperialWins, winReasons, rounds: {median, min, max}, errors, via, seed }.
 * A progress bar goes to stderr when it is a terminal; the first few failed games are described on stderr.
 * `--config` holds a partial GameConfig (balance knobs), merged over the defaults with makeConfig.
 * `--record-dir DIR` writes each game's record (src/game/record.ts) to DIR/SEED.json (core route, random players);
 * `npm run replay -- DIR/*.json --verify` re-runs them.
 */
import { BOT_NAMES, isBotName } from '../ai/types';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { DIFFICULTIES, SOLO_LEVELS, makeConfig, type GameConfig, type SoloSetup } from '../game/content';
import type { GameRecord } from '../game/record';
import type { SoloLevelsPatch } from '../sim/soloJob';
import { simulate, type HumanPlayer, type Via } from '../sim/simulate';
import { progress } from './progress';

const USAGE = 'usage: npm run simulate -- --games N --seed S [--via core|bgio] [--config file.json] '
  + '[--mode solo --bot-faction R|I --difficulty easy|normal|hard [--human random|<bot>] [--human-ms MS | --iterations K] '
  + '[--workers N] [--solo-levels file.json]] [--record-dir DIR]';
const DESCRIBE_ERRORS = 3;
const defaultWorkers = (): number => Math.max(1, availableParallelism());

export interface SimulateArgs {
  games: number; seed: string; via: Via; config?: GameConfig; solo?: SoloSetup; human?: HumanPlayer; humanBudgetMs?: number;
  humanIterations?: number; workers?: number; soloLevels?: SoloLevelsPatch;
  recordDir?: string;
}

export function parseSimulateArgs(argv: string[]): SimulateArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      games: { type: 'string', short: 'n', default: '100' },
      seed: { type: 'string', short: 's', default: '1' },
      via: { type: 'string', default: 'core' },
      config: { type: 'string', short: 'c' },
      mode: { type: 'string', default: 'duel' },
      'bot-faction': { type: 'string' },
      difficulty: { type: 'string', default: 'normal' },
      human: { type: 'string' },
      'human-ms': { type: 'string' },
      iterations: { type: 'string' },
      workers: { type: 'string' },
      'solo-levels': { type: 'string' },
      'record-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const games = Number(values.games);
  if (!Number.isInteger(games) || games < 0) throw new Error(`--games must be a non-negative integer, not ${values.games}`);
  const via = values.via as Via;
  if (via !== 'core' && via !== 'bgio') throw new Error(`--via must be core or bgio, not ${values.via}`);
  let config: GameConfig | undefined;
  if (values.config) {
    const raw = JSON.parse(readFileSync(values.config, 'utf8')) as Partial<GameConfig>;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new Error('--config: a JSON object is expected');
    config = makeConfig(raw);
  }
  let solo: SoloSetup | undefined;
  if (values.mode === 'solo') {
    const bot = values['bot-faction'];
    if (bot !== 'R' && bot !== 'I') throw new Error(`--bot-faction must be R or I, not ${String(bot)}`);
    const difficulty = values.difficulty as SoloSetup['difficulty'];
    if (!DIFFICULTIES.includes(difficulty)) throw new Error(`--difficulty must be easy, normal or hard, not ${difficulty}`);
    solo = { bot, difficulty };
  } else if (values.mode !== 'duel') {
    throw new Error(`--mode must be duel or solo, not ${String(values.mode)}`);
  } else if (values['bot-faction'] !== undefined) {
    throw new Error('--bot-faction needs --mode solo');
  }
  const human = values.human;
  if (human !== undefined && human !== 'random' && (!isBotName(human) || human === 'mcts')) {
    throw new Error(`--human must be random or a fair bot (${BOT_NAMES.filter((b) => b !== 'mcts').join(', ')}), not ${human}`);
  }
  if (human !== undefined && !solo) throw new Error('--human needs --mode solo');
  const ms = values['human-ms'] === undefined ? undefined : Number(values['human-ms']);
  if (ms !== undefined && !(Number.isFinite(ms) && ms > 0)) throw new Error('--human-ms must be a positive number');
  const iterations = values.iterations === undefined ? undefined : Number(values.iterations);
  if (iterations !== undefined && !(Number.isInteger(iterations) && iterations > 0)) throw new Error('--iterations must be a positive integer');
  const workers = values.workers === undefined ? undefined : Number(values.workers);
  if (workers !== undefined && !(Number.isInteger(workers) && workers >= 0)) throw new Error('--workers must be a non-negative integer');
  if ((iterations !== undefined || workers !== undefined) && (human === undefined || human === 'random')) {
    throw new Error('--iterations and --workers need --human <bot>');
  }
  let soloLevels: SoloLevelsPatch | undefined;
  if (values['solo-levels'] !== undefined) {
    if (human === undefined || human === 'random') throw new Error('--solo-levels needs --human <bot>');
    const raw = JSON.parse(readFileSync(values['solo-levels'], 'utf8')) as SoloLevelsPatch;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new Error('--solo-levels: a JSON object is expected');
    for (const [d, knobs] of Object.entries(raw)) {
      if (!(DIFFICULTIES as string[]).includes(d)) throw new Error(`--solo-levels: unknown level ${d}`);
      for (const k of Object.keys(knobs ?? {})) {
        if (!(k in SOLO_LEVELS.normal)) throw new Error(`--solo-levels: unknown knob ${k}`);
      }
    }
    soloLevels = raw;
  }
  const recordDir = values['record-dir'];
  if (recordDir !== undefined && (via !== 'core' || (human !== undefined && human !== 'random'))) {
    throw new Error('--record-dir needs the core route and random players');
  }
  return {
    games, seed: values.seed as string, via, config, ...(solo ? { solo } : {}), ...(human ? { human } : {}),
    ...(ms !== undefined ? { humanBudgetMs: ms } : {}), ...(iterations !== undefined ? { humanIterations: iterations } : {}),
    ...(human !== undefined && human !== 'random' ? { workers: workers ?? defaultWorkers() } : {}),
    ...(soloLevels ? { soloLevels } : {}), ...(recordDir !== undefined ? { recordDir } : {}),
  };
}

/** `--game NAME` (or `--game=NAME`) of the command line: the game to simulate; Mint Imperium when absent. */
export function gameOf(argv: string[]): string {
  const i = argv.indexOf('--game');
  if (i >= 0) return argv[i + 1] ?? '';
  const eq = argv.find((a) => a.startsWith('--game='));
  return eq ? eq.slice('--game='.length) : 'mint-imperium';
}

export async function main(argv = process.argv.slice(2)): Promise<number> {
  // Issue 23 item 8: the second game has its own options and summary (./simulateImperios.ts).
  const game = gameOf(argv);
  if (game === 'imperios') return (await import('./simulateImperios')).mainImperios(argv);
  if (game !== 'mint-imperium') {
    process.stderr.write(`--game must be mint-imperium or imperios\n${USAGE}\n`);
    return 2;
  }
  argv = argv.filter((a, i) => a !== '--game' && argv[i - 1] !== '--game' && !a.startsWith('--game='));
  let args: SimulateArgs;
  try {
    args = parseSimulateArgs(argv);
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const bar = progress(args.games, { label: `simulate ${args.via}` });
  let described = 0;
  const { recordDir, ...simArgs } = args;
  if (recordDir !== undefined) mkdirSync(recordDir, { recursive: true });
  const { summary } = await simulate({
    ...simArgs,
    ...(recordDir !== undefined ? {
      onRecord: (record: GameRecord) => {
        writeFileSync(join(recordDir, `${record.seed.replace(/[^A-Za-z0-9_.-]/g, '_')}.json`), `${JSON.stringify(record)}\n`);
      },
    } : {}),
    onGame(outcome, done) {
      if (outcome.error !== undefined && described < DESCRIBE_ERRORS) {
        described++;
        process.stderr.write(`\ngame ${outcome.index} (seed ${outcome.seed}) failed: ${outcome.stack ?? outcome.error}\n`);
      }
      bar.update(done);
    },
  });
  bar.done();
  if (summary.errors > described) process.stderr.write(`… ${summary.errors - described} more failed games\n`);
  process.stdout.write(`${JSON.stringify(summary)}\n`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then((code) => { process.exitCode = code; }, (e) => {
    process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
    process.exitCode = 1;
  });
}
