/**
 * The Red phase (docs/imperios/RULES.md IM6, IM10.2, G21, G30–G37, G54): muster, conquer, eliminate, assault, the
 * defence and payment decisions, fortifications, and taking a totem back.
 */
import { describe, expect, it } from 'vitest';
import { applyAction, isRefusal, legalActions, type ImperiosState } from '../../../src/games/imperios/rules';
import { assaultCost, conquestGoods } from '../../../src/games/imperios/rules/red';
import { act, events, hand, has, listed, put, scenario, turn } from './helpers';

/** Seat 0 holds Babilonia and Sumeria's neighbours; seat 1 holds Persia. Red phase, seat 0's turn, seat 1 next. */
function red(): ImperiosState {
  const s = scenario(4);
  put(s, 0, ['babilonia'], 2);
  put(s, 0, ['golfoPersico', 'susa', 'sumeria']);
  put(s, 1, ['persia'], 2);
  put(s, 2, ['india'], 2);
  put(s, 3, ['saba'], 2);
  return turn(s, 'red', 0, [1, 2, 3]);
}

describe('IM6.1 muster', () => {
  it('IM6.1.1 one chit 1 army; Leadership three for 4; Medicine two for 3', () => {
    let s = red();
    hand(s, 0, { red: 6 });
    expect(legalActions(s, 0).filter((a) => a.kind === 'muster')).toEqual([{ kind: 'muster', deal: 'one' }]);
    s.civs[0].techs = ['leadership', 'medicine'];
    s = act(s, 0, { kind: 'muster', deal: 'one' });
    s = act(s, 0, { kind: 'muster', deal: 'basic' });
    s = act(s, 0, { kind: 'muster', deal: 'advanced' });
    expect(s.civs[0].armies).toBe(1 + 4 + 3);
    expect(s.civs[0].discard.red).toBe(6);
  });

  it('IM6.1.3, G21 in the Red phase others may muster in anyone’s turn; never in another phase', () => {
    const s = red();
    hand(s, 1, { red: 1 });
    expect(legalActions(s, 1)).toEqual([{ kind: 'muster', deal: 'one' }]);
    const next = act(s, 1, { kind: 'muster', deal: 'one' });
    expect(next.civs[1].armies).toBe(1);
    expect(next.pending).toEqual({ kind: 'turn', seat: 0 });
    turn(s, 'yellow', 0);
    expect(legalActions(s, 1)).toEqual([]);
  });
});

