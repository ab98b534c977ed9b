/**
 * npm run reports [-- --limit N]                    problem reports, newest first
 * npm run reports -- --export ID FILE               write report ID's record (for npm run replay -- FILE --verify)
 *                   (or --export=ID FILE)           ID is taken as given even when it starts with "-" (IDs are random)
 *   [--database-url URL] [--schema S]               default: DATABASE_URL / DB_SCHEMA, else DATA_DIR/mint-imperium.sqlite
 *
 * Problem reports (issue 9 item 4, server/records.ts) are read here, on the server, and nowhere else: no route
 * serves them. A report's record holds the seed even when the match was unfinished, so an exported file is for
 * whoever runs the server, not for players. Listing: one line per report on stdout, then ONE JSON line
 * { reports, shown } (export: { exported, file, matchID, actions, over }). Exit 1 on an unknown report or a
 * missing database, 2 on bad usage. Everything read from the database reaches the terminal through
 * escapeForTerminal (src/protocol/text-policy.ts, issue 19 item 7): a control, C1, bidirectional or invisible character in a
 * stored text (one from before the policy, or written by another tool) prints as `\u009b`, never raw.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { parseRecord } from '../../src/game/record';
import { seatOf } from '../../src/protocol';
import { createStorage, parseStorageUrl, type SqlStorage } from '../storage';
import { escapeForTerminal } from '../../src/protocol/text-policy';

const USAGE = 'usage: npm run reports -- [--limit N] | --export ID FILE  [--database-url URL] [--schema S]';

function openStorage(url: string | undefined, schema: string | undefined): SqlStorage {
  const target = url && url.trim() !== '' ? url : join(process.env.DATA_DIR ?? 'data', 'mint-imperium.sqlite');
  const parsed = parseStorageUrl(target);
  // Never create a database just to list nothing in it.
  if (parsed.dialect === 'sqlite' && parsed.filename !== ':memory:' && !existsSync(parsed.filename)) {
    throw new Error(`no database at ${parsed.filename} (set DATABASE_URL or --database-url)`);
  }
  return createStorage(target, schema ? { schema } : {});
}

const OPTION_NAMES = new Set(['--limit', '--export', '--database-url', '--schema', '--help', '-h']);

/**
 * Report IDs are random (newMatchID) and may start with "-", which node's parseArgs refuses as "ambiguous" after
 * `--export ID`. The word after --export is always the ID, so it is joined to it as `--export=ID` before parsing;
 * only a missing value or another of our options in its place (`--export --schema s`) is a usage mistake.
 */
export function joinExportValue(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--') return [...out, ...argv.slice(i)];
    if (argv[i] !== '--export') {
      out.push(argv[i]);
      continue;
    }
    const id = argv[i + 1];
    if (id === undefined || OPTION_NAMES.has(id.split('=')[0])) throw new Error('--export needs a report ID before the file');
    out.push(`--export=${id}`);
    i++;
  }
  return out;
}

/** One line of output, every stored string in it escaped for the terminal. */
const out = (line: string) => process.stdout.write(`${escapeForTerminal(line)}\n`);

const oneLine = (s: string, max = 80) => {
  const flat = s.replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

export async function main(argv = process.argv.slice(2)): Promise<number> {
  let values: { limit?: string; export?: string; 'database-url'?: string; schema?: string; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: joinExportValue(argv),
      options: {
        limit: { type: 'string' }, export: { type: 'string' }, 'database-url': { type: 'string' }, schema: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
      strict: true,
    }));
    if (values.help) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    if (values.export === '') throw new Error('--export needs a report ID before the file');
    if (values.export !== undefined ? positionals.length !== 1 : positionals.length !== 0) throw new Error('--export takes a report ID and a file');
    if (values.limit !== undefined && !/^[1-9][0-9]{0,5}$/.test(values.limit)) throw new Error('--limit must be a positive integer');
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n${USAGE}\n`);
    return 2;
  }
  let db: SqlStorage;
  try {
    db = openStorage(values['database-url'] ?? process.env.DATABASE_URL, values.schema ?? process.env.DB_SCHEMA);
    await db.connect();
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n`);
    return 1;
  }
  try {
    if (values.export !== undefined) {
      const report = await db.getReport(values.export);
      if (!report) {
        process.stderr.write(`${escapeForTerminal(`no report ${JSON.stringify(values.export)}`)}\n`);
        return 1;
      }
      const file = positionals[0];
      const rec = parseRecord(report.record);
      if ('error' in rec) process.stderr.write(`${escapeForTerminal(`warning: the stored record is malformed (${rec.error}); written as stored`)}\n`);
      writeFileSync(file, `${JSON.stringify(report.record)}\n`);
      const actions = 'error' in rec ? null : rec.actions.length;
      const over = 'error' in rec ? null : rec.result !== null;
      out(`wrote ${file}: record of match ${report.matchID}, ${actions ?? '?'} actions, ${over ? 'game over' : 'game unfinished'}`);
      out(JSON.stringify({ exported: report.reportID, file, matchID: report.matchID, actions, over }));
      return 0;
    }
    const reports = await db.listReports({ limit: values.limit ? Number(values.limit) : 100 });
    for (const r of reports) {
      const seat = seatOf(r.seat) === 'R' ? 'Rebel' : 'Imperial';
      out(`${r.reportID}  ${new Date(r.createdAt).toISOString()}  match ${r.matchID}  ${seat}  ${JSON.stringify(oneLine(r.text))}`);
    }
    out(JSON.stringify({ reports: reports.length, shown: reports.map((r) => r.reportID) }));
    return 0;
  } finally {
    await db.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then((code) => { process.exitCode = code; }, (e) => {
    process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
    process.exitCode = 1;
  });
}
