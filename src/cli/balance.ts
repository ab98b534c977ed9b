/**
 * npm run balance -- --bot ismcts-normal --games N [--config file.json] [--budget-ms B | --iterations K]
 *                    [--seed S] [--all-knobs | --grid G | --configs C] [--workers W]
 *                    [--band LO,HI --max-games N --batch B [--keep-reference]] [--target-ci LO,HI]
 *                    [--out docs/balance] [--name prefix]
 *
 * Plays games of one bot against itself (both seats) with balance configs (RULES §11 B7; a config is a partial
 * GameConfig merged over the defaults by makeConfig) on W worker threads (src/sim/pool.ts; default one per core),
 * shows a progress bar on a terminal (games done / planned, configs still running), prints ONE JSON line and writes
 * the same as a Markdown report with SVG charts to the out folder (src/sim/balanceReport.ts).
 *
 * Which configs (the first is the reference: the default, or `--config file.json`; the others are merged over it):
 *   (none)            the reference alone;
 *   --all-knobs       and each single B7 knob change of KNOB_VARIANTS (src/sim/balance.ts);
 *   --grid G          and every combination (cartesian product) of the knob values of G, a JSON file or inline
 *                     JSON: '{"probesPerRefresh":[1,2],"relocationCooldown":[1,2],"occupationAtEveryCheck":[false,true]}'
 *                     (a combination equal to the reference takes its place first);
 *   --configs C       and an explicit JSON list (file or inline) of {"label": "...", "overrides": {...}}.
 * Game i of every config uses the game seed `${S}-${i}`, so each config gets a paired difference against the
 * first with an exact McNemar p-value (src/sim/balanceStudy.ts).
 *
 * Early stop: `--band 0.45,0.55 --max-games 200 --batch 20` plays the configs still running 20 game seeds at a time
 * (the same seeds for all); after a batch, a config whose Rebel-share Wilson 95% interval lies wholly outside the
 * band is stopped (marked `stopped: above | below`); `--batch` defaults to 20 with a band. `--keep-reference` never
 * stops the first config, so every paired comparison keeps all its games. `--max-games` is `--games` by another
 * name. `--target-ci 0.40,0.60` reports whether each final interval lies inside it.
 *
 * Resume: every finished game is appended to `<out>/<name>-games.jsonl` (keyed by config label, bot, effort, knobs
 * and game seed); a rerun with the same flags plays only the games missing there and sums everything up again.
 * Per-config results are appended to `<name>-results.jsonl` (unless the same line is already there). Bad flags:
 * an error on stderr, exit code 2, nothing written.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { BOT_NAMES, isBotName, type BotName } from '../ai';
import { makeConfig, type GameConfig } from '../game/content';
import { createState, seededRng } from '../game/rules';
import { configChanges, KNOB_VARIANTS, type BalanceResult } from '../sim/balance';
import { renderReport } from '../sim/balanceReport';
import {
  expandGrid, gameRecord, parseConfigList, recordKey, runStudy, StudyInputError, withReference,
  type GameRecord, type StudyConfig, type StudyOptions,
} from '../sim/balanceStudy';
import type { GameSummary } from '../sim/gameJob';
import { defaultWorkers, runGames } from '../sim/pool';
import { progress } from './progress';

const USAGE = `usage: npm run balance -- --bot <bot> --games N [--config file.json] [--budget-ms B | --iterations K] [--seed S]
  [--all-knobs | --grid file.json|JSON | --configs file.json|JSON] [--workers W]
  [--band LO,HI --max-games N --batch B [--keep-reference]] [--target-ci LO,HI] [--out docs/balance] [--name prefix]
  bots: ${BOT_NAMES.filter((b) => b !== 'mcts').join(' ')}`;

const fail = (msg: string): never => {
  throw new StudyInputError(msg);
};

/** A JSON argument: inline when it starts with { or [, otherwise a file name. */
function readJson(flag: string, arg: string): unknown {
  const inline = /^\s*[[{]/.test(arg);
  if (!inline && !existsSync(arg)) fail(`${flag}: no such file: ${arg}`);
  try {
    return JSON.parse(inline ? arg : readFileSync(arg, 'utf8'));
  } catch (e) {
    return fail(`${flag}: not valid JSON (${e instanceof Error ? e.message : String(e)})`);
  }
}

function readConfig(file: string): Partial<GameConfig> {
  const raw = readJson('--config', file);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) fail('--config: a JSON object is expected');
  return configChanges(makeConfig(raw as Partial<GameConfig>));
}

function positiveInt(flag: string, v: string | undefined, min = 1): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) fail(`${flag} must be a whole number ≥ ${min}, not ${v}`);
  return n;
}

