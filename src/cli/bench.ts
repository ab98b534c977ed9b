/**
 * npm run bench -- [--games N] [--seed S] [--core-seconds T] [--bgio reducer|client]
 *
 * Random full games per second through the pure core and through boardgame.io, on the SAME seeds in one run
 * (game i: seed `${S}-${i}`, chooser `choices-${S}-${i}`, the src/sim convention), and their ratio.
 * - core: the N games, replayed in passes until at least T seconds have been spent (the figure is stable then);
 * - bgio: the same N games once, through boardgame.io's bare game reducer (default: what the master runs per
 *   action) or its local Client (`--bgio client`: what `simulate --via bgio` uses).
 * Every bgio game is checked against the core's (same final state), so the two figures measure the same games.
 * Progress bars go to stderr on a terminal; ONE JSON line goes to stdout:
 * { coreGamesPerSec, bgioGamesPerSec, ratio, games: {core, bgio}, node, cpu, bgioRoute, nodeEnv, cpuTime }
 * (cpuTime: the same three figures per CPU-second of this process rather than per wall-clock second).
 * A benchmark, not a test: numbers depend on the machine and its load (wall-clock time). boardgame.io is much
 * faster with NODE_ENV=production (no serializability walk of G after every move), as on a production server.
 */
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { seededRng, type GameState } from '../game/rules';
import {
  chooserSeed, fingerprint, gameSeed, loadBgio, playBgioGame, playCoreGame, playReducerGame,
} from '../sim/simulate';
import { progress } from './progress';

const USAGE = 'usage: npm run bench -- [--games N] [--seed S] [--core-seconds T] [--bgio reducer|client]';

export interface BenchArgs { games: number; seed: string; coreSeconds: number; bgio: 'reducer' | 'client' }

export interface BenchResult {
  coreGamesPerSec: number;
  bgioGamesPerSec: number;
  ratio: number;
  games: { core: number; bgio: number };
  node: string;
  cpu: string;
  bgioRoute: 'reducer' | 'client';
  /** NODE_ENV: boardgame.io checks after every move that G is serializable unless it is 'production'. */
  nodeEnv: string;
  /**
   * The same runs measured in CPU time of this process (process.cpuUsage) instead of wall-clock time: steadier
   * on a shared machine, where other processes take turns on the cores.
   */
  cpuTime: { coreGamesPerSec: number; bgioGamesPerSec: number; ratio: number };
}

export function parseBenchArgs(argv: string[]): BenchArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      games: { type: 'string', short: 'n', default: '30' },
      seed: { type: 'string', short: 's', default: 'bench' },
      'core-seconds': { type: 'string', default: '3' },
      bgio: { type: 'string', default: 'reducer' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const games = Number(values.games);
  const coreSeconds = Number(values['core-seconds']);
  if (!Number.isInteger(games) || games < 1) throw new Error(`--games must be a positive integer, not ${values.games}`);
  if (!(coreSeconds > 0)) throw new Error(`--core-seconds must be positive, not ${values['core-seconds']}`);
  if (values.bgio !== 'reducer' && values.bgio !== 'client') throw new Error(`--bgio must be reducer or client`);
  return { games, seed: values.seed as string, coreSeconds, bgio: values.bgio };
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;

export async function bench(args: BenchArgs): Promise<BenchResult> {
  const { games, seed } = args;
  const { Client, internals, makeGame } = await loadBgio();
  const playBgio = (i: number): GameState => {
    const game = makeGame({ seed: gameSeed(seed, i) });
    const chooser = seededRng(chooserSeed(seed, i));
    return (args.bgio === 'client' ? playBgioGame(Client, game, chooser) : playReducerGame(internals, game, chooser)).state;
  };

  // The core runs first: once boardgame.io has run the core's functions on immer drafts (Proxies), V8's
  // inline caches in those functions turn megamorphic and the plain core gets ~40% slower in the same
  // process (measured). A simulation through the core alone never loads boardgame.io, so measure it clean.
  // Warm-up (JIT) on other seeds, so both routes are measured hot.
  for (let i = 0; i < 30; i++) playCoreGame(`warmup-${i}`);

  // Core: the N games once (keeping fingerprints for the check), then whole passes until coreSeconds are spent.
  const expected: string[] = [];
  for (let i = 0; i < games; i++) expected.push(fingerprint(playCoreGame(gameSeed(seed, i)).state));
  const budget = args.coreSeconds * 1000;
  const coreBar = progress(games, { label: 'core' });
  let coreGames = 0;
  let cpu0 = process.cpuUsage();
  let t0 = performance.now();
  do {
    for (let i = 0; i < games; i++) playCoreGame(gameSeed(seed, i));
    coreGames += games;
    const elapsed = performance.now() - t0;
    // The total is an estimate: whole passes until the time budget is spent.
    coreBar.update(coreGames, elapsed < budget ? Math.max(coreGames + games, Math.round((coreGames * budget) / elapsed)) : coreGames);
  } while (performance.now() - t0 < budget);
  const coreMs = performance.now() - t0;
  const coreCpuMs = cpuMs(process.cpuUsage(cpu0));
  coreBar.done();

  // boardgame.io: the same N games once, after a warm-up.
  for (let i = 0; i < 2; i++) playBgio(-1 - i);
  const bgioBar = progress(games, { label: `bgio ${args.bgio}` });
  const finals: GameState[] = [];
  cpu0 = process.cpuUsage();
  t0 = performance.now();
  for (let i = 0; i < games; i++) {
    finals.push(playBgio(i));
    bgioBar.update(i + 1);
  }
  const bgioMs = performance.now() - t0;
  const bgioCpuMs = cpuMs(process.cpuUsage(cpu0));
  bgioBar.done();

  const differ = finals.map((s, i) => (fingerprint(s) === expected[i] ? -1 : i)).filter((i) => i >= 0);
  if (differ.length > 0) {
    throw new Error(`boardgame.io played different games than the core for seeds ${differ.map((i) => gameSeed(seed, i)).join(', ')}`);
  }

  const coreGamesPerSec = (coreGames * 1000) / coreMs;
  const bgioGamesPerSec = (games * 1000) / bgioMs;
  return {
    coreGamesPerSec: round1(coreGamesPerSec),
    bgioGamesPerSec: round1(bgioGamesPerSec),
    ratio: round1(coreGamesPerSec / bgioGamesPerSec),
    games: { core: coreGames, bgio: games },
    node: process.version,
    cpu: `${cpus()[0]?.model.trim() ?? 'unknown'} (${cpus().length} cores)`,
    bgioRoute: args.bgio,
    nodeEnv: process.env.NODE_ENV ?? '',
    cpuTime: {
      coreGamesPerSec: round1((coreGames * 1000) / coreCpuMs),
      bgioGamesPerSec: round1((games * 1000) / bgioCpuMs),
      ratio: round1((coreGames / coreCpuMs) / (games / bgioCpuMs)),
    },
  };
}

export async function main(argv = process.argv.slice(2)): Promise<number> {
  let args: BenchArgs;
  try {
    args = parseBenchArgs(argv);
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const result = await bench(args);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then((code) => { process.exitCode = code; }, (e) => {
    process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
    process.exitCode = 1;
  });
}
