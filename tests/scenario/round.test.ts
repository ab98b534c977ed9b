/**
 * Round structure: R3 setup, R4.1 Planning, R4.2 Operations, R4.3 Objective, R4.4 Refresh, the R1.2 win
 * conditions and the R6.2.7 relocation procedure.
 *
 * Hand-made boards use TEST_GRID:  (1,·) A B IMP C D / (2,·) E F G H I / (3,·) J K L M N.
 * Planet kinds (R7.1): Production IMP A C F G H K M (tabs: IMP f→1 c→2; A f→1; C c→2; F G H f→1 f→2; K c→2;
 * M f→1), Rebel Loyal D (red f→1) E (red f→1) L (red c→2), Remote B I J N.
 */
// decisionActions: the rules' answers. legalActions also lists the take-back (issue 9) after a quiet decision.
import { describe, expect, it } from 'vitest';
import {
  DECK_I, DECK_II, DECK_MISSIONS, LETTERS, STARTING_MISSIONS,
  type Faction, type LetterId, type MissionId, type ObjectiveId, type PlanetId,
} from '../../src/game/content';
import {
  apply, createState, decisionActions, isEvent, missionTargets, run, scriptedRng, seededRng,
  type Action, type GameState, type LogEventOf, type LogKind, type Units,
} from '../../src/game/rules';
import {
  act, answerOpposition, beforeDraws, destroy, exactDice, giveObjectives, identityRng, operationsWith, placeLeader,
  probePartition, put, recordingRng, reveal, scenario, setBase, takeCard, toRefresh,
} from '../helpers/build';

const u = (x: Partial<Units>): Units => ({ f: 0, c: 0, s: 0, ...x });
const SORTED_LETTERS = [...LETTERS].join('');
type MoveFleet = Extract<Action, { type: 'moveFleet' }>;
const moves = (s: GameState, f: Faction): MoveFleet[] =>
  decisionActions(s, f).filter((a): a is MoveFleet => a.type === 'moveFleet');
const uniq = <T>(xs: T[]): T[] => [...new Set(xs)];
const events = <K extends LogKind>(s: GameState, e: K) => s.log.filter((x): x is LogEventOf<K> => isEvent(x, e));
const fleet = (from: PlanetId, to: PlanetId, units: Partial<Units>, leader: MoveFleet['leader'], captive = false): MoveFleet => ({
  type: 'moveFleet', from, to, units: u(units), captive, leader,
});

/** A TEST_GRID board with an empty objective hand, Operations of round 1, `seat` to act. */
function opsBoard(base: LetterId = 'N', seat: Faction = 'R'): GameState {
  const s = scenario(base);
  giveObjectives(s, []);
  return operationsWith(s, {}, seat);
}

/** A TEST_GRID board at the start of the Refresh of round 1 (time 1), empty objective hand. */
function refreshBoard(base: LetterId = 'N'): GameState {
  const s = scenario(base);
  giveObjectives(s, []);
  return toRefresh(s);
}

/** Put units straight on build-queue spot `spot` (1-based), taking them from supply. */
function queue(s: GameState, f: Faction, spot: number, units: Partial<Units>): void {
  const x = u(units);
  s.queues[f][spot - 1].f += x.f;
  s.queues[f][spot - 1].c += x.c;
  s.supply[f].f -= x.f;
  s.supply[f].c -= x.c;
}

