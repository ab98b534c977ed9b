/**
 * Bad input (docs/imperios/RULES.md IM4.5.4, IM15): every kind of action, malformed or sent by a seat that may not
 * send it now, is refused with `{ error }` and the state unchanged.
 */
import { describe, expect, it } from 'vitest';
import {
  actionKey,
  applyAction,
  createGame,
  isRefusal,
  legalActions,
  type Action,
  type ImperiosState,
} from '../../../src/games/imperios/rules';
import { act, hand, listed, put, scenario, turn } from './helpers';

/** One well-formed example of every kind of action. */
const EXAMPLES: Action[] = [
  { kind: 'chooseMetropolis', territory: 'babilonia' },
  { kind: 'takeChit', colour: 'red' },
  { kind: 'takeChit', colour: 'red', from: 1 },
  { kind: 'muster', deal: 'one' },
  { kind: 'buy', colour: 'yellow', deal: 'one' },
  { kind: 'endTurn' },
  { kind: 'conquer', target: 'sumeria', route: ['babilonia', 'sumeria'] },
  { kind: 'eliminate', target: 'sumeria', rival: 1, route: ['babilonia', 'sumeria'] },
  { kind: 'assault', target: 'susa', route: ['babilonia', 'susa'] },
  { kind: 'arts' },
  { kind: 'learn', tech: 'agriculture' },
  { kind: 'explore', target: 'susiana', route: ['babilonia', 'golfoPersico', 'susiana'] },
  { kind: 'trade', partner: 1, target: 'susa', give: 'grain', get: 'gold', route: ['babilonia', 'susa'] },
  { kind: 'settle', target: 'caldea', route: ['babilonia', 'sumeria', 'caldea'] },
  { kind: 'wonder', wonder: 'pyramids' },
  { kind: 'block' },
  { kind: 'letPass' },
  { kind: 'defend' },
  { kind: 'noDefence' },
  { kind: 'payAssault' },
  { kind: 'stopAssault' },
  { kind: 'takeBack', territory: 'sumeria' },
  { kind: 'chooseGood', good: 'gold' },
  { kind: 'keepReserve', keep: { red: 1, yellow: 0, blue: 0, black: 0 } },
];

/** Inputs that are not actions at all, or actions with broken fields. */
const MALFORMED: unknown[] = [
  null,
  undefined,
  42,
  'endTurn',
  [],
  [{ kind: 'endTurn' }],
  {},
  { kind: 7 },
  { kind: 'bogus' },
  { kind: 'endTurn', extra: true },
  { kind: 'conquer' },
  { kind: 'conquer', target: 42, route: ['babilonia'] },
  { kind: 'conquer', target: 'sumeria', route: 'babilonia,sumeria' },
  { kind: 'conquer', target: 'sumeria', route: [1, 2] },
  { kind: 'conquer', target: 'sumeria', route: ['babilonia', 'nowhere', 'sumeria'] },
  { kind: 'conquer', target: 'sumeria', route: ['babilonia', 'sumeria'], extra: 1 },
  { kind: 'muster', deal: 'lots' },
  { kind: 'buy', colour: 'purple', deal: 'one' },
  { kind: 'takeChit', colour: 'red', from: 99 },
  { kind: 'takeChit', colour: 'red', from: -1 },
  { kind: 'learn', tech: 'fire' },
  { kind: 'wonder', wonder: 'lighthouse' },
  { kind: 'chooseGood', good: 'salt' },
  { kind: 'keepReserve', keep: { red: -1, yellow: 0, blue: 0, black: 0 } },
  { kind: 'keepReserve', keep: { red: 9, yellow: 9, blue: 9, black: 9 } },
  { kind: 'keepReserve', keep: 3 },
];

/** Seat 0 holds Babilonia next to Sumeria (a City where seat 1 has a lone totem) and Susa (seat 1's City). */
function board(): ImperiosState {
  const s = scenario(4);
  put(s, 0, ['babilonia'], 2);
  put(s, 0, ['golfoPersico', 'susa', 'sumeria']);
  put(s, 1, ['persia', 'susa'], 2);
  put(s, 1, ['sumeria', 'golfoPersico']);
  put(s, 2, ['india'], 2);
  put(s, 3, ['saba'], 2);
  s.civs[0].armies = 9;
  s.civs[0].goods = ['grain'];
  s.civs[1].goods = ['gold'];
  s.civs[1].armies = 1;
  for (const seat of [0, 1, 2, 3]) hand(s, seat, { red: 2, yellow: 4, blue: 2, black: 6 });
  return s;
}

