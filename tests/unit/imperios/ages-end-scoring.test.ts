/**
 * Ages, the end of the game and final scoring (docs/imperios/RULES.md IM11–IM13, G13, G39, G42, G44–G47).
 */
import { describe, expect, it } from 'vitest';
import {
  endReasons,
  goalCounts,
  legalActions,
  meetsGoals,
  scoreCiv,
  type ImperiosState,
} from '../../../src/games/imperios/rules';
import { halfRoundedUp } from '../../../src/games/imperios/rules/end';
import type { ModeId } from '../../../src/games/imperios/content/modes';
import { act, events, put, scenario, turn } from './helpers';

const CAPITALS = ['babilonia', 'persia', 'india', 'saba'] as const;

/** Four civilizations, each with its Capital; the last turn of the Black phase is seat 0's. */
function lastTurn(mode: ModeId = 'normal', players = 4): ImperiosState {
  const s = scenario(players, { mode });
  const capitals =
    players === 4 ? CAPITALS : (['babilonia', 'persia', 'india', 'saba', 'roma', 'cartago', 'egipto'] as const);
  for (let seat = 0; seat < players; seat++) put(s, seat, [capitals[seat]], 2);
  for (const civ of s.civs) {
    civ.cup.black = 10;
    s.pool.black -= 10;
  }
  return turn(s, 'black', 0, []);
}

/** Make seat meet the goals of `age` exactly. */
function meet(s: ImperiosState, seat: number, goods: number, techs: number): void {
  s.civs[seat].goods = (['grain', 'cattle', 'wool', 'pottery', 'ivory', 'spices', 'silk', 'gold'] as const).slice(
    0,
    goods,
  );
  s.civs[seat].techs = (
    ['leadership', 'agriculture', 'currency', 'irrigation', 'medicine', 'religion', 'caravans', 'mining'] as const
  ).slice(0, techs);
}

describe('IM11 Ages', () => {
  it('IM11.2 the goals count Capitals and Cities controlled, goods and technologies owned', () => {
    const s = lastTurn();
    put(s, 0, ['sumeria', 'susa'], 2);
    put(s, 0, ['oman']);
    meet(s, 0, 2, 3);
    expect(goalCounts(s, 0)).toEqual({ capitals: 1, cities: 2, goods: 2, techs: 3 });
    expect(meetsGoals(s, 0, 'stone')).toBe(true);
    expect(meetsGoals(s, 0, 'copper')).toBe(false);
  });

  it('IM11.3 at step 7 every civilization meeting its Age’s goals moves up one Age, at once', () => {
    let s = lastTurn();
    for (const seat of [0, 1]) {
      put(s, seat, [(['sumeria', 'ormuz'] as const)[seat]], 2);
      meet(s, seat, 4, 4);
    }
    s = act(s, 0, { kind: 'endTurn' });
    expect(s.civs.map((c) => c.age)).toEqual(['copper', 'copper', 'stone', 'stone']);
    expect(events(s, 'age').map((e) => e.seat)).toEqual([0, 1]);
    // IM11.1: the next round's draw is the Copper hand size.
    expect(events(s, 'draw').find((e) => e.seat === 0 && e.round === 2)!.chits.black).toBe(5);
  });

  it('IM11.3, G44 never past the Last Age, one Age per round', () => {
    let s = lastTurn('tutorial');
    s.civs[0].age = 'copper';
    put(s, 0, ['sumeria', 'susa', 'persia'], 2);
    meet(s, 0, 4, 4);
    s = act(s, 0, { kind: 'endTurn' });
    expect(s.civs[0].age).toBe('copper');
  });

  it('IM11.4 a civilization never moves down', () => {
    let s = lastTurn();
    s.civs[2].age = 'bronze';
    s = act(s, 0, { kind: 'endTurn' });
    expect(s.civs[2].age).toBe('bronze');
  });
});

describe('IM12 the end of the game', () => {
  it('IM12.2 with no condition the round goes on to the reserve and the next round', () => {
    let s = lastTurn();
    s = act(s, 0, { kind: 'endTurn' });
    expect(s.phase).toBe('pool');
    expect(s.round).toBe(2);
    expect(s.result).toBeNull();
  });

  it('IM12.1.1, IM12.2 a pool that ran out ends the game at the end check, not before', () => {
    let s = lastTurn();
    s.triggers.poolOut = ['red'];
    expect(endReasons(s)).toEqual(['poolOut']);
    s = act(s, 0, { kind: 'endTurn' });
    expect(s.phase).toBe('over');
    expect(s.result!.reasons).toEqual(['poolOut']);
    expect(events(s, 'reserve')).toEqual([]);
    for (let seat = 0; seat < 4; seat++) expect(legalActions(s, seat)).toEqual([]);
  });

  it('IM12.1.2, G45 a Capital lost during the round ends the game even if retaken', () => {
    let s = lastTurn();
    s.triggers.capitalLost = [2];
    s = act(s, 0, { kind: 'endTurn' });
    expect(s.result!.reasons).toEqual(['capitalLost']);
  });

  it('IM12.1.3 half the civilizations, rounded up, in the Last Age', () => {
    expect([4, 5, 6, 7].map(halfRoundedUp)).toEqual([2, 3, 3, 4]);
    const s = lastTurn('tutorial');
    s.civs[0].age = 'copper';
    expect(endReasons(s)).toEqual([]);
    s.civs[3].age = 'copper';
    expect(endReasons(s)).toEqual(['halfInLastAge']);
    const seven = lastTurn('normal', 7);
    for (const seat of [0, 1, 2]) seven.civs[seat].age = 'bronze';
    expect(endReasons(seven)).toEqual([]);
    seven.civs[6].age = 'bronze';
    expect(endReasons(seven)).toEqual(['halfInLastAge']);
  });

  it('IM12.1.4 a civilization meeting the Last Age’s goals ends the game, whatever its Age', () => {
    const s = lastTurn('tutorial');
    put(s, 0, ['persia'], 2);
    put(s, 1, ['persia'], 0);
    put(s, 0, ['sumeria', 'susa'], 2);
    meet(s, 0, 4, 4);
    expect(s.civs[0].age).toBe('stone');
    expect(endReasons(s)).toEqual(['lastAgeGoals']);
  });
});

