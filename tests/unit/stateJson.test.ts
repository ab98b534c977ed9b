// server/match/state-json.ts: a state's JSON with its frozen log entries encoded once is byte for byte JSON.stringify.
import { describe, expect, it } from 'vitest';
import { logJson, stateJson } from '../../server/match/state-json';
import { seededRng } from '../../src/game/rules';
import { viewFor } from '../../src/game/rules/view';
import { playRandomGame } from '../../src/sim/randomGame';

function deepFreeze<T>(x: T): T {
  if (typeof x === 'object' && x !== null && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

describe('state JSON with log entries encoded once (server/match/state-json.ts)', () => {
  it('equals JSON.stringify for whole games, their views and odd logs', () => {
    for (let i = 0; i < 5; i++) {
      const { state: G } = playRandomGame(seededRng(`json-${i}`), seededRng(`choices-json-${i}`));
      G.log.push({ kind: 'odd', text: 'é "quoted" \u2028 </script>', nested: { a: [1, null, { b: undefined }] } } as unknown as (typeof G.log)[number]);
      deepFreeze(G);
      expect(G.log.length).toBeGreaterThan(50);
      const state = { G, ctx: { turn: 1, phase: 'setup', activePlayers: null }, plugins: { log: { data: {} } }, _undo: [], _redo: [], _stateID: 3 };
      expect(stateJson(state)).toBe(JSON.stringify(state));
      expect(stateJson(state)).toBe(JSON.stringify(state)); // again, from the kept entries
      for (const seat of ['R', 'I', null] as const) {
        const view = { ...state, G: viewFor(G, seat) }; // a view keeps the state's entry objects
        expect(stateJson(view)).toBe(JSON.stringify(view));
      }
    }
    // Not a state, or a log that is not an array: plain JSON.stringify.
    expect(stateJson({ a: 1 })).toBe('{"a":1}');
    expect(stateJson({ G: { log: 'x' } })).toBe('{"G":{"log":"x"}}');
    expect(logJson([])).toBe('[]');
    expect(logJson([1, 'two', null, undefined])).toBe(JSON.stringify([1, 'two', null, undefined]));
  });

  it('never re-uses the JSON of an entry that can still change (not frozen)', () => {
    const entry: Record<string, unknown> = { kind: 'a', n: 1 };
    const state = { G: { round: 1, log: [entry] }, _stateID: 1 };
    expect(stateJson(state)).toBe(JSON.stringify(state));
    entry.n = 2;
    expect(stateJson(state)).toContain('"n":2');
    // A frozen entry is kept: the same object gives the same text (it cannot change).
    const frozen = Object.freeze({ kind: 'b', n: 1 });
    expect(logJson([frozen, frozen])).toBe('[{"kind":"b","n":1},{"kind":"b","n":1}]');
  });

  it('falls back to JSON.stringify when the stand-in text occurs elsewhere in the state', () => {
    const state = { note: '\u0000mint-log\u0000', G: { log: [Object.freeze({ k: 1 })] } };
    expect(stateJson(state)).toBe(JSON.stringify(state));
  });
});
