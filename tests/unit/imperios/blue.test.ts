/**
 * The Blue phase (docs/imperios/RULES.md IM8, G29, G40, G49, G55): Explore and Trade, with the trade route's cost,
 * the census gain and the payment's rounding.
 */
import { describe, expect, it } from 'vitest';
import { applyAction, isRefusal, legalActions, type ImperiosState } from '../../../src/games/imperios/rules';
import { tradeCost, tradePayment, tradeTerms } from '../../../src/games/imperios/rules/blue';
import { act, events, has, hand, listed, put, scenario, turn } from './helpers';

/** Seat 0 holds Babilonia with totems in the Gulf, Susa and Sumeria; Blue phase, seat 0's turn. */
function blue(chits = 3): ImperiosState {
  const s = scenario(4);
  put(s, 0, ['babilonia'], 2);
  put(s, 0, ['golfoPersico', 'susa', 'sumeria']);
  put(s, 1, ['persia'], 2);
  put(s, 2, ['india'], 2);
  put(s, 3, ['saba'], 2);
  hand(s, 0, { blue: chits });
  return turn(s, 'blue', 0, [1, 2, 3]);
}

describe('IM8.1 Explore', () => {
  it('IM8.1.1–IM8.1.2 one blue action; the last step is a coast, sea or strait link, never land', () => {
    let s = blue(1);
    expect(has(s, 0, { kind: 'explore', target: 'susiana' })).toBe(true); // coast of the Gulf
    expect(has(s, 0, { kind: 'explore', target: 'marArabigo' })).toBe(true); // sea to sea
    expect(has(s, 0, { kind: 'explore', target: 'zagros' })).toBe(false); // only by land from Susa
    expect(has(s, 0, { kind: 'explore', target: 'sumeria' })).toBe(false); // already there
    const explore = listed(s, 0, { kind: 'explore', target: 'susiana' });
    expect(explore).toMatchObject({ route: ['babilonia', 'golfoPersico', 'susiana'] });
    s = act(s, 0, explore);
    expect(s.board.susiana![0]).toBe(1);
    expect(s.civs[0].discard.blue).toBe(1);
    expect(has(s, 0, { kind: 'explore' })).toBe(false); // no blue chit left
  });

  it('IM8.1.3 the target may hold other civilizations’ totems', () => {
    let s = blue(1);
    put(s, 1, ['susiana'], 1);
    s = act(s, 0, listed(s, 0, { kind: 'explore', target: 'susiana' }));
    expect(s.board.susiana).toEqual([1, 1, 0, 0]);
  });

  it('IM8.1.2, G5 Explore crosses the Minos strait', () => {
    const s = scenario(5);
    put(s, 0, ['helade'], 2);
    put(s, 0, ['esparta']);
    hand(s, 0, { blue: 1 });
    turn(s, 'blue', 0);
    expect(listed(s, 0, { kind: 'explore', target: 'minos' })).toMatchObject({
      route: ['helade', 'esparta', 'minos'],
    });
  });
});