describe('R3 Setup', () => {
  it('R3 RNG-1 … RNG-10 are drawn in rule order: rows, objective decks I and II, mission decks, starts, probe deck', () => {
    const rng = recordingRng(seededRng(7));
    const s = createState(rng);
    const fy = (n: number) => Array.from({ length: n - 1 }, (_, i) => n - i); // Fisher–Yates asks n, n−1, …, 2
    expect(rng.calls).toEqual([
      ...fy(4), ...fy(5), ...fy(5), // RNG-1, -2, -3
      ...fy(8), ...fy(8), // RNG-4 deck I, RNG-5 deck II
      ...fy(9), ...fy(9), // RNG-6 Rebel deck, RNG-7 Imperial deck
      3, 2, // RNG-8, RNG-9
    ]);
    act(s, 'I', { type: 'imperialSetup', capitalOn: 'IMP', fightersOnImperium: 2 }, rng);
    expect(rng.calls.length).toBe(43); // R3.7 draws nothing
    const base = (decisionActions(s, 'R')[0] as { planet: LetterId }).planet;
    act(s, 'R', { type: 'chooseBase', planet: base }, rng);
    expect(rng.calls.slice(43)).toEqual(fy(12)); // RNG-10: the 12 other probe cards
    expect(s.round).toBe(1);
    expect(s.phase).toBe('planning');
  });

  it('R3.1–R3.6 an RNG that never swaps leaves every list in id order (Imperial start H, Rebel start G)', () => {
    const rng = identityRng();
    const s = createState(rng);
    expect(s.grid).toEqual(['A', 'B', 'IMP', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M', 'N']);
    expect(s.objectives.hand).toEqual(['O1-1']);
    expect(s.objectives.deck).toEqual([...DECK_I.slice(1), ...DECK_II]);
    expect(s.decks).toEqual({ R: DECK_MISSIONS.R, I: DECK_MISSIONS.I });
    expect(s.decks.R[0]).toBe('R-01');
    expect(s.start).toEqual({ I: 'H', R: 'G' });
  });

  it('R3 every shuffle is Fisher–Yates from id order: an RNG that always answers 0 rotates each list left by one', () => {
    const rng = scriptedRng([]); // always 0
    const s = createState(rng);
    expect(s.grid).toEqual(['B', 'C', 'IMP', 'D', 'A', 'F', 'G', 'H', 'I', 'E', 'K', 'L', 'M', 'N', 'J']);
    expect(s.objectives.hand).toEqual(['O1-2']);
    expect(s.objectives.deck).toEqual([
      'O1-3', 'O1-4', 'O1-5', 'O1-6', 'O1-7', 'O1-8', 'O1-1',
      'O2-2', 'O2-3', 'O2-4', 'O2-5', 'O2-6', 'O2-7', 'O2-8', 'O2-1',
    ]);
    expect(s.decks.R).toEqual(['R-02', 'R-03', 'R-04', 'R-05', 'R-06', 'R-07', 'R-08', 'R-09', 'R-01']);
    expect(s.decks.I).toEqual(['I-02', 'I-03', 'I-04', 'I-05', 'I-06', 'I-07', 'I-08', 'I-09', 'I-01']);
    expect(s.start).toEqual({ I: 'F', R: 'G' });
    act(s, 'I', { type: 'imperialSetup', capitalOn: 'IMP', fightersOnImperium: 5 }, rng);
    act(s, 'R', { type: 'chooseBase', planet: 'B' }, rng);
    // RNG-10 from id order A C D E G H I J K L M N (F in the probe hand, B under the base card).
    expect(s.probes.deck).toEqual(['C', 'D', 'E', 'G', 'H', 'I', 'J', 'K', 'L', 'M', 'N', 'A']);
  });

  it('R3.11 the state after setup', () => {
    const s = beforeDraws(3);
    const { I: si, R: sr } = s.start;
    expect(['F', 'G', 'H']).toContain(si);
    expect(['F', 'G', 'H'].filter((x) => x !== si)).toContain(sr);
    expect(s.hands).toEqual({ R: STARTING_MISSIONS.R, I: STARTING_MISSIONS.I });
    expect(STARTING_MISSIONS.R).toEqual(['R-S1', 'R-S2', 'R-S3', 'R-S4']);
    expect(STARTING_MISSIONS.I).toEqual(['I-S1', 'I-S2', 'I-S3', 'I-S4']);
    expect(s.objectives.hand.length).toBe(1);
    expect(s.objectives.deck.length).toBe(15);
    expect(s.decks.R.length).toBe(9);
    expect(s.decks.I.length).toBe(9);
    expect(s.probes.hand).toEqual([si]);
    expect(s.probes.deck.length).toBe(12);
    expect(probePartition(s)).toBe(SORTED_LETTERS);
    // Board: Rebel 2 starfighters on their start (no loyalty there); loyalty exactly on D, E, L; hidden base.
    const withLoyalty = s.grid.filter((p) => s.planets[p].loyalty).sort();
    expect(withLoyalty).toEqual(['D', 'E', 'L']);
    expect(s.grid.filter((p) => s.planets[p].disrupt)).toEqual([]);
    const rebelUnits = s.grid.filter((p) => s.planets[p].R.f + s.planets[p].R.c > 0);
    expect(rebelUnits).toEqual([sr]);
    expect(s.planets[sr].R).toEqual(u({ f: 2 }));
    expect(s.base.revealed).toBe(false);
    expect(s.base.units).toEqual(u({}));
    // Imperial: capital ship on Imperium, SF on the start, 3 + 2 starfighters (the builder's R3.7 choice).
    expect(s.planets.IMP.I).toEqual(u({ c: 1, f: 3 }));
    expect(s.planets[si].I).toEqual(u({ s: 1, f: 2 }));
    expect(s.supply).toEqual({ R: u({ f: 10, c: 5 }), I: u({ f: 11, c: 5 }) });
    expect(s.queues).toEqual({ R: [u({}), u({}), u({})], I: [u({}), u({}), u({})] });
    expect(Object.values(s.leaders).every((l) => l.at === 'pool' && !l.captured)).toBe(true);
    expect([s.time, s.objective, s.round, s.phase]).toEqual([1, 12, 1, 'planning']);
  });

  it('R3.7 the Imperial chooses which of Imperium / start gets the capital ship and splits 5 starfighters 0–5', () => {
    const s = createState(seededRng(5));
    const si = s.start.I;
    const opts = decisionActions(s, 'I');
    expect(opts.length).toBe(12);
    expect(opts).toContainEqual({ type: 'imperialSetup', capitalOn: si, fightersOnImperium: 0 });
    expect(opts).toContainEqual({ type: 'imperialSetup', capitalOn: 'IMP', fightersOnImperium: 5 });
    expect(apply(s, 'I', { type: 'imperialSetup', capitalOn: 'IMP', fightersOnImperium: 6 }, seededRng(1))).toBe(false);
    expect(apply(s, 'I', { type: 'imperialSetup', capitalOn: 'A', fightersOnImperium: 1 }, seededRng(1))).toBe(false);
    act(s, 'I', { type: 'imperialSetup', capitalOn: si, fightersOnImperium: 0 }, seededRng(1));
    expect(s.planets[si].I).toEqual(u({ c: 1, f: 5 }));
    expect(s.planets.IMP.I).toEqual(u({ s: 1 }));
    expect(s.pending).toEqual({ kind: 'chooseBase', seat: 'R' });
  });

  it('R3.9 the base is any of the 13 other probe cards (the Rebel start included) and never a planet with Imperial units', () => {
    const s = createState(seededRng(5));
    act(s, 'I', { type: 'imperialSetup', capitalOn: 'IMP', fightersOnImperium: 3 }, seededRng(1));
    const opts = decisionActions(s, 'R').map((a) => (a as { planet: LetterId }).planet);
    expect(opts).toEqual(LETTERS.filter((l) => l !== s.start.I));
    expect(opts).toContain(s.start.R);
    expect(apply(s, 'R', { type: 'chooseBase', planet: s.start.I }, seededRng(1))).toBe(false);
    expect(apply(s, 'R', { type: 'chooseBase', planet: 'IMP' }, seededRng(1))).toBe(false);
    // The requirement itself: a planet that holds an Imperial unit is not offered.
    const t = createState(seededRng(5));
    act(t, 'I', { type: 'imperialSetup', capitalOn: 'IMP', fightersOnImperium: 3 }, seededRng(1));
    t.planets.A.I.f += 1;
    t.supply.I.f -= 1;
    expect(decisionActions(t, 'R').map((a) => (a as { planet: LetterId }).planet)).not.toContain('A');
    expect(decisionActions(t, 'R').length).toBe(12);
  });

  it('R3.8 / R3.10 / R6.2.1 the probe cards partition the 14 lettered planets after setup', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const s = beforeDraws(seed, 'N');
      expect(s.base.planet).toBe('N');
      expect(s.probes.hand).toEqual([s.start.I]);
      expect(s.probes.flagged).toEqual([s.start.I]);
      expect(s.probes.deck).not.toContain('N');
      expect(probePartition(s)).toBe(SORTED_LETTERS);
    }
  });
});

