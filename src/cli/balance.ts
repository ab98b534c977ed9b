/**
 * npm run balance -- --bot ismcts-normal --games N [--config file.json] [--budget-ms B | --iterations K]
 *                    [--seed S] [--all-knobs] [--out docs/balance] [--name prefix]
 *
 * Plays N games of one bot against itself (both seats) with a balance config (RULES §11 B7; the JSON file holds a
 * partial GameConfig merged over the defaults by makeConfig), shows a progress bar on a terminal, prints ONE JSON
 * line and writes the same as a Markdown report with SVG charts to the out folder (src/sim/balanceReport.ts).
 * `--all-knobs` runs the default config and then each single B7 knob change of KNOB_VARIANTS (src/sim/balance.ts)
 * into one comparison report. Each finished config is appended to `<name>-results.jsonl` first, and a rerun with
 * the same flags skips configs already there, so a long study can be stopped and resumed.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { BOT_NAMES, isBotName, type BotName } from '../ai';
import { DEFAULT_CONFIG, makeConfig, type GameConfig } from '../game/content';
import { KNOB_VARIANTS, runBalance, type BalanceResult } from '../sim/balance';
import { renderReport } from '../sim/balanceReport';
import { progress } from './progress';

const USAGE = `usage: npm run balance -- --bot <bot> --games N [--config file.json] [--budget-ms B | --iterations K]
  [--seed S] [--all-knobs] [--out docs/balance] [--name prefix]   bots: ${BOT_NAMES.filter((b) => b !== 'mcts').join(' ')}`;

interface Plan { label: string; config: GameConfig }

function readConfig(file: string): GameConfig {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as Partial<GameConfig>;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new Error('--config: a JSON object is expected');
  return makeConfig(raw);
}

/** Results already in the JSONL file for this bot, budget, size and seed (resume). */
function done(file: string, key: (r: BalanceResult) => boolean): Map<string, BalanceResult> {
  const out = new Map<string, BalanceResult>();
  if (!existsSync(file)) return out;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const r = JSON.parse(line) as BalanceResult & { seed?: string };
    if (key(r)) out.set(r.label, r);
  }
  return out;
}

export async function main(argv = process.argv.slice(2)): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      bot: { type: 'string', default: 'ismcts-normal' }, games: { type: 'string', default: '20' },
      config: { type: 'string' }, 'budget-ms': { type: 'string', default: '30' }, seed: { type: 'string', default: 'balance' },
      iterations: { type: 'string' }, 'all-knobs': { type: 'boolean', default: false }, out: { type: 'string', default: 'docs/balance' },
      name: { type: 'string' }, help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const bot = values.bot as string;
  if (!isBotName(bot) || bot === 'mcts') throw new Error(`--bot must be one of the fair bots, not ${bot}`);
  const games = Number(values.games);
  const budgetMs = Number(values['budget-ms']);
  if (!Number.isInteger(games) || games <= 0) throw new Error('--games must be a positive whole number');
  if (!(budgetMs > 0)) throw new Error('--budget-ms must be a positive number');
  const seed = values.seed as string;
  const iterations = values.iterations === undefined ? undefined : Number(values.iterations);
  if (iterations !== undefined && !(Number.isInteger(iterations) && iterations > 0)) throw new Error('--iterations must be a positive whole number');
  const base: Plan = values.config ? { label: `config ${values.config}`, config: readConfig(values.config) } : { label: 'default', config: DEFAULT_CONFIG };
  const plans: Plan[] = [base];
  if (values['all-knobs']) {
    for (const v of KNOB_VARIANTS) plans.push({ label: `${v.knob}: ${v.label}`, config: makeConfig({ ...base.config, ...v.overrides }) });
  }
  const prefix = values.name ?? (values['all-knobs'] ? 'knobs' : 'balance');
  const outDir = values.out as string;
  mkdirSync(outDir, { recursive: true });
  const jsonl = join(outDir, `${prefix}-results.jsonl`);
  const have = done(jsonl, (r) => r.bot === bot && r.budgetMs === budgetMs && r.iterations === iterations && r.games === games
    && (r as BalanceResult & { seed?: string }).seed === seed);

  const total = plans.length * games;
  const bar = progress(total, { label: `${bot} balance` });
  const results: BalanceResult[] = [];
  for (const [i, p] of plans.entries()) {
    let r = have.get(p.label);
    if (!r) {
      r = await runBalance({
        bot: bot as BotName, games, budgetMs, iterations, config: p.config, label: p.label, seed,
        onGame: (d) => bar.update(i * games + d),
      });
      appendFileSync(jsonl, `${JSON.stringify({ ...r, seed })}\n`);
    }
    results.push(r);
    bar.update((i + 1) * games);
    // Rewritten after every config, so a study stopped early still leaves a report of what it finished.
    writeReport(results, plans.length, argv, values['all-knobs'] ? 'all' : base.label, seed, games, outDir, prefix);
  }
  bar.done();
  process.stdout.write(`${JSON.stringify(results.length === 1 ? results[0] : { bot, budgetMs, games, seed, results })}\n`);
  return 0;
}

function writeReport(
  results: BalanceResult[], planned: number, argv: string[], what: string, seed: string, games: number,
  outDir: string, prefix: string,
): void {
  const command = `npm run balance -- ${argv.join(' ')}`;
  const files = renderReport(results, {
    title: what === 'all' ? 'Balance study: the default config and each single B7 knob change' : `Balance study: ${what}`,
    command,
    notes: [
      `Game seeds \`${seed}-0\` … \`${seed}-${games - 1}\`; bot seeds \`${seed}-<game>-R\` / \`-I\`.`,
      `Wall-clock ${results.reduce((s, r) => s + r.seconds, 0)} s of play in total (a time budget per move: on a loaded machine the bots search less).`,
      ...(results.length < planned ? [`**Partial:** ${results.length} of ${planned} configs finished.`] : []),
    ],
  }, prefix);
  writeFileSync(join(outDir, `${prefix}.md`), files.markdown);
  for (const [name, svg] of Object.entries(files.svgs)) writeFileSync(join(outDir, name), svg);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then((code) => process.exit(code), (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n${USAGE}\n`);
    process.exit(2);
  });
}
