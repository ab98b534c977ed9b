/**
 * npm run ladder -- [--bots a,b,c] [--games N] [--all-pairs] [--scale X | --iterations K] [--workers W]
 *                   [--seed S] [--out ladder-results] [--bootstrap B] [--write-docs] [--docs docs/BOTS.md]
 *
 * A round-robin ladder of the bots (issue 24; src/sim/ladder.ts): adjacent levels of the list by default (weakest
 * first), every pair with --all-pairs, N games per pairing (each seed twice, seats swapped) on every core
 * (src/sim/pool.ts). Each finished game is appended to `<out>/ladder-games.jsonl` with its settings, and a rerun
 * skips the games already there. Prints ONE JSON line: per-pairing scores (Wilson 95%), as-Rebel / as-Imperial
 * wins, Elo ratings with bootstrap 95% intervals. --write-docs puts the tables in the marked `## Ladder` section of
 * docs/BOTS.md (or --docs FILE).
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { BOT_NAMES, isBotName, type BotName } from '../ai';
import {
  DEFAULT_LADDER, ladderGames, ladderMarkdown, playLadder, replaceSection, summarize, jobKey,
  type LadderMode, type LadderRecord,
} from '../sim/ladder';
import { defaultWorkers } from '../sim/pool';
import { progress } from './progress';

const USAGE = `usage: npm run ladder -- [--bots a,b,c] [--games N] [--all-pairs] [--scale X | --iterations K] [--workers W]
  [--seed S] [--out ladder-results] [--bootstrap B] [--write-docs] [--docs docs/BOTS.md]
  default bots: ${DEFAULT_LADDER.join(',')} (weakest first)   all bots: ${BOT_NAMES.join(' ')}`;

function whole(x: string, flag: string, min: number): number {
  const n = Number(x);
  if (!Number.isInteger(n) || n < min) throw new Error(`${flag} must be a whole number ≥ ${min}, not ${x}`);
  return n;
}

function botList(x: string): BotName[] {
  const bots = x.split(',').map((b) => b.trim()).filter(Boolean);
  for (const b of bots) if (!isBotName(b)) throw new Error(`--bots: unknown bot ${b} (bots: ${BOT_NAMES.join(', ')})`);
  if (bots.length < 2) throw new Error('--bots needs at least two bots');
  if (new Set(bots).size !== bots.length) throw new Error('--bots names a bot twice');
  return bots as BotName[];
}

function mode(scale: string | undefined, iterations: string | undefined): LadderMode {
  if (scale !== undefined && iterations !== undefined) throw new Error('--scale and --iterations exclude each other');
  if (iterations !== undefined) return { kind: 'iterations', iterations: whole(iterations, '--iterations', 1) };
  if (scale !== undefined) {
    const s = Number(scale);
    if (!Number.isFinite(s) || s <= 0) throw new Error(`--scale must be a positive number, not ${scale}`);
    return { kind: 'scaled', scale: s };
  }
  return { kind: 'budgets' };
}

/** The records already in the results file; a line cut short by a killed run is skipped. */
function readRecords(file: string): LadderRecord[] {
  if (!existsSync(file)) return [];
  const out: LadderRecord[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      out.push(JSON.parse(line) as LadderRecord);
    } catch {
      // an unfinished last line
    }
  }
  return out;
}

export async function main(argv = process.argv.slice(2)): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      bots: { type: 'string', default: DEFAULT_LADDER.join(',') }, games: { type: 'string', default: '200' },
      'all-pairs': { type: 'boolean', default: false }, scale: { type: 'string' }, iterations: { type: 'string' },
      workers: { type: 'string' }, seed: { type: 'string', default: 'ladder' }, out: { type: 'string', default: 'ladder-results' },
      bootstrap: { type: 'string', default: '500' }, 'write-docs': { type: 'boolean', default: false },
      docs: { type: 'string', default: 'docs/BOTS.md' }, help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  // Every argument is checked before anything is played or written.
  const bots = botList(values.bots);
  const games = whole(values.games, '--games', 1);
  if (games % 2 !== 0) throw new Error(`--games must be even (each seed is played twice, seats swapped), not ${games}`);
  const settings = { bots, games, allPairs: values['all-pairs'], mode: mode(values.scale, values.iterations), seed: values.seed };
  const workers = values.workers === undefined ? defaultWorkers() : whole(values.workers, '--workers', 0);
  const resamples = whole(values.bootstrap, '--bootstrap', 1);
  const docs = values.docs;
  if (values['write-docs'] && !existsSync(docs)) throw new Error(`--docs: no file ${docs}`);

  const all = ladderGames(settings);
  mkdirSync(values.out, { recursive: true });
  const file = join(values.out, 'ladder-games.jsonl');
  const records = readRecords(file);
  const have = new Set(records.map((r) => r.key));
  const todo = all.filter((g) => !have.has(jobKey(g.job))).length;
  const bar = progress(todo, { label: 'ladder' });
  const played = await playLadder(all, settings.mode, have, {
    workers,
    onRecord: (r, done) => {
      appendFileSync(file, `${JSON.stringify(r)}\n`);
      bar.update(done);
    },
  });
  bar.done();
  const result = summarize(settings, all, [...records, ...played], { played: played.length, resamples });
  if (values['write-docs']) {
    const section = ladderMarkdown(result, `npm run ladder -- ${argv.join(' ')}`, new Date().toISOString().slice(0, 10));
    writeFileSync(docs, replaceSection(readFileSync(docs, 'utf8'), section));
  }
  process.stdout.write(`${JSON.stringify({ ...result, out: file, ...(values['write-docs'] ? { docs } : {}) })}\n`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then((code) => process.exit(code), (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n${USAGE}\n`);
    process.exit(2);
  });
}