describe('R4.1 Planning', () => {
  it('R4.1.1 the Rebel draws the top mission card, then the Imperial', () => {
    const s = beforeDraws(2);
    const topR = s.decks.R[0];
    const topI = s.decks.I[0];
    run(s, seededRng(1));
    expect(s.hands.R).toEqual([...STARTING_MISSIONS.R, topR]);
    expect(s.hands.I).toEqual([...STARTING_MISSIONS.I, topI]);
    expect(s.decks.R.length).toBe(8);
    expect(events(s, 'missionDrawn').map((e) => e.faction)).toEqual(['R', 'I']);
    expect(s.pending).toEqual({ kind: 'plan', seat: 'R' });
  });

  it('R4.1.1 / C8 an empty deck is first rebuilt by shuffling the discard pile (RNG, from id order)', () => {
    const s = beforeDraws(2);
    s.decks.R = [];
    s.discards.R = ['R-05', 'R-01', 'R-03'];
    const rng = identityRng();
    run(s, rng);
    expect(rng.calls).toEqual([3, 2]); // one shuffle of 3 cards, nothing else random
    expect(s.hands.R.at(-1)).toBe('R-01');
    expect(s.decks.R).toEqual(['R-03', 'R-05']);
    expect(s.discards.R).toEqual([]);
    // Same situation, an RNG answering 0: Fisher–Yates rotates R-01 R-03 R-05 → R-03 on top.
    const t = beforeDraws(2);
    t.decks.R = [];
    t.discards.R = ['R-05', 'R-01', 'R-03'];
    run(t, scriptedRng([]));
    expect(t.hands.R.at(-1)).toBe('R-03');
    expect(t.decks.R).toEqual(['R-05', 'R-01']);
  });

  it('R4.1.1 a player whose deck and discard pile are both empty draws nothing', () => {
    const s = beforeDraws(2);
    s.decks.I = [];
    s.discards.I = [];
    run(s, seededRng(1));
    expect(s.hands.I).toEqual(STARTING_MISSIONS.I);
    expect(events(s, 'missionDeckEmpty')).toMatchObject([{ faction: 'I' }]);
    expect(s.hands.R.length).toBe(5);
  });

  it('R4.1.2 / C7 the Rebel plans 0 … pool-size missions, exactly one pool leader each; requirements are not checked', () => {
    const s = beforeDraws(2);
    run(s, seededRng(1));
    const rng = seededRng(9);
    expect(decisionActions(s, 'R').length).toBe(5 * 3 + 1);
    act(s, 'R', { type: 'planMission', card: 'R-S3', leader: 'LD-R1' }, rng); // no captive: no target, still plannable
    expect(decisionActions(s, 'R').length).toBe(4 * 2 + 1);
    expect(decisionActions(s, 'R')).not.toContainEqual({ type: 'planMission', card: 'R-S1', leader: 'LD-R1' });
    act(s, 'R', { type: 'planMission', card: 'R-S1', leader: 'LD-R2' }, rng);
    act(s, 'R', { type: 'planMission', card: 'R-S2', leader: 'LD-R3' }, rng);
    // Pool empty: planning ends by itself, the Imperial plans next (R4.1.3).
    expect(s.pending).toEqual({ kind: 'plan', seat: 'I' });
    expect(s.planned.R).toEqual([
      { card: 'R-S3', leader: 'LD-R1' }, { card: 'R-S1', leader: 'LD-R2' }, { card: 'R-S2', leader: 'LD-R3' },
    ]);
    expect(['LD-R1', 'LD-R2', 'LD-R3'].map((l) => s.leaders[l as 'LD-R1'].at)).toEqual(['plan', 'plan', 'plan']);
    expect(s.hands.R).not.toContain('R-S3');
    // The Imperial plans none: Operations starts.
    act(s, 'I', { type: 'endPlanning' }, rng);
    expect(s.planned.I).toEqual([]);
    expect(s.phase).toBe('operations');
  });
});