describe('IM13 final scoring', () => {
  it('IM13.1.1, G13, G39 wealth: 2 points per Census space, 3 with Market', () => {
    const s = lastTurn();
    s.civs[0].census = 12;
    expect(scoreCiv(s, 0).wealth).toBe(24);
    s.civs[0].techs = ['agriculture', 'market'];
    expect(scoreCiv(s, 0).wealth).toBe(36);
  });

  it('IM13.1.2 marginal areas: the wreaths of territories where only its totems stand', () => {
    const s = lastTurn();
    put(s, 0, ['zagros', 'caldea', 'golfoPersico']); // 2 + 1 + 1
    expect(scoreCiv(s, 0).marginal).toBe(4);
    put(s, 1, ['golfoPersico']);
    expect(scoreCiv(s, 0).marginal).toBe(3);
    expect(scoreCiv(s, 1).marginal).toBe(0);
  });

  it('IM13.1.3–IM13.1.4 5 per Capital, the level of each City controlled', () => {
    const s = lastTurn();
    put(s, 0, ['sumeria', 'oman'], 2);
    put(s, 0, ['ormuz']);
    expect(scoreCiv(s, 0)).toMatchObject({ capitals: 5, cities: 5 + 4 });
  });

  it('IM13.1.5, G42 12 for a wonder; the Colossus adds 1 per technology owned', () => {
    const s = lastTurn();
    s.civs[0].wonder = 'pyramids';
    s.civs[0].techs = ['leadership', 'medicine'];
    expect(scoreCiv(s, 0).wonder).toBe(12);
    s.civs[0].wonder = 'colossus';
    expect(scoreCiv(s, 0).wonder).toBe(14);
  });

  it('IM13.1.6 technologies: per colour, the highest tier owned', () => {
    const s = lastTurn();
    s.civs[0].techs = ['leadership', 'medicine', 'engineering', 'agriculture', 'religion', 'currency'];
    expect(scoreCiv(s, 0).techs).toBe(15 + 9 + 4);
  });

  it('IM13.1.7, G46 minus 3 per good missing to the Last Age’s goal (4, 6, 8)', () => {
    for (const [mode, players, goal] of [
      ['tutorial', 4, 4],
      ['normal', 4, 6],
      ['epic', 6, 8],
    ] as const) {
      const s = lastTurn(mode, players);
      s.civs[0].goods = ['grain'];
      expect(scoreCiv(s, 0).missingGoods).toBe(-3 * (goal - 1));
      s.civs[0].goods = ['grain', 'cattle', 'wool', 'pottery', 'ivory', 'spices', 'silk', 'gold'];
      expect(scoreCiv(s, 0).missingGoods).toBe(0);
    }
  });

  it('IM13.1 the total is the sum of the categories', () => {
    const s = lastTurn();
    s.civs[0].census = 3;
    s.civs[0].wonder = 'colossus';
    s.civs[0].techs = ['leadership'];
    s.civs[0].goods = ['gold'];
    const line = scoreCiv(s, 0);
    expect(line).toEqual({
      seat: 0,
      wealth: 6,
      marginal: 0,
      capitals: 5,
      cities: 0,
      wonder: 13,
      techs: 4,
      missingGoods: -15,
      total: 6 + 5 + 13 + 4 - 15,
    });
  });

  it('IM13.2, G47 the highest total wins; ties go to the most senior', () => {
    let s = lastTurn();
    s.seniority = [2, 3, 1, 0];
    s.triggers.poolOut = ['blue'];
    s.civs[1].census = 4;
    s.civs[3].census = 4;
    s = act(s, 0, { kind: 'endTurn' });
    expect(s.result!.ranking).toEqual([3, 1, 2, 0]);
    expect(s.result!.winner).toBe(3);
    expect(s.result!.scores.map((l) => l.seat)).toEqual([0, 1, 2, 3]);
    expect(events(s, 'gameOver')[0]).toMatchObject({ winner: 3, rule: 'IM12.2' });
  });
});
