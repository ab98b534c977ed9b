/**
 * Issue 21 item 8: a Mint move runs the decision on a copy of the state before it (`copyForMove`) and returns it as
 * the new G, instead of writing through immer's draft. The copy shares the log's lines, the take-back stack and the
 * config with the state before; these tests show no rule ever writes into what is shared, and the game plays the
 * same as on fully independent states.
 */
import { describe, expect, it } from 'vitest';
import type { State } from 'boardgame.io';
import { CreateGameReducer, InitializeGame, ProcessGameConfig } from 'boardgame.io/internal';
import { makeMintImperium, playerOf } from '../../src/game';
import { decisionActions, legalActions, type GameState } from '../../src/game/rules';
import { copyForMove } from '../../src/game/rules/moveCopy';
import { copyJson } from '../../src/game/rules/json';
import { moveOf } from '../../src/protocol';

type St = State<GameState>;

function deepFreeze<T>(x: T): T {
  if (typeof x === 'object' && x !== null && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  } else if (typeof x === 'object' && x !== null) {
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

/** A seeded game through boardgame.io's reducer; `frozen`: every state deep-frozen before the next move. */
function play(seed: string, frozen: boolean, takeBacks = true): { states: St[]; refused: number; undos: number } {
  const game = ProcessGameConfig(makeMintImperium({ seed, takeBacks }));
  const reducer = CreateGameReducer({ game });
  let st = InitializeGame({ game, numPlayers: 2 }) as St;
  let r = 7;
  const states: St[] = [st];
  let refused = 0;
  let undos = 0;
  for (let i = 0; i < 600 && st.ctx.gameover === undefined; i++) {
    if (frozen) deepFreeze(st.G);
    const seat = st.G.pending!.seat;
    // With take-backs, one is taken whenever offered on every third decision (the copy shares the stack).
    r = (r * 16807) % 2147483647;
    const undo = takeBacks && r % 3 === 0 ? legalActions(st.G, seat).find((a) => a.type === 'undo') : undefined;
    const all = decisionActions(st.G, seat);
    if (undo) undos++;
    const { move, args } = moveOf(undo ?? all[r % all.length]!);
    const next = reducer(st, { type: 'MAKE_MOVE', payload: { type: move, args, playerID: playerOf(seat) } } as never) as St;
    if (next._stateID === st._stateID) refused++;
    st = next;
    states.push(st);
  }
  return { states, refused, undos };
}

describe('issue 21 item 8: a move on a copy of the state (copyForMove)', () => {
  it('shares only the log lines, the take-back stack and the config; everything else is a new object', () => {
    const { states } = play('copy-1', false);
    const G = states[states.length >> 1]!.G;
    const c = copyForMove(G);
    expect(c).toEqual(G);
    expect(Object.keys(c)).toEqual(Object.keys(G));
    expect(c.log).not.toBe(G.log);
    expect(c.log.every((e, i) => e === G.log[i])).toBe(true);
    expect(c.config).toBe(G.config);
    for (const k of Object.keys(G) as (keyof GameState)[]) {
      const v = G[k];
      if (k === 'log' || k === 'config' || k === 'undo' || typeof v !== 'object' || v === null) continue;
      expect(c[k], k).not.toBe(v);
    }
  });

  for (const takeBacks of [true, false]) {
    it(`no move writes into a state it was given, deep-frozen (${takeBacks ? 'with' : 'without'} take-backs)`, () => {
      for (const seed of ['copy-2', 'copy-3']) {
        const free = play(seed, false, takeBacks);
        const frozen = play(seed, true, takeBacks);
        // A write into a frozen object throws inside the move, which then refuses: none may be refused.
        expect(frozen.refused).toBe(0);
        expect(free.refused).toBe(0);
        expect(frozen.states.length).toBeGreaterThan(40);
        if (takeBacks) expect(frozen.undos).toBeGreaterThan(0);
        expect(copyJson(frozen.states.at(-1)!.G)).toEqual(copyJson(free.states.at(-1)!.G));
      }
    });
  }

  it('a new state is frozen at its top only (immer never walks it), and what the move left alone is shared', () => {
    const { states } = play('copy-4', false);
    let changedNotFrozen = 0;
    let sharedFields = 0;
    let sharedPlanets = 0;
    for (let i = 20; i < 60; i++) {
      const [a, b] = [states[i]!.G, states[i + 1]!.G];
      expect(Object.isFrozen(b)).toBe(true);
      for (const k of Object.keys(b) as (keyof GameState)[]) {
        const [x, y] = [a[k], b[k]];
        if (k === 'log' || typeof y !== 'object' || y === null) continue;
        // shareUnchanged: a field equal to the state before's is that very object, a changed one a new one.
        if (x === y) sharedFields++;
        else {
          expect(JSON.stringify(y)).not.toBe(JSON.stringify(x));
          if (!Object.isFrozen(y)) changedNotFrozen++;
        }
      }
      for (const p of Object.keys(b.planets) as (keyof GameState['planets'])[]) {
        if (b.planets[p] === a.planets[p]) sharedPlanets++;
        else expect(b.planets[p]).not.toEqual(a.planets[p]);
      }
    }
    expect(changedNotFrozen).toBeGreaterThan(0);
    expect(sharedFields).toBeGreaterThan(40);
    expect(sharedPlanets).toBeGreaterThan(40);
  });
});
