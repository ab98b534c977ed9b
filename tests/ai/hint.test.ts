/**
 * The hint (issue 22 item 1) is fair: handed the same view with the same seed and iterations, it gives the same
 * three choices, chances and sentences whatever hidden truth stands behind the view (another base planet, other
 * hands and deck orders, each a full state drawn by `sampleWorld` that shows exactly that view). It refuses
 * anything that is not the seat's own view.
 */
import { describe, expect, it } from 'vitest';
import { hintFor, isViewOf } from '../../src/ai/hint';
import type { Faction } from '../../src/game/content';
import { decisionActions, seededRng, type GameState } from '../../src/game/rules';
import { baseCandidates, jsonEqual, sampleWorld } from '../../src/game/rules/sample';
import { viewFor } from '../../src/game/rules/view';
import { collectPositions } from './positions';

const OPTS = { iterations: 120, explainWorlds: 6, seed: 'fair-hint' };

function positionsFor(seat: Faction, n: number): GameState[] {
  const all = [...collectPositions(`hint-${seat}`, 10, 1).values()].flat();
  const open = (s: GameState) => !s.base.revealed && baseCandidates(viewFor(s, 'I'), 'I').length > 1;
  return all.filter((s) => s.pending!.seat === seat && s.round >= 2 && decisionActions(s, seat).length > 2
    && (seat === 'R' || open(s))).slice(0, n);
}

/** Another truth behind the view of `truth`: for the Imperial, one with another base planet. */
function otherTruth(truth: GameState, seat: Faction): GameState {
  const view = viewFor(truth, seat);
  const rng = seededRng(`other-${truth.log.length}`);
  for (let i = 0; i < 60; i++) {
    const w = sampleWorld(view, seat, rng);
    expect(jsonEqual(viewFor(w, seat), view)).toBe(true);
    const differs = seat === 'I' ? w.base.planet !== truth.base.planet : !jsonEqual(w.hands.I, truth.hands.I) || !jsonEqual(w.decks, truth.decks);
    if (differs) return w;
  }
  throw new Error('no other truth found');
}

describe('the hint', () => {
  for (const seat of ['R', 'I'] as Faction[]) {
    it(`same ${seat} view, different hidden truth, same seed ⇒ the same hint`, async () => {
      const truths = positionsFor(seat, 3);
      expect(truths.length).toBe(3);
      for (const truth of truths) {
        const other = otherTruth(truth, seat);
        const a = await hintFor(viewFor(truth, seat), seat, OPTS);
        const b = await hintFor(viewFor(other, seat), seat, OPTS);
        expect(b).toEqual(a);
        expect(a.choices.length).toBe(3);
        for (const c of a.choices) {
          expect(c.chance).toBeGreaterThanOrEqual(0);
          expect(c.chance).toBeLessThanOrEqual(1);
          expect(c.why.length).toBeGreaterThan(10);
        }
        const keys = new Set(a.choices.map((c) => JSON.stringify(c.action)));
        expect(keys.size).toBe(3);
      }
    }, 60_000);
  }

  it('refuses the full state, another seat\'s view and a decision that is not the seat\'s', async () => {
    const [truth] = positionsFor('I', 1);
    expect(isViewOf(truth, 'I')).toBe(false); // the truth holds the Rebel's base and hands
    await expect(hintFor(truth, 'I', OPTS)).rejects.toThrow(/own view/);
    await expect(hintFor(viewFor(truth, 'R'), 'I', OPTS)).rejects.toThrow(/own view/);
    await expect(hintFor(viewFor(truth, 'R'), 'R', OPTS)).rejects.toThrow(/not this seat's decision/);
  });

  it('reports progress and stops when cancelled', async () => {
    const [truth] = positionsFor('R', 1);
    const seen: number[] = [];
    const ctl = new AbortController();
    await expect(hintFor(viewFor(truth, 'R'), 'R', {
      ...OPTS, iterations: 400, onProgress: (done) => { seen.push(done); if (done >= 100) ctl.abort(); }, signal: ctl.signal,
    })).rejects.toThrow();
    expect(seen).toEqual([50, 100]);
  });
});
