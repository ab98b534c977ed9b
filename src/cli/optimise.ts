/**
 * npm run optimise -- [--steps K] [--games N] [--iterations I] [--groups policy,value,belief] [--only k1,k2]
 *   [--scales FILE] [--a A] [--c C] [--A A0] [--max-step S] [--seed S] [--out DIR] [--workers W]
 *   [--ab-games M] [--ab-only FILE] [--write] [--weights FILE] [--bot ismcts-normal]
 *
 * SPSA over the numeric weights of src/ai/ismcts/weights.json (src/ai/tuning/spsa.ts), each step scored by a
 * head-to-head of θ+ against θ− (src/sim/optimise.ts), then an A/B of the final θ against the committed weights.
 * Appends one JSON line per step to <out>/optimise-steps.jsonl (a stopped run resumes from its last step when
 * restarted with the same flags), writes the final weights to <out>/optimise-final.json, and prints ONE JSON line:
 * the A/B { kind: 'ab', games, score, ci95, asRebel, asImperial, accept, changed, written, ... }. `accept` is the
 * Wilson 95% lower bound > 0.5; only `--write` with accept true changes weights.json (tuned keys only, rounded to
 * 3 decimals, everything else in the file byte for byte). Bad flags: a message and exit code 2.
 */
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { BotName } from '../ai';
import type { Weights } from '../ai/ismcts/weights';
import { flatten, makeParams, rewriteJsonNumbers, round3, type ScaleOverride } from '../ai/tuning/spsa';
import { abTest, optimise, readSteps, selectLeaves, weightsOf, type RunSpec } from '../sim/optimise';
import { defaultWorkers } from '../sim/pool';
import { progress } from './progress';

const USAGE = `usage: npm run optimise -- [--steps K] [--games N] [--iterations I] [--groups policy,value,belief]
  [--only key1,key2] [--scales FILE] [--a A] [--c C] [--A A0] [--max-step S] [--seed S] [--out DIR]
  [--workers W] [--ab-games M] [--ab-only FILE] [--write] [--weights FILE] [--bot ismcts-easy|normal|hard]
  --games N: seeds per step, each played twice with the seats swapped (2N games, θ+ against θ−)
  --ab-games M: games of the final A/B against the committed weights (seat-swapped pairs; default 200)`;

const DEFAULT_WEIGHTS_FILE = fileURLToPath(new URL('../ai/ismcts/weights.json', import.meta.url));
const BOTS: BotName[] = ['ismcts-easy', 'ismcts-normal', 'ismcts-hard'];

class UsageError extends Error {}

function num(x: string | undefined, flag: string, o: { int?: boolean; min?: number; above?: number }): number | undefined {
  if (x === undefined) return undefined;
  const n = Number(x);
  const bad = x.trim() === '' || !Number.isFinite(n) || (o.int && !Number.isInteger(n))
    || (o.min !== undefined && n < o.min) || (o.above !== undefined && n <= o.above);
  if (bad) {
    const what = `${o.int ? 'a whole number' : 'a number'}${o.min !== undefined ? ` ≥ ${o.min}` : ''}${o.above !== undefined ? ` > ${o.above}` : ''}`;
    throw new UsageError(`${flag} must be ${what}, not ${x}`);
  }
  return n;
}

const list = (x: string | undefined) => (x === undefined ? undefined : x.split(',').map((s) => s.trim()).filter(Boolean));

function readJson(path: string, flag: string): unknown {
  if (!existsSync(path)) throw new UsageError(`${flag}: no such file ${path}`);
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new UsageError(`${flag}: ${path} is not JSON (${e instanceof Error ? e.message : String(e)})`);
  }
}

/** The tuned values in an --ab-only FILE: a steps JSONL (θ after its last step) or a weights JSON (all its numbers). */
function candidateValues(path: string, committed: Weights): Record<string, number> {
  if (!existsSync(path)) throw new UsageError(`--ab-only: no such file ${path}`);
  let values: Record<string, number>;
  if (path.endsWith('.jsonl')) {
    const { header, steps } = readSteps(path);
    if (!header) throw new UsageError(`--ab-only: ${path} holds no run`);
    values = steps.at(-1)?.theta ?? header.theta0;
  } else {
    values = Object.fromEntries(flatten(readJson(path, '--ab-only')).map((l) => [l.key, l.value]));
  }
  const known = new Set(flatten(committed).map((l) => l.key));
  const unknown = Object.keys(values).filter((k) => !known.has(k));
  if (unknown.length > 0) throw new UsageError(`--ab-only: ${path} has ${unknown.join(', ')}, which the weights do not`);
  return values;
}

export interface Io {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
}

const processIo: Io = { stdout: (s) => process.stdout.write(s), stderr: (s) => process.stderr.write(s) };

export async function main(argv = process.argv.slice(2), io: Io = processIo): Promise<number> {
  try {
    return await run(argv, io);
  } catch (e) {
    const parse = e instanceof TypeError && 'code' in e && String((e as { code: unknown }).code).startsWith('ERR_PARSE_ARGS');
    if (e instanceof UsageError || parse) {
      io.stderr(`${e instanceof Error ? e.message : String(e)}\n${USAGE}\n`);
      return 2;
    }
    throw e;
  }
}