describe('IM6.2 conquer a neutral site', () => {
  it('IM6.2.1 exactly one totem, a neutral site, enough armies', () => {
    const s = red();
    s.civs[0].armies = 4;
    expect(has(s, 0, { kind: 'conquer', target: 'golfoPersico' })).toBe(false); // no site
    expect(has(s, 0, { kind: 'conquer', target: 'susa' })).toBe(false); // level 5: 5 armies
    s.civs[0].armies = 5;
    expect(has(s, 0, { kind: 'conquer', target: 'susa' })).toBe(true);
    put(s, 2, ['susa'], 2);
    expect(has(s, 0, { kind: 'conquer', target: 'susa' })).toBe(false); // not neutral
    expect(has(s, 0, { kind: 'conquer', target: 'babilonia' })).toBe(false); // two totems already
    expect(has(s, 0, { kind: 'conquer', target: 'caldea' })).toBe(false); // no totem there
  });

  it('IM6.2.2–IM6.2.3 the cost is the site’s number; a second totem gives control; others’ totems stay', () => {
    let s = red();
    s.civs[0].armies = 6;
    put(s, 2, ['sumeria']);
    s = act(s, 0, listed(s, 0, { kind: 'conquer', target: 'sumeria' }));
    expect(s.civs[0].armies).toBe(1);
    expect(s.board.sumeria).toEqual([2, 0, 1, 0]);
  });

  it('IM6.2.4, IM2.5.2 a City’s good: by level, the 5–8 goods from the City’s half, chosen by the conqueror', () => {
    const s = red();
    expect(conquestGoods(s, 0, 'sumeria')).toEqual([
      'grain',
      'cattle',
      'wool',
      'pottery',
      'dates',
      'cotton',
      'lapisLazuli',
      'frankincense',
      'ivory',
      'spices',
      'silk',
      'gold',
    ]);
    // Omán is a level 4 City: goods worth up to 8; Ormuz a level 3: up to 4.
    expect(conquestGoods(s, 0, 'oman')).toHaveLength(8);
    expect(conquestGoods(s, 0, 'ormuz')).toEqual(['grain', 'cattle', 'wool', 'pottery']);
    s.civs[0].goods = ['cattle', 'pottery'];
    expect(conquestGoods(s, 0, 'ormuz')).toEqual(['grain', 'wool']);
    expect(conquestGoods(s, 0, 'babilonia')).toEqual([]);
  });

  it('IM6.2.4 the West half’s Cities give the West set', () => {
    const s = scenario(5);
    expect(conquestGoods(s, 0, 'macedonia')).toEqual([
      'grain',
      'cattle',
      'wool',
      'pottery',
      'oliveOil',
      'wine',
      'tin',
      'purpleDye',
    ]);
  });

  it('IM6.2.4 the conqueror picks the good; with one option it is given; G34 with none, nothing', () => {
    let s = red();
    s.civs[0].armies = 10;
    s = act(s, 0, listed(s, 0, { kind: 'conquer', target: 'sumeria' }));
    expect(s.pending).toMatchObject({ kind: 'good', seat: 0 });
    expect(legalActions(s, 0)).toContainEqual({ kind: 'chooseGood', good: 'gold' });
    s = act(s, 0, { kind: 'chooseGood', good: 'gold' });
    expect(s.civs[0].goods).toEqual(['gold']);
    expect(s.pending).toEqual({ kind: 'turn', seat: 0 });

    let t = red();
    put(t, 0, ['ormuz']);
    t.civs[0].armies = 3;
    t.civs[0].goods = ['grain', 'cattle', 'wool'];
    t = act(t, 0, listed(t, 0, { kind: 'conquer', target: 'ormuz' }));
    expect(t.civs[0].goods).toEqual(['grain', 'cattle', 'wool', 'pottery']);
    expect(t.pending).toEqual({ kind: 'turn', seat: 0 });

    let u = red();
    put(u, 0, ['ormuz']);
    u.civs[0].armies = 3;
    u.civs[0].goods = ['grain', 'cattle', 'wool', 'pottery'];
    u = act(u, 0, listed(u, 0, { kind: 'conquer', target: 'ormuz' }));
    expect(u.civs[0].goods).toHaveLength(4);
    expect(events(u, 'good')).toEqual([]);
  });
});

describe('IM6.3 eliminate a rival’s presence', () => {
  it('IM6.3.1, G30 a lone rival totem where the attacker is present, with an army; not two totems', () => {
    const s = red();
    put(s, 1, ['sumeria', 'golfoPersico']);
    expect(has(s, 0, { kind: 'eliminate' })).toBe(false); // no army
    s.civs[0].armies = 1;
    expect(legalActions(s, 0).filter((a) => a.kind === 'eliminate')).toMatchObject([
      { target: 'sumeria', rival: 1 },
      { target: 'golfoPersico', rival: 1 },
    ]);
    put(s, 1, ['sumeria'], 2);
    expect(has(s, 0, { kind: 'eliminate', target: 'sumeria' })).toBe(false);
  });

  it('IM6.3.2–IM6.3.3 not defended: the totem is removed; defended: the rival loses an army', () => {
    let s = red();
    put(s, 1, ['sumeria']);
    s.civs[0].armies = 2;
    s.civs[1].armies = 1;
    s = act(s, 0, listed(s, 0, { kind: 'eliminate', target: 'sumeria', rival: 1 }));
    expect(s.civs[0].armies).toBe(1);
    expect(s.pending).toMatchObject({ kind: 'defend', seat: 1, attacker: 0, limitSeconds: 45 });
    const kept = act(s, 1, { kind: 'defend' });
    expect(kept.civs[1].armies).toBe(0);
    expect(kept.board.sumeria![1]).toBe(1);
    expect(kept.pending).toEqual({ kind: 'turn', seat: 0 });
    const lost = act(s, 1, { kind: 'noDefence' });
    expect(lost.board.sumeria![1]).toBe(0);
    expect(lost.civs[1].supply).toBe(40 - 2);
  });

  it('IM6.3.3, IM6.1.3 the rival may muster while asked, then defend', () => {
    let s = red();
    put(s, 1, ['sumeria']);
    s.civs[0].armies = 1;
    hand(s, 1, { red: 1 });
    s = act(s, 0, listed(s, 0, { kind: 'eliminate', target: 'sumeria', rival: 1 }));
    expect(legalActions(s, 1)).toEqual([{ kind: 'noDefence' }, { kind: 'muster', deal: 'one' }]);
    s = act(s, 1, { kind: 'muster', deal: 'one' });
    expect(legalActions(s, 1)[0]).toEqual({ kind: 'defend' });
    s = act(s, 1, { kind: 'defend' });
    expect(s.board.sumeria![1]).toBe(1);
  });

  it('IM6.3.3, G37 a rival with neither army nor red chit is not asked', () => {
    let s = red();
    put(s, 1, ['sumeria']);
    s.civs[0].armies = 1;
    s = act(s, 0, listed(s, 0, { kind: 'eliminate', target: 'sumeria', rival: 1 }));
    expect(s.pending).toEqual({ kind: 'turn', seat: 0 });
    expect(s.board.sumeria![1]).toBe(0);
  });

  it('IM5.2.1, G27 a lone rival totem in the Capital itself is attacked with no route to block', () => {
    let s = red();
    put(s, 1, ['babilonia']);
    put(s, 2, ['golfoPersico']);
    s.civs[0].armies = 1;
    const a = listed(s, 0, { kind: 'eliminate', target: 'babilonia', rival: 1 });
    expect(a).toMatchObject({ route: ['babilonia'] });
    s = act(s, 0, a);
    expect(s.board.babilonia![1]).toBe(0);
  });
});

