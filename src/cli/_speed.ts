import { IsmctsSeatBot } from '../ai/ismcts/bot';
import { applyLegal, createState, legalActions, needsAdvance, run, seededRng } from '../game/rules';
import { viewFor } from '../game/rules/view';
const views: any[] = [];
for (let g = 0; g < 6; g++) {
  const rng = seededRng('p' + g); const ch = seededRng('c' + g);
  const s = createState(rng);
  while (!s.winner) {
    if (needsAdvance(s)) { run(s, rng); continue; }
    const p = s.pending!;
    const acts = legalActions(s, p.seat);
    if (s.round >= 3 && acts.length > 1 && ch.int(6) === 0) views.push([viewFor(s, p.seat), p.seat]);
    applyLegal(s, acts[ch.int(acts.length)], rng);
  }
}
for (const depth of [16, 12, 8, 16]) {
  let it = 0; const t = performance.now();
  for (const [v, seat] of views.slice(0, 30)) {
    const d = new IsmctsSeatBot('normal', { budgetMs: 60, seed: 'x', search: { playoutDepth: depth } }).decide(v, seat);
    it += d.thoughts.iterations;
  }
  console.log('depth', depth, Math.round(it / ((performance.now() - t) / 1000)), 'it/s over', Math.min(30, views.length), 'positions');
}
