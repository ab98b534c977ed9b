/**
 * npm run replay -- FILE… [--verify] [--quiet]
 *
 * Re-runs game records (src/game/record.ts, docs/RECORDS.md) through the pure core. One line per file on stdout
 * (`--quiet`: failures only): its players, length and result; with `--verify` also whether the replay reproduces
 * the stored result and final-state fingerprint. Then ONE JSON line:
 * { files, ok, failed, verified, actions, failures: [{ file, message, index? }] } (the first 20 failures).
 * Exit status 0 when every file replays (and verifies), 1 when any file is unreadable, malformed, refused by the
 * core or (with --verify) differs — each such file named on stderr with its first problem; 2 for bad usage.
 * A progress bar goes to stderr on a terminal. File names and messages (which quote a record's names) are printed
 * through escapeForTerminal (src/protocol/text-policy.ts): controls, C1, bidi and invisible characters as `\u202e`.
 * A record of Imperios Milenarios (`"game": "imperios"`, src/games/imperios/record.ts: a finished online match, or
 * a local game downloaded from the page, running or over) is re-run by its core (replayCore) and must reach its
 * recorded result (none, for a running game) with or without --verify: it has no fingerprint to check.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { parseRecordText, replayRecord, verifyRecord, type GameRecord } from '../game/record';
import { parseImperiosRecord, replayCore } from '../games/imperios/replay';
import { progress } from './progress';
// The operators' escaping (issue 19 item 7): a record may come from a problem report, with names and texts a
// player typed; nothing of it reaches the terminal raw.
import { escapeForTerminal } from '../protocol/text-policy';

const USAGE = 'usage: npm run replay -- FILE... [--verify] [--quiet]';
const KEEP_FAILURES = 20;

export interface FileOutcome { file: string; ok: boolean; message: string; index?: number; actions: number }

function describe(rec: GameRecord): string {
  const [r, i] = rec.players;
  const who = (p: GameRecord['players'][number]) => `${p.faction} ${JSON.stringify(p.name)}${p.bot ? ` (${p.bot})` : ''}`;
  const result = rec.result ? `${rec.result.winner} won by ${rec.result.reason} in round ${rec.result.round}` : 'not over';
  const solo = rec.solo ? `, solo vs ${rec.solo.bot} ${rec.solo.difficulty}` : '';
  return `${rec.source}${solo}, ${who(r)} vs ${who(i)}, ${rec.actions.length} actions, ${result}`;
}

/** An Imperios record re-run (null: the text is not one, read it as Mint's). */
function imperiosFile(file: string, text: string): FileOutcome | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if ((body as { game?: unknown } | null)?.game !== 'imperios') return null;
  const rec = parseImperiosRecord(body);
  if ('error' in rec) return { file, ok: false, message: `malformed record: ${rec.error}`, actions: 0 };
  const actions = rec.moves.length;
  const r = replayCore(rec);
  if (r.error !== undefined) return { file, ok: false, message: `mismatch: ${r.error}`, actions, index: r.states.length - 1 };
  if (!r.exact) return { file, ok: false, message: 'mismatch: the replay does not end as recorded', actions };
  const result = rec.result ? `Player ${Number(rec.result.winner) + 1} won` : 'not over';
  return { file, ok: true, message: `imperios ${rec.mode}, ${rec.players.length} players, ${actions} moves, ${result}; re-run exactly`, actions };
}

/** Replay (and verify) one file. Never throws. */
export function replayFile(file: string, verify: boolean): FileOutcome {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    return { file, ok: false, message: `cannot read: ${(e as Error).message}`, actions: 0 };
  }
  const imperios = imperiosFile(file, text);
  if (imperios) return imperios;
  const rec = parseRecordText(text);
  if ('error' in rec) return { file, ok: false, message: `malformed record: ${rec.error}`, actions: 0 };
  const actions = rec.actions.length;
  if (verify) {
    const v = verifyRecord(rec);
    if (!v.ok) {
      return { file, ok: false, message: `mismatch: ${v.message}`, actions, ...(v.index !== undefined ? { index: v.index } : {}) };
    }
    return { file, ok: true, message: `${describe(rec)}; verified`, actions };
  }
  const r = replayRecord(rec);
  if (r.error !== undefined) {
    return { file, ok: false, message: `mismatch: ${r.error}`, actions, ...(r.index !== undefined ? { index: r.index } : {}) };
  }
  return { file, ok: true, message: describe(rec), actions };
}

export async function main(argv = process.argv.slice(2)): Promise<number> {
  let files: string[];
  let verify: boolean;
  let quiet: boolean;
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { verify: { type: 'boolean', default: false }, quiet: { type: 'boolean', short: 'q', default: false }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
    if (values.help) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    if (positionals.length === 0) throw new Error('no record file given');
    files = positionals;
    verify = values.verify === true;
    quiet = values.quiet === true;
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const bar = progress(files.length, { label: verify ? 'verify' : 'replay' });
  // A line on the terminal first erases the progress bar drawn there (it is redrawn on the next update).
  const erase = process.stdout.isTTY && process.stderr.isTTY ? '\r\x1b[K' : '';
  const failures: Omit<FileOutcome, 'actions'>[] = [];
  let ok = 0;
  let actions = 0;
  for (const [n, file] of files.entries()) {
    const o = replayFile(file, verify);
    actions += o.actions;
    if (o.ok) {
      ok++;
      if (!quiet) process.stdout.write(`${erase}${escapeForTerminal(`${file}: ${o.message}`)}\n`);
    } else {
      const at = o.index !== undefined && o.index >= 0 ? ` (action ${o.index})` : '';
      process.stderr.write(`${erase}${escapeForTerminal(`${file}: ${o.message}${at}`)}\n`);
      if (failures.length < KEEP_FAILURES) {
        failures.push({ file, ok: false, message: o.message, ...(o.index !== undefined ? { index: o.index } : {}) });
      }
    }
    bar.update(n + 1);
  }
  bar.done();
  const failed = files.length - ok;
  process.stdout.write(`${escapeForTerminal(JSON.stringify({
    files: files.length, ok, failed, verified: verify, actions,
    failures: failures.map(({ file, message, index }) => ({ file, message, ...(index !== undefined ? { index } : {}) })),
  }))}\n`);
  return failed > 0 ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then((code) => { process.exitCode = code; }, (e) => {
    process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
    process.exitCode = 1;
  });
}