describe('R4.2 Operations', () => {
  it('R4.2.3 step 3 destinations are exactly the orthogonal neighbours (TEST_GRID)', () => {
    const s = opsBoard();
    put(s, 'F', 'R', { f: 1 });
    put(s, 'A', 'R', { f: 1 });
    put(s, 'IMP', 'R', { f: 1 });
    const to = (from: PlanetId) => uniq(moves(s, 'R').filter((m) => m.from === from).map((m) => m.to));
    expect(to('F')).toEqual(['B', 'E', 'G', 'K']);
    expect(to('A')).toEqual(['B', 'E']);
    expect(to('IMP')).toEqual(['B', 'C', 'G']);
    // One unit set × 4 destinations × 3 pool leaders.
    expect(moves(s, 'R').filter((m) => m.from === 'F').length).toBe(12);
  });

  it('R4.2.3 steps 2, 7 / C9 the leader goes to the destination; a planet with the mover\'s own leader is no source', () => {
    const s = opsBoard();
    put(s, 'F', 'R', { f: 2 });
    const rng = seededRng(1);
    act(s, 'R', fleet('F', 'G', { f: 1 }, 'LD-R1'), rng);
    expect(s.leaders['LD-R1']).toEqual({ at: 'G', captured: false });
    expect(s.planets.G.R).toEqual(u({ f: 1 }));
    // The Imperial had nothing to do and passed automatically; the Rebel moves again.
    expect(s.passed.I).toBe(true);
    expect(uniq(moves(s, 'R').map((m) => m.from))).toEqual(['F']);
    expect(uniq(moves(s, 'R').map((m) => m.leader))).toEqual(['LD-R2', 'LD-R3']);
    // The destination may hold the mover's own leader.
    act(s, 'R', fleet('F', 'G', { f: 1 }, 'LD-R2'), rng);
    expect(s.planets.G.R).toEqual(u({ f: 2 }));
    // Now G (two own leaders) is the only planet with Rebel units: no source left, and no planned mission, so the
    // Rebel passes automatically (R4.2.2) and Operations ends.
    expect(s.passed.R).toBe(true);
    expect(s.phase).toBe('objective');
  });

  it('R4.2.3 step 2 / R6.1.4 another faction\'s leader and the captured Rebel leader do not block a source', () => {
    const s = opsBoard('N', 'I');
    put(s, 'F', 'I', { c: 1 });
    placeLeader(s, 'LD-R1', 'F');
    placeLeader(s, 'LD-R3', 'F', true);
    put(s, 'E', 'I', { c: 1 });
    placeLeader(s, 'LD-I2', 'E');
    expect(uniq(moves(s, 'I').map((m) => m.from))).toEqual(['F']);
    expect(uniq(moves(s, 'I').map((m) => m.leader))).toEqual(['LD-I1', 'LD-I3']);
  });

  it('R4.2.3 step 1 a player without a pool leader cannot move a fleet', () => {
    const s = opsBoard();
    put(s, 'F', 'R', { f: 1 });
    put(s, 'IMP', 'I', { c: 1 });
    placeLeader(s, 'LD-R1', 'A');
    placeLeader(s, 'LD-R2', 'B');
    s.planned.R = [{ card: 'R-S3', leader: 'LD-R3' }];
    takeCard(s, 'R', 'R-S3');
    s.leaders['LD-R3'].at = 'plan';
    expect(decisionActions(s, 'R')).toEqual([{ type: 'pass' }]);
  });

  it('R4.2.3 step 4, 5 / C11 any non-empty set moves; Imperial starfighters need a capital-class escort (the SF counts)', () => {
    const s = opsBoard('N', 'I');
    put(s, 'F', 'I', { f: 2, c: 1 });
    put(s, 'IMP', 'I', { f: 1, s: 1 });
    put(s, 'A', 'I', { f: 2 });
    const sets = (from: PlanetId) => uniq(moves(s, 'I').filter((m) => m.from === from).map((m) => JSON.stringify(m.units)));
    expect(sets('F')).toEqual([u({ c: 1 }), u({ f: 1, c: 1 }), u({ f: 2, c: 1 })].map((x) => JSON.stringify(x)));
    expect(sets('IMP')).toEqual([u({ s: 1 }), u({ f: 1, s: 1 })].map((x) => JSON.stringify(x)));
    expect(sets('A')).toEqual([]); // starfighters alone cannot move
    const r = opsBoard();
    put(r, 'A', 'R', { f: 2 });
    expect(uniq(moves(r, 'R').map((m) => JSON.stringify(m.units)))).toEqual([u({ f: 1 }), u({ f: 2 })].map((x) => JSON.stringify(x)));
  });

  it('R4.2.3 step 6 / C40 the captive may move with an Imperial fleet, and must when no Imperial unit stays behind', () => {
    const s = opsBoard('N', 'I');
    put(s, 'G', 'I', { c: 1, f: 1 });
    placeLeader(s, 'LD-R3', 'G', true);
    const opts = moves(s, 'I').filter((m) => m.to === 'F' && m.leader === 'LD-I1')
      .map((m) => `${m.units.f}${m.units.c}:${m.captive}`);
    expect(opts).toEqual(['01:false', '01:true', '11:true']);
    act(s, 'I', fleet('G', 'F', { f: 1, c: 1 }, 'LD-I1', true), seededRng(1));
    expect(s.leaders['LD-R3']).toEqual({ at: 'F', captured: true });
    expect(s.planets.G.I).toEqual(u({}));
    // Moving part of the fleet without the captive leaves it with the units that stay.
    const t = opsBoard('N', 'I');
    put(t, 'G', 'I', { c: 1, f: 1 });
    placeLeader(t, 'LD-R3', 'G', true);
    act(t, 'I', fleet('G', 'F', { c: 1 }, 'LD-I1', false), seededRng(1));
    expect(t.leaders['LD-R3']).toEqual({ at: 'G', captured: true });
  });

  it('R4.2.3 step 8 / R6.2.4 Imperial units entering the hidden base planet reveal it; Rebel units or other planets do not', () => {
    const s = opsBoard('K');
    put(s, 'J', 'R', { f: 1 });
    put(s, 'F', 'I', { c: 1 });
    put(s, 'IMP', 'I', { c: 1 });
    const rng = seededRng(1);
    act(s, 'R', fleet('J', 'K', { f: 1 }, 'LD-R1'), rng);
    expect(s.base.revealed).toBe(false);
    act(s, 'I', fleet('IMP', 'G', { c: 1 }, 'LD-I1'), rng);
    expect(s.base.revealed).toBe(false);
    expect(s.known.cleared).toEqual(['G']);
    // The Rebel has no source left (J empty, K holds LD-R1): passed automatically.
    expect(s.pending).toEqual({ kind: 'turn', seat: 'I' });
    // Into K, where the Rebel starfighter now sits: reveal, then combat (Imperial attacks).
    const d = exactDice(6, 1, /* Rebel */ 1);
    act(s, 'I', fleet('F', 'K', { c: 1 }, 'LD-I2'), d);
    expect(s.base.revealed).toBe(true);
    expect(events(s, 'baseRevealed')).toMatchObject([{ planet: 'K', cause: 'fleet' }]);
    expect(s.lastCombat).toMatchObject({ planet: 'K', attacker: 'I', winner: 'I' });
  });

  it('R4.2.2 a player with nothing to do passes automatically only if they have no facedown planned mission', () => {
    const s = opsBoard('N', 'I');
    put(s, 'F', 'I', { c: 1 });
    put(s, 'IMP', 'I', { c: 1 });
    act(s, 'I', fleet('F', 'G', { c: 1 }, 'LD-I1'), seededRng(1));
    // The Rebel has no unit and no planned mission: passed for them.
    expect(events(s, 'passed')).toMatchObject([{ faction: 'R', auto: 'noFleet' }]);
    expect(s.pending).toEqual({ kind: 'turn', seat: 'I' });
    // Same, but with a planned mission that has no target: asked, Pass the only choice.
    const t = opsBoard('N', 'I');
    put(t, 'F', 'I', { c: 1 });
    t.planned.R = [{ card: 'R-S3', leader: 'LD-R1' }];
    takeCard(t, 'R', 'R-S3');
    t.leaders['LD-R1'].at = 'plan';
    act(t, 'I', fleet('F', 'G', { c: 1 }, 'LD-I1'), seededRng(1));
    expect(events(t, 'passed')).toEqual([]);
    expect(t.pending).toEqual({ kind: 'turn', seat: 'R' });
    expect(decisionActions(t, 'R')).toEqual([{ type: 'pass' }]);
  });

  it('R4.2.1 / R4.2.8 alternate turns; after one passes the other takes consecutive turns; a passed player may oppose', () => {
    const s = opsBoard('N', 'R');
    put(s, 'A', 'R', { f: 1 });
    put(s, 'F', 'I', { c: 1 });
    put(s, 'IMP', 'I', { c: 1 });
    s.planned.I = [{ card: 'I-S3', leader: 'LD-I3' }];
    takeCard(s, 'I', 'I-S3');
    s.leaders['LD-I3'].at = 'plan';
    const rng = seededRng(1);
    expect(decisionActions(s, 'R')).toContainEqual({ type: 'pass' }); // passing is always allowed
    act(s, 'R', { type: 'pass' }, rng);
    expect(s.pending).toEqual({ kind: 'turn', seat: 'I' });
    act(s, 'I', fleet('F', 'G', { c: 1 }, 'LD-I1'), rng);
    expect(s.pending).toEqual({ kind: 'turn', seat: 'I' });
    act(s, 'I', fleet('IMP', 'C', { c: 1 }, 'LD-I2'), rng);
    expect(s.pending).toEqual({ kind: 'turn', seat: 'I' });
    // The passed Rebel may still oppose (R4.2.5).
    reveal(s, 'I', 'I-S3', 'C', rng);
    expect(s.pending).toEqual({ kind: 'oppose', seat: 'R' });
    answerOpposition(s, 'R', null, rng);
    act(s, 'I', { type: 'patrolPlanet', planet: 'D' }, rng);
    // No source left (both fleets sit with a leader), nothing planned: the Imperial passes, the phase ends.
    expect(events(s, 'passed').map((e) => e.faction)).toEqual(['R', 'I']);
    expect(s.phase).toBe('objective');
    expect(events(s, 'fleetMoved').map((e) => e.faction)).toEqual(['I', 'I']);
  });
});

