/**
 * Scenario tests for the 16 objectives (RULES R7.7, R7.8) at their reveal windows (R4.5), the uniform prompt
 * (R4.5.5), one reveal per window, and scoring in the Objective phase (R4.3.1, R1.2.3). Thresholds are read from
 * config.thresholds (B7). Windows are reached through the real round sequence (passes, phase boundaries).
 * TEST_GRID: row 1 A B IMP C D, row 2 E F G H I, row 3 J K L M N. Production: IMP A C F G H K M;
 * Rebel Loyal: D E L; Remote: B I J N. Neighbours of Imperium: B, C, G.
 */
// decisionActions: the rules' answers. legalActions also lists the take-back (issue 9) after a quiet decision.
import { describe, expect, it } from 'vitest';
import {
  act, atWindow, destroy, dice, driveUntil, operationsWith, put, scenario,
} from '../helpers/build';
import { decisionActions, isEvent, run, type GameState, type LogEventOf, type LogKind } from '../../src/game/rules';
import { makeConfig, type ObjectiveId, type PlanetId } from '../../src/game/content';

const th = (s: GameState, id: string) => s.config.thresholds[id];
const find = <K extends LogKind>(s: GameState, e: K) => s.log.filter((x): x is LogEventOf<K> => isEvent(x, e));
const offered = (s: GameState) => decisionActions(s, 'R').map((a) => (a.type === 'revealObjective' ? a.card : a.type));

/** A fresh scenario holding exactly `hand`, the objective deck emptied (so Refresh draws nothing). */
function withHand(hand: ObjectiveId[]): GameState {
  const s = scenario('N');
  s.objectives.deck = [];
  s.objectives.hand = [...hand];
  return s;
}

/** Play Operations (both pass) up to the end-of-Operations window. */
function toOpsWindow(s: GameState): GameState {
  operationsWith(s, {});
  driveUntil(s, atWindow('operations'));
  return s;
}

/** Play on to the end-of-Refresh window (time 2 → 3: no build, so nothing arrives). */
function toRefreshWindow(s: GameState): GameState {
  s.round = 2;
  s.time = 2;
  operationsWith(s, {});
  driveUntil(s, atWindow('refresh'));
  return s;
}

/** The Rebel moves `units` from F into G (Imperial units there): combat, Rebel attacking (R5.2). */
function attack(s: GameState, units: { f?: number; c?: number }, faces: number[]): void {
  operationsWith(s, {});
  act(s, 'R', {
    type: 'moveFleet', from: 'F', to: 'G', units: { f: units.f ?? 0, c: units.c ?? 0, s: 0 }, captive: false, leader: 'LD-R1',
  }, dice(...faces));
}

const first = <T>(list: T[], n: number): T[] => {
  if (n > list.length) throw new Error('threshold larger than the test list');
  return list.slice(0, n);
};

describe('windows and prompts (R4.5.2, R4.5.5)', () => {
  it('asked even when nothing qualifies; "none" closes the window', () => {
    const s = toOpsWindow(withHand(['O1-1']));
    expect(s.pending).toEqual({ kind: 'objective', seat: 'R', window: 'operations' });
    expect(offered(s)).toEqual([null]);
    expect(find(s, 'objectiveWindowOpened')).toMatchObject([{ window: 'operations' }]);
    act(s, 'R', { type: 'revealObjective', card: null }, dice());
    expect(find(s, 'objectiveWindowClosed')).toMatchObject([{ window: 'operations' }]);
    expect(s.phase).toBe('objective');
  });

  it('not asked with an empty hand', () => {
    const s = withHand([]);
    s.planets.A.loyalty = true;
    operationsWith(s, {});
    driveUntil(s, (x) => x.phase === 'objective');
    expect(find(s, 'objectiveWindowOpened')).toEqual([]);
    expect(s.pending).toBeNull();
  });

  it('at most one reveal per window; the knob allows more', () => {
    const build = () => {
      const s = withHand(['O1-1', 'O1-7']);
      for (const p of first<PlanetId>(['J', 'K', 'L', 'M', 'N', 'A'], Math.max(th(s, 'O1-1'), th(s, 'O1-7')))) s.planets[p].loyalty = true;
      return s;
    };
    const s = toOpsWindow(build());
    expect(offered(s)).toEqual(['O1-1', 'O1-7', null]);
    act(s, 'R', { type: 'revealObjective', card: 'O1-7' }, dice());
    expect(s.pending).toBeNull();
    expect(s.objectives.scoring).toEqual(['O1-7']);
    expect(s.objectives.hand).toEqual(['O1-1']);
    expect(find(s, 'objectiveRevealed')).toMatchObject([{ card: 'O1-7', window: 'operations' }]);

    const t = build();
    t.config = makeConfig({ revealsPerWindow: 2 });
    toOpsWindow(t);
    act(t, 'R', { type: 'revealObjective', card: 'O1-7' }, dice());
    expect(t.pending).toEqual({ kind: 'objective', seat: 'R', window: 'operations' });
    expect(offered(t)).toEqual(['O1-1', null]);
  });
});