describe('IM6.4–IM6.5 assault a rival’s site', () => {
  /** Seat 1 controls Susa (a level 5 City) where seat 0 is present. */
  function susa(): ImperiosState {
    const s = red();
    put(s, 1, ['susa'], 2);
    s.civs[0].armies = 6;
    s.civs[1].armies = 1;
    return s;
  }

  it('IM6.4.1 where the attacker is present, with an army', () => {
    const s = susa();
    expect(has(s, 0, { kind: 'assault', target: 'susa' })).toBe(true);
    s.civs[0].armies = 0;
    expect(has(s, 0, { kind: 'assault', target: 'susa' })).toBe(false);
  });

  it('IM6.4.2, IM6.5.1 the cost is the site’s number plus Engineering plus the Pyramids', () => {
    const s = susa();
    expect(assaultCost(s, 'susa')).toBe(5);
    s.civs[1].techs = ['leadership', 'engineering'];
    expect(assaultCost(s, 'susa')).toBe(6);
    s.civs[1].wonder = 'pyramids';
    expect(assaultCost(s, 'susa')).toBe(7);
    expect(assaultCost(s, 'persia')).toBe(7); // a Capital with both
    put(s, 1, ['oman'], 2);
    expect(assaultCost(s, 'oman')).toBe(6);
  });

  it('IM6.4.3 defended: the rival loses an army and the assault ends', () => {
    let s = susa();
    s = act(s, 0, listed(s, 0, { kind: 'assault', target: 'susa' }));
    s = act(s, 1, { kind: 'defend' });
    expect([s.civs[0].armies, s.civs[1].armies, s.board.susa![1]]).toEqual([5, 0, 2]);
  });

  it('IM6.4.4–IM6.4.5 not defended: the attacker pays the rest; the site becomes neutral; census by site', () => {
    let s = susa();
    s.civs[1].techs = ['leadership', 'engineering'];
    s.civs[1].goods = ['silk'];
    s = act(s, 0, listed(s, 0, { kind: 'assault', target: 'susa' }));
    s = act(s, 1, { kind: 'noDefence' });
    expect(s.pending).toMatchObject({ kind: 'assaultPay', seat: 0, rest: 5 });
    s = act(s, 0, { kind: 'payAssault' });
    expect(s.civs[0].armies).toBe(0);
    expect(s.board.susa).toEqual([1, 0, 0, 0]);
    expect(s.civs[1].goods).toEqual(['silk']); // G33
    expect(s.civs[0].census).toBe(3); // level 5 City
    expect(s.civs[1].supply).toBe(40 - 2); // its totems in Persia remain
  });

  it('IM6.4.4, G32 the attacker may muster before paying, or stop and lose the first army', () => {
    let s = susa();
    s.civs[0].armies = 3;
    hand(s, 0, { red: 2 });
    s = act(s, 0, listed(s, 0, { kind: 'assault', target: 'susa' }));
    s = act(s, 1, { kind: 'noDefence' });
    expect(legalActions(s, 0)).toEqual([{ kind: 'stopAssault' }, { kind: 'muster', deal: 'one' }]);
    const stopped = act(s, 0, { kind: 'stopAssault' });
    expect(stopped.civs[0].armies).toBe(2);
    expect(stopped.board.susa![1]).toBe(2);
    s = act(act(s, 0, { kind: 'muster', deal: 'one' }), 0, { kind: 'muster', deal: 'one' });
    s = act(s, 0, { kind: 'payAssault' });
    expect(s.board.susa![1]).toBe(0);
  });

  it('G54 an attacker that can neither pay nor muster is not asked', () => {
    let s = susa();
    s.civs[0].armies = 2;
    s = act(s, 0, listed(s, 0, { kind: 'assault', target: 'susa' }));
    s = act(s, 1, { kind: 'noDefence' });
    expect(s.pending).toEqual({ kind: 'turn', seat: 0 });
    expect(events(s, 'assaultStopped')).toHaveLength(1);
  });

  it('IM6.4.5–IM6.4.6 sacking a rival’s last Capital gives 5 census spaces and triggers the end', () => {
    let s = red();
    put(s, 0, ['persia']);
    s.civs[0].armies = 5;
    s = act(s, 0, listed(s, 0, { kind: 'assault', target: 'persia' }));
    // Seat 1 has neither army nor red chit: not asked (G37); seat 0 pays the other 4.
    s = act(s, 0, { kind: 'payAssault' });
    expect(s.civs[0].census).toBe(5);
    expect(s.triggers.capitalLost).toEqual([1]);
    expect(events(s, 'trigger')[0]).toMatchObject({ rule: 'IM12.1.2', seat: 1 });
  });
});

