/**
 * npm run tune -- --games N [--seed S] [--search K] [--write belief,value]
 *
 * Fits the ISMCTS bot's evaluation and base belief to self-play (src/sim/selfplay.ts): plays N fast policy games,
 * fits the evaluation by logistic regression on positions → outcome and the belief by a conditional logit on
 * (Imperial view, true base), checks both on held-out games, and prints ONE JSON line with the fitted weights and
 * the held-out log-likelihoods next to the current weights'. `--write belief[,value]` stores those parts in
 * src/ai/ismcts/weights.json.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { BELIEF_FEATURES } from '../ai/ismcts/belief';
import { FEATURES } from '../ai/ismcts/evaluate';
import { DEFAULT_WEIGHTS, type Weights } from '../ai/ismcts/weights';
import {
  beliefLogLikelihood, fitConditionalLogit, fitLogistic, logLikelihood, searchSelfPlay, selfPlay,
} from '../sim/selfplay';
import { progress } from './progress';

const round = (x: number) => Math.round(x * 1000) / 1000;

export async function main(argv = process.argv.slice(2)): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      games: { type: 'string', default: '4000' }, seed: { type: 'string', default: '1' }, write: { type: 'string' },
      search: { type: 'string' },
    },
    strict: true,
  });
  const games = Number(values.games);
  if (!Number.isInteger(games) || games < 10) throw new Error('--games must be a whole number ≥ 10');
  const bar = progress(games, { label: 'self-play' });
  const nTrain = Math.floor(games * 0.8);
  // --search K: the bot itself at K iterations a move plays both seats; otherwise the policy alone (fast).
  const iterations = values.search === undefined ? 0 : Number(values.search);
  const play = (n: number, tag: string, offset: number) => (iterations > 0
    ? searchSelfPlay(n, `${values.seed}-${tag}`, DEFAULT_WEIGHTS, iterations, {}, (d) => bar.update(offset + d))
    : Promise.resolve(selfPlay(n, `${values.seed}-${tag}`, DEFAULT_WEIGHTS, {}, (d) => bar.update(offset + d))));
  const train = await play(nTrain, 'train', 0);
  const test = await play(games - nTrain, 'test', nTrain);
  bar.done();

  const v = fitLogistic(train.values, FEATURES.length);
  const current = [DEFAULT_WEIGHTS.value.bias, ...FEATURES.map((f) => DEFAULT_WEIGHTS.value.w[f] ?? 0)];
  const b = fitConditionalLogit(train.beliefs, BELIEF_FEATURES.length);
  const currentBelief = BELIEF_FEATURES.map((f) => DEFAULT_WEIGHTS.belief[f] ?? 0);
  const fitted: Weights = {
    policy: DEFAULT_WEIGHTS.policy,
    value: { bias: round(v[0]), w: Object.fromEntries(FEATURES.map((f, i) => [f, round(v[i + 1])])) },
    belief: Object.fromEntries(BELIEF_FEATURES.map((f, i) => [f, round(b[i])])),
  };
  // --write belief,value: which fitted parts replace the committed ones (a fit is kept only if it wins a
  // tournament against the committed weights: see docs/BOTS.md).
  const parts = new Set((values.write ?? '').split(',').filter(Boolean));
  for (const p of parts) if (p !== 'belief' && p !== 'value') throw new Error(`--write takes belief and/or value, not ${p}`);
  const written: Weights = {
    policy: DEFAULT_WEIGHTS.policy,
    value: parts.has('value') ? fitted.value : DEFAULT_WEIGHTS.value,
    belief: parts.has('belief') ? fitted.belief : DEFAULT_WEIGHTS.belief,
  };
  const report = {
    games, seed: values.seed, rebelWinShare: round((train.rebelWins + test.rebelWins) / games),
    valueSamples: { train: train.values.length, test: test.values.length },
    beliefSamples: { train: train.beliefs.length, test: test.beliefs.length },
    heldOut: {
      valueLogLik: { current: round(logLikelihood(test.values, current)), fitted: round(logLikelihood(test.values, v)) },
      beliefLogLik: {
        uniform: round(beliefLogLikelihood(test.beliefs, BELIEF_FEATURES.map(() => 0))),
        current: round(beliefLogLikelihood(test.beliefs, currentBelief)),
        fitted: round(beliefLogLikelihood(test.beliefs, b)),
      },
    },
    weights: fitted,
  };
  if (parts.size > 0) {
    const path = fileURLToPath(new URL('../ai/ismcts/weights.json', import.meta.url));
    writeFileSync(path, `${JSON.stringify(written, null, 2)}\n`);
  }
  process.stdout.write(`${JSON.stringify(report)}\n`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then((code) => process.exit(code), (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(2);
  });
}
