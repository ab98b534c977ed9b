/**
 * R5 Combat — scripted scenarios with exact dice. Dice are consumed white before black, attacker before
 * defender (R3 intro); exactDice() throws if the core rolls one die more than scripted, and every test checks
 * that all scripted dice were used, so the number of dice rolled is asserted too.
 *
 * Board (TEST_GRID):  (1,·) A B IMP C D / (2,·) E F G H I / (3,·) J K L M N. Fights happen on G; attackers
 * come from F (or H). The hidden base is on N unless a test moves it.
 */
import { describe, expect, it } from 'vitest';
import type { Faction, LeaderId, ObjectiveId, PlanetId, UnitType } from '../../src/game/content';
import { apply, legalActions, type Action, type GameState, type Rng, type Units } from '../../src/game/rules';
import { legalTargets } from '../../src/game/rules/combat';
import {
  act, answerOpposition, exactDice, giveObjectives, operationsWith, placeLeader, put, reveal, scenario, setBase,
} from '../helpers/build';

const P: PlanetId = 'G';
const Q: PlanetId = 'F';
const Q2: PlanetId = 'H';
const other = (f: Faction): Faction => (f === 'R' ? 'I' : 'R');
const u = (x: Partial<Units>): Units => ({ f: 0, c: 0, s: 0, ...x });

/** Attacker units on Q, defender units on P, `atk` to act in Operations, objective hand as given. */
function fight(atk: Faction, atkUnits: Partial<Units>, defUnits: Partial<Units>, hand: ObjectiveId[] = []): GameState {
  const s = scenario('N');
  put(s, Q, atk, atkUnits);
  put(s, P, other(atk), defUnits);
  giveObjectives(s, hand);
  operationsWith(s, {}, atk);
  return s;
}

function move(
  s: GameState, f: Faction, from: PlanetId, units: Partial<Units>, rng: Rng, leader?: LeaderId, to: PlanetId = P,
): void {
  act(s, f, {
    type: 'moveFleet', from, to, units: u(units), captive: false, leader: leader ?? (f === 'R' ? 'LD-R1' : 'LD-I1'),
  }, rng);
}

const rolls = (s: GameState) => s.log.filter((e) => e.e === 'diceRolled')
  .map((e) => ({ by: e.by as Faction, dice: (e.dice as { colour: string; value: number }[]).map((d) => `${d.colour}${d.value}`).join(' ') }));
const hits = (s: GameState) => s.log.filter((e) => e.e === 'hit').map((e) => `${e.by}>${e.unit}${e.hpLeft}`);
const count = (s: GameState, e: string) => s.log.filter((x) => x.e === e).length;
const hitChoice = (unit: UnitType, hp: number): Action => ({ type: 'assignHit', unit, hp });

