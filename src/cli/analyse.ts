/**
 * npm run analyse -- RECORD.json [--iterations N] [--seed S] [--bot ismcts-easy|ismcts-normal|ismcts-hard]
 *
 * Computer analysis of a game record (issue 22 item 2; src/ai/analysis, docs/BOTS.md "Analysis"): at every
 * decision with a real choice, the search bot judges the move played and its own preferred move from the deciding
 * seat's view at that moment. A progress bar goes to stderr on a terminal; stdout gets ONE JSON line,
 * { file, players, result, settings, decisions, curve, turningPoints: { R, I }, accuracy: { R, I } }.
 * Exit status 0 when analysed; 2 for bad usage and for a file that is no record of this game: unreadable, not
 * JSON, another game or version, malformed (parseRecord), or one whose actions do not re-run to its stored result
 * and fingerprint (verifyRecord) — the problem named on stderr. Messages quoting the file's text are escaped for
 * the terminal (a record may come from a problem report: src/protocol/text-policy.ts).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { analyseRecord, DEFAULT_ITERATIONS, DEFAULT_SEED, type AnalysisBot } from '../ai/analysis';
import { parseRecordText, verifyRecord, type GameRecord } from '../game/record';
import { escapeForTerminal } from '../protocol/text-policy';
import { progress } from './progress';

const BOTS: readonly AnalysisBot[] = ['ismcts-easy', 'ismcts-normal', 'ismcts-hard'];
const USAGE = `usage: npm run analyse -- RECORD.json [--iterations N] [--seed S] [--bot ${BOTS.join('|')}]`;

class Usage extends Error {}

/** The record in `file`, or why it is refused (a message for stderr). */
export function readRecord(file: string): GameRecord | { error: string } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    return { error: `cannot read: ${(e as Error).message}` };
  }
  const rec = parseRecordText(text);
  if ('error' in rec) return { error: `not a Mint Imperium game record: ${rec.error}` };
  const v = verifyRecord(rec);
  if (!v.ok) return { error: `corrupted record, its actions do not re-run to what it stores: ${v.message}` };
  return rec;
}

function options(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      iterations: { type: 'string', default: String(DEFAULT_ITERATIONS) }, seed: { type: 'string', default: DEFAULT_SEED },
      bot: { type: 'string', default: 'ismcts-normal' }, help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) return null;
  if (positionals.length !== 1) throw new Usage(positionals.length === 0 ? 'no record file given' : 'one record file at a time');
  const iterations = Number(values.iterations);
  if (!Number.isInteger(iterations) || iterations < 1) throw new Usage(`--iterations must be a whole number ≥ 1, not ${values.iterations}`);
  const bot = values.bot as AnalysisBot;
  if (!BOTS.includes(bot)) throw new Usage(`--bot must be one of ${BOTS.join(', ')}`);
  return { file: positionals[0], iterations, seed: values.seed, bot };
}

export async function main(argv = process.argv.slice(2)): Promise<number> {
  let o: ReturnType<typeof options>;
  try {
    o = options(argv);
  } catch (e) {
    process.stderr.write(`${escapeForTerminal((e as Error).message)}\n${USAGE}\n`);
    return 2;
  }
  if (!o) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const rec = readRecord(o.file);
  if ('error' in rec) {
    process.stderr.write(`${escapeForTerminal(`${o.file}: ${rec.error}`)}\n`);
    return 2;
  }
  const bar = progress(0, { label: 'analyse' });
  const analysis = await analyseRecord(rec, {
    iterations: o.iterations, seed: o.seed, bot: o.bot,
    onProgress: ({ done, total }) => bar.update(done, total),
  });
  bar.done();
  const players = rec.players.map((p) => ({ faction: p.faction, name: p.name, ...(p.bot ? { bot: p.bot } : {}) }));
  process.stdout.write(`${escapeForTerminal(JSON.stringify({ file: o.file, players, result: rec.result, ...analysis }))}\n`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then((code) => { process.exitCode = code; }, (e) => {
    process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
    process.exitCode = 1;
  });
}