describe('R4.3 Objective phase', () => {
  function scoring(cards: ObjectiveId[], time: number, objective: number): GameState {
    const s = scenario('N');
    giveObjectives(s, cards);
    s.objectives.scoring = s.objectives.hand;
    s.objectives.hand = [];
    s.time = time;
    s.objective = objective;
    s.pending = null;
    s.queue = [{ t: 'startObjectivePhase' }];
    run(s, seededRng(1)); // yields at the phase boundary
    expect(s.phase).toBe('objective');
    run(s, seededRng(1));
    return s;
  }

  it('R4.3.1 each revealed objective moves the objective token one space toward the time token, then is discarded', () => {
    const s = scoring(['O1-1', 'O1-7'], 3, 12);
    expect(s.objective).toBe(10);
    expect(s.objectives.scoring).toEqual([]);
    expect(s.objectives.discard).toEqual(['O1-1', 'O1-7']);
    expect(s.winner).toBeNull();
    expect(s.phase).toBe('refresh');
  });

  it('R4.3.1 / R1.2.3 the Rebel wins after the single move that reaches the time token', () => {
    const s = scoring(['O1-1', 'O1-7'], 9, 10);
    expect(s.objective).toBe(9);
    expect(s.winner).toEqual({ faction: 'R', reason: 'objectives' });
    expect(s.objectives.discard).toEqual(['O1-1']);
  });
});

