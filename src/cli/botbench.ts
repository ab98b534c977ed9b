/**
 * npm run bench:bot [-- --positions N --budget-ms B --depths 8,12,16]
 *
 * Search speed of the ISMCTS bot on one core: mid-game positions (round ≥ 3) from random games, each searched for
 * `budget-ms` at several playout depths (one untimed warm-up pass first, so the JIT is warm). Prints ONE JSON line:
 * { positions, budgetMs, itersPerSec: { "<depth>": n, ... }, thinkMs: { p50, p95 } }.
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { IsmctsSeatBot } from '../ai/ismcts/bot';
import { quantile } from '../sim/tournament';
import { benchPositions } from '../sim/benchPositions';
import { progress } from './progress';

export function main(argv = process.argv.slice(2)): number {
  const { values } = parseArgs({
    args: argv,
    options: {
      positions: { type: 'string', default: '30' }, 'budget-ms': { type: 'string', default: '100' },
      depths: { type: 'string', default: '8,12,16' },
    },
    strict: true,
  });
  const n = Number(values.positions);
  const budgetMs = Number(values['budget-ms']);
  const depths = (values.depths as string).split(',').map(Number);
  if (!(n > 0) || !(budgetMs > 0) || depths.some((d) => !(d > 0))) throw new Error('positive numbers expected');
  const ps = benchPositions(n);
  const bar = progress(ps.length * (depths.length + 1), { label: 'bot bench' });
  let done = 0;
  const search = (depth: number) => {
    let iterations = 0;
    const think: number[] = [];
    const t0 = performance.now();
    for (const [v, seat] of ps) {
      const t = performance.now();
      const d = new IsmctsSeatBot('normal', { budgetMs, seed: 'bench', search: { playoutDepth: depth } }).decide(v, seat);
      think.push(performance.now() - t);
      iterations += d.thoughts.iterations;
      bar.update(++done);
    }
    return { rate: Math.round(iterations / ((performance.now() - t0) / 1000)), think };
  };
  search(depths[0]); // warm-up
  const itersPerSec: Record<string, number> = {};
  let think: number[] = [];
  for (const d of depths) {
    const r = search(d);
    itersPerSec[d] = r.rate;
    think = think.concat(r.think);
  }
  bar.done();
  think.sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 10) / 10;
  process.stdout.write(`${JSON.stringify({
    positions: ps.length, budgetMs, itersPerSec, thinkMs: { p50: round(quantile(think, 0.5)), p95: round(quantile(think, 0.95)) },
  })}\n`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(main());