describe('Objective phase scoring (R4.3.1)', () => {
  it('one space per card, each card discarded faceup', () => {
    const s = withHand([]);
    s.objectives.scoring = ['O1-1', 'O1-3'];
    operationsWith(s, {});
    driveUntil(s, (x) => x.phase === 'objective');
    run(s, dice());
    expect(s.objective).toBe(10);
    expect(s.objectives.scoring).toEqual([]);
    expect(s.objectives.discard).toEqual(['O1-1', 'O1-3']);
    expect(find(s, 'objectiveScored').map((e) => [e.card, e.objective])).toEqual([['O1-1', 11], ['O1-3', 10]]);
    expect(s.phase).toBe('refresh');
    expect(s.winner).toBeNull();
  });

  it('the Rebel wins on the move that touches the time token; the rest is not scored (R1.2.3)', () => {
    const s = withHand([]);
    s.time = 3;
    s.objective = 5;
    s.objectives.scoring = ['O1-1', 'O1-3', 'O1-4'];
    operationsWith(s, {});
    driveUntil(s, (x) => x.phase === 'objective');
    run(s, dice());
    expect(s.winner).toEqual({ faction: 'R', reason: 'objectives' });
    expect(s.objective).toBe(3);
    expect(s.objectives.discard).toEqual(['O1-1', 'O1-3']);
    expect(s.objectives.scoring).toEqual(['O1-4']);
    expect(find(s, 'objectiveScored').map((e) => e.objective)).toEqual([4, 3]);
  });

  it('a card revealed at the end of Refresh is scored in the next round', () => {
    const s = withHand(['O1-6']);
    put(s, 'BASE', 'R', { f: th(s, 'O1-6') });
    toRefreshWindow(s);
    act(s, 'R', { type: 'revealObjective', card: 'O1-6' }, dice());
    expect(s.objectives.scoring).toEqual(['O1-6']);
    expect(s.objective).toBe(12);
    driveUntil(s, (x) => x.phase === 'objective');
    expect(s.round).toBe(3);
    expect(s.objective).toBe(12);
    run(s, dice());
    expect(s.objective).toBe(11);
    expect(s.objectives.discard).toEqual(['O1-6']);
  });
});

