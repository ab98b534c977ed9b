/** States for the UI tests: a real game driven by seeded random legal actions until a given decision is pending. */
import {
  applyLegal, createState, legalActions, needsAdvance, run, seededRng, type Action, type GameState, type PendingKind,
} from '../../src/game/rules';

export function stateAt(kind: PendingKind, seed = 'ui', prefer?: (a: Action) => boolean, maxSteps = 3000): GameState {
  for (let attempt = 0; attempt < 40; attempt++) {
    const rng = seededRng(`${seed}-${attempt}`);
    const chooser = seededRng(`${seed}-choices-${attempt}`);
    const s = createState(rng);
    for (let i = 0; i < maxSteps && !s.winner; i++) {
      if (needsAdvance(s)) {
        run(s, rng);
        continue;
      }
      if (s.pending?.kind === kind) return s;
      const acts = legalActions(s, s.pending!.seat);
      const preferred = prefer ? acts.filter(prefer) : [];
      const pool = preferred.length && chooser.int(2) === 0 ? preferred : acts;
      applyLegal(s, pool[chooser.int(pool.length)], rng);
    }
  }
  throw new Error(`no state with ${kind} pending`);
}

/**
 * The first state, over seeded random games (`${tag}-<g>`, choices `${tag}-c-<g>`), at which `want` holds with a
 * decision pending; for tests that need a kind of moment rather than a kind of decision.
 */
export function stateWhere(want: (s: GameState) => boolean, tag: string, games = 300): GameState {
  for (let g = 0; g < games; g++) {
    const rng = seededRng(`${tag}-${g}`);
    const chooser = seededRng(`${tag}-c-${g}`);
    const s = createState(rng);
    for (let i = 0; i < 3000 && !s.winner; i++) {
      if (needsAdvance(s)) { run(s, rng); continue; }
      if (want(s)) return s;
      const acts = legalActions(s, s.pending!.seat);
      applyLegal(s, acts[chooser.int(acts.length)], rng);
    }
  }
  throw new Error(`no state for ${tag} in ${games} games`);
}