describe('IM8.2 Trade', () => {
  /** Seat 1 controls Omán, where seat 0 is present; seat 0 has Grain, seat 1 Gold. */
  function market(): ImperiosState {
    const s = blue(4);
    put(s, 0, ['oman']);
    put(s, 1, ['oman'], 2);
    s.civs[0].goods = ['grain'];
    s.civs[1].goods = ['gold'];
    s.civs[0].census = 6;
    return s;
  }

  it('IM8.2.2, G40 the cost is ⌈k / 2⌉ blue actions, and the census gain equals it', () => {
    expect([1, 2, 3, 4, 5].map((k) => tradeCost(Array(k + 1).fill('babilonia')))).toEqual([1, 1, 2, 2, 3]);
    let s = market();
    const trade = listed(s, 0, { kind: 'trade', partner: 1, target: 'oman' });
    expect(trade).toMatchObject({ give: 'grain', get: 'gold', route: ['babilonia', 'golfoPersico', 'oman'] });
    s = act(s, 0, trade);
    expect(s.civs[0].discard.blue).toBe(1);
    const e = events(s, 'trade')[0];
    expect([e.gain, e.payment]).toEqual([1, 6]);
  });

  it('IM8.2.2, G52 a longer route the player names costs and gains more', () => {
    let s = market();
    put(s, 0, ['caldea']);
    s = act(s, 0, {
      kind: 'trade',
      partner: 1,
      target: 'oman',
      give: 'grain',
      get: 'gold',
      route: ['babilonia', 'sumeria', 'caldea', 'oman'],
    });
    expect(s.civs[0].discard.blue).toBe(2);
    expect(events(s, 'trade')[0].gain).toBe(2);
  });

  it('IM8.2.5–IM8.2.6, G49 both keep what they gave; the difference ⌈(Y − X) / 2⌉ is paid after the gain', () => {
    let s = market();
    s = act(s, 0, listed(s, 0, { kind: 'trade', partner: 1, target: 'oman' }));
    expect(s.civs[0].goods).toEqual(['grain', 'gold']);
    expect(s.civs[1].goods).toEqual(['gold', 'grain']);
    // Gold 12 against Grain 1: ⌈11 / 2⌉ = 6. Seat 0: 6 + 1 − 6 = 1; seat 1: 0 + 6.
    expect([s.civs[0].census, s.civs[1].census]).toEqual([1, 6]);
  });

  it('IM8.2.6 rounding, the Hanging Gardens on the giver’s side, and no payment when X is worth more', () => {
    const s = market();
    expect(tradePayment(s, 0, 1, 'grain', 'gold')).toBe(6);
    s.civs[0].wonder = 'hangingGardens';
    expect(tradePayment(s, 0, 1, 'grain', 'gold')).toBe(5); // 12 − 2 = 10
    s.civs[0].wonder = null;
    s.civs[1].wonder = 'hangingGardens';
    expect(tradePayment(s, 0, 1, 'grain', 'gold')).toBe(6); // 13 − 1 = 12
    expect(tradePayment(s, 0, 1, 'gold', 'grain')).toBe(0);
    expect(tradePayment(s, 0, 1, 'leadership', 'cattle')).toBe(0); // a Basic technology is worth 5
    expect(tradePayment(s, 0, 1, 'cattle', 'medicine')).toBe(4); // 9 − 2 = 7 → 4
  });

  it('IM8.2.6 a trade the trader cannot pay for is not offered', () => {
    const s = market();
    s.civs[0].census = 5;
    expect(has(s, 0, { kind: 'trade' })).toBe(false);
    s.civs[0].goods = ['grain', 'spices'];
    expect(legalActions(s, 0).filter((a) => a.kind === 'trade')).toMatchObject([{ give: 'spices', get: 'gold' }]);
  });

  it('IM8.2.4, IM2.6.4 each side must receive an asset it lacks and may own', () => {
    const s = market();
    s.civs[1].techs = ['leadership', 'medicine'];
    s.civs[0].techs = [];
    const terms = tradeTerms(s, 0, 1);
    expect(terms).toContainEqual({ give: 'grain', get: 'leadership' });
    expect(terms).not.toContainEqual({ give: 'grain', get: 'medicine' }); // seat 0 lacks Leadership
    s.civs[0].goods = ['gold'];
    expect(tradeTerms(s, 0, 1).filter((t) => t.get === 'gold' || t.give === 'gold')).toEqual([]);
  });

  it('IM8.2.1, G29 only with a rival controlling a site where the trader is present, reached by a chain', () => {
    const s = market();
    expect(has(s, 0, { kind: 'trade', partner: 1, target: 'oman' })).toBe(true);
    s.board.oman![0] = 0;
    s.civs[0].supply++;
    expect(has(s, 0, { kind: 'trade' })).toBe(false);
  });

  it('IM8.2.1, G55 once per round with each rival; a blocked trade may be announced again', () => {
    let s = market();
    s.civs[0].goods = ['grain', 'cattle'];
    s.civs[1].goods = ['gold', 'wool'];
    put(s, 2, ['golfoPersico']);
    const trade = listed(s, 0, { kind: 'trade', partner: 1, target: 'oman', give: 'grain', get: 'wool' });
    s = act(s, 0, trade);
    s = act(s, 2, { kind: 'block' });
    expect(has(s, 0, { kind: 'trade', partner: 1 })).toBe(true);
    s = act(s, 0, listed(s, 0, { kind: 'trade', partner: 1, target: 'oman', give: 'cattle', get: 'wool' }));
    s = act(s, 2, { kind: 'letPass' });
    expect(s.civs[0].goods).toContain('wool');
    expect(has(s, 0, { kind: 'trade', partner: 1 })).toBe(false);
  });

  it('IM8.2.3 a trade may be blocked; a blocked trade changes nothing', () => {
    let s = market();
    put(s, 3, ['golfoPersico']);
    const before = JSON.stringify(s.civs);
    s = act(s, 0, listed(s, 0, { kind: 'trade', partner: 1, target: 'oman' }));
    expect(s.pending).toMatchObject({ kind: 'block', asked: [3] });
    s = act(s, 3, { kind: 'block' });
    expect(JSON.stringify(s.civs)).toBe(before);
  });

  it('IM8.2.1 a trade is not offered to oneself or without a route of at least one step', () => {
    const s = market();
    expect(isRefusal(applyAction(s, 0, { ...listed(s, 0, { kind: 'trade' }), partner: 0 }))).toBe(true);
    const t = listed(s, 0, { kind: 'trade' });
    expect(isRefusal(applyAction(s, 0, { ...t, route: ['oman'] }))).toBe(true);
  });
});