describe('deck I objectives', () => {
  it('O1-1 Spark of Defiance (Operations): loyalty on ≥ threshold planets', () => {
    const yes = withHand(['O1-1']);
    for (const p of first<PlanetId>(['A', 'B', 'C', 'D', 'E', 'F', 'G'], th(yes, 'O1-1'))) yes.planets[p].loyalty = true;
    expect(offered(toOpsWindow(yes))).toEqual(['O1-1', null]);

    const no = withHand(['O1-1']);
    for (const p of first<PlanetId>(['A', 'B', 'C', 'D', 'E', 'F', 'G'], th(no, 'O1-1') - 1)) no.planets[p].loyalty = true;
    expect(offered(toOpsWindow(no))).toEqual([null]);

    const knob = withHand(['O1-1']);
    knob.config = makeConfig({ thresholds: { 'O1-1': 3 } });
    for (const p of ['A', 'B', 'C'] as const) knob.planets[p].loyalty = true;
    expect(offered(toOpsWindow(knob))).toEqual(['O1-1', null]);
  });

  it('O1-2 Strike and Vanish (after a combat): the Rebel won that combat', () => {
    const won = withHand(['O1-2']);
    put(won, 'F', 'R', { f: 2 });
    put(won, 'G', 'I', { f: 1 });
    attack(won, { f: 2 }, [4, 1, 1]); // Rebel 2 black: 4 hits; Imperial 1 black: miss
    expect(won.lastCombat).toMatchObject({ winner: 'R' });
    expect(won.pending).toEqual({ kind: 'objective', seat: 'R', window: 'combat' });
    expect(offered(won)).toEqual(['O1-2', null]);
    act(won, 'R', { type: 'revealObjective', card: 'O1-2' }, dice());
    expect(won.objectives.scoring).toEqual(['O1-2']);

    const mutual = withHand(['O1-2']);
    put(mutual, 'F', 'R', { f: 1 });
    put(mutual, 'G', 'I', { f: 1 });
    attack(mutual, { f: 1 }, [4, 5]); // both starfighters destroyed
    expect(mutual.lastCombat).toMatchObject({ winner: 'none' });
    expect(offered(mutual)).toEqual([null]);

    const lost = withHand(['O1-2']);
    put(lost, 'F', 'R', { f: 1 });
    put(lost, 'G', 'I', { f: 1 });
    attack(lost, { f: 1 }, [1, 4]);
    expect(lost.lastCombat).toMatchObject({ winner: 'I' });
    expect(offered(lost)).toEqual([null]);
  });

  it('after-a-combat cards refer only to the combat that just ended (R4.5.3)', () => {
    const s = withHand(['O1-2']);
    put(s, 'F', 'R', { f: 2 });
    put(s, 'G', 'I', { f: 1 });
    put(s, 'A', 'R', { f: 1 });
    put(s, 'B', 'I', { f: 1 });
    attack(s, { f: 2 }, [4, 1, 1]);
    expect(offered(s)).toEqual(['O1-2', null]);
    act(s, 'R', { type: 'revealObjective', card: null }, dice());
    // The Imperial cannot move (starfighters alone) and passes; the Rebel attacks B and loses.
    expect(s.pending).toEqual({ kind: 'turn', seat: 'R' });
    act(s, 'R', {
      type: 'moveFleet', from: 'A', to: 'B', units: { f: 1, c: 0, s: 0 }, captive: false, leader: 'LD-R2',
    }, dice(1, 4));
    expect(s.pending).toEqual({ kind: 'objective', seat: 'R', window: 'combat' });
    expect(offered(s)).toEqual([null]);
    act(s, 'R', { type: 'revealObjective', card: null }, dice());
    driveUntil(s, atWindow('operations'));
    expect(offered(s)).toEqual([null]); // not at a later window either
  });

  it('no window after a combat with an empty hand', () => {
    const s = withHand([]);
    put(s, 'F', 'R', { f: 2 });
    put(s, 'G', 'I', { f: 1 });
    put(s, 'A', 'R', { f: 1 });
    attack(s, { f: 2 }, [4, 1, 1]);
    expect(s.lastCombat).toMatchObject({ winner: 'R' });
    expect(find(s, 'objectiveWindowOpened')).toEqual([]);
    expect(s.pending).toEqual({ kind: 'turn', seat: 'R' });
  });

  it('O1-3 Jammed Shipyards (Operations): disrupted planets holding Imperial units', () => {
    const yes = withHand(['O1-3']);
    for (const p of first<PlanetId>(['A', 'C', 'F', 'H', 'M'], th(yes, 'O1-3'))) {
      put(yes, p, 'I', { f: 1 });
      yes.planets[p].disrupt = true;
    }
    expect(offered(toOpsWindow(yes))).toEqual(['O1-3', null]);

    const no = withHand(['O1-3']);
    for (const p of first<PlanetId>(['A', 'C', 'F', 'H', 'M'], th(no, 'O1-3') - 1)) {
      put(no, p, 'I', { f: 1 });
      no.planets[p].disrupt = true;
    }
    no.planets.B.disrupt = true; // disrupted, no Imperial units
    put(no, 'K', 'I', { f: 1 }); // Imperial units, not disrupted
    expect(offered(toOpsWindow(no))).toEqual([null]);
  });

  it('O1-4 Forward Scouts (Operations): Rebel units on sector-1 planets without loyalty, Imperium included', () => {
    const n = withHand([]).config.thresholds['O1-4'];
    const yes = withHand(['O1-4']);
    put(yes, 'IMP', 'R', { f: 1 });
    put(yes, 'A', 'R', { f: n - 1 });
    expect(offered(toOpsWindow(yes))).toEqual(['O1-4', null]);

    const no = withHand(['O1-4']);
    put(no, 'IMP', 'R', { f: 1 });
    if (n > 2) put(no, 'A', 'R', { f: n - 2 });
    put(no, 'B', 'R', { f: 3 });
    no.planets.B.loyalty = true; // sector 1 but loyal
    put(no, 'F', 'R', { f: 3 }); // sector 2
    expect(offered(toOpsWindow(no))).toEqual([null]);
  });

  it('O1-5 Scattered Cells (Refresh): Rebel units on ≥ N planets, ≥ M of them not Rebel Loyal', () => {
    const probe = withHand([]);
    const n = th(probe, 'O1-5');
    const m = th(probe, 'O1-5b');
    const spread = (s: GameState, other: number, loyalType: number) => {
      for (const p of first<PlanetId>(['A', 'B', 'C', 'F', 'G'], other)) put(s, p, 'R', { f: 1 });
      for (const p of first<PlanetId>(['D', 'E', 'L'], loyalType)) put(s, p, 'R', { f: 1 });
    };
    const yes = withHand(['O1-5']);
    spread(yes, m, n - m);
    toOpsWindow(yes);
    expect(offered(yes)).toEqual([null]); // a Refresh card is not offered at the end of Operations
    driveUntil(yes, atWindow('refresh'));
    expect(offered(yes)).toEqual(['O1-5', null]);

    const fewOther = withHand(['O1-5']);
    spread(fewOther, m - 1, n - m + 1);
    expect(offered(toRefreshWindow(fewOther))).toEqual([null]);

    const fewPlanets = withHand(['O1-5']);
    spread(fewPlanets, n - 1, 0);
    put(fewPlanets, 'BASE', 'R', { f: 3 }); // the base card is not a planet
    expect(offered(toRefreshWindow(fewPlanets))).toEqual([null]);
  });

  it('O1-6 Hidden Reserve (Refresh): hidden base with ≥ threshold units on the base card', () => {
    const yes = withHand(['O1-6']);
    put(yes, 'BASE', 'R', { f: th(yes, 'O1-6') - 1, c: 1 });
    expect(offered(toRefreshWindow(yes))).toEqual(['O1-6', null]);

    const no = withHand(['O1-6']);
    put(no, 'BASE', 'R', { f: th(no, 'O1-6') - 1 });
    put(no, 'A', 'R', { f: 3 }); // units on planets do not count
    expect(offered(toRefreshWindow(no))).toEqual([null]);
  });

  it('O1-7 Frontier Friends (Operations): loyalty on sector-3 planets', () => {
    const yes = withHand(['O1-7']);
    for (const p of first<PlanetId>(['J', 'K', 'L', 'M', 'N'], th(yes, 'O1-7'))) yes.planets[p].loyalty = true;
    expect(offered(toOpsWindow(yes))).toEqual(['O1-7', null]);

    const no = withHand(['O1-7']);
    for (const p of first<PlanetId>(['J', 'K', 'L', 'M', 'N'], th(no, 'O1-7') - 1)) no.planets[p].loyalty = true;
    no.planets.A.loyalty = true;
    no.planets.E.loyalty = true;
    expect(offered(toOpsWindow(no))).toEqual([null]);
  });

  it('O1-8 Secret Plans (after a combat): the SF destroyed; revealing it ends its "shown" status', () => {
    const s = withHand(['O1-8', 'O1-2', 'O2-4']);
    put(s, 'F', 'R', { c: 3 });
    put(s, 'G', 'I', { s: 1 });
    // Wave 1: three criticals take the SF to 1 HP; its 4 dice miss. Wave 2: one critical → the R5.9 prompt.
    attack(s, { c: 3 }, [6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 6, 1, 1, 1, 1, 1]);
    expect(s.pending).toEqual({ kind: 'secretPlans', seat: 'R' });
    expect(decisionActions(s, 'R')).toEqual([{ type: 'secretPlans', use: true }, { type: 'secretPlans', use: false }]);
    act(s, 'R', { type: 'secretPlans', use: true }, dice(1, 1, 1, 1));
    expect(s.known.secretPlansShown).toBe(true);
    expect(s.sfOut).toBe(true);
    expect(s.lastCombat).toEqual({ planet: 'G', attacker: 'R', winner: 'R', destroyed: [{ f: 'I', t: 's' }] });
    expect(offered(s)).toEqual(['O1-8', 'O1-2', null]); // O2-4 needs more destroyed units
    act(s, 'R', { type: 'revealObjective', card: 'O1-8' }, dice());
    expect(s.objectives.hand).toEqual(['O1-2', 'O2-4']);
    expect(s.objectives.scoring).toEqual(['O1-8']);
    expect(s.known.secretPlansShown).toBe(false);

    const noSf = withHand(['O1-8']);
    put(noSf, 'F', 'R', { c: 3 });
    put(noSf, 'G', 'I', { c: 1 });
    attack(noSf, { c: 3 }, [4, 4, 4, 1, 1, 1, 1, 1]);
    expect(noSf.lastCombat).toMatchObject({ winner: 'R', destroyed: [{ f: 'I', t: 'c' }] });
    expect(offered(noSf)).toEqual([null]);
  });

  it('Secret Plans prompt is asked alike without the card; only "no" is accepted (R5.9, R4.5.5)', () => {
    const s = withHand(['O1-1']);
    put(s, 'F', 'R', { c: 3 });
    put(s, 'G', 'I', { s: 1 });
    attack(s, { c: 3 }, [6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 6, 1, 1, 1, 1, 1]);
    expect(s.pending).toEqual({ kind: 'secretPlans', seat: 'R' });
    expect(decisionActions(s, 'R')).toEqual([{ type: 'secretPlans', use: false }]);
  });
});