describe('R4.4 Refresh', () => {
  it('R4.4.1 leaders return to the pools, unrevealed missions to hand; the captured leader stays', () => {
    const s = scenario('N');
    giveObjectives(s, []);
    put(s, 'G', 'I', { f: 1 });
    placeLeader(s, 'LD-R1', 'F');
    placeLeader(s, 'LD-R3', 'G', true);
    placeLeader(s, 'LD-I1', 'G');
    takeCard(s, 'R', 'R-S1');
    s.planned.R = [{ card: 'R-S1', leader: 'LD-R2' }];
    s.leaders['LD-R2'].at = 'plan';
    toRefresh(s);
    run(s, seededRng(1));
    expect(s.leaders).toMatchObject({
      'LD-R1': { at: 'pool', captured: false }, 'LD-R2': { at: 'pool', captured: false },
      'LD-R3': { at: 'G', captured: true }, 'LD-I1': { at: 'pool', captured: false },
    });
    expect(s.planned).toEqual({ R: [], I: [] });
    expect(s.hands.R.at(-1)).toBe('R-S1');
  });

  it('R4.4.2 / C25 above 7 mission cards a player discards deck missions of their choice, faceup, down to 7', () => {
    const s = scenario('N');
    giveObjectives(s, []);
    const hand: MissionId[] = ['R-S1', 'R-S2', 'R-S3', 'R-S4', 'R-01', 'R-02', 'R-03'];
    for (const c of [...hand, 'R-04', 'R-05'] as MissionId[]) takeCard(s, 'R', c);
    s.hands.R = hand;
    s.planned.R = [{ card: 'R-04', leader: 'LD-R1' }, { card: 'R-05', leader: 'LD-R2' }];
    toRefresh(s);
    run(s, seededRng(1));
    expect(s.pending).toEqual({ kind: 'handLimit', seat: 'R' });
    expect(decisionActions(s, 'R')).toEqual(['R-01', 'R-02', 'R-03', 'R-04', 'R-05'].map((card) => ({ type: 'discardMission', card })));
    act(s, 'R', { type: 'discardMission', card: 'R-04' }, seededRng(1));
    expect(s.pending).toEqual({ kind: 'handLimit', seat: 'R' });
    act(s, 'R', { type: 'discardMission', card: 'R-01' }, seededRng(1));
    expect(s.hands.R.length).toBe(7);
    expect(s.hands.R.filter((c) => c.startsWith('R-S')).length).toBe(4);
    expect(s.discards.R).toEqual(['R-04', 'R-01']);
    expect(s.hands.I.length).toBe(5); // the Imperial was not asked
    expect(events(s, 'missionDiscarded').map((e) => e.faction)).toEqual(['R', 'R']);
  });

  it('R4.4.3 – R4.4.5 the config\'s probe cards (B7.4), one objective card, the time token moves one space', () => {
    const s = refreshBoard();
    const n = s.config.probesPerRefresh;
    expect(n).toBeGreaterThan(0);
    const probes = s.probes.deck.slice(0, n);
    const obj = s.objectives.deck[0];
    run(s, seededRng(1));
    expect(s.probes.hand).toEqual(['G', ...probes]);
    expect(s.probes.deck.length).toBe(12 - n);
    expect(s.objectives.hand).toEqual([obj]);
    expect(s.time).toBe(2);
    expect(probePartition(s)).toBe(SORTED_LETTERS);
    // Empty decks: nothing is drawn.
    const t = refreshBoard();
    t.probes.hand.push(...t.probes.deck);
    t.probes.deck = [];
    t.objectives.deck = [];
    run(t, seededRng(1));
    expect(t.probes.hand.length).toBe(13);
    expect(t.objectives.hand).toEqual([]);
    expect(events(t, 'probeDeckEmpty').length).toBe(t.config.probesPerRefresh); // one per draw asked for (R6.5.3)
    expect(events(t, 'objectiveDeckEmpty').length).toBe(1);
  });

  it('R4.4.6 build on an icon space: producing locations incl. the base card, red tabs Rebel only, spot 1 arrives now', () => {
    const s = refreshBoard('N');
    // Imperial: F aligned (produces); H loyal, A disrupted, B remote, E red tab, M destroyed: no production.
    put(s, 'F', 'I', { f: 1, c: 1 });
    for (const p of ['H', 'A', 'B', 'E', 'M'] as PlanetId[]) put(s, p, 'I', { f: 1 });
    s.planets.H.loyalty = true;
    s.planets.A.disrupt = true;
    destroy(s, 'M');
    // Rebel: D, L (red) and C (Production) loyal; K loyal but disrupted; J remote; H loyal but Imperial-held.
    for (const p of ['D', 'L', 'C', 'K', 'J'] as PlanetId[]) s.planets[p].loyalty = true;
    s.planets.K.disrupt = true;
    run(s, seededRng(1));
    expect(events(s, 'built').map((e) => `${e.faction}${e.unit}:${(e.counts as number[]).join('')}`)).toEqual([
      'Rf:200', // D + base card → spot 1
      'Rc:030', // L + C + base card → spot 2
      'If:210', // Imperium + F → spot 1, F → spot 2
      'Ic:010', // Imperium → spot 2
    ]);
    // The Rebel deploy step has already slid its queue (C27: spot 1 arrives in the same Refresh).
    expect(s.pending).toEqual({ kind: 'deploy', seat: 'R' });
    expect(s.arrivals.R).toEqual(u({ f: 2 }));
    expect(s.queues.R).toEqual([u({ c: 3 }), u({}), u({})]);
    expect(s.queues.I).toEqual([u({ f: 2 }), u({ f: 1, c: 1 }), u({})]);
    expect(s.supply.R).toEqual(u({ f: 10, c: 2 }));
    expect(s.supply.I).toEqual(u({ f: 16 - 6 - 3, c: 6 - 1 - 1, s: 1 }));
    // Rebel deployment spots: Rebel aligned, not disrupted (Remote J too), and the hidden base card.
    expect(uniq(decisionActions(s, 'R').map((a) => (a as { to: string }).to))).toEqual(['C', 'D', 'J', 'L', 'BASE']);
  });

  it('R4.4.5 / R4.4.6 no build when the new time space has no icon', () => {
    const s = refreshBoard('N');
    s.time = 2;
    s.planets.D.loyalty = true;
    run(s, seededRng(1));
    expect(s.time).toBe(3);
    expect(events(s, 'built')).toEqual([]);
    expect(s.queues.R).toEqual([u({}), u({}), u({})]);
  });

  it('R4.4.6 supply shortfall: the owner chooses which due units are skipped (automatic when only one way)', () => {
    const s = refreshBoard('N');
    put(s, 'IMP', 'I', { f: 15 });
    put(s, 'F', 'I', { c: 1 });
    s.planets.D.loyalty = true;
    put(s, 'D', 'R', { f: 11 });
    run(s, seededRng(1));
    // Rebel: D + base card due 2 on spot 1, 1 in supply: one way only, built without asking.
    expect(events(s, 'built')[0]).toMatchObject({ faction: 'R', unit: 'f', counts: [1, 0, 0] });
    expect(s.pending).toEqual({ kind: 'shortfall', seat: 'I', unit: 'f', due: [2, 1, 0], available: 1 });
    expect(decisionActions(s, 'I')).toEqual([{ type: 'allocateBuild', counts: [1, 0, 0] }, { type: 'allocateBuild', counts: [0, 1, 0] }]);
    act(s, 'I', { type: 'allocateBuild', counts: [0, 1, 0] }, seededRng(1));
    expect(s.supply.I.f).toBe(0);
    // The Rebel deploys its one arrival (D or the base card).
    expect(s.pending).toEqual({ kind: 'deploy', seat: 'R' });
    act(s, 'R', { type: 'deployUnit', unit: 'f', to: 'D' }, seededRng(1));
    expect(s.queues.I).toEqual([u({ f: 1, c: 1 }), u({}), u({})]); // after the Imperial slide
    expect(s.planets.D.R).toEqual(u({ f: 12 }));
  });

  it('R4.4.7 step 1 the queue slides: spot 1 arrives, spot 2 → 1, spot 3 → 2', () => {
    const s = refreshBoard('N');
    s.time = 2;
    queue(s, 'I', 1, { f: 1 });
    queue(s, 'I', 2, { c: 1 });
    queue(s, 'I', 3, { c: 1 });
    run(s, seededRng(1));
    expect(s.planets.IMP.I).toEqual(u({ f: 1 })); // the only Imperial spot: placed without asking
    expect(s.queues.I).toEqual([u({ c: 1 }), u({ c: 1 }), u({})]);
  });

  it('R4.4.7 no location receives more than 2 units in a round; the rest goes elsewhere', () => {
    const s = refreshBoard('N');
    s.time = 2;
    s.planets.D.loyalty = true;
    queue(s, 'R', 1, { f: 3 });
    run(s, seededRng(1));
    expect(decisionActions(s, 'R')).toEqual([{ type: 'deployUnit', unit: 'f', to: 'D' }, { type: 'deployUnit', unit: 'f', to: 'BASE' }]);
    act(s, 'R', { type: 'deployUnit', unit: 'f', to: 'D' }, seededRng(1));
    act(s, 'R', { type: 'deployUnit', unit: 'f', to: 'D' }, seededRng(1));
    // D is full: the third starfighter had one place left and went there without asking.
    expect(s.planets.D.R).toEqual(u({ f: 2 }));
    expect(s.base.units).toEqual(u({ f: 1 }));
    expect(s.placedThisRound).toEqual({ D: 2, BASE: 1 });
  });

  it('R4.4.7 the base card and the base planet are separate locations with separate caps', () => {
    const s = refreshBoard('D');
    s.time = 2;
    s.planets.D.loyalty = true;
    queue(s, 'R', 1, { f: 4 });
    run(s, seededRng(1));
    act(s, 'R', { type: 'deployUnit', unit: 'f', to: 'BASE' }, seededRng(1));
    act(s, 'R', { type: 'deployUnit', unit: 'f', to: 'BASE' }, seededRng(1));
    expect(s.base.units).toEqual(u({ f: 2 }));
    expect(s.planets.D.R).toEqual(u({ f: 2 }));
    expect(s.placedThisRound).toEqual({ D: 2, BASE: 2 });
  });

  it('R4.4.7 / C52 the revealed base planet takes Rebel arrivals without loyalty, even disrupted, never with Imperial units', () => {
    const s = refreshBoard('K');
    setBase(s, 'K', true);
    s.planets.K.disrupt = true;
    s.time = 2;
    queue(s, 'R', 1, { f: 1 });
    run(s, seededRng(1));
    expect(s.planets.K.R).toEqual(u({ f: 1 }));
    expect(s.base.units).toEqual(u({}));
    const t = refreshBoard('K');
    setBase(t, 'K', true);
    put(t, 'K', 'I', { c: 1 });
    t.time = 2;
    queue(t, 'R', 1, { f: 1 });
    run(t, seededRng(1));
    expect(t.planets.K.R).toEqual(u({}));
    expect(events(t, 'arrivalsReturned')).toMatchObject([{ faction: 'R', units: u({ f: 1 }) }]);
    expect(t.supply.R.f).toBe(12);
  });

  it('R4.4.7 / C31 / C33 Imperial spots: aligned undisrupted planets and the SF planet (even destroyed); never with Rebel units', () => {
    const s = refreshBoard('N');
    s.time = 2;
    put(s, 'IMP', 'R', { f: 1 }); // Imperium always aligned, but holds a Rebel unit
    put(s, 'A', 'I', { f: 1 });
    s.planets.A.disrupt = true; // aligned but disrupted
    put(s, 'E', 'I', { f: 1 }); // red tab, but aligned: deployment is allowed
    put(s, 'F', 'I', { f: 1 });
    put(s, 'H', 'I', { f: 1 });
    s.planets.H.loyalty = true; // not aligned
    put(s, 'M', 'I', { s: 1 });
    destroy(s, 'M'); // the SF exception
    queue(s, 'I', 1, { f: 1, c: 1 });
    run(s, seededRng(1));
    expect(s.pending).toEqual({ kind: 'deploy', seat: 'I' });
    expect(decisionActions(s, 'I')).toEqual([
      { type: 'deployUnit', unit: 'f', to: 'E' }, { type: 'deployUnit', unit: 'f', to: 'F' },
      { type: 'deployUnit', unit: 'f', to: 'M' }, { type: 'deployUnit', unit: 'c', to: 'E' },
      { type: 'deployUnit', unit: 'c', to: 'F' }, { type: 'deployUnit', unit: 'c', to: 'M' },
    ]);
  });

  it('R4.4.7 step 3 / C30 arrivals with no legal location return to supply', () => {
    const s = refreshBoard('N');
    s.time = 2;
    put(s, 'IMP', 'R', { f: 1 });
    s.supply.I.s = 0;
    s.sfOut = true;
    queue(s, 'I', 1, { f: 2 });
    run(s, seededRng(1));
    expect(events(s, 'arrivalsReturned')).toMatchObject([{ faction: 'I', units: u({ f: 2 }) }]);
    expect(s.supply.I.f).toBe(16);
    expect(s.arrivals.I).toEqual(u({}));
  });

  it('R4.4.8 base moves after both deployments, to Rebel aligned undisrupted planets, within the cap of 2', () => {
    const s = refreshBoard('N');
    s.time = 2;
    put(s, 'BASE', 'R', { f: 3, c: 1 });
    for (const p of ['C', 'D', 'E'] as PlanetId[]) s.planets[p].loyalty = true;
    s.planets.E.disrupt = true;
    queue(s, 'R', 1, { f: 1 });
    queue(s, 'I', 1, { f: 1 });
    run(s, seededRng(1));
    act(s, 'R', { type: 'deployUnit', unit: 'f', to: 'D' }, seededRng(1));
    // Imperial deployed (Imperium, its only spot) before the base moves.
    expect(s.planets.IMP.I).toEqual(u({ f: 1 }));
    expect(s.pending).toEqual({ kind: 'baseMoves', seat: 'R' });
    expect(decisionActions(s, 'R')).toEqual([
      { type: 'baseMove', unit: 'f', to: 'C' }, { type: 'baseMove', unit: 'f', to: 'D' },
      { type: 'baseMove', unit: 'c', to: 'C' }, { type: 'baseMove', unit: 'c', to: 'D' }, { type: 'endBaseMoves' },
    ]);
    act(s, 'R', { type: 'baseMove', unit: 'f', to: 'D' }, seededRng(1));
    expect(decisionActions(s, 'R')).toEqual([
      { type: 'baseMove', unit: 'f', to: 'C' }, { type: 'baseMove', unit: 'c', to: 'C' }, { type: 'endBaseMoves' },
    ]);
    act(s, 'R', { type: 'baseMove', unit: 'c', to: 'C' }, seededRng(1));
    act(s, 'R', { type: 'baseMove', unit: 'f', to: 'C' }, seededRng(1));
    // No destination left: the step ends without another prompt and the next round begins.
    expect(s.base.units).toEqual(u({ f: 1 }));
    expect(s.planets.D.R).toEqual(u({ f: 2 }));
    expect(s.planets.C.R).toEqual(u({ f: 1, c: 1 }));
    expect(s.placedThisRound).toEqual({ D: 2, IMP: 1, C: 2 });
    expect(s.pending).toEqual({ kind: 'objective', seat: 'R', window: 'refresh' });
  });

  it('R4.4 steps run in order: retrieve, hand limit, probe, objective, time, build, Rebel deploy, Imperial deploy, base moves, end window', () => {
    const s = refreshBoard('N');
    put(s, 'BASE', 'R', { f: 1 });
    s.planets.D.loyalty = true;
    giveObjectives(s, ['O1-6']);
    const mark = s.log.length;
    run(s, seededRng(1));
    // Base card + D build starfighters on spot 1: one to D, one to the base card, then a base move to D.
    act(s, 'R', { type: 'deployUnit', unit: 'f', to: 'D' }, seededRng(1));
    act(s, 'R', { type: 'deployUnit', unit: 'f', to: 'BASE' }, seededRng(1));
    act(s, 'R', { type: 'baseMove', unit: 'f', to: 'D' }, seededRng(1));
    expect(s.pending).toEqual({ kind: 'objective', seat: 'R', window: 'refresh' });
    const names = s.log.slice(mark).map((e) => e.e).filter((e) =>
      ['leadersRetrieved', 'probeDrawn', 'objectiveDrawn', 'timeAdvanced', 'built', 'deployed', 'baseMoved', 'objectiveWindowOpened'].includes(e));
    expect(uniq(names)).toEqual([
      'leadersRetrieved', 'probeDrawn', 'objectiveDrawn', 'timeAdvanced', 'built', 'deployed', 'baseMoved', 'objectiveWindowOpened',
    ]);
  });
});