describe('IM10.2 the totem supply', () => {
  it('IM10.2 with no totem left, the civilization takes one back first, never one on the route', () => {
    let s = red();
    put(s, 0, ['caldea']);
    s.civs[0].supply = 0;
    s.civs[0].armies = 5;
    s = act(s, 0, listed(s, 0, { kind: 'conquer', target: 'sumeria' }));
    expect(s.pending).toMatchObject({ kind: 'takeBack', seat: 0 });
    const options = legalActions(s, 0).filter((a) => a.kind === 'takeBack');
    expect(options.map((a) => (a as { territory: string }).territory)).toEqual(['susa', 'caldea', 'golfoPersico']);
    expect(isRefusal(applyAction(s, 0, { kind: 'takeBack', territory: 'babilonia' }))).toBe(true);
    s = act(s, 0, { kind: 'takeBack', territory: 'caldea' });
    expect(s.board.caldea![0]).toBe(0);
    expect(s.board.sumeria![0]).toBe(2);
    expect(s.civs[0].supply).toBe(0);
  });

  it('IM10.2 with no totem to take back, the action cannot be taken', () => {
    const s = scenario(4);
    put(s, 0, ['babilonia'], 2);
    put(s, 0, ['sumeria']);
    s.civs[0].supply = 0;
    s.civs[0].armies = 5;
    expect(has(s, 0, { kind: 'conquer', target: 'sumeria' })).toBe(false);
  });

  it('IM10.2, IM12.1.2 taking back a totem of a controlled Capital ends that control; another Capital keeps the game on', () => {
    let s = red();
    put(s, 0, ['caldea']);
    put(s, 0, ['persia']);
    put(s, 1, ['persia'], 0);
    put(s, 0, ['persia'], 2);
    s.civs[0].supply = 0;
    s.civs[0].armies = 5;
    s = act(s, 0, listed(s, 0, { kind: 'conquer', target: 'sumeria' }));
    s = act(s, 0, { kind: 'takeBack', territory: 'persia' });
    expect(s.board.persia![0]).toBe(1);
    expect(s.triggers.capitalLost).toEqual([]);
  });
});
