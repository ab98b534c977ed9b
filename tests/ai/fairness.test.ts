/**
 * Fairness (issue 7): a bot handed the same view, with the same seed and a fixed amount of search, returns the same
 * move whatever the hidden truth behind that view — another base planet, other hands, other deck orders. The
 * other truths are full states drawn by `sampleWorld` from the view and checked to show exactly that view.
 */
import { describe, expect, it } from 'vitest';
import { createBot, type BotName, type BotOptions } from '../../src/ai';
import type { Faction } from '../../src/game/content';
import { actionKey, seededRng, type GameState } from '../../src/game/rules';
import { baseCandidates, jsonEqual, sampleWorld } from '../../src/game/rules/sample';
import { viewFor } from '../../src/game/rules/view';
import { collectPositions } from './positions';

/** The hidden parts of a full state (what the other truths must differ in). */
const hiddenParts = (s: GameState) => ({
  base: s.base.planet, hands: s.hands, decks: s.decks, planned: s.planned,
  objectives: s.objectives.deck, objectiveHand: s.objectives.hand, probes: s.probes,
});

/** Mid-game positions for `seat` (round ≥ 2, a real choice), a few per kind for variety. */
function positionsFor(seat: Faction, n: number, hiddenBase = false): GameState[] {
  const all = [...collectPositions(`fair-${seat}`, 12, 1).values()].flat();
  // With the base hidden AND more than one planet left to the Imperial (R6.5.3: once the probes have ruled out all
  // but one, the view itself names the base, and no other truth can stand behind it).
  const open = (s: GameState) => !s.base.revealed && baseCandidates(viewFor(s, 'I'), 'I').length > 1;
  return all.filter((s) => s.pending!.seat === seat && s.round >= 2 && (!hiddenBase || open(s))).slice(0, n);
}

/** Up to `k` other truths behind `seat`'s view of `truth`; for a hidden base, one of them has another base. */
function otherTruths(truth: GameState, seat: Faction, k: number): GameState[] {
  const view = viewFor(truth, seat);
  const rng = seededRng(`others-${truth.round}-${truth.log.length}`);
  const out: GameState[] = [];
  let otherBase: GameState | null = null;
  for (let i = 0; i < 40 && (out.length < k || (seat === 'I' && !truth.base.revealed && !otherBase)); i++) {
    const w = sampleWorld(view, seat, rng);
    expect(jsonEqual(viewFor(w, seat), view), 'a sampled truth shows another view').toBe(true);
    if (jsonEqual(hiddenParts(w), hiddenParts(truth))) continue;
    if (w.base.planet !== truth.base.planet && !otherBase) otherBase = w;
    else if (out.length < k) out.push(w);
  }
  if (otherBase) out.unshift(otherBase);
  return out.slice(0, k);
}

async function moveOf(name: BotName, opts: BotOptions, truth: GameState, seat: Faction): Promise<string> {
  // A fresh bot each time: a bot's own call counter feeds its seed.
  const bot = createBot(name, { ...opts, seed: 'fairness' });
  return actionKey((await bot.choose(viewFor(truth, seat), seat)).action);
}

const FAIR: { name: BotName; opts: BotOptions; positions: number }[] = [
  { name: 'random', opts: {}, positions: 6 },
  { name: 'passive', opts: {}, positions: 6 },
  { name: 'flatmc', opts: { iterations: 3 }, positions: 6 },
  { name: 'ismcts-easy', opts: { iterations: 150 }, positions: 6 },
  { name: 'ismcts-normal', opts: { iterations: 150 }, positions: 6 },
  { name: 'ismcts-hard', opts: { iterations: 150 }, positions: 6 },
  // boardgame.io's reducer makes every world slow: one world (24 MCTSBot iterations), fewer positions.
  { name: 'mcts-fair', opts: { iterations: 1 }, positions: 2 },
];

describe('same view, different hidden truth, same seed ⇒ same move', () => {
  const truths: Record<Faction, GameState[]> = { R: positionsFor('R', 6), I: positionsFor('I', 6, true) };

  it('the positions are real mid-game decisions of both seats, the Imperial ones with the base hidden', () => {
    for (const seat of ['R', 'I'] as Faction[]) expect(truths[seat].length).toBe(6);
    expect(truths.I.every((s) => !s.base.revealed)).toBe(true);
    expect(new Set([...truths.R, ...truths.I].map((s) => s.pending!.kind)).size).toBeGreaterThan(2);
  });

  it('each view has other truths behind it, and the Imperial views one with another base planet', () => {
    for (const seat of ['R', 'I'] as Faction[]) {
      for (const t of truths[seat]) {
        const others = otherTruths(t, seat, 2);
        expect(others.length).toBe(2);
        if (seat === 'I') expect(others.some((o) => o.base.planet !== t.base.planet)).toBe(true);
        else expect(others.every((o) => o.base.planet === t.base.planet)).toBe(true); // the Rebel knows its base
      }
    }
  });

  for (const { name, opts, positions } of FAIR) {
    it(`${name} answers every view the same whatever the truth behind it`, async () => {
      for (const seat of ['R', 'I'] as Faction[]) {
        for (const t of truths[seat].slice(0, positions)) {
          const expected = await moveOf(name, opts, t, seat);
          for (const o of otherTruths(t, seat, 2)) {
            expect(await moveOf(name, opts, o, seat), `${name} ${seat} ${t.pending!.kind} round ${t.round}`)
              .toBe(expected);
          }
        }
      }
    });
  }
});