describe('R1.2 Win conditions', () => {
  it('R1.2.1 occupation is not won by the move that reveals the base, only at the end of Operations', () => {
    const s = opsBoard('K', 'I');
    put(s, 'F', 'I', { c: 1 });
    put(s, 'A', 'R', { f: 1 });
    const rng = seededRng(1);
    act(s, 'I', fleet('F', 'K', { c: 1 }, 'LD-I1'), rng);
    expect(s.base.revealed).toBe(true);
    expect(s.winner).toBeNull();
    expect(s.pending).toEqual({ kind: 'turn', seat: 'R' });
    act(s, 'R', { type: 'pass' }, rng);
    // The Imperial has no source left (K holds its leader): passed automatically, end of Operations.
    expect(s.winner).toEqual({ faction: 'I', reason: 'occupation' });
    expect(events(s, 'passed').map((e) => e.faction)).toEqual(['R', 'I']);
  });

  it('R1.2.1 / C43 the Rebel can still contest the revealed base during the phase: no occupation win', () => {
    const s = opsBoard('K', 'I');
    put(s, 'F', 'I', { c: 1 });
    put(s, 'L', 'R', { c: 1 });
    act(s, 'I', fleet('F', 'K', { c: 1 }, 'LD-I1'), seededRng(1));
    const d = exactDice(6, 1, /* I */ 6, 6, /* wave 2 */ 6, 6, /* I at 0 HP */ 1, 1);
    act(s, 'R', fleet('L', 'K', { c: 1 }, 'LD-R1'), d);
    expect(d.left()).toBe(0);
    expect(s.lastCombat).toMatchObject({ planet: 'K', winner: 'R' });
    expect(s.winner).toBeNull();
    expect(s.phase).toBe('objective');
  });

  it('R1.2.1 occupation is also checked at the end of Refresh, after the deploy step', () => {
    const s = refreshBoard('K');
    setBase(s, 'K', true);
    put(s, 'K', 'I', { c: 1 });
    s.time = 2;
    run(s, seededRng(1));
    expect(s.winner).toEqual({ faction: 'I', reason: 'occupation' });
    const names = s.log.map((e) => e.e);
    expect(names.indexOf('gameOver')).toBeGreaterThan(names.lastIndexOf('timeAdvanced'));
    expect(s.time).toBe(3);
    expect(events(s, 'roundStarted').map((e) => e.round)).toEqual([1]); // no round 2
  });

  it('R1.2.3 the Rebel wins when the time token reaches the objective token, before the build', () => {
    const s = refreshBoard('N');
    s.time = 3;
    s.objective = 4;
    s.planets.D.loyalty = true;
    run(s, seededRng(1));
    expect(s.time).toBe(4);
    expect(s.winner).toEqual({ faction: 'R', reason: 'objectives' });
    expect(events(s, 'built')).toEqual([]);
    const t = refreshBoard('N');
    t.time = 3;
    t.objective = 5;
    run(t, seededRng(1));
    expect(t.winner).toBeNull();
  });

  it('R1.2.5 the game ends at the latest in the Refresh of round 11 (time token reaches 12)', () => {
    const s = refreshBoard('N');
    s.round = 11;
    s.time = 11;
    s.objective = 12;
    run(s, seededRng(1));
    expect(s.time).toBe(12);
    expect(s.winner).toEqual({ faction: 'R', reason: 'objectives' });
    expect(s.round).toBe(11);
  });
});