describe('R5 Combat', () => {
  describe('R5.6 dice pool: at most 3 white and 3 black dice', () => {
    it('R5.6 an Imperial fleet with 6 white and 5 black dice rolls 3 + 3; 1 Rebel starfighter rolls 1 black', () => {
      const s = fight('I', { s: 1, c: 2, f: 3 }, { f: 1 });
      const rng = exactDice(1, 1, 1, 4, 1, 1, /* Rebel */ 1);
      move(s, 'I', Q, { s: 1, c: 2, f: 3 }, rng);
      expect(rng.left()).toBe(0);
      expect(rolls(s)).toEqual([{ by: 'I', dice: 'w1 w1 w1 b4 b1 b1' }, { by: 'R', dice: 'b1' }]);
      expect(s.lastCombat).toEqual({ planet: P, attacker: 'I', winner: 'I', destroyed: [{ f: 'R', t: 'f' }] });
    });

    it('R5.6 a Rebel fleet of 4 capital ships and 2 starfighters (4 white, 6 black) rolls 3 + 3', () => {
      const s = fight('R', { c: 4, f: 2 }, { f: 1 });
      const rng = exactDice(1, 1, 1, 4, 1, 1, /* Imperial */ 1);
      move(s, 'R', Q, { c: 4, f: 2 }, rng);
      expect(rng.left()).toBe(0);
      expect(rolls(s)).toEqual([{ by: 'R', dice: 'w1 w1 w1 b4 b1 b1' }, { by: 'I', dice: 'b1' }]);
      expect(s.lastCombat).toEqual({ planet: P, attacker: 'R', winner: 'R', destroyed: [{ f: 'I', t: 'f' }] });
      expect(s.planets[P].R).toEqual(u({ c: 4, f: 2 }));
    });
  });

  describe('R5.7 results and colours', () => {
    it('R5.7 black 4-5 damages only starfighters, white 4-5 only capital-class, a 6 any unit', () => {
      const s = fight('I', { c: 1, f: 1 }, { c: 1, f: 1 });
      const rng = exactDice(
        4, 5, 4, // wave 1, Imperial: w4 w5 b4 → black hit to the Rebel starfighter, both whites to the capital ship
        4, 4, 1, // wave 1, Rebel: w4 b4 b1 → black hit to the Imperial starfighter, white hit to the capital ship
        6, 1, // wave 2, Imperial capital ship alone: w6 w1 → critical finishes the Rebel capital ship (1 HP left)
        1, 1, // wave 2, Rebel capital ship at 0 HP still rolls w1 b1
      );
      move(s, 'I', Q, { c: 1, f: 1 }, rng);
      expect(rng.left()).toBe(0);
      expect(hits(s)).toEqual(['I>f0', 'I>c2', 'I>c1', 'R>f0', 'R>c2', 'I>c0']);
      expect(rolls(s).map((r) => r.dice)).toEqual(['w4 w5 b4', 'w4 b4 b1', 'w6 w1', 'w1 b1']);
      expect(s.lastCombat?.winner).toBe('I');
      // R5.4: the survivor is repaired (its damage lived only in the combat state).
      expect(s.planets[P].I).toEqual(u({ c: 1 }));
    });

    it('R5.7 / R5.8 black basic hits against capital-class units only and white basic hits against starfighters only are lost', () => {
      const s = fight('R', { f: 2 }, { c: 1 });
      const rng = exactDice(
        4, 5, // wave 1, Rebel: b4 b5 → no starfighter to hit: lost
        4, 5, // wave 1, Imperial: w4 w5 → no capital-class Rebel unit: lost
        1, 1, // wave 2, Rebel: misses
        6, 6, // wave 2, Imperial: two criticals destroy both starfighters
      );
      move(s, 'R', Q, { f: 2 }, rng);
      expect(rng.left()).toBe(0);
      expect(hits(s)).toEqual(['I>f0', 'I>f0']);
      expect(s.lastCombat).toEqual({
        planet: P, attacker: 'R', winner: 'I', destroyed: [{ f: 'R', t: 'f' }, { f: 'R', t: 'f' }],
      });
      expect(s.supply.R.f).toBe(12);
    });

    it('R5.7 (C50) a white basic hit damages the Star Fortress', () => {
      const s = fight('R', { c: 1 }, { s: 1 });
      const rng = exactDice(
        4, 1, // Rebel: w4 → SF 3 HP
        1, 1, 1, 1, // SF: misses
        1, 1, // Rebel: misses
        4, 4, 6, 1, // SF: w4 w4 b6 b1 → two white hits and a critical on the capital ship
      );
      move(s, 'R', Q, { c: 1 }, rng);
      expect(rng.left()).toBe(0);
      expect(hits(s)).toEqual(['R>s3', 'I>c2', 'I>c1', 'I>c0']);
      expect(s.lastCombat?.winner).toBe('I');
      expect(s.planets[P].I).toEqual(u({ s: 1 }));
    });
  });

  describe('R5.8 assigning hits', () => {
    it('R5.8 black hits first, then white, then critical; the roller chooses between unit classes and cannot skip', () => {
      const s = fight('R', { c: 2 }, { c: 1, f: 2 }, ['O1-2', 'O2-2', 'O2-4', 'O1-8']);
      const rng = exactDice(
        4, 6, 4, 1, // wave 1, Rebel: w4 w6 b4 b1 → black to a starfighter, white to the capital ship, then the critical
        1, 1, 1, 1, // wave 1, Imperial (capital ship + both starfighters, one at 0 HP): misses
        6, 1, 6, 1, // wave 2, Rebel: two criticals
        1, 1, 1, // wave 2, Imperial (capital ship + remaining starfighter at 0 HP): misses
      );
      move(s, 'R', Q, { c: 2 }, rng);
      // The black and the white hit were assigned automatically (one legal class each); the critical is a choice.
      expect(hits(s)).toEqual(['R>f0', 'R>c2']);
      expect(s.pending).toEqual({ kind: 'assignHit', seat: 'R' });
      expect(legalActions(s, 'R')).toEqual([hitChoice('f', 1), hitChoice('c', 2)]);
      expect(legalActions(s, 'I')).toEqual([]);
      act(s, 'R', hitChoice('c', 2), rng);
      // Wave 2: first critical again a choice (starfighter 1 HP or capital ship 1 HP).
      expect(legalActions(s, 'R')).toEqual([hitChoice('f', 1), hitChoice('c', 1)]);
      act(s, 'R', hitChoice('f', 1), rng);
      expect(rng.left()).toBe(0);
      expect(hits(s)).toEqual(['R>f0', 'R>c2', 'R>c1', 'R>f0', 'R>c0']);
      // R5.10 — the combat record read by after-combat objectives.
      expect(s.lastCombat).toEqual({
        planet: P, attacker: 'R', winner: 'R', destroyed: [{ f: 'I', t: 'f' }, { f: 'I', t: 'f' }, { f: 'I', t: 'c' }],
      });
      // R4.5.2 after-combat window: O1-2 (won), O2-2 (won + capital ship destroyed), O2-4 (won + 3 units); not O1-8.
      expect(s.pending).toEqual({ kind: 'objective', seat: 'R', window: 'combat' });
      expect(legalActions(s, 'R')).toEqual([
        { type: 'revealObjective', card: 'O1-2' }, { type: 'revealObjective', card: 'O2-2' },
        { type: 'revealObjective', card: 'O2-4' }, { type: 'revealObjective', card: null },
      ]);
    });

    it('R5.8 a hit is lost when every unit it could damage is already at 0 HP', () => {
      const s = fight('R', { c: 1 }, { f: 1 });
      const rng = exactDice(6, 4, /* Imperial */ 1);
      move(s, 'R', Q, { c: 1 }, rng);
      expect(rng.left()).toBe(0);
      expect(hits(s)).toEqual(['R>f0']); // the critical found no target with ≥1 HP
      expect(s.lastCombat?.winner).toBe('R');
    });
  });

  describe('R5.5 waves', () => {
    it('R5.5 / C35 defender units reduced to 0 HP still fire in the same wave; removed units do not fire again', () => {
      const s = fight('I', { c: 1, f: 1 }, { f: 2 });
      const rng = exactDice(
        1, 1, 4, // wave 1, Imperial: b4 destroys one Rebel starfighter
        4, 4, // wave 1, Rebel: BOTH starfighters roll; first black hits the Imperial starfighter, second is lost
        6, 1, // wave 2, Imperial: only the capital ship is left (2 white)
        1, // wave 2, Rebel: the surviving starfighter
      );
      move(s, 'I', Q, { c: 1, f: 1 }, rng);
      expect(rng.left()).toBe(0);
      expect(rolls(s)).toEqual([
        { by: 'I', dice: 'w1 w1 b4' }, { by: 'R', dice: 'b4 b4' }, { by: 'I', dice: 'w6 w1' }, { by: 'R', dice: 'b1' },
      ]);
      expect(s.lastCombat?.destroyed).toEqual([{ f: 'R', t: 'f' }, { f: 'I', t: 'f' }, { f: 'R', t: 'f' }]);
      expect(s.lastCombat?.winner).toBe('I');
    });

    it('R5.4 damage lasts across the waves of one combat; survivors are repaired for the next combat', () => {
      const s = fight('R', { f: 3 }, { c: 1 });
      put(s, Q2, 'R', { f: 3 });
      const rng = exactDice(
        6, 1, 1, 4, 1, // wave 1: critical → capital ship 2 HP; the Imperial white 4 cannot hit starfighters
        6, 1, 1, 6, 6, // wave 2: critical → 1 HP; two Imperial criticals destroy two starfighters
        1, 6, 1, // wave 3: one Rebel die; the Imperial critical destroys the last starfighter
      );
      move(s, 'R', Q, { f: 3 }, rng);
      expect(rng.left()).toBe(0);
      expect(hits(s)).toEqual(['R>c2', 'R>c1', 'I>f0', 'I>f0', 'I>f0']);
      expect(s.planets[P].I).toEqual(u({ c: 1 }));
      // Second combat on the same planet: the capital ship starts again at 3 HP (two hits leave it at 1).
      act(s, 'I', { type: 'pass' }, rng);
      const rng2 = exactDice(6, 6, 1, 6, 6, /* wave 2 */ 1, 6, 1);
      move(s, 'R', Q2, { f: 3 }, rng2, 'LD-R2');
      expect(rng2.left()).toBe(0);
      expect(hits(s).slice(5)).toEqual(['R>c2', 'R>c1', 'I>f0', 'I>f0', 'I>f0']);
      expect(s.planets[P].I).toEqual(u({ c: 1 }));
      expect(s.stats.combats).toBe(2);
    });

    it('R5.10 mutual destruction: both sides lose their last unit in the same wave', () => {
      const s = fight('R', { f: 1 }, { f: 1 });
      const rng = exactDice(4, 4);
      move(s, 'R', Q, { f: 1 }, rng);
      expect(rng.left()).toBe(0);
      expect(s.lastCombat).toEqual({
        planet: P, attacker: 'R', winner: 'none', destroyed: [{ f: 'R', t: 'f' }, { f: 'I', t: 'f' }],
      });
      expect(s.planets[P].R).toEqual(u({}));
      expect(s.planets[P].I).toEqual(u({}));
      expect(s.supply.R.f).toBe(12);
      expect(s.supply.I.f).toBe(16);
    });
  });

  describe('R5.2 attacker and defender', () => {
    it('R5.2 the faction whose units arrived last attacks and rolls first', () => {
      const a = fight('R', { f: 1 }, { f: 1 });
      move(a, 'R', Q, { f: 1 }, exactDice(4, 4));
      const b = fight('I', { c: 1 }, { f: 1 });
      move(b, 'I', Q, { c: 1 }, exactDice(6, 1, 1));
      expect(a.log.find((e) => e.e === 'combatStarted')).toMatchObject({ planet: P, attacker: 'R' });
      expect(rolls(a)[0].by).toBe('R');
      expect(b.log.find((e) => e.e === 'combatStarted')).toMatchObject({ planet: P, attacker: 'I' });
      expect(rolls(b)[0].by).toBe('I');
    });

    it('R5.2 / R6.2.5 Imperial units entering the hidden base: the base-card units join and the Imperial attacks', () => {
      const s = scenario('K');
      put(s, Q, 'I', { c: 1 });
      put(s, 'K', 'R', { f: 1 });
      put(s, 'BASE', 'R', { c: 1 });
      put(s, 'A', 'R', { f: 1 }); // so the Rebel still has a move and Operations goes on
      giveObjectives(s, []);
      operationsWith(s, {}, 'I');
      const rng = exactDice(
        6, 6, // Imperial: two criticals (first one a choice between the starfighter and the capital ship)
        4, 1, 1, // Rebel: capital ship (from the base card) w4 b1 + starfighter b1 → white hit on the capital ship
        6, 6, // wave 2, Imperial: two criticals on the capital ship (2 HP)
        1, 1, // wave 2, Rebel capital ship
      );
      move(s, 'I', Q, { c: 1 }, rng, 'LD-I1', 'K');
      expect(s.base.revealed).toBe(true);
      expect(s.base.units).toEqual(u({}));
      expect(s.log.find((e) => e.e === 'baseRevealed')).toMatchObject({ planet: 'K', units: u({ c: 1 }) });
      expect(s.log.find((e) => e.e === 'combatStarted')).toMatchObject({ planet: 'K', attacker: 'I' });
      expect(legalActions(s, 'I')).toEqual([hitChoice('f', 1), hitChoice('c', 3)]);
      act(s, 'I', hitChoice('f', 1), rng);
      expect(rng.left()).toBe(0);
      expect(rolls(s).map((r) => r.by)).toEqual(['I', 'R', 'I', 'R']);
      expect(rolls(s)[1].dice).toBe('w4 b1 b1');
      expect(s.lastCombat).toEqual({
        planet: 'K', attacker: 'I', winner: 'I', destroyed: [{ f: 'R', t: 'f' }, { f: 'R', t: 'c' }],
      });
      // R1.2.1: occupation is not decided by this state check, only at the end of Operations.
      expect(s.winner).toBeNull();
      expect(s.pending).toEqual({ kind: 'turn', seat: 'R' });
    });

    it('R5.1 / R5.2 R-04 placing Rebel starfighters on a revealed base held by Imperial units: the Rebel attacks', () => {
      const s = scenario('K');
      setBase(s, 'K', true);
      put(s, 'K', 'I', { c: 1, f: 1 });
      giveObjectives(s, []);
      operationsWith(s, { R: [{ card: 'R-04', leader: 'LD-R1' }] }, 'R');
      const rng = exactDice(
        4, 4, // Rebel starfighters: first black hit on the Imperial starfighter, second lost
        6, 1, 1, // Imperial: w6 w1 b1 (the starfighter at 0 HP still rolls) → critical on a Rebel starfighter
        1, // wave 2, Rebel
        6, 1, // wave 2, Imperial capital ship
      );
      reveal(s, 'R', 'R-04', 'K', rng);
      expect(rng.left()).toBe(0);
      expect(s.log.find((e) => e.e === 'combatStarted')).toMatchObject({ planet: 'K', attacker: 'R' });
      expect(rolls(s).map((r) => `${r.by}:${r.dice}`)).toEqual(['R:b4 b4', 'I:w6 w1 b1', 'R:b1', 'I:w6 w1']);
      expect(s.lastCombat?.winner).toBe('I');
    });
  });

  describe('R5.9 Star Fortress protection and Secret Plans (C23)', () => {
    it('R5.9 without Secret Plans the SF stops at 1 HP; the prompt comes once per Rebel roll with only "no" legal', () => {
      const s = fight('R', { c: 2, f: 1 }, { s: 1 }, ['O1-2']);
      const rng = exactDice(
        6, 6, 6, 6, 6, // wave 1, Rebel: five criticals → SF 3, 2, 1, then the prompt; the last two are lost
        6, 6, 6, 6, // wave 1, SF: four criticals (Imperial choices below)
        6, 1, // wave 2, Rebel capital ship: critical → prompt again, lost
        4, 4, 1, 1, // wave 2, SF: two white hits → capital ship 1 HP
        4, 1, // wave 3, Rebel: white hit → prompt again, lost
        4, 1, 1, 1, // wave 3, SF: white hit → capital ship destroyed
      );
      move(s, 'R', Q, { c: 2, f: 1 }, rng);
      expect(hits(s)).toEqual(['R>s3', 'R>s2', 'R>s1']);
      expect(s.pending).toEqual({ kind: 'secretPlans', seat: 'R' });
      expect(legalActions(s, 'R')).toEqual([{ type: 'secretPlans', use: false }]);
      expect(apply(s, 'R', { type: 'secretPlans', use: true }, rng)).toBe(false);
      act(s, 'R', { type: 'secretPlans', use: false }, rng);
      // Both remaining criticals were lost without a second prompt; the SF now rolls.
      expect(hits(s)).toEqual(['R>s3', 'R>s2', 'R>s1']);
      expect(s.pending).toEqual({ kind: 'assignHit', seat: 'I' });
      act(s, 'I', hitChoice('f', 1), rng); // then c3 is the only class: automatic
      act(s, 'I', hitChoice('c', 2), rng);
      act(s, 'I', hitChoice('c', 1), rng);
      expect(s.pending).toEqual({ kind: 'secretPlans', seat: 'R' }); // wave 2: a new roll, asked again
      act(s, 'R', { type: 'secretPlans', use: false }, rng);
      expect(s.pending).toEqual({ kind: 'secretPlans', seat: 'R' }); // wave 3
      act(s, 'R', { type: 'secretPlans', use: false }, rng);
      expect(rng.left()).toBe(0);
      expect(count(s, 'secretPlansPromptClosed')).toBe(3);
      expect(hits(s).filter((h) => h.startsWith('R>'))).toEqual(['R>s3', 'R>s2', 'R>s1']);
      expect(s.lastCombat?.winner).toBe('I');
      expect(s.planets[P].I).toEqual(u({ s: 1 }));
      expect(s.sfOut).toBe(false);
      expect(s.known.secretPlansShown).toBe(false);
    });

    it('R5.9 the prompt is asked the same way when the Rebel holds Secret Plans; "yes" shows it and the SF dies, out of the game', () => {
      const s = fight('R', { c: 1, f: 2 }, { s: 1 }, ['O1-8']);
      const rng = exactDice(6, 6, 6, 6, /* SF at 0 HP still rolls */ 1, 1, 1, 1);
      move(s, 'R', Q, { c: 1, f: 2 }, rng);
      expect(hits(s)).toEqual(['R>s3', 'R>s2', 'R>s1']);
      expect(s.pending).toEqual({ kind: 'secretPlans', seat: 'R' });
      expect(legalActions(s, 'R')).toEqual([{ type: 'secretPlans', use: true }, { type: 'secretPlans', use: false }]);
      act(s, 'R', { type: 'secretPlans', use: true }, rng);
      expect(rng.left()).toBe(0);
      expect(count(s, 'secretPlansShown')).toBe(1);
      expect(hits(s)).toEqual(['R>s3', 'R>s2', 'R>s1', 'R>s0']);
      expect(rolls(s)[1]).toEqual({ by: 'I', dice: 'w1 w1 b1 b1' });
      // Destroyed SF: removed from the game, not returned to supply (R5.5 step 3, R7.3).
      expect(s.planets[P].I).toEqual(u({}));
      expect(s.supply.I.s).toBe(0);
      expect(s.sfOut).toBe(true);
      expect(s.lastCombat).toEqual({ planet: P, attacker: 'R', winner: 'R', destroyed: [{ f: 'I', t: 's' }] });
      // The card stayed in hand and is now publicly held; its own condition is met in this combat's window.
      expect(s.objectives.hand).toEqual(['O1-8']);
      expect(s.known.secretPlansShown).toBe(true);
      expect(legalActions(s, 'R')).toEqual([{ type: 'revealObjective', card: 'O1-8' }, { type: 'revealObjective', card: null }]);
      act(s, 'R', { type: 'revealObjective', card: 'O1-8' }, rng);
      expect(s.objectives.scoring).toEqual(['O1-8']);
      expect(s.known.secretPlansShown).toBe(false); // no longer held
    });

    it('R5.9 once shown, the prompt is not asked again and the SF at 1 HP is a legal target for later Rebel hits', () => {
      const s = fight('R', { c: 1, f: 2 }, { s: 1, c: 1 }, ['O1-8']);
      const rng = exactDice(
        6, 6, 6, 6, // wave 1, Rebel: four criticals (choices)
        1, 1, 1, 1, 1, // wave 1, Imperial: SF + capital ship → 3 white (capped) + 2 black
        6, 1, 1, 1, // wave 2, Rebel: one critical, no prompt
        1, 1, 1, 1, 1, // wave 2, Imperial (SF at 0 HP still rolls)
        6, 6, 1, 1, // wave 3, Rebel: two criticals on the capital ship (2 HP)
        1, 1, // wave 3, Imperial capital ship
      );
      move(s, 'R', Q, { c: 1, f: 2 }, rng);
      expect(legalActions(s, 'R')).toEqual([hitChoice('c', 3), hitChoice('s', 4)]);
      act(s, 'R', hitChoice('s', 4), rng);
      act(s, 'R', hitChoice('s', 3), rng);
      act(s, 'R', hitChoice('s', 2), rng);
      // SF at 1 HP, one critical left: asked even though another target exists.
      expect(s.pending).toEqual({ kind: 'secretPlans', seat: 'R' });
      act(s, 'R', { type: 'secretPlans', use: true }, rng);
      expect(legalActions(s, 'R')).toEqual([hitChoice('c', 3), hitChoice('s', 1)]);
      act(s, 'R', hitChoice('c', 3), rng); // the Rebel spares the SF this roll
      // Wave 2: the SF at 1 HP is a legal target at once, without a prompt.
      expect(s.pending).toEqual({ kind: 'assignHit', seat: 'R' });
      expect(legalActions(s, 'R')).toEqual([hitChoice('c', 2), hitChoice('s', 1)]);
      act(s, 'R', hitChoice('s', 1), rng);
      expect(rng.left()).toBe(0);
      expect(count(s, 'secretPlansShown')).toBe(1);
      expect(count(s, 'secretPlansPromptClosed')).toBe(0);
      expect(hits(s)).toEqual(['R>s3', 'R>s2', 'R>s1', 'R>c2', 'R>s0', 'R>c1', 'R>c0']);
      expect(s.lastCombat).toEqual({
        planet: P, attacker: 'R', winner: 'R', destroyed: [{ f: 'I', t: 's' }, { f: 'I', t: 'c' }],
      });
      expect(s.sfOut).toBe(true);
      expect(s.supply.I.s).toBe(0);
    });

    it('R5.9 no prompt for a Rebel roll with only black basic hits left, even holding Secret Plans', () => {
      const s = fight('R', { f: 3 }, { s: 1, f: 1 }, ['O1-8']);
      const rng = exactDice(
        6, 6, 6, // wave 1, Rebel: three criticals, all on the SF (choices) → 1 HP, nothing left to ask about
        1, 1, 6, 1, 1, // wave 1, Imperial: b6 destroys a Rebel starfighter
        4, 4, // wave 2, Rebel: black hits: the Imperial starfighter, then lost (the SF is not a black target)
        1, 1, 6, 6, 1, // wave 2, Imperial: two criticals destroy both Rebel starfighters
      );
      move(s, 'R', Q, { f: 3 }, rng);
      for (let i = 0; i < 3; i++) {
        expect(s.pending).toEqual({ kind: 'assignHit', seat: 'R' });
        act(s, 'R', hitChoice('s', 4 - i), rng);
      }
      expect(rng.left()).toBe(0);
      expect(s.log.some((e) => e.e === 'secretPlansShown' || e.e === 'secretPlansPromptClosed')).toBe(false);
      expect(hits(s)).toEqual(['R>s3', 'R>s2', 'R>s1', 'I>f0', 'R>f0', 'I>f0', 'I>f0']);
      expect(s.lastCombat?.winner).toBe('I');
      expect(s.planets[P].I).toEqual(u({ s: 1 }));
    });
  });

  describe('R5.11 aftermath and R6.1.6 rescue', () => {
    it('R6.1.6 / C41 destroying the last Imperial unit on the captive planet rescues the leader before the window', () => {
      const s = fight('R', { c: 1 }, { f: 1 }, ['O1-2']);
      placeLeader(s, 'LD-R3', P, true);
      const rng = exactDice(1, 4, /* Imperial */ 1);
      move(s, 'R', Q, { c: 1 }, rng);
      expect(rng.left()).toBe(0);
      expect(s.leaders['LD-R3']).toEqual({ at: 'pool', captured: false });
      expect(s.stats.rescues).toBe(1);
      const rescued = s.log.findIndex((e) => e.e === 'leaderRescued');
      const window = s.log.findIndex((e) => e.e === 'objectiveWindowOpened' && e.window === 'combat');
      expect(s.log[rescued]).toMatchObject({ leader: 'LD-R3', cause: 'unguarded' });
      expect(rescued).toBeGreaterThan(-1);
      expect(window).toBeGreaterThan(rescued);
      expect(legalActions(s, 'R')).toEqual([{ type: 'revealObjective', card: 'O1-2' }, { type: 'revealObjective', card: null }]);
    });

    it('R6.1.6 no rescue while an Imperial unit survives on the captive planet; leaders stay (R5.11)', () => {
      const s = fight('R', { f: 1 }, { c: 1 });
      placeLeader(s, 'LD-R3', P, true);
      const rng = exactDice(4, /* Imperial */ 6, 1);
      move(s, 'R', Q, { f: 1 }, rng);
      expect(rng.left()).toBe(0);
      expect(s.lastCombat?.winner).toBe('I');
      expect(s.leaders['LD-R3']).toEqual({ at: P, captured: true });
      expect(s.leaders['LD-R1']).toEqual({ at: P, captured: false }); // the mover's leader stays on the planet
      expect(s.stats.rescues).toBe(0);
    });
  });

  describe('R5.12 strike rolls', () => {
    it('R5.12 R-06 Ambush: one roll of 1 white + 2 black, nothing fires back, SF stays ≥1 HP, no after-combat window', () => {
      const s = scenario('N');
      put(s, Q, 'R', { f: 1 });
      put(s, P, 'I', { s: 1 });
      giveObjectives(s, ['O1-8', 'O1-2']);
      s.known.secretPlansShown = true; // shown in an earlier combat: still no effect on strikes
      operationsWith(s, { R: [{ card: 'R-06', leader: 'LD-R2' }] }, 'R');
      const rng = exactDice(6, 6, 6);
      reveal(s, 'R', 'R-06', P, rng);
      answerOpposition(s, 'I', null, rng);
      for (let i = 0; i < 3; i++) expect(s.log.filter((e) => e.e === 'hit')[i]).toMatchObject({ by: 'R', unit: 's' });
      expect(rng.left()).toBe(0);
      expect(rolls(s)).toEqual([{ by: 'R', dice: 'w6 b6 b6' }]);
      expect(hits(s)).toEqual(['R>s3', 'R>s2', 'R>s1']);
      expect(s.planets[P].I).toEqual(u({ s: 1 }));
      expect(s.sfOut).toBe(false);
      expect(count(s, 'secretPlansPromptClosed') + count(s, 'secretPlansShown')).toBe(0);
      expect(s.stats.combats).toBe(0);
      expect(s.lastCombat).toBeNull();
      expect(s.log.some((e) => e.e === 'objectiveWindowOpened')).toBe(false);
      expect(s.pending).toEqual({ kind: 'turn', seat: 'I' });
    });

    it('R5.12 in a strike roll the SF at 1 HP is never a legal target, even with Secret Plans shown (unlike combat)', () => {
      const s = scenario('N');
      put(s, P, 'I', { s: 1 });
      giveObjectives(s, ['O1-8']);
      s.known.secretPlansShown = true;
      const roll = { by: 'R' as Faction, dice: [], black: 0, white: 1, crit: 1, plansAsked: true, plansActive: true };
      const base = { planet: P, attacker: 'R' as Faction, wave: 1, step: 'attack' as const, destroyed: [] };
      const sf = { f: 'I' as Faction, t: 's' as UnitType, hp: 1 };
      expect(legalTargets(s, { ...base, kind: 'strike', units: [sf], roll }, 'crit')).toEqual([]);
      expect(legalTargets(s, { ...base, kind: 'strike', units: [sf], roll }, 'white')).toEqual([]);
      expect(legalTargets(s, { ...base, kind: 'combat', units: [sf], roll }, 'crit')).toEqual([sf]);
    });

    it('R5.12 I-08 Orbital Barrage: 2 white + 1 black, survivors repaired at once, nothing fires back', () => {
      const s = scenario('N');
      put(s, Q, 'I', { c: 1 });
      put(s, P, 'R', { c: 1, f: 1 });
      giveObjectives(s, ['O1-2']);
      operationsWith(s, { I: [{ card: 'I-08', leader: 'LD-I1' }] }, 'I');
      const rng = exactDice(4, 4, 4);
      reveal(s, 'I', 'I-08', P, rng);
      answerOpposition(s, 'R', null, rng);
      expect(rng.left()).toBe(0);
      expect(rolls(s)).toEqual([{ by: 'I', dice: 'w4 w4 b4' }]);
      expect(hits(s)).toEqual(['I>f0', 'I>c2', 'I>c1']);
      expect(s.planets[P].R).toEqual(u({ c: 1 }));
      expect(s.supply.R.f).toBe(12);
      expect(s.stats.combats).toBe(0);
      expect(s.log.some((e) => e.e === 'objectiveWindowOpened')).toBe(false);
      // Repaired at once: the capital ship enters the next combat at 3 HP (two hits leave it alive).
      act(s, 'R', { type: 'pass' }, rng);
      put(s, Q2, 'I', { c: 1 });
      const rng2 = exactDice(6, 6, /* Rebel */ 1, 1, /* wave 2 */ 6, 1, /* Rebel at 0 HP */ 1, 1);
      act(s, 'I', { type: 'moveFleet', from: Q2, to: P, units: u({ c: 1 }), captive: false, leader: 'LD-I2' }, rng2);
      expect(rng2.left()).toBe(0);
      expect(hits(s).slice(3)).toEqual(['I>c2', 'I>c1', 'I>c0']);
    });

    it('R5.12 / R6.1.6 a strike roll that destroys the last guard rescues the captured leader', () => {
      const s = scenario('N');
      put(s, Q, 'R', { f: 1 });
      put(s, P, 'I', { f: 1 });
      placeLeader(s, 'LD-R3', P, true);
      operationsWith(s, { R: [{ card: 'R-06', leader: 'LD-R2' }] }, 'R');
      const rng = exactDice(1, 4, 1);
      reveal(s, 'R', 'R-06', P, rng);
      answerOpposition(s, 'I', null, rng);
      expect(rng.left()).toBe(0);
      expect(s.planets[P].I).toEqual(u({}));
      expect(s.leaders['LD-R3']).toEqual({ at: 'pool', captured: false });
      expect(s.stats.rescues).toBe(1);
      expect(s.lastCombat).toBeNull();
    });
  });
});
