/**
 * The hint's search (issue 22 item 1): the ISMCTS bot's own search (../ismcts/search.ts, the same sampler, belief,
 * policy and evaluation as `ismcts-<level>`), run in chunks so a worker can report progress, and read as the root's
 * most visited moves. Handed ONE SEAT'S VIEW (RULES §8): every world is drawn from it by `worldSampler`, so the hint
 * cannot depend on anything the view hides; `hintFor` refuses a state that is not a view of `seat`.
 */
import type { Faction } from '../../game/content';
import { actionKey, decisionActions, seededRng, type Action, type GameState } from '../../game/rules';
import { jsonEqual, worldSampler } from '../../game/rules/sample';
import { viewFor } from '../../game/rules/view';
import { moveLabel } from '../analysis/label';
import { LEVELS } from '../ismcts/bot';
import { baseBelief, drawFrom, placeBase } from '../ismcts/belief';
import { makePicker } from '../ismcts/policy';
import { makeSearcher } from '../ismcts/search';
import { DEFAULT_WEIGHTS } from '../ismcts/weights';
import { explainChoices } from './explain';
import { DEFAULT_HINT_ITERATIONS, HINT_CHOICES, type Hint, type HintOptions } from './types';

const CHUNK = 50;

/** True when `state` is exactly what `seat` sees (a view is a fixed point of viewFor: src/game/rules/sample.ts). */
export function isViewOf(state: GameState, seat: Faction): boolean {
  return jsonEqual(viewFor(state, seat), state);
}

export async function hintFor(view: GameState, seat: Faction, o: HintOptions = {}): Promise<Hint> {
  if (!isViewOf(view, seat)) throw new Error('a hint is given only from the seat\'s own view');
  if (view.winner || view.pending?.seat !== seat) throw new Error('it is not this seat\'s decision');
  const total = Math.max(1, Math.floor(o.iterations ?? DEFAULT_HINT_ITERATIONS));
  const seed = o.seed ?? 'hint';
  const level = LEVELS[o.level ?? 'normal'];
  const legal = decisionActions(view, seat);
  if (legal.length === 0) throw new Error('no legal action');
  const belief = seat === 'I' ? baseBelief(view, DEFAULT_WEIGHTS.belief) : null;
  const rng = seededRng(`${seed}-search`);
  const sample = worldSampler(view, seat);
  const searcher = makeSearcher(seat, makePicker(DEFAULT_WEIGHTS.policy), DEFAULT_WEIGHTS.value, level.search);
  let done = 0;
  if (legal.length > 1) {
    while (done < total) {
      o.signal?.throwIfAborted();
      for (const end = Math.min(total, done + CHUNK); done < end; done++) {
        const w = sample(rng);
        w.log = []; // the rules never read the log (tests/property/rulesIgnoreLog.test.ts)
        if (belief && belief.planets.length > 1) placeBase(w, drawFrom(belief, rng));
        searcher.iterate(w, rng);
      }
      await o.onProgress?.(done, total);
    }
  }
  const byKey = new Map(legal.map((a) => [actionKey(a), a]));
  const ranked: { action: Action; n: number; w: number }[] = [];
  for (const [k, e] of searcher.root.edges) {
    const a = byKey.get(k);
    if (a && e.n > 0) ranked.push({ action: a, n: e.n, w: e.w });
  }
  ranked.sort((a, b) => b.n - a.n || b.w / b.n - a.w / a.n);
  if (ranked.length === 0) ranked.push({ action: legal[0], n: 0, w: 0 });
  const top = ranked.slice(0, HINT_CHOICES);
  const why = explainChoices(view, seat, top.map((r) => r.action), { worlds: o.explainWorlds ?? 24, seed: `${seed}-why` });
  const choices = top.map((r, i) => ({
    action: r.action, label: moveLabel(r.action), chance: r.n > 0 ? r.w / r.n : NaN, visits: r.n, why: why[i],
  }));
  return { seat, choices, iterations: done };
}
