/**
 * The state patch of log deltas (src/protocol/state-patch.ts, issue 21 item 8): applied to the old state it gives
 * the new one byte for byte (key order included), sends only what changed, and refuses what does not fit.
 */
import { describe, expect, it } from 'vitest';
import { applyStatePatch, diffState, sameJson } from '../../src/protocol';

const roundTrip = (before: object, after: object, depth = 3) => {
  const patch = JSON.parse(JSON.stringify(diffState(before, after, depth))) as unknown;
  const out = applyStatePatch(before, patch);
  return { patch: patch as { set: Record<string, unknown>; drop?: string[] }, json: JSON.stringify(out) };
};

describe('state patch', () => {
  it('sends the changed parts only, down to its depth, and rebuilds the new state exactly', () => {
    const before = { G: { planets: { A: { u: 1 }, B: { u: 2 } }, round: 3 }, ctx: { turn: 4 }, _stateID: 9 };
    const after = { G: { planets: { A: { u: 1 }, B: { u: 5 } }, round: 3 }, ctx: { turn: 5 }, _stateID: 10 };
    const { patch, json } = roundTrip(before, after);
    expect(patch.set).toEqual({ 'G.planets.B': { u: 5 }, 'ctx.turn': 5, _stateID: 10 });
    expect(json).toBe(JSON.stringify(after));
    // At depth 2 the planet's record goes whole.
    expect(roundTrip(before, after, 2).patch.set['G.planets']).toEqual(after.G.planets);
  });

  it('keeps key order: keys dropped, keys appended, and an object whose order a patch cannot give sent whole', () => {
    const before = { G: { a: 1, b: 2, c: 3 } };
    for (const G of [{ a: 1, c: 3 }, { a: 1, b: 2, c: 3, undo: { x: 1 } }, { a: 1, c: 3, d: 4 }, { b: 2, a: 1, c: 3 }, { d: 0, a: 1, b: 2, c: 3 }]) {
      const { json } = roundTrip(before, { G });
      expect(json).toBe(JSON.stringify({ G }));
    }
    expect(roundTrip(before, { G: { b: 2, a: 1, c: 3 } }).patch.set).toEqual({ G: { b: 2, a: 1, c: 3 } });
    expect(roundTrip(before, { G: { a: 1, c: 3 } }).patch).toEqual({ set: {}, drop: ['G.b'] });
    // A key holding undefined is not in JSON: becoming undefined drops it, an undefined one was never there.
    expect(roundTrip(before, { G: { a: 1, b: undefined, c: 3 } })).toEqual({ patch: { set: {}, drop: ['G.b'] }, json: '{"G":{"a":1,"c":3}}' });
    expect(roundTrip({ G: { a: 1, u: undefined } }, { G: { a: 2 } }).patch).toEqual({ set: { 'G.a': 2 } });
  });

  it('compares arrays and nested values as JSON would, and skips what the caller says is unchanged', () => {
    expect(sameJson({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameJson({ a: [1, 2] }, { a: [1, 2, 3] })).toBe(false);
    expect(sameJson({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
    expect(sameJson([1], { 0: 1 })).toBe(false);
    const patch = diffState({ G: { log: [1], x: 1 } }, { G: { log: [1, 2], x: 2 } }, 3, (p) => p === 'G.log');
    expect(patch.set).toEqual({ 'G.x': 2 });
  });

  it('refuses a patch that does not fit, and never changes the state held', () => {
    const held = { G: { planets: { A: { u: 1 } }, round: 3 } };
    const json = JSON.stringify(held);
    for (const bad of [null, 7, { set: 3 }, { set: { 'G.round.x': 1 } }, { set: { 'G.__proto__.x': 1 } }, { set: { 'a..b': 1 } },
      { set: {}, drop: ['G.nope'] }, { set: {}, drop: 'G' }, { set: { 'G.nope.x': 1 } }]) {
      expect(applyStatePatch(held, bad), JSON.stringify(bad)).toBeNull();
    }
    const ok = applyStatePatch(held, { set: { 'G.planets.A': { u: 2 } } });
    expect(ok).toEqual({ G: { planets: { A: { u: 2 } }, round: 3 } });
    expect(JSON.stringify(held)).toBe(json);
    expect(applyStatePatch(held, { set: { 'G.log': [] } }, (p) => p.startsWith('G.log'))).toBeNull();
  });
});