/** One state for each kind of decision the game waits for. */
function states(): Record<string, ImperiosState> {
  const out: Record<string, ImperiosState> = {};
  out.setup = createGame({ players: 4, seed: 'bad' });
  const pool = board();
  pool.phase = 'pool';
  pool.pending = { kind: 'pool', seat: 2 };
  out.pool = pool;
  for (const phase of ['red', 'yellow', 'blue', 'black'] as const) out[phase] = turn(board(), phase, 0, [1, 2, 3]);
  out.block = act(out.blue, 0, listed(out.blue, 0, { kind: 'explore', target: 'susiana' }));
  out.defend = act(out.red, 0, listed(out.red, 0, { kind: 'assault', target: 'susa' }));
  out.assaultPay = act(out.defend, 1, { kind: 'noDefence' });
  const full = turn(board(), 'red', 0);
  full.civs[0].supply = 0;
  full.board.sumeria![1] = 0;
  full.civs[1].supply++;
  out.takeBack = act(full, 0, listed(full, 0, { kind: 'conquer', target: 'sumeria' }));
  out.good = act(out.takeBack, 0, { kind: 'takeBack', territory: 'golfoPersico' });
  const reserve = turn(board(), 'black', 3, []);
  out.reserve = act(reserve, 3, { kind: 'endTurn' });
  const over = turn(board(), 'black', 3, []);
  over.triggers.poolOut = ['red'];
  out.over = act(over, 3, { kind: 'endTurn' });
  return out;
}

describe('IM15 bad input is refused and changes nothing', () => {
  const all = states();

  it('the test states wait for each kind of decision', () => {
    expect(Object.fromEntries(Object.entries(all).map(([k, s]) => [k, s.pending?.kind ?? s.phase]))).toEqual({
      setup: 'metropolis',
      pool: 'pool',
      red: 'turn',
      yellow: 'turn',
      blue: 'turn',
      black: 'turn',
      block: 'block',
      defend: 'defend',
      assaultPay: 'assaultPay',
      takeBack: 'takeBack',
      good: 'good',
      reserve: 'reserve',
      over: 'over',
    });
  });

  it('IM4.5.4 every kind of action, from every seat, is refused unless listed for that seat now', () => {
    let refused = 0;
    let accepted = 0;
    for (const [name, s] of Object.entries(all)) {
      const before = JSON.stringify(s);
      for (let seat = -1; seat <= 4; seat++) {
        const legal = new Set(legalActions(s, seat).map(actionKey));
        for (const action of EXAMPLES) {
          const result = applyAction(s, seat, action);
          expect(isRefusal(result), `${name} seat ${seat} ${actionKey(action)}`).toBe(!legal.has(actionKey(action)));
          if (isRefusal(result)) {
            refused++;
            expect(typeof result.error).toBe('string');
          } else accepted++;
          expect(JSON.stringify(s), `${name} changed by ${actionKey(action)}`).toBe(before);
        }
      }
    }
    expect(refused).toBeGreaterThan(1000);
    expect(accepted).toBeGreaterThan(5);
  });

  it('malformed input is refused for every state and seat', () => {
    for (const [name, s] of Object.entries(all)) {
      const before = JSON.stringify(s);
      for (const seat of [0, 1, 2, 3, 1.5, Number.NaN, 99]) {
        for (const input of MALFORMED) {
          const result = applyAction(s, seat, input);
          expect(isRefusal(result), `${name} seat ${seat} ${JSON.stringify(input)}`).toBe(true);
        }
      }
      const cyclic: Record<string, unknown> = { kind: 'endTurn' };
      cyclic.self = cyclic;
      expect(isRefusal(applyAction(s, 0, cyclic))).toBe(true);
      expect(JSON.stringify(s)).toBe(before);
    }
  });

  it('IM12.2 nothing is accepted once the game is over', () => {
    for (let seat = 0; seat < 4; seat++) {
      expect(legalActions(all.over, seat)).toEqual([]);
      for (const action of EXAMPLES) expect(isRefusal(applyAction(all.over, seat, action))).toBe(true);
    }
  });
});
