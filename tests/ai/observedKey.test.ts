/**
 * SO-ISMCTS+POM (src/ai/ismcts/search.ts): the tree keys an opponent's move by what the bot observes of it (R8),
 * so two moves that differ only in a hidden card share an edge, and moves the bot can tell apart never do.
 */
import { describe, expect, it } from 'vitest';
import { observedKey } from '../../src/ai/ismcts/search';
import { createState, seededRng, type Action } from '../../src/game/rules';

const state = () => createState(seededRng('observed-key'));

describe('observedKey (R8 public projection of a move)', () => {
  it('keeps the bot\'s own moves exact, secret or not', () => {
    const s = state();
    const a: Action = { type: 'planMission', card: 'R-S1', leader: 'LD-R1' };
    const b: Action = { type: 'planMission', card: 'R-S2', leader: 'LD-R1' };
    expect(observedKey(a, 'R', 'R', s)).not.toBe(observedKey(b, 'R', 'R', s));
  });

  it('R4.1.3: an opponent\'s plan shows its leader, not its card', () => {
    const s = state();
    const a: Action = { type: 'planMission', card: 'R-S1', leader: 'LD-R1' };
    const b: Action = { type: 'planMission', card: 'R-S2', leader: 'LD-R1' };
    const c: Action = { type: 'planMission', card: 'R-S1', leader: 'LD-R2' };
    expect(observedKey(a, 'R', 'I', s)).toBe(observedKey(b, 'R', 'I', s));
    expect(observedKey(a, 'R', 'I', s)).not.toBe(observedKey(c, 'R', 'I', s));
  });

  it('R3.9: the Rebel\'s base pick shows nothing to the Imperial; public moves stay exact', () => {
    const s = state();
    expect(observedKey({ type: 'chooseBase', planet: 'A' }, 'R', 'I', s))
      .toBe(observedKey({ type: 'chooseBase', planet: 'N' }, 'R', 'I', s));
    expect(observedKey({ type: 'deployUnit', unit: 'f', to: 'A' }, 'R', 'I', s))
      .not.toBe(observedKey({ type: 'deployUnit', unit: 'f', to: 'B' }, 'R', 'I', s));
  });

  it('R6.2.7 step 4: from a hidden base a relocation shows nothing; from a revealed one, whether it hid again', () => {
    const s = state();
    const stay: Action = { type: 'relocateBase', planet: null };
    const move: Action = { type: 'relocateBase', planet: 'B' };
    const other: Action = { type: 'relocateBase', planet: 'C' };
    s.base.revealed = false;
    expect(observedKey(stay, 'R', 'I', s)).toBe(observedKey(move, 'R', 'I', s));
    s.base.revealed = true;
    expect(observedKey(stay, 'R', 'I', s)).not.toBe(observedKey(move, 'R', 'I', s));
    expect(observedKey(move, 'R', 'I', s)).toBe(observedKey(other, 'R', 'I', s));
  });
});