describe('R6.2.7 Relocation', () => {
  /** Hidden base on N with a unit on the base card; probe deck topped with A (Imperial unit), B, C (destroyed). */
  function relocation(top: LetterId[]): GameState {
    const s = scenario('N');
    giveObjectives(s, []);
    put(s, 'BASE', 'R', { f: 1 });
    s.planets.D.loyalty = true;
    put(s, 'A', 'I', { f: 1 });
    destroy(s, 'C');
    s.probes.deck = [...top, ...s.probes.deck.filter((c) => !top.includes(c))];
    s.known.cleared = ['E'];
    return operationsWith(s, { R: [{ card: 'R-S4', leader: 'LD-R3' }] }, 'R');
  }

  it('R6.2.7 the Rebel sees the top 3, may pick an intact card without Imperial units; old card back; deck reshuffled', () => {
    const s = relocation(['A', 'B', 'C']);
    const rng = identityRng();
    reveal(s, 'R', 'R-S4', 'D', rng);
    answerOpposition(s, 'I', null, rng);
    expect(s.pending).toEqual({ kind: 'relocate', seat: 'R', cards: ['A', 'B', 'C'] });
    expect(decisionActions(s, 'R')).toEqual([{ type: 'relocateBase', planet: 'B' }, { type: 'relocateBase', planet: null }]);
    act(s, 'R', { type: 'relocateBase', planet: 'B' }, rng);
    expect(rng.calls).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]); // RNG: one shuffle of the 12-card deck
    expect(s.base).toMatchObject({ planet: 'B', revealed: false, units: u({ f: 1 }), relocatedRound: 1 });
    expect(s.probes.deck).toEqual(LETTERS.filter((l) => l !== 'B' && l !== 'G')); // id order (identity shuffle)
    expect(s.probes.deck).toContain('N');
    expect(probePartition(s)).toBe(SORTED_LETTERS);
    expect(s.known.cleared).toEqual([]);
    expect(s.stats.relocations).toBe(1);
    expect(events(s, 'relocated')).toMatchObject([{ hidden: true }]);
    // R-S4 requirement (B7.4 relocationCooldown, 0 by default): not again in the round of the relocation.
    expect(missionTargets(s, 'R-S4')).toEqual([]);
    s.round = 2;
    expect(missionTargets(s, 'R-S4')).toEqual(['D']);
    // With a cooldown of 1 round (the default before issue 24's study), not in the round after it either.
    s.config = { ...s.config, relocationCooldown: 1 };
    expect(missionTargets(s, 'R-S4')).toEqual([]);
    s.round = 3;
    expect(missionTargets(s, 'R-S4')).toEqual(['D']);
  });

  it('R6.2.7 / R4.5.5 the prompt comes even when no card is eligible; "none" keeps the base, the deck is still shuffled', () => {
    const s = relocation(['A', 'C', 'B']);
    put(s, 'B', 'I', { f: 1 });
    const rng = identityRng();
    reveal(s, 'R', 'R-S4', 'D', rng);
    answerOpposition(s, 'I', null, rng);
    expect(decisionActions(s, 'R')).toEqual([{ type: 'relocateBase', planet: null }]);
    act(s, 'R', { type: 'relocateBase', planet: null }, rng);
    expect(rng.calls.length).toBe(11);
    expect(s.base).toMatchObject({ planet: 'N', revealed: false, relocatedRound: 1 });
    expect(s.probes.deck).toEqual(LETTERS.filter((l) => l !== 'N' && l !== 'G'));
  });

  it('R6.2.7 steps 2–3 relocating a revealed base: the old card goes back public, units on the old planet stay there', () => {
    const s = relocation(['A', 'B', 'C']);
    s.base.units = u({});
    s.supply.R.f += 1;
    setBase(s, 'N', true);
    put(s, 'N', 'R', { f: 2 });
    const rng = identityRng();
    reveal(s, 'R', 'R-S4', 'D', rng);
    answerOpposition(s, 'I', null, rng);
    act(s, 'R', { type: 'relocateBase', planet: 'B' }, rng);
    expect(s.base).toMatchObject({ planet: 'B', revealed: false, units: u({}) });
    expect(s.planets.N.R).toEqual(u({ f: 2 }));
    expect(s.probes.flagged).toContain('N');
    expect(s.probes.deck).toContain('N');
    expect(events(s, 'relocated')).toMatchObject([{ hidden: true }]);
  });
});