function pair(flag: string, v: string | undefined): [number, number] | undefined {
  if (v === undefined) return undefined;
  const xs = v.split(',').map((x) => Number(x.trim()));
  if (xs.length !== 2 || !xs.every((x) => Number.isFinite(x) && x >= 0 && x <= 1) || !(xs[0] < xs[1])) {
    fail(`${flag} must be two shares LO,HI with 0 ≤ LO < HI ≤ 1, e.g. 0.45,0.55 (not ${v})`);
  }
  return [xs[0], xs[1]];
}

interface Plan {
  study: StudyOptions;
  workers: number;
  outDir: string;
  prefix: string;
  title: string;
}

/** Every flag checked (and every JSON read) before anything is played or written. */
function plan(argv: string[]): Plan | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        bot: { type: 'string', default: 'ismcts-normal' }, games: { type: 'string' }, 'max-games': { type: 'string' },
        config: { type: 'string' }, 'budget-ms': { type: 'string', default: '30' }, seed: { type: 'string', default: 'balance' },
        iterations: { type: 'string' }, 'all-knobs': { type: 'boolean', default: false }, grid: { type: 'string' },
        configs: { type: 'string' }, workers: { type: 'string' }, band: { type: 'string' }, batch: { type: 'string' },
        'target-ci': { type: 'string' }, 'keep-reference': { type: 'boolean', default: false }, out: { type: 'string', default: 'docs/balance' }, name: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    return fail(e instanceof Error ? e.message : String(e));
  }
  if (values.help) return 'help';
  const bot = values.bot as string;
  if (!isBotName(bot) || bot === 'mcts') fail(`--bot must be one of the fair bots, not ${bot}`);
  if (values.games !== undefined && values['max-games'] !== undefined) fail('give --games or --max-games, not both');
  const maxGames = positiveInt(values['max-games'] !== undefined ? '--max-games' : '--games', values['max-games'] ?? values.games ?? '20')!;
  const budgetMs = Number(values['budget-ms']);
  if (!(budgetMs > 0)) fail('--budget-ms must be a positive number');
  const iterations = positiveInt('--iterations', values.iterations);
  const workers = positiveInt('--workers', values.workers, 0) ?? defaultWorkers();
  const band = pair('--band', values.band);
  const targetCi = pair('--target-ci', values['target-ci']);
  const batch = positiveInt('--batch', values.batch);
  if (values['keep-reference'] && !band) fail('--keep-reference only makes sense with --band');
  if (batch !== undefined && batch > maxGames) fail(`--batch (${batch}) must not exceed the games per config (${maxGames})`);
  const seed = values.seed as string;
  if (!seed) fail('--seed must not be empty');
  const modes = (['all-knobs', 'grid', 'configs'] as const).filter((m) => (m === 'all-knobs' ? values[m] : values[m] !== undefined));
  if (modes.length > 1) fail(`--${modes.join(', --')}: give one of them, not several`);

  const base: StudyConfig = values.config ? { label: `config ${values.config}`, overrides: readConfig(values.config) } : { label: 'default', overrides: {} };
  let listed: StudyConfig[] = [];
  if (values['all-knobs']) listed = KNOB_VARIANTS.map((v) => ({ label: `${v.knob}: ${v.label}`, overrides: v.overrides }));
  else if (values.grid !== undefined) listed = expandGrid(readJson('--grid', values.grid));
  else if (values.configs !== undefined) listed = parseConfigList(readJson('--configs', values.configs));
  const configs = withReference(base, listed);
  for (const c of configs) {
    try {
      createState(seededRng('check'), makeConfig(c.overrides));
    } catch (e) {
      fail(`config "${c.label}" cannot start a game: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  const mode = modes[0];
  const prefix = values.name ?? (mode === 'all-knobs' ? 'knobs' : mode === 'grid' ? 'grid' : mode === 'configs' ? 'configs' : 'balance');
  if (!/^[\w.-]+$/.test(prefix)) fail(`--name must be a plain file name prefix, not ${prefix}`);
  const title = mode === 'all-knobs' ? 'Balance study: the default config and each single B7 knob change'
    : mode === 'grid' ? 'Balance study: a grid of B7 knob combinations'
      : mode === 'configs' ? 'Balance study: a list of configs' : `Balance study: ${base.label}`;
  return {
    study: { configs, bot: bot as BotName, budgetMs, iterations, seed, maxGames, batch: batch ?? (band ? Math.min(20, maxGames) : maxGames), band, targetCi,
      keepReference: values['keep-reference'] || undefined },
    workers, outDir: values.out as string, prefix, title,
  };
}

/** The games already in the games JSONL, by key (a torn last line of an interrupted run is skipped). */
function readGames(file: string): Map<string, GameSummary> {
  const out = new Map<string, GameSummary>();
  if (!existsSync(file)) return out;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    let r: GameRecord;
    try {
      r = JSON.parse(line) as GameRecord;
    } catch {
      continue;
    }
    if (r.summary) out.set(recordKey(r), r.summary);
  }
  return out;
}

export async function main(argv = process.argv.slice(2)): Promise<number> {
  let p: Plan | 'help';
  try {
    p = plan(argv);
  } catch (e) {
    if (!(e instanceof StudyInputError)) throw e;
    process.stderr.write(`${e.message}\n${USAGE}\n`);
    return 2;
  }
  if (p === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const { study, workers, outDir, prefix } = p;
  mkdirSync(outDir, { recursive: true });
  const gamesFile = join(outDir, `${prefix}-games.jsonl`);
  const resultsFile = join(outDir, `${prefix}-results.jsonl`);
  // A torn last line (an interrupted append) must not glue onto the next record.
  if (existsSync(gamesFile)) {
    const text = readFileSync(gamesFile, 'utf8');
    if (text.length > 0 && !text.endsWith('\n')) appendFileSync(gamesFile, '\n');
  }
  const cached = readGames(gamesFile);
  const t0 = performance.now();
  const bar = progress(study.configs.length * study.maxGames, { label: `${study.bot} balance` });
  let newGames = 0;
  const { results, played } = await runStudy(study, {
    cached,
    play: (jobs, onGame) => runGames(jobs, { workers, onGame: (i, s) => onGame(i, s) }),
    onPlayed: (c, s) => {
      newGames++;
      appendFileSync(gamesFile, `${JSON.stringify(gameRecord(study, c, s))}\n`);
    },
    onProgress: ({ done, planned, alive, configs }) => bar.update(done, planned, `${study.bot} balance, ${alive}/${configs} configs running,`),
    // Rewritten after every batch, so a study stopped early still leaves a report of what it finished.
    onBatch: (rs, finished) => {
      if (!finished) writeReport(p, rs, argv, false, (performance.now() - t0) / 1000, newGames);
    },
  });
  bar.done();
  const have = new Set(existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8').split('\n') : []);
  for (const r of results) {
    const line = JSON.stringify({ ...r, seed: study.seed, ...(study.band ? { band: study.band } : {}) });
    if (!have.has(line)) appendFileSync(resultsFile, `${line}\n`);
  }
  writeReport(p, results, argv, true, (performance.now() - t0) / 1000, played);
  const { bot, budgetMs, iterations, seed, maxGames, band, targetCi } = study;
  process.stdout.write(`${JSON.stringify(results.length === 1 ? results[0]
    : { bot, budgetMs, iterations, games: maxGames, seed, band, targetCi, results })}\n`);
  return 0;
}

function writeReport(p: Plan, results: BalanceResult[], argv: string[], finished: boolean, wallSeconds: number, played: number): void {
  const { study, outDir, prefix } = p;
  const command = `npm run balance -- ${argv.join(' ')}`;
  const files = renderReport(results, {
    title: p.title,
    command,
    notes: [
      `Game seeds \`${study.seed}-0\` … \`${study.seed}-${study.maxGames - 1}\`; bot seeds \`${study.seed}-<game>-R\` / \`-I\`.`,
      ...(study.band ? [`Early stop: batches of ${study.batch} game seeds; after each, a config whose Wilson 95% interval lay wholly outside `
        + `[${study.band[0]}, ${study.band[1]}] stopped${study.keepReference ? ' (except the first, the reference)' : ''}.`] : []),
      `${results.reduce((s, r) => s + r.seconds, 0)} s of bot thinking summed over all games; this run: ${played} new games in `
        + `${Math.round(wallSeconds)} s wall clock ${p.workers === 0 ? 'in one thread' : `on ${p.workers} worker thread${p.workers === 1 ? '' : 's'}`} (a time budget per move: on a loaded machine the bots search less).`,
      ...(finished ? [] : ['**Partial:** the study was still running when this report was written.']),
    ],
  }, prefix);
  writeFileSync(join(outDir, `${prefix}.md`), files.markdown);
  for (const [name, svg] of Object.entries(files.svgs)) writeFileSync(join(outDir, name), svg);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then((code) => process.exit(code), (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
