/**
 * `npm run simulate -- --game imperios --players N --games G --seed S [--mode tutorial|normal|epic]`: random legal
 * games of Imperios Milenarios through its rules core (src/games/imperios/sim/simulate.ts). A progress bar on stderr
 * when it is a terminal, the first failed games described on stderr, and ONE JSON line on stdout:
 * { game, players, games, finished, errors, rounds: {median, min, max}, endReasons, scores: {median, max}, mode, seed }.
 * ./simulate.ts dispatches here for `--game imperios`.
 */
import { parseArgs } from 'node:util';
import type { ModeId } from '../games/imperios/content/modes';
import { simOptionsError, simulateImperios } from '../games/imperios/sim/simulate';
import { progress } from './progress';

export const IMPERIOS_USAGE = 'usage: npm run simulate -- --game imperios --players 4-7 --games G --seed S [--mode tutorial|normal|epic]';
const DESCRIBE_ERRORS = 3;

export function parseImperiosArgs(argv: string[]): { players: number; games: number; seed: string; mode?: ModeId } {
  const { values } = parseArgs({
    args: argv,
    options: {
      game: { type: 'string' },
      players: { type: 'string', short: 'p', default: '4' },
      games: { type: 'string', short: 'n', default: '100' },
      seed: { type: 'string', short: 's', default: '1' },
      mode: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  const num = (x: string) => (/^[0-9]{1,9}$/.test(x) ? Number(x) : NaN);
  const out = { players: num(values.players!), games: num(values.games!), seed: values.seed!, mode: values.mode as ModeId | undefined };
  const error = simOptionsError(out);
  if (error) throw new Error(error);
  return out;
}

export function mainImperios(argv: string[]): number {
  let args: ReturnType<typeof parseImperiosArgs>;
  try {
    args = parseImperiosArgs(argv);
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n${IMPERIOS_USAGE}\n`);
    return 2;
  }
  const bar = progress(args.games, { label: `imperios ${args.players}p` });
  let described = 0;
  const { summary } = simulateImperios({
    ...args,
    onGame(done, outcome) {
      if (outcome.error !== undefined && described < DESCRIBE_ERRORS) {
        described++;
        process.stderr.write(`\ngame seed ${outcome.seed} failed: ${outcome.error}\n`);
      }
      bar.update(done);
    },
  });
  bar.done();
  if (summary.errors > described) process.stderr.write(`… ${summary.errors - described} more failed games\n`);
  process.stdout.write(`${JSON.stringify(summary)}\n`);
  return 0;
}