async function run(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      steps: { type: 'string', default: '50' }, games: { type: 'string', default: '8' },
      iterations: { type: 'string', default: '200' }, groups: { type: 'string' }, only: { type: 'string' },
      scales: { type: 'string' }, a: { type: 'string', default: '2' }, c: { type: 'string', default: '1' },
      A: { type: 'string' }, 'max-step': { type: 'string', default: '1' }, seed: { type: 'string', default: '1' },
      out: { type: 'string', default: 'optimise-results' }, workers: { type: 'string' },
      'ab-games': { type: 'string', default: '200' }, 'ab-only': { type: 'string' }, write: { type: 'boolean' },
      weights: { type: 'string' }, bot: { type: 'string', default: 'ismcts-normal' }, help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: true,
  });
  if (values.help) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`unexpected argument ${positionals[0]}`);
  const steps = num(values.steps, '--steps', { int: true, min: 1 })!;
  const games = num(values.games, '--games', { int: true, min: 1 })!;
  const iterations = num(values.iterations, '--iterations', { int: true, min: 1 })!;
  const abGames = num(values['ab-games'], '--ab-games', { int: true, min: 1 })!;
  const a = num(values.a, '--a', { above: 0 })!;
  const c = num(values.c, '--c', { above: 0 })!;
  const A = num(values.A, '--A', { min: 0 }) ?? Math.round(0.1 * steps);
  const maxStep = num(values['max-step'], '--max-step', { above: 0 })!;
  const workers = num(values.workers, '--workers', { int: true, min: 0 }) ?? defaultWorkers();
  if (!(BOTS as string[]).includes(values.bot!)) throw new UsageError(`--bot must be one of ${BOTS.join(', ')}, not ${values.bot}`);
  const bot = values.bot as BotName;
  const weightsFile = resolve(values.weights ?? DEFAULT_WEIGHTS_FILE);
  // The committed weights, read now (not the copy the bot module loaded): whatever keys the file has are tuned.
  const committed = readJson(weightsFile, '--weights') as Weights;
  const out = resolve(values.out!);
  const seed = values.seed!;

  let candidate: Record<string, number>;
  let stepsInfo: { steps: number; played: number; resumedAt: number; log: string } | undefined;
  if (values['ab-only'] !== undefined) {
    candidate = candidateValues(resolve(values['ab-only']), committed);
  } else {
    let leaves;
    try {
      leaves = selectLeaves(committed, list(values.groups), list(values.only));
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    if (leaves.length === 0) throw new UsageError('no weights to tune: check --groups and --only');
    const scales = values.scales === undefined ? null : readJson(resolve(values.scales), '--scales');
    if (scales !== null && (typeof scales !== 'object' || Array.isArray(scales))) throw new UsageError('--scales must hold a JSON object');
    let params;
    try {
      params = makeParams(leaves, (scales ?? {}) as Record<string, ScaleOverride>);
    } catch (e) {
      throw new UsageError(`--${(e as Error).message}`);
    }
    const spec: RunSpec = { bot, seed, iterations, games, gains: { a, c, A }, maxStep, keys: leaves.map((l) => l.key), scales };
    const log = join(out, 'optimise-steps.jsonl');
    let bar = progress(games * 2, { label: 'step' });
    let result;
    try {
      result = await optimise({
        spec, steps, committed, params, log, workers,
        onStepStart: (k, n, total) => {
          bar = progress(total, { label: `step ${k + 1}/${n}` });
        },
        onGame: (done) => bar.update(done),
        onStep: (line, n) => {
          bar.done();
          io.stderr(`step ${line.step + 1}/${n}: θ+ ${line.scores.plus} θ− ${line.scores.minus} over ${line.games} games`
            + ` (a_k ${line.ak}, c_k ${line.ck})\n`);
        },
      });
    } catch (e) {
      if (e instanceof Error && / holds a run with other flags| is not a run header| is not JSON/.test(e.message)) throw new UsageError(e.message);
      throw e;
    }
    if (result.played === 0) io.stderr(`${log}: already ${steps} steps, nothing to resume\n`);
    candidate = result.theta;
    stepsInfo = { steps, played: result.played, resumedAt: result.resumedAt, log };
  }

  const keys = Object.keys(candidate);
  const tuned = weightsOf(committed, keys, candidate, true);
  mkdirSync(out, { recursive: true });
  const finalFile = join(out, 'optimise-final.json');
  writeFileSync(finalFile, `${JSON.stringify(tuned, null, 2)}\n`);

  const bar = progress(abGames + (abGames % 2), { label: 'A/B' });
  const ab = await abTest(tuned, committed, { bot, iterations, games: abGames, seed, workers, onGame: (d) => bar.update(d) });
  bar.done();
  let written = false;
  if (values.write && ab.accept) {
    // Re-read the file: only the tuned numbers change, anything else written meanwhile stays.
    const text = readFileSync(weightsFile, 'utf8');
    const next = rewriteJsonNumbers(text, Object.fromEntries(keys.map((k) => [k, round3(candidate[k])])));
    if (next !== text) writeFileSync(weightsFile, next);
    written = true;
  } else if (values.write) {
    io.stderr('not written: the A/B lower bound is not above 0.5\n');
  }
  io.stdout(`${JSON.stringify({ ...ab, bot, written, final: finalFile, ...(stepsInfo ? { run: stepsInfo } : { abOnly: values['ab-only'] }) })}\n`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then((code) => process.exit(code), (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
    process.exit(1);
  });
}
