/**
 * The chain of command and blocks (docs/imperios/RULES.md IM5, G24–G27, G50, G52): routes, their intermediate
 * territories, who may block, the proposed route, the block offer and the repeat limit.
 */
import { describe, expect, it } from 'vitest';
import {
  applyAction,
  blockersOf,
  chainRule,
  chainsFrom,
  intermediates,
  isRefusal,
  legalActions,
  routeError,
  routeFinder,
  type ImperiosState,
} from '../../../src/games/imperios/rules';
import { act, events, hand, has, listed, put, scenario, turn } from './helpers';

/** Seat 0 holds Babilonia with totems in the Persian Gulf and Omán (a level 4 City), and 4 armies. */
function gulf(): ImperiosState {
  const s = scenario(4);
  put(s, 0, ['babilonia'], 2);
  put(s, 0, ['golfoPersico', 'oman']);
  put(s, 1, ['persia'], 2);
  put(s, 2, ['india'], 2);
  put(s, 3, ['saba'], 2);
  s.civs[0].armies = 4;
  return s;
}

describe('IM5.2 the chain of command', () => {
  it('IM5.2.1 a chain starts at a controlled Capital, steps to neighbours, never twice, present before the target', () => {
    const s = gulf();
    const red = chainRule(s, 'conquer');
    expect(routeError(s, 0, ['babilonia', 'golfoPersico', 'oman'], red)).toBeNull();
    expect(routeError(s, 0, ['golfoPersico', 'oman'], red)).toMatch(/Capital/);
    expect(routeError(s, 0, ['persia', 'golfoPersico', 'oman'], red)).toMatch(/Capital/);
    expect(routeError(s, 0, ['babilonia', 'oman'], red)).toMatch(/neighbour/);
    expect(routeError(s, 0, ['babilonia', 'golfoPersico', 'babilonia'], red)).toMatch(/twice/);
    expect(routeError(s, 0, ['babilonia', 'sumeria', 'caldea'], red)).toMatch(/present/);
    expect(routeError(s, 0, [], red)).not.toBeNull();
    expect(routeError(s, 0, 'babilonia', red)).not.toBeNull();
    // Harrán is not in play with 4 players (IM3.1.1).
    expect(routeError(s, 0, ['babilonia', 'harran'], red)).toMatch(/in play/);
  });

  it('IM5.2.1, G27 a chain of length 0 only for red actions', () => {
    const s = gulf();
    expect(routeError(s, 0, ['babilonia'], chainRule(s, 'eliminate'))).toBeNull();
    expect(routeError(s, 0, ['babilonia'], chainRule(s, 'trade'))).toMatch(/red actions/);
    expect(routeError(s, 0, ['babilonia'], chainRule(s, 'explore'))).toMatch(/red actions/);
  });

  it('IM5.2.1 the chain passes through sea zones where the civilization is present', () => {
    const s = gulf();
    put(s, 0, ['marArabigo', 'sind']);
    const route = routeFinder(s, 0)('sind', chainRule(s, 'conquer'));
    expect(route).toEqual(['babilonia', 'golfoPersico', 'marArabigo', 'sind']);
    expect(listed(s, 0, { kind: 'conquer', target: 'sind' })).toMatchObject({ route });
  });

  it('IM5.2.3 a civilization that controls no Capital takes no map action', () => {
    const s = gulf();
    s.board.babilonia![0] = 1;
    s.civs[0].supply++;
    expect(legalActions(s, 0).map((a) => a.kind)).toEqual(['endTurn']);
  });
});

