/**
 * The Yellow phase (docs/imperios/RULES.md IM7, IM2.6, G38): Arts and Sciences.
 */
import { describe, expect, it } from 'vitest';
import { applyAction, isRefusal, legalActions } from '../../../src/games/imperios/rules';
import { act, has, hand, put, scenario, turn } from './helpers';

function yellow(chits: number) {
  const s = scenario(4);
  put(s, 0, ['babilonia'], 2);
  hand(s, 0, { yellow: chits });
  return turn(s, 'yellow', 0);
}

describe('IM7.1 Arts', () => {
  it('IM7.1 one yellow action, one Census space', () => {
    let s = yellow(2);
    s = act(s, 0, { kind: 'arts' });
    s = act(s, 0, { kind: 'arts' });
    expect(s.civs[0].census).toBe(2);
    expect(s.civs[0].discard.yellow).toBe(2);
    expect(has(s, 0, { kind: 'arts' })).toBe(false);
  });

  it('IM7.1, IM2.3.1 no space past 12: the excess is lost', () => {
    let s = yellow(1);
    s.civs[0].census = 12;
    s = act(s, 0, { kind: 'arts' });
    expect(s.civs[0].census).toBe(12);
  });
});

describe('IM7.2 Sciences', () => {
  it('IM7.2, IM2.6.2 a technology costs 3, 4 or 5 yellow actions', () => {
    const s = yellow(4);
    const learnable = legalActions(s, 0)
      .filter((a) => a.kind === 'learn')
      .map((a) => (a as { tech: string }).tech);
    // Without a Basic technology only the Basic ones; 4 chits buy 4 actions.
    expect(learnable).toEqual(['leadership', 'agriculture', 'currency', 'irrigation']);
    s.civs[0].techs = ['leadership'];
    const more = legalActions(s, 0).filter((a) => a.kind === 'learn');
    expect(more).toContainEqual({ kind: 'learn', tech: 'medicine' });
    expect(more).not.toContainEqual({ kind: 'learn', tech: 'engineering' }); // 5 actions
  });

  it('IM2.6.4, G38 Advanced and Special need the colour’s Basic only', () => {
    const s = yellow(9);
    s.civs[0].techs = ['agriculture'];
    expect(has(s, 0, { kind: 'learn', tech: 'market' })).toBe(true);
    expect(has(s, 0, { kind: 'learn', tech: 'religion' })).toBe(true);
    expect(has(s, 0, { kind: 'learn', tech: 'caravans' })).toBe(false);
    expect(has(s, 0, { kind: 'learn', tech: 'agriculture' })).toBe(false); // owned already
    expect(isRefusal(applyAction(s, 0, { kind: 'learn', tech: 'caravans' }))).toBe(true);
  });

  it('IM7.2 a technology works at once: Agriculture bought with 3 chits pays for Religion with 3 more', () => {
    let s = yellow(6);
    s = act(s, 0, { kind: 'learn', tech: 'agriculture' });
    expect(s.civs[0].hand.yellow).toBe(3);
    s = act(s, 0, { kind: 'learn', tech: 'religion' });
    expect(s.civs[0].techs).toEqual(['agriculture', 'religion']);
    expect(s.civs[0].hand.yellow).toBe(0);
    expect(s.civs[0].discard.yellow).toBe(6);
  });

  it('IM7.2 any number of civilizations may own the same technology', () => {
    let s = yellow(3);
    s.civs[1].techs = ['agriculture'];
    s = act(s, 0, { kind: 'learn', tech: 'agriculture' });
    expect(s.civs.map((c) => c.techs.includes('agriculture'))).toEqual([true, true, false, false]);
  });
});
