/** Mid-game positions for the bot speed benchmarks (`npm run bench:bot`, `npm run bench:browser`): views of real
 * decisions with a choice from round 3 on, from seeded random games, the same list for the same `n`. */
import type { Faction } from '../game/content';
import { applyLegal, createState, decisionActions, needsAdvance, run, seededRng, type GameState } from '../game/rules';
import { viewFor } from '../game/rules/view';

export function benchPositions(n: number): [GameState, Faction][] {
  const out: [GameState, Faction][] = [];
  for (let g = 0; out.length < n; g++) {
    const rng = seededRng(`bench-${g}`);
    const ch = seededRng(`bench-choices-${g}`);
    const s = createState(rng);
    while (!s.winner && out.length < n) {
      if (needsAdvance(s)) {
        run(s, rng);
        continue;
      }
      const p = s.pending!;
      const acts = decisionActions(s, p.seat);
      if (s.round >= 3 && acts.length > 1 && ch.int(6) === 0) out.push([viewFor(s, p.seat), p.seat]);
      applyLegal(s, acts[ch.int(acts.length)], rng);
    }
  }
  return out;
}