describe('IM5.3–IM5.4 the route and who may block it', () => {
  it('IM5.2.2, IM5.4.1 only civilizations in intermediate territories may block, the target’s owner included', () => {
    const s = gulf();
    put(s, 2, ['babilonia']); // in the Capital the chain starts from
    put(s, 3, ['oman']); // in the target
    const route = ['babilonia', 'golfoPersico', 'oman'] as const;
    expect(intermediates([...route])).toEqual(['golfoPersico']);
    expect(blockersOf(s, 0, [...route])).toEqual([]);
    put(s, 1, ['golfoPersico']);
    put(s, 3, ['golfoPersico']);
    expect(blockersOf(s, 0, [...route])).toEqual([1, 3]);
  });

  it('IM5.3.1, G26 the proposed route has the fewest civilizations able to block, then the fewest steps', () => {
    const s = gulf();
    put(s, 0, ['sumeria', 'caldea']);
    const find = routeFinder(s, 0);
    expect(find('oman', chainRule(s, 'conquer'))).toEqual(['babilonia', 'golfoPersico', 'oman']);
    put(s, 1, ['golfoPersico']);
    expect(routeFinder(s, 0)('oman', chainRule(s, 'conquer'))).toEqual(['babilonia', 'sumeria', 'caldea', 'oman']);
    put(s, 2, ['caldea']);
    put(s, 3, ['caldea']);
    // Both are exposed now: one civilization by sea, two by land.
    expect(routeFinder(s, 0)('oman', chainRule(s, 'conquer'))).toEqual(['babilonia', 'golfoPersico', 'oman']);
  });

  it('IM5.2.1 chainsFrom lists the chains to a target, least exposed first', () => {
    const s = gulf();
    put(s, 0, ['sumeria', 'caldea']);
    put(s, 1, ['golfoPersico']);
    const chains = chainsFrom(s, 0, 'oman', chainRule(s, 'conquer'));
    expect(chains[0]).toEqual(['babilonia', 'sumeria', 'caldea', 'oman']);
    expect(chains).toContainEqual(['babilonia', 'golfoPersico', 'oman']);
    expect(chains).toContainEqual(['babilonia', 'sumeria', 'golfoPersico', 'oman']);
    for (const c of chains) expect(routeError(s, 0, c, chainRule(s, 'conquer'))).toBeNull();
  });

  it('IM5.4.2–IM5.4.3 the block offer asks everyone on the route at once; letting pass resolves the action', () => {
    let s = gulf();
    put(s, 1, ['golfoPersico']);
    put(s, 2, ['golfoPersico']);
    s = act(s, 0, listed(s, 0, { kind: 'conquer', target: 'oman' }));
    expect(s.pending).toMatchObject({ kind: 'block', seat: 0, asked: [1, 2], passed: [], limitSeconds: 60 });
    expect(legalActions(s, 1)).toContainEqual({ kind: 'block' });
    expect(legalActions(s, 2)).toContainEqual({ kind: 'letPass' });
    expect(legalActions(s, 3).some((a) => a.kind === 'block')).toBe(false);
    s = act(s, 2, { kind: 'letPass' });
    expect(s.pending).toMatchObject({ kind: 'block', passed: [2] });
    expect(s.board.oman![0]).toBe(1);
    s = act(s, 1, { kind: 'letPass' });
    expect(s.board.oman![0]).toBe(2);
    expect(s.civs[0].armies).toBe(0);
  });

  it('IM5.4.3–IM5.4.4, G50 one block stops the action before anything is paid; the turn goes on', () => {
    let s = gulf();
    put(s, 1, ['golfoPersico']);
    put(s, 2, ['golfoPersico']);
    const before = JSON.stringify({ civs: s.civs, board: s.board, pool: s.pool });
    s = act(s, 0, listed(s, 0, { kind: 'conquer', target: 'oman' }));
    s = act(s, 1, { kind: 'block' });
    expect(s.pending).toEqual({ kind: 'turn', seat: 0 });
    expect(JSON.stringify({ civs: s.civs, board: s.board, pool: s.pool })).toBe(before);
    expect(events(s, 'blocked')).toMatchObject([{ seat: 0, by: 1, rule: 'IM5.4.3' }]);
  });

  it('IM5.4.5 an identical announcement at most twice a turn; another route is then proposed', () => {
    let s = gulf();
    put(s, 0, ['sumeria', 'caldea']);
    put(s, 1, ['golfoPersico', 'caldea']);
    const first = listed(s, 0, { kind: 'conquer', target: 'oman' });
    for (let i = 0; i < 2; i++) {
      s = act(s, 0, first);
      s = act(s, 1, { kind: 'block' });
    }
    expect(isRefusal(applyAction(s, 0, first))).toBe(true);
    const second = listed(s, 0, { kind: 'conquer', target: 'oman' });
    expect((second as { route: string[] }).route).not.toEqual((first as { route: string[] }).route);
    // A new turn starts the count again.
    expect(turn(s, 'red', 0).announced).toEqual({});
  });

  it('G52 a listed action may be sent with another legal route; a bad route is refused', () => {
    let s = gulf();
    put(s, 0, ['sumeria', 'caldea']);
    const proposed = listed(s, 0, { kind: 'conquer', target: 'oman' });
    expect(proposed).toMatchObject({ route: ['babilonia', 'golfoPersico', 'oman'] });
    const bad = applyAction(s, 0, { kind: 'conquer', target: 'oman', route: ['babilonia', 'sumeria', 'oman'] });
    expect(isRefusal(bad)).toBe(true);
    s = act(s, 0, { kind: 'conquer', target: 'oman', route: ['babilonia', 'sumeria', 'caldea', 'oman'] });
    expect(events(s, 'announce')[0].action.route).toEqual(['babilonia', 'sumeria', 'caldea', 'oman']);
    expect(s.board.oman![0]).toBe(2);
  });

  it('IM5.1.2, G24 Settle is never offered for a block', () => {
    let s = gulf();
    turn(s, 'black', 0);
    hand(s, 0, { black: 1 });
    put(s, 1, ['golfoPersico']);
    s = act(s, 0, listed(s, 0, { kind: 'settle', target: 'hadramaut' }));
    expect(s.board.hadramaut![0]).toBe(1);
    expect(events(s, 'announce')[0].blockers).toEqual([]);
  });

  it('IM5.1.3 with Ambassadors, Explore and Trade in the Blue phase are never offered for a block', () => {
    let s = gulf();
    turn(s, 'blue', 0);
    hand(s, 0, { blue: 2 });
    put(s, 1, ['golfoPersico']);
    s.civs[0].techs = ['currency', 'ambassadors'];
    s = act(s, 0, listed(s, 0, { kind: 'explore', target: 'marArabigo' }));
    expect(s.board.marArabigo![0]).toBe(1);
    expect(s.pending).toEqual({ kind: 'turn', seat: 0 });
    expect(events(s, 'announce')[0].blockers).toEqual([]);
  });

  it('IM5.1.3, IM9.3.1, G41 an Explore paid in black under Navigation may be blocked, Ambassadors or not', () => {
    let s = gulf();
    turn(s, 'black', 0);
    hand(s, 0, { black: 1 });
    put(s, 1, ['golfoPersico']);
    s.civs[0].techs = ['currency', 'ambassadors', 'irrigation', 'navigation'];
    s = act(s, 0, listed(s, 0, { kind: 'explore', target: 'marArabigo' }));
    expect(s.pending).toMatchObject({ kind: 'block', asked: [1] });
    s = act(s, 1, { kind: 'letPass' });
    expect(s.board.marArabigo![0]).toBe(1);
    expect(s.civs[0].discard.black).toBe(1);
  });

  it('IM9.3.1 without Navigation there is no Explore in the Black phase', () => {
    const s = gulf();
    turn(s, 'black', 0);
    hand(s, 0, { black: 1 });
    expect(has(s, 0, { kind: 'explore' })).toBe(false);
  });
});
