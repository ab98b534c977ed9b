/**
 * The Black phase (docs/imperios/RULES.md IM9, G5, G36, G43): Settle, Build a wonder and the Minos land bridge.
 */
import { describe, expect, it } from 'vitest';
import { applyAction, isRefusal, legalActions } from '../../../src/games/imperios/rules';
import { act, has, hand, listed, put, scenario, turn } from './helpers';

function black(chits = 1) {
  const s = scenario(4);
  put(s, 0, ['babilonia'], 2);
  put(s, 0, ['golfoPersico', 'oman']);
  hand(s, 0, { black: chits });
  return turn(s, 'black', 0);
}

describe('IM9.1 Settle', () => {
  it('IM9.1.1–IM9.1.2 one black action; the last step is a land link; the chain may cross the sea before it', () => {
    let s = black();
    expect(listed(s, 0, { kind: 'settle', target: 'hadramaut' })).toMatchObject({
      route: ['babilonia', 'golfoPersico', 'oman', 'hadramaut'],
    });
    expect(has(s, 0, { kind: 'settle', target: 'sumeria' })).toBe(true); // by land from Babilonia
    expect(has(s, 0, { kind: 'settle', target: 'susiana' })).toBe(false); // only from the sea
    expect(has(s, 0, { kind: 'settle', target: 'marArabigo' })).toBe(false); // a sea zone
    s = act(s, 0, listed(s, 0, { kind: 'settle', target: 'hadramaut' }));
    expect(s.board.hadramaut![0]).toBe(1);
    expect(s.civs[0].discard.black).toBe(1);
  });

  it('IM9.1.1, IM6.2.5, G36 never where the civilization already has a totem', () => {
    const s = black();
    expect(has(s, 0, { kind: 'settle', target: 'oman' })).toBe(false);
    const bad = applyAction(s, 0, { kind: 'settle', target: 'oman', route: ['babilonia', 'golfoPersico', 'oman'] });
    expect(isRefusal(bad)).toBe(true);
  });

  it('IM9.1.5, G5 the Minos strait carries Settle only with the land bridge', () => {
    for (const bridge of [false, true]) {
      const s = scenario(5, { minosLandBridge: bridge });
      put(s, 0, ['helade'], 2);
      put(s, 0, ['esparta']);
      hand(s, 0, { black: 1 });
      turn(s, 'black', 0);
      expect(has(s, 0, { kind: 'settle', target: 'minos' })).toBe(bridge);
    }
  });
});

describe('IM9.2 Build a wonder', () => {
  it('IM9.2.1 six black actions; one per civilization; each wonder once', () => {
    let s = black(12);
    expect(legalActions(s, 0).filter((a) => a.kind === 'wonder')).toEqual([
      { kind: 'wonder', wonder: 'pyramids' },
      { kind: 'wonder', wonder: 'hangingGardens' },
      { kind: 'wonder', wonder: 'colossus' },
    ]);
    s.civs[1].wonder = 'pyramids';
    expect(has(s, 0, { kind: 'wonder', wonder: 'pyramids' })).toBe(false);
    s = act(s, 0, { kind: 'wonder', wonder: 'colossus' });
    expect(s.civs[0].wonder).toBe('colossus');
    expect(s.civs[0].discard.black).toBe(6);
    expect(has(s, 0, { kind: 'wonder' })).toBe(false);
  });

  it('IM9.2.1, IM4.6.2 the black technologies make a wonder cheaper', () => {
    let s = black(4);
    expect(has(s, 0, { kind: 'wonder' })).toBe(false);
    s.civs[0].techs = ['irrigation', 'mining'];
    s = act(s, 0, { kind: 'wonder', wonder: 'pyramids' });
    expect(s.civs[0].discard.black).toBe(4); // two purchases of two chits for three actions
  });
});
