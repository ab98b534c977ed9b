/**
 * npm run tournament -- --a <bot> --b <bot> --games N --budget-ms B [--seed S] [--b-budget-scale X] [--iterations K]
 *
 * Plays N seeds twice, seats swapped (2N games), shows a progress bar on a terminal, and prints ONE JSON line:
 * { a, b, games, score, ci95, asRebel, asImperial, itersPerSec, thinkMs: {p50, p95}, peakHeapMB, ... }
 * (score = a's share of wins; Wilson 95% interval). Bots: random flatmc mcts-fair mcts ismcts-easy|normal|hard.
 * `--games` counts seeds (each played twice), as the "N seeds twice" says.
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { BOT_NAMES, isBotName, type BotName } from '../ai';
import { runTournament } from '../sim/tournament';
import { progress } from './progress';

const USAGE = `usage: npm run tournament -- --a <bot> --b <bot> --games N --budget-ms B [--seed S] [--b-budget-scale X]
  [--iterations K] [--a-options JSON] [--b-options JSON]   bots: ${BOT_NAMES.join(' ')}`;

function bot(x: unknown, flag: string): BotName {
  if (!isBotName(x)) throw new Error(`${flag} must be one of ${BOT_NAMES.join(', ')}, not ${String(x)}`);
  return x;
}

function positive(x: string | undefined, flag: string): number | undefined {
  if (x === undefined) return undefined;
  const n = Number(x);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${flag} must be a positive number, not ${x}`);
  return n;
}

/** Extra bot options as JSON, e.g. --a-options '{"search":{"playoutDepth":8}}' (experiments with one bot's knobs). */
function jsonOption(x: string | undefined, flag: string): Record<string, unknown> | undefined {
  if (x === undefined) return undefined;
  const v = JSON.parse(x) as unknown;
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error(`${flag} must be a JSON object`);
  return v as Record<string, unknown>;
}

export async function main(argv = process.argv.slice(2)): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      a: { type: 'string' }, b: { type: 'string' }, games: { type: 'string', default: '10' },
      'budget-ms': { type: 'string', default: '100' }, seed: { type: 'string', default: '1' },
      'b-budget-scale': { type: 'string' }, iterations: { type: 'string' }, help: { type: 'boolean', short: 'h' },
      'a-options': { type: 'string' }, 'b-options': { type: 'string' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const seeds = positive(values.games, '--games')!;
  if (!Number.isInteger(seeds)) throw new Error('--games must be a whole number');
  const total = seeds * 2;
  const bar = progress(total, { label: `${values.a} vs ${values.b}` });
  const result = await runTournament({
    a: bot(values.a, '--a'), b: bot(values.b, '--b'), seeds,
    budgetMs: positive(values['budget-ms'], '--budget-ms')!, seed: values.seed,
    bBudgetScale: positive(values['b-budget-scale'], '--b-budget-scale'),
    iterations: positive(values.iterations, '--iterations'),
    aOptions: jsonOption(values['a-options'], '--a-options'),
    bOptions: jsonOption(values['b-options'], '--b-options'),
    onGame: (done) => bar.update(done),
  });
  bar.done();
  process.stdout.write(`${JSON.stringify(result)}\n`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then((code) => process.exit(code), (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n${USAGE}\n`);
    process.exit(2);
  });
}