describe('deck II objectives', () => {
  it('O2-1 Network (Operations): Production planets (Imperium too) with loyalty, disrupt or Rebel units', () => {
    const marks: [PlanetId, 'loyalty' | 'disrupt' | 'unit'][] = [
      ['A', 'loyalty'], ['C', 'disrupt'], ['F', 'unit'], ['IMP', 'unit'], ['G', 'loyalty'], ['H', 'disrupt'], ['M', 'unit'],
    ];
    const mark = (s: GameState, n: number) => {
      for (const [p, k] of first(marks, n)) {
        if (k === 'unit') put(s, p, 'R', { f: 1 });
        else s.planets[p][k] = true;
      }
    };
    const yes = withHand(['O2-1']);
    mark(yes, th(yes, 'O2-1'));
    expect(offered(toOpsWindow(yes))).toEqual(['O2-1', null]);

    const no = withHand(['O2-1']);
    mark(no, th(no, 'O2-1') - 1);
    no.planets.D.loyalty = true; // Rebel Loyal type
    put(no, 'B', 'R', { f: 1 }); // Remote
    destroy(no, 'K');
    put(no, 'K', 'R', { f: 1 }); // destroyed: type Destroyed
    expect(offered(toOpsWindow(no))).toEqual([null]);
  });

  it('O2-2 Broken Line (after a combat): won, and an Imperial capital ship destroyed', () => {
    const yes = withHand(['O2-2']);
    put(yes, 'F', 'R', { c: 3 });
    put(yes, 'G', 'I', { c: 1 });
    attack(yes, { c: 3 }, [4, 4, 4, 1, 1, 1, 1, 1]); // three white hits sink it; its 2 white dice miss
    expect(offered(yes)).toEqual(['O2-2', null]);

    const fighterOnly = withHand(['O2-2']);
    put(fighterOnly, 'F', 'R', { f: 2 });
    put(fighterOnly, 'G', 'I', { f: 1 });
    attack(fighterOnly, { f: 2 }, [4, 1, 1]);
    expect(offered(fighterOnly)).toEqual([null]);
  });

  it('O2-3 United Sectors (Operations): a Rebel aligned planet in each sector and ≥ threshold in all', () => {
    const fill: PlanetId[] = ['B', 'F', 'K', 'C', 'H', 'M'];
    const yes = withHand(['O2-3']);
    for (const p of ['A', 'E', 'J', ...first(fill, th(yes, 'O2-3') - 3)] as PlanetId[]) yes.planets[p].loyalty = true;
    expect(offered(toOpsWindow(yes))).toEqual(['O2-3', null]);

    const noSector3 = withHand(['O2-3']);
    for (const p of first<PlanetId>(['A', 'B', 'C', 'D', 'E', 'F', 'G'], th(noSector3, 'O2-3'))) noSector3.planets[p].loyalty = true;
    expect(offered(toOpsWindow(noSector3))).toEqual([null]);

    const tooFew = withHand(['O2-3']);
    for (const p of ['A', 'E', 'J', ...first(fill, th(tooFew, 'O2-3') - 4)] as PlanetId[]) tooFew.planets[p].loyalty = true;
    tooFew.planets.L.loyalty = true;
    put(tooFew, 'L', 'I', { f: 1 }); // loyal but not aligned
    expect(offered(toOpsWindow(tooFew))).toEqual([null]);
  });

  it('O2-4 Rout (after a combat): won with ≥ threshold Imperial units destroyed', () => {
    const n = withHand([]).config.thresholds['O2-4'];
    const yes = withHand(['O2-4']);
    put(yes, 'F', 'R', { f: n });
    put(yes, 'G', 'I', { f: n });
    attack(yes, { f: n }, [...Array(n).fill(4), ...Array(n).fill(1)]);
    expect(yes.lastCombat?.destroyed.length).toBe(n);
    expect(offered(yes)).toEqual(['O2-4', null]);

    const no = withHand(['O2-4']);
    put(no, 'F', 'R', { f: n });
    put(no, 'G', 'I', { f: n - 1 });
    attack(no, { f: n }, [...Array(n).fill(4), ...Array(n - 1).fill(1)]);
    expect(no.lastCombat).toMatchObject({ winner: 'R' });
    expect(no.lastCombat?.destroyed.length).toBe(n - 1);
    expect(offered(no)).toEqual([null]);
  });

  it('O2-5 Knife at the Throat (Operations): a Rebel unit on Imperium, or on ≥ threshold of its neighbours', () => {
    const onImp = withHand(['O2-5']);
    put(onImp, 'IMP', 'R', { f: 1 });
    expect(offered(toOpsWindow(onImp))).toEqual(['O2-5', null]);

    const around = withHand(['O2-5']);
    for (const p of first<PlanetId>(['B', 'C', 'G'], th(around, 'O2-5'))) put(around, p, 'R', { f: 1 });
    expect(offered(toOpsWindow(around))).toEqual(['O2-5', null]);

    const no = withHand(['O2-5']);
    for (const p of first<PlanetId>(['B', 'C', 'G'], th(no, 'O2-5') - 1)) put(no, p, 'R', { f: 1 });
    put(no, 'A', 'R', { f: 2 });
    put(no, 'F', 'R', { f: 2 });
    expect(offered(toOpsWindow(no))).toEqual([null]);
  });

  it('O2-6 Turncoat Garrison (Operations): the Imperial starting planet loyal or disrupted', () => {
    const loyal = withHand(['O2-6']);
    loyal.planets[loyal.start.I].loyalty = true;
    expect(offered(toOpsWindow(loyal))).toEqual(['O2-6', null]);

    const disrupted = withHand(['O2-6']);
    disrupted.planets[disrupted.start.I].disrupt = true;
    expect(offered(toOpsWindow(disrupted))).toEqual(['O2-6', null]);

    const no = withHand(['O2-6']);
    no.planets[no.start.R].loyalty = true;
    no.planets[no.start.R].disrupt = true;
    expect(offered(toOpsWindow(no))).toEqual([null]);
  });

  it('O2-7 Blackout (Operations): disrupt tokens on ≥ threshold Production planets', () => {
    const yes = withHand(['O2-7']);
    for (const p of first<PlanetId>(['A', 'C', 'F', 'H'], th(yes, 'O2-7'))) yes.planets[p].disrupt = true;
    expect(offered(toOpsWindow(yes))).toEqual(['O2-7', null]);

    const no = withHand(['O2-7']);
    for (const p of first<PlanetId>(['A', 'C', 'F', 'H'], th(no, 'O2-7') - 1)) no.planets[p].disrupt = true;
    no.planets.B.disrupt = true; // Remote
    no.planets.D.disrupt = true; // Rebel Loyal
    expect(offered(toOpsWindow(no))).toEqual([null]);
  });

  it('O2-8 Liberation Fleet (Refresh): ≥ threshold Rebel units on planets, one a capital ship', () => {
    const n = withHand([]).config.thresholds['O2-8'];
    const yes = withHand(['O2-8']);
    put(yes, 'A', 'R', { f: n - 1 });
    put(yes, 'B', 'R', { c: 1 });
    expect(offered(toRefreshWindow(yes))).toEqual(['O2-8', null]);

    const noCapital = withHand(['O2-8']);
    put(noCapital, 'A', 'R', { f: n });
    expect(offered(toRefreshWindow(noCapital))).toEqual([null]);

    const baseCard = withHand(['O2-8']);
    put(baseCard, 'A', 'R', { f: n - 2 });
    put(baseCard, 'B', 'R', { c: 1 });
    put(baseCard, 'BASE', 'R', { f: 3 });
    expect(offered(toRefreshWindow(baseCard))).toEqual([null]);
  });
});
