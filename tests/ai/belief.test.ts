/**
 * The Imperial's base belief (src/ai/ismcts/belief.ts): planets ruled out by RULES have probability 0 (R6.5 probe
 * hand, R8.3 item 11 flagged cards, R6.2.4 Imperial units and "not here" answers in `known.cleared`, the I-06
 * sector, destroyed planets), the true base always keeps a probability > 0, and a relocation (R6.2.7 step 4)
 * wipes the cleared planets and the sector while probe cards still rule out.
 */
import { describe, expect, it } from 'vitest';
import { baseBelief, BELIEF_FEATURES, type Belief, type BeliefWeights } from '../../src/ai/ismcts/belief';
import { DEFAULT_WEIGHTS } from '../../src/ai/ismcts/weights';
import { LETTERS, PLANETS, type LetterId } from '../../src/game/content';
import {
  applyLegal, cloneState, legalActions, needsAdvance, run, seededRng, type GameState,
} from '../../src/game/rules';
import { total } from '../../src/game/rules/board';
import { viewFor } from '../../src/game/rules/view';
import { collectPositions } from './positions';

const probOf = (b: Belief, l: LetterId) => {
  const i = b.planets.indexOf(l);
  return i < 0 ? 0 : b.p[i];
};

/** Every reason RULES gives the Imperial (from its own facts only) to rule `l` out in `s`. */
function reasons(s: GameState, l: LetterId): string[] {
  const p = s.planets[l];
  const out: string[] = [];
  if (s.probes.hand.includes(l)) out.push('probe hand (R6.5)');
  if (s.probes.flagged.includes(l)) out.push('flagged probe card (R8.3 item 11)');
  if (s.known.cleared.includes(l)) out.push('cleared since the last relocation');
  if (total(p.I) > 0) out.push('Imperial units (R6.2.4)');
  if (p.destroyed) out.push('destroyed');
  if (s.known.baseSector !== null && PLANETS[l].sector !== s.known.baseSector) out.push('outside the I-06 sector');
  return out;
}

const ruledOut = (s: GameState, l: LetterId): string | null => reasons(s, l)[0] ?? null;

// Every decision (either seat) with the base hidden, after the base was chosen: the Imperial's belief at that moment.
const positions = [...collectPositions('belief', 120, 2).values()].flat()
  .filter((s) => s.phase !== 'setup' && !s.base.revealed && !s.winner);

/** Non-zero, strong weights of both signs: weighting may move mass around but never zero a candidate. */
const STRONG: BeliefWeights = Object.fromEntries(BELIEF_FEATURES.map((f, i) => [f, (i % 2 ? -1 : 1) * (4 + i)]));

function checkBelief(s: GameState, w: BeliefWeights): string[] {
  const b = baseBelief(viewFor(s, 'I'), w);
  const errs: string[] = [];
  const sum = b.p.reduce((x, y) => x + y, 0);
  if (Math.abs(sum - 1) > 1e-9) errs.push(`sum ${sum}`);
  for (const l of LETTERS) {
    const why = ruledOut(s, l);
    if (why && probOf(b, l) !== 0) errs.push(`${l} (${why}) has p ${probOf(b, l)}`);
  }
  if (!(probOf(b, s.base.planet!) > 0)) errs.push(`true base ${s.base.planet} has p 0`);
  return errs;
}

describe('the Imperial base belief', () => {
  it('the positions exercise every way of ruling a planet out', () => {
    expect(positions.length).toBeGreaterThan(500);
    const causes = new Set<string>();
    for (const s of positions) for (const l of LETTERS) for (const r of reasons(s, l)) causes.add(r);
    expect([...causes].sort()).toEqual([
      'Imperial units (R6.2.4)', 'cleared since the last relocation', 'destroyed', 'flagged probe card (R8.3 item 11)',
      'outside the I-06 sector', 'probe hand (R6.5)',
    ]);
  });

  it('gives ruled-out planets probability 0 and the true base > 0 (committed weights)', () => {
    const errs = positions.flatMap((s) => checkBelief(s, DEFAULT_WEIGHTS.belief).map((e) => `round ${s.round}: ${e}`));
    expect(errs).toEqual([]);
  });

  it('keeps the true base > 0 and ruled-out planets at 0 under strong non-zero weights', () => {
    const errs = positions.flatMap((s) => checkBelief(s, STRONG).map((e) => `round ${s.round}: ${e}`));
    expect(errs).toEqual([]);
    // The weights do change the belief (the test is not about a uniform one).
    const s = positions.find((x) => baseBelief(viewFor(x, 'I'), {}).planets.length > 3)!;
    expect(baseBelief(viewFor(s, 'I'), STRONG).p).not.toEqual(baseBelief(viewFor(s, 'I'), {}).p);
  });

  it('after a relocation, cleared planets and the sector count again while probe cards still rule out (R6.2.7)', () => {
    const relocations = [...collectPositions('relocate', 250, 1).get('relocate') ?? []]
      .filter((s) => !s.base.revealed && (s.known.cleared.length > 0 || s.known.baseSector !== null));
    expect(relocations.length).toBeGreaterThan(5);
    let reopened = 0;
    for (const [i, before] of relocations.entries()) {
      for (const a of legalActions(before, 'R')) {
        const s = cloneState(before);
        const rng = seededRng(`relocate-${i}`);
        applyLegal(s, a, rng);
        while (needsAdvance(s) && !s.winner) run(s, rng);
        if (s.winner) continue;
        const b = baseBelief(viewFor(s, 'I'), DEFAULT_WEIGHTS.belief);
        expect(checkBelief(s, DEFAULT_WEIGHTS.belief)).toEqual([]);
        expect(s.known.cleared).toEqual([]);
        expect(s.known.baseSector).toBeNull();
        for (const l of LETTERS) {
          const wasOut = ruledOut(before, l);
          const stillOut = ruledOut(s, l);
          if (wasOut && !stillOut) {
            expect(probOf(b, l), `${l} was out (${wasOut}) and should count again`).toBeGreaterThan(0);
            reopened++;
          }
          if (s.probes.hand.includes(l)) expect(probOf(b, l)).toBe(0);
        }
      }
    }
    expect(reopened).toBeGreaterThan(0);
  });
});
