/**
 * The prompt sentences that carry a count read right in the singular and the plural (issue 13 item 8).
 * Every pending kind having a sentence is checked by the compiler (askSentence's switch and waitSentence's
 * Record over Pending['kind']) and rendered by tests/ui/everyKind.test.tsx.
 */
import { describe, expect, it } from 'vitest';
import type { GameState, Pending } from '../../src/game/rules';
import { askSentence, waitSentence } from '../../src/ui/prompt/wording';

const none = { f: 0, c: 0, s: 0 };
const view = (arrivals: { f: number; c: number; s: number }, handLimit = 7) =>
  ({ arrivals: { R: arrivals, I: none }, config: { handLimit } } as unknown as GameState);

describe('prompt sentences with counts', () => {
  it('deploy: one and several arrivals', () => {
    const p: Pending = { kind: 'deploy', seat: 'R' };
    expect(askSentence(view({ f: 1, c: 0, s: 0 }), p)).toContain('(1 starfighter left)');
    expect(askSentence(view({ f: 2, c: 1, s: 0 }), p)).toContain('(2 starfighters + 1 capital ship left)');
    expect(waitSentence(view({ f: 0, c: 1, s: 0 }), p)).toBe('The Rebel is deploying arrivals (1 capital ship) — waiting.');
    expect(waitSentence(view({ f: 0, c: 3, s: 0 }), p)).toBe('The Rebel is deploying arrivals (3 capital ships) — waiting.');
  });

  it('shortfall: one and several units in supply', () => {
    const one: Pending = { kind: 'shortfall', seat: 'I', unit: 'f', due: [1, 1], available: 1 };
    const two: Pending = { kind: 'shortfall', seat: 'I', unit: 'c', due: [2, 1], available: 2 };
    expect(askSentence(view(none), one)).toBe('Imperial: your supply has only 1 starfighter for 2 due — choose which are built (build-queue spot 1 arrives this round, spot 2 next round).');
    expect(askSentence(view(none), two)).toBe('Imperial: your supply has only 2 capital ships for 3 due — choose which are built (build-queue spot 1 arrives this round, spot 2 next round).');
  });

  it('hand limit: one and several missions', () => {
    const p: Pending = { kind: 'handLimit', seat: 'R' };
    expect(askSentence(view(none, 1), p)).toBe('Rebel: you hold more than 1 mission — discard a deck mission.');
    expect(askSentence(view(none, 7), p)).toBe('Rebel: you hold more than 7 missions — discard a deck mission.');
  });
});
