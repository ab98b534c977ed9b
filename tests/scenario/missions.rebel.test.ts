/**
 * Scenario tests for the 13 Rebel missions (RULES R7.5) and the reveal / opposition / attempt rules they go
 * through (R4.2.4 – R4.2.7). Every state is hand-made on TEST_GRID:
 *   (1,·)  A  B  IMP C  D
 *   (2,·)  E  F  G   H  I
 *   (3,·)  J  K  L   M  N
 * Dice: `dice(a, b)` = the revealing player's mission die a, then the opponent's b (R3 intro, R4.2.6).
 */
import { describe, expect, it } from 'vitest';
import {
  act, answerOpposition, destroy, dice, logSince, operationsWith, placeLeader, probePartition, put, reveal, scenario,
  setBase,
} from '../helpers/build';
import { board, isEvent, legalActions, missionTargets, type GameState, type LogEventOf, type LogKind } from '../../src/game/rules';
import { canSee } from '../../src/game/rules/log';

const names = (s: GameState, mark: number) => logSince(s, mark).map((e) => e.e);
const find = <K extends LogKind>(s: GameState, e: K) => s.log.filter((x): x is LogEventOf<K> => isEvent(x, e));
const revealActions = (s: GameState, seat: 'R' | 'I') => legalActions(s, seat).filter((a) => a.type === 'revealMission');

describe('R-S1 Rally Support', () => {
  function build() {
    const s = scenario();
    put(s, 'F', 'R', { f: 1 }); // legal
    put(s, 'D', 'R', { f: 1 }); // has loyalty
    s.planets.D.loyalty = true;
    put(s, 'IMP', 'R', { f: 1 }); // not lettered
    destroy(s, 'K');
    put(s, 'K', 'R', { f: 1 }); // destroyed
    put(s, 'G', 'I', { c: 1 }); // Imperial units, no Rebel units
    return s;
  }

  it('requirement: intact lettered planet with Rebel units, no Imperial units, no loyalty', () => {
    expect(missionTargets(build(), 'R-S1')).toEqual(['F']);
  });

  it('unopposed success: loyalty marker on the target, card back to hand, leader stays', () => {
    const s = build();
    operationsWith(s, { R: [{ card: 'R-S1', leader: 'LD-R3' }] });
    expect(revealActions(s, 'R')).toEqual([{ type: 'revealMission', card: 'R-S1', target: 'F' }]);
    const mark = s.log.length;
    reveal(s, 'R', 'R-S1', 'F');
    expect(s.pending).toEqual({ kind: 'oppose', seat: 'I' }); // R4.2.5 window
    const rng = dice();
    answerOpposition(s, 'I', null, rng);
    expect(rng.used).toBe(0); // unopposed: no attempt
    expect(s.planets.F.loyalty).toBe(true);
    expect(s.hands.R).toContain('R-S1');
    expect(s.discards.R).not.toContain('R-S1');
    expect(s.planned.R).toEqual([]);
    expect(s.leaders['LD-R3']).toEqual({ at: 'F', captured: false });
    expect(names(s, mark)).toEqual(['missionRevealed', 'notOpposed', 'missionSucceeded', 'tokenPlaced']);
    expect(s.pending).toEqual({ kind: 'turn', seat: 'I' });
  });

  it('opposed and lost: nothing placed, card back to hand, both leaders stay on the target', () => {
    const s = build();
    operationsWith(s, { R: [{ card: 'R-S1', leader: 'LD-R3' }] });
    reveal(s, 'R', 'R-S1', 'F');
    // Rebel 1 + 0 Diplomacy icons = 1; Imperial 4 + LD-I2's one D = 5.
    answerOpposition(s, 'I', 'LD-I2', dice(1, 4));
    expect(s.planets.F.loyalty).toBe(false);
    expect(s.hands.R).toContain('R-S1');
    expect(s.leaders['LD-R3'].at).toBe('F');
    expect(s.leaders['LD-I2'].at).toBe('F');
    expect(find(s, 'missionAttempt').at(-1)).toMatchObject({
      card: 'R-S1', faction: 'R', die: 1, total: 1, oppDie: 4, oppTotal: 5, success: false,
    });
    expect(find(s, 'tokenPlaced')).toEqual([]);
  });

  it('a tie goes to the revealing player (R4.2.6); icons of the revealer count', () => {
    const s = build();
    operationsWith(s, { R: [{ card: 'R-S1', leader: 'LD-R1' }] });
    reveal(s, 'R', 'R-S1', 'F');
    // Rebel 2 + LD-R1's D,D = 4; Imperial 3 + 1 = 4.
    answerOpposition(s, 'I', 'LD-I2', dice(2, 3));
    expect(find(s, 'missionAttempt').at(-1)).toMatchObject({ total: 4, oppTotal: 4, success: true });
    expect(s.planets.F.loyalty).toBe(true);
  });
});

describe('R-S2 Sabotage', () => {
  function build() {
    const s = scenario();
    put(s, 'F', 'R', { f: 1 });
    s.planets.K.disrupt = true; // adjacent to F but already disrupted
    destroy(s, 'E'); // adjacent to F but destroyed
    put(s, 'G', 'I', { c: 1 }); // adjacent to F: Imperial units do not matter
    return s;
  }

  it('requirement: undisrupted intact lettered planet with Rebel units or orthogonally adjacent to them', () => {
    // F itself; B, G adjacent; A is diagonal (distance 2); IMP is not lettered; E destroyed; K disrupted.
    expect(missionTargets(build(), 'R-S2')).toEqual(['B', 'F', 'G']);
  });

  it('success on a planet next to the Rebel units: disrupt token placed (tie to the revealer)', () => {
    const s = build();
    operationsWith(s, { R: [{ card: 'R-S2', leader: 'LD-R2' }] });
    reveal(s, 'R', 'R-S2', 'G');
    // Rebel 4 + LD-R2's Intel icon = 5; Imperial 4 + LD-I3's Intel icon = 5.
    answerOpposition(s, 'I', 'LD-I3', dice(4, 4));
    expect(s.planets.G.disrupt).toBe(true);
    expect(s.planets.G.loyalty).toBe(false);
    expect(s.hands.R).toContain('R-S2');
  });

  it('opposed and lost: no token, card back to hand, leaders stay', () => {
    const s = build();
    operationsWith(s, { R: [{ card: 'R-S2', leader: 'LD-R2' }] });
    reveal(s, 'R', 'R-S2', 'G');
    answerOpposition(s, 'I', 'LD-I3', dice(3, 5)); // 4 vs 6
    expect(s.planets.G.disrupt).toBe(false);
    expect(s.hands.R).toContain('R-S2');
    expect([s.leaders['LD-R2'].at, s.leaders['LD-I3'].at]).toEqual(['G', 'G']);
  });
});

describe('R-S3 Daring Rescue', () => {
  function build() {
    const s = scenario();
    put(s, 'G', 'I', { c: 1 });
    put(s, 'A', 'R', { f: 1 });
    return s;
  }

  it('requirement: only the planet holding the captured leader; none while nobody is captured', () => {
    const s = build();
    expect(missionTargets(s, 'R-S3')).toEqual([]);
    operationsWith(s, { R: [{ card: 'R-S3', leader: 'LD-R3' }] });
    expect(revealActions(s, 'R')).toEqual([]); // R4.2.4 step 1: no legal target, cannot be revealed
    placeLeader(s, 'LD-R2', 'G', true);
    expect(missionTargets(s, 'R-S3')).toEqual(['G']);
  });

  it('captured leader icons count for the Rebel; an Imperial leader already there opposes it (tie → success)', () => {
    const s = build();
    placeLeader(s, 'LD-R2', 'G', true); // captured: F, I
    placeLeader(s, 'LD-I1', 'G'); // F, F — already on the target from an earlier move
    operationsWith(s, { R: [{ card: 'R-S3', leader: 'LD-R3' }] });
    reveal(s, 'R', 'R-S3', 'G');
    expect(s.pending).toEqual({ kind: 'oppose', seat: 'I' });
    // Declining does not make it unopposed: LD-I1 is on the target (R4.2.4 step 5).
    // Rebel 4 + 0 (LD-R3) + 1 (captured LD-R2's Force icon) = 5; Imperial 3 + 2 = 5.
    answerOpposition(s, 'I', null, dice(4, 3));
    expect(find(s, 'missionAttempt').at(-1)).toMatchObject({ total: 5, oppTotal: 5, success: true });
    expect(s.leaders['LD-R2']).toEqual({ at: 'pool', captured: false });
    expect(find(s, 'leaderRescued').at(-1)).toMatchObject({ leader: 'LD-R2', cause: 'mission' });
    expect(s.stats.rescues).toBe(1);
    expect(s.leaders['LD-R3'].at).toBe('G');
    expect(s.hands.R).toContain('R-S3');
  });

  it('opposed and lost: the leader stays captured', () => {
    const s = build();
    placeLeader(s, 'LD-R2', 'G', true);
    placeLeader(s, 'LD-I1', 'G');
    operationsWith(s, { R: [{ card: 'R-S3', leader: 'LD-R3' }] });
    reveal(s, 'R', 'R-S3', 'G');
    answerOpposition(s, 'I', null, dice(3, 3)); // 4 vs 5
    expect(s.leaders['LD-R2']).toEqual({ at: 'G', captured: true });
    expect(s.leaders['LD-R3'].at).toBe('G');
    expect(s.hands.R).toContain('R-S3');
  });
});

describe('R-S4 Covert Relocation', () => {
  function build() {
    const s = scenario('N');
    s.round = 3;
    s.planets.D.loyalty = true; // legal: loyalty
    put(s, 'F', 'R', { f: 1 }); // legal: Rebel units
    put(s, 'IMP', 'R', { f: 1 }); // not lettered
    destroy(s, 'K');
    put(s, 'K', 'R', { f: 1 }); // destroyed
    put(s, 'C', 'I', { c: 1 });
    s.planets.C.loyalty = true; // loyalty under Imperial units still qualifies
    // Probe deck top: B, C (Imperial units), J. Hand: G (R3.8). Base card: N.
    s.probes.deck = ['B', 'C', 'J', 'A', 'D', 'E', 'F', 'H', 'I', 'K', 'L', 'M'];
    return s;
  }

  it('requirement: Rebel units or loyalty on an intact lettered planet, not in the round of a relocation (B7.4 cooldown 0)', () => {
    const s = build();
    expect(s.config.relocationCooldown).toBe(0);
    expect(missionTargets(s, 'R-S4')).toEqual(['C', 'D', 'F']);
    s.base.relocatedRound = 3; // relocated in this round
    expect(missionTargets(s, 'R-S4')).toEqual([]);
    s.base.relocatedRound = 2; // relocated in the previous round
    expect(missionTargets(s, 'R-S4')).toEqual(['C', 'D', 'F']);
  });

  it('requirement with a relocation cooldown of 1 (B7.4): not in the round after a relocation either', () => {
    const s = build();
    s.config = { ...s.config, relocationCooldown: 1 };
    s.base.relocatedRound = 2; // relocated in the previous round
    expect(missionTargets(s, 'R-S4')).toEqual([]);
    s.base.relocatedRound = 1; // two rounds ago
    expect(missionTargets(s, 'R-S4')).toEqual(['C', 'D', 'F']);
  });

  it('success: look at the top 3, pick an eligible card; old card into the deck, reshuffled; all private', () => {
    const s = build();
    s.known.cleared = ['A', 'B'];
    s.known.baseSector = 3; // an earlier I-06 answer
    operationsWith(s, { R: [{ card: 'R-S4', leader: 'LD-R3' }] });
    const mark = s.log.length;
    reveal(s, 'R', 'R-S4', 'D');
    answerOpposition(s, 'I', null);
    expect(s.pending).toEqual({ kind: 'relocate', seat: 'R', cards: ['B', 'C', 'J'] });
    // C holds Imperial units: not eligible. "None" is always offered.
    expect(legalActions(s, 'R')).toEqual([
      { type: 'relocateBase', planet: 'B' }, { type: 'relocateBase', planet: 'J' }, { type: 'relocateBase', planet: null },
    ]);
    act(s, 'R', { type: 'relocateBase', planet: 'J' }, dice());
    expect(s.base).toMatchObject({ planet: 'J', revealed: false, relocatedRound: 3 });
    expect(s.probes.deck).toContain('N');
    expect(s.probes.deck).not.toContain('J');
    expect(s.probes.deck.length).toBe(12);
    expect(probePartition(s)).toBe('ABCDEFGHIJKLMN');
    expect(s.probes.flagged).toEqual(['G']); // a hidden base card goes back unflagged
    expect(s.known.cleared).toEqual([]);
    expect(s.known.baseSector).toBeNull();
    expect(s.stats.relocations).toBe(1);
    expect(s.hands.R).toContain('R-S4');
    const ev = logSince(s, mark).filter((e) => e.e.startsWith('reloc') || e.e === 'probesSeen');
    expect(ev).toEqual([
      { e: 'relocationStarted', round: 3 },
      { e: 'probesSeen', round: 3, cards: ['B', 'C', 'J'], to: 'R' },
      { e: 'relocated', round: 3, hidden: true },
      { e: 'relocatedTo', round: 3, from: 'N', dest: 'J', to: 'R' }, // private, and it keeps the destination
    ]);
  });

  it('uniform prompt: asked even when no card of the top 3 is eligible; the deck is reshuffled anyway', () => {
    const s = build();
    put(s, 'B', 'I', { f: 1 });
    put(s, 'J', 'I', { f: 1 });
    s.known.cleared = ['A'];
    operationsWith(s, { R: [{ card: 'R-S4', leader: 'LD-R3' }] });
    reveal(s, 'R', 'R-S4', 'D');
    answerOpposition(s, 'I', null);
    expect(s.pending).toMatchObject({ kind: 'relocate', seat: 'R' });
    expect(legalActions(s, 'R')).toEqual([{ type: 'relocateBase', planet: null }]);
    const rng = dice();
    act(s, 'R', { type: 'relocateBase', planet: null }, rng);
    expect(rng.used).toBe(11); // RNG: Fisher–Yates over 12 cards
    expect(s.base).toMatchObject({ planet: 'N', revealed: false, relocatedRound: 3 });
    expect(s.known.cleared).toEqual([]); // the Imperial cannot tell whether it moved (R6.2.7 step 4)
    expect(find(s, 'relocated').at(-1)).toMatchObject({ hidden: true });
  });

  it('a publicly flagged card among the top 3 is not offered (the engine hides the base only under secret cards)', () => {
    // Reading of R6.2.7 + R8.3 item 11: a flagged card is public wherever it is, so the base under it would
    // not be hidden. RULES lists only "intact, no Imperial units"; see the report.
    const s = build();
    s.probes.flagged.push('B'); // e.g. a revealed base card returned by an earlier relocation
    operationsWith(s, { R: [{ card: 'R-S4', leader: 'LD-R3' }] });
    reveal(s, 'R', 'R-S4', 'D');
    answerOpposition(s, 'I', null);
    expect(legalActions(s, 'R')).toEqual([{ type: 'relocateBase', planet: 'J' }, { type: 'relocateBase', planet: null }]);
  });

  it('empty probe deck: still asked, only "none"', () => {
    const s = build();
    s.probes.hand = [...s.probes.hand, ...s.probes.deck];
    s.probes.deck = [];
    operationsWith(s, { R: [{ card: 'R-S4', leader: 'LD-R3' }] });
    reveal(s, 'R', 'R-S4', 'D');
    answerOpposition(s, 'I', null);
    expect(s.pending).toEqual({ kind: 'relocate', seat: 'R', cards: [] });
    expect(legalActions(s, 'R')).toEqual([{ type: 'relocateBase', planet: null }]);
  });

  it('from a revealed base: the old card returns flagged, the base is hidden again, units stay on the old planet', () => {
    const s = build();
    setBase(s, 'N', true);
    put(s, 'N', 'R', { f: 2 });
    operationsWith(s, { R: [{ card: 'R-S4', leader: 'LD-R3' }] });
    reveal(s, 'R', 'R-S4', 'N');
    answerOpposition(s, 'I', null);
    act(s, 'R', { type: 'relocateBase', planet: 'B' }, dice());
    expect(s.base).toMatchObject({ planet: 'B', revealed: false });
    expect(s.probes.deck).toContain('N');
    expect(s.probes.flagged).toEqual(['G', 'N']); // R8.3 item 11
    expect(s.planets.N.R).toEqual({ f: 2, c: 0, s: 0 });
    expect(find(s, 'relocated').at(-1)).toMatchObject({ hidden: true });
  });

  it('from a revealed base, picking nothing: the base stays revealed where it is; still a relocation', () => {
    const s = build();
    setBase(s, 'N', true);
    put(s, 'N', 'R', { f: 1 });
    operationsWith(s, { R: [{ card: 'R-S4', leader: 'LD-R3' }] });
    reveal(s, 'R', 'R-S4', 'N');
    answerOpposition(s, 'I', null);
    act(s, 'R', { type: 'relocateBase', planet: null }, dice());
    expect(s.base).toMatchObject({ planet: 'N', revealed: true, relocatedRound: 3 });
    expect(s.probes.flagged).toEqual(['G']);
    expect(find(s, 'relocated').at(-1)).toMatchObject({ hidden: false });
    expect(missionTargets(s, 'R-S4')).toEqual([]); // cooldown applies all the same
  });

  it('opposed and lost: no relocation, no cooldown, card back to hand', () => {
    const s = build();
    operationsWith(s, { R: [{ card: 'R-S4', leader: 'LD-R1' }] });
    reveal(s, 'R', 'R-S4', 'D');
    answerOpposition(s, 'I', 'LD-I3', dice(2, 2)); // 2 + 0 vs 2 + 1
    expect(s.pending?.kind).not.toBe('relocate');
    expect(s.base).toMatchObject({ planet: 'N', relocatedRound: 0 });
    expect(s.stats.relocations).toBe(0);
    expect(s.hands.R).toContain('R-S4');
    expect(s.leaders['LD-I3'].at).toBe('D');
  });
});

describe('R-01 Stir Rebellion', () => {
  function build() {
    const s = scenario();
    s.planets.B.loyalty = true;
    s.planets.D.loyalty = true;
    put(s, 'C', 'I', { c: 1 }); // next to D but holds Imperial units
    destroy(s, 'F'); // next to B but destroyed
    return s;
  }

  it('requirement: no loyalty, no Imperial units, adjacent to a loyal planet (IMP excluded)', () => {
    expect(missionTargets(build(), 'R-01')).toEqual(['A', 'I']);
  });

  it('success: loyalty placed; a deck mission goes to the discard pile', () => {
    const s = build();
    operationsWith(s, { R: [{ card: 'R-01', leader: 'LD-R1' }] });
    reveal(s, 'R', 'R-01', 'A');
    answerOpposition(s, 'I', null);
    expect(s.planets.A.loyalty).toBe(true);
    expect(s.discards.R).toEqual(['R-01']);
    expect(s.hands.R).not.toContain('R-01');
  });

  it('opposed and lost: the deck card is discarded all the same (R4.2.4 step 7)', () => {
    const s = build();
    operationsWith(s, { R: [{ card: 'R-01', leader: 'LD-R1' }] });
    reveal(s, 'R', 'R-01', 'A');
    answerOpposition(s, 'I', 'LD-I2', dice(1, 6)); // 3 vs 7
    expect(s.planets.A.loyalty).toBe(false);
    expect(s.discards.R).toEqual(['R-01']);
    expect([s.leaders['LD-R1'].at, s.leaders['LD-I2'].at]).toEqual(['A', 'A']);
  });
});

describe('R-02 Defection', () => {
  function build() {
    const s = scenario();
    put(s, 'C', 'I', { f: 1 }); // legal
    put(s, 'G', 'I', { s: 1, f: 1 }); // SF
    put(s, 'H', 'I', { c: 1 }); // already loyal
    s.planets.H.loyalty = true;
    put(s, 'IMP', 'I', { c: 1 }); // not lettered
    destroy(s, 'K');
    put(s, 'K', 'I', { f: 1 }); // destroyed
    put(s, 'M', 'I', { c: 1 }); // legal
    return s;
  }

  it('requirement: Imperial units, no SF, no loyalty, intact lettered', () => {
    expect(missionTargets(build(), 'R-02')).toEqual(['C', 'M']);
  });

  it('success: loyalty under the Imperial units; the planet stops being Imperial aligned', () => {
    const s = build();
    expect(board.aligned(s, 'M', 'I')).toBe(true);
    operationsWith(s, { R: [{ card: 'R-02', leader: 'LD-R1' }] });
    reveal(s, 'R', 'R-02', 'M');
    answerOpposition(s, 'I', null);
    expect(s.planets.M.loyalty).toBe(true);
    expect(s.planets.M.I).toEqual({ f: 0, c: 1, s: 0 });
    expect(board.aligned(s, 'M', 'I')).toBe(false);
    expect(board.aligned(s, 'M', 'R')).toBe(false);
    expect(missionTargets(s, 'I-04')).not.toContain('M');
    expect(s.discards.R).toEqual(['R-02']);
  });

  it('opposed and lost: no marker, card discarded', () => {
    const s = build();
    operationsWith(s, { R: [{ card: 'R-02', leader: 'LD-R3' }] });
    reveal(s, 'R', 'R-02', 'M');
    answerOpposition(s, 'I', 'LD-I2', dice(1, 1)); // 1 vs 2
    expect(s.planets.M.loyalty).toBe(false);
    expect(s.discards.R).toEqual(['R-02']);
  });
});

describe('R-03 Slipstream Jump', () => {
  function build() {
    const s = scenario('N');
    put(s, 'F', 'R', { f: 2, c: 1 });
    put(s, 'IMP', 'R', { f: 1 }); // any planet with Rebel units is a legal target
    put(s, 'G', 'I', { c: 1 }); // distance 1 from F
    put(s, 'H', 'I', { f: 1 }); // distance 2 from F
    put(s, 'C', 'I', { c: 1 }); // distance 3 from F
    placeLeader(s, 'LD-I1', 'F'); // an enemy leader on the target
    return s;
  }

  it('requirement: any planet with Rebel units', () => {
    expect(missionTargets(build(), 'R-03')).toEqual(['IMP', 'F']);
  });

  it('no attribute: no opposition window even with an enemy leader on the target (C17); destinations at distance 1–2', () => {
    const s = build();
    operationsWith(s, { R: [{ card: 'R-03', leader: 'LD-R2' }] });
    const mark = s.log.length;
    const rng = dice();
    reveal(s, 'R', 'R-03', 'F', rng);
    expect(rng.used).toBe(0);
    expect(s.pending).toEqual({ kind: 'slipstream', seat: 'R' });
    expect(names(s, mark)).toEqual(['missionRevealed', 'missionSucceeded']);
    expect(find(s, 'missionSucceeded').at(-1)).toMatchObject({ card: 'R-03', unopposable: true });
    const legal = legalActions(s, 'R') as { type: 'slipstream'; to: string; units: unknown }[];
    expect([...new Set(legal.map((a) => a.to))]).toEqual(['A', 'B', 'IMP', 'E', 'J', 'K', 'L', 'BASE']);
    expect(legal.filter((a) => a.to === 'L').map((a) => a.units)).toEqual([
      { f: 1, c: 0, s: 0 }, { f: 2, c: 0, s: 0 }, { f: 0, c: 1, s: 0 }, { f: 1, c: 1, s: 0 }, { f: 2, c: 1, s: 0 },
    ]);
    act(s, 'R', { type: 'slipstream', to: 'L', units: { f: 1, c: 1, s: 0 } }, dice());
    expect(s.planets.F.R).toEqual({ f: 1, c: 0, s: 0 });
    expect(s.planets.L.R).toEqual({ f: 1, c: 1, s: 0 });
    expect(s.leaders['LD-R2'].at).toBe('F'); // the mission leader stays on the target
    expect(s.stats.combats).toBe(0);
    // A public event: both seats and spectators see it (its destination is not read as an audience).
    const ev = find(s, 'slipstreamed')[0];
    expect(ev).toEqual({ e: 'slipstreamed', round: 1, from: 'F', dest: 'L', units: { f: 1, c: 1, s: 0 } });
    expect([canSee(ev, 'R'), canSee(ev, 'I'), canSee(ev, null)]).toEqual([true, true, true]);
    expect(s.discards.R).toEqual(['R-03']);
  });

  it('onto the hidden base card', () => {
    const s = build();
    operationsWith(s, { R: [{ card: 'R-03', leader: 'LD-R2' }] });
    reveal(s, 'R', 'R-03', 'F');
    act(s, 'R', { type: 'slipstream', to: 'BASE', units: { f: 2, c: 1, s: 0 } }, dice());
    expect(s.planets.F.R).toEqual({ f: 0, c: 0, s: 0 });
    expect(s.base.units).toEqual({ f: 2, c: 1, s: 0 });
  });

  it('revealed base: no base-card destination; with every planet in reach held by the Empire the effect is skipped', () => {
    const s = scenario('N');
    setBase(s, 'N', true);
    put(s, 'A', 'R', { f: 1 });
    for (const p of ['B', 'E', 'F', 'J'] as const) put(s, p, 'I', { f: 1 });
    put(s, 'IMP', 'I', { c: 1 });
    operationsWith(s, { R: [{ card: 'R-03', leader: 'LD-R2' }] });
    reveal(s, 'R', 'R-03', 'A');
    expect(s.pending).toEqual({ kind: 'turn', seat: 'I' });
    expect(s.planets.A.R).toEqual({ f: 1, c: 0, s: 0 });
    expect(s.discards.R).toEqual(['R-03']);
    expect(find(s, 'slipstreamed')).toEqual([]);
  });
});

describe('R-04 Supply Drop', () => {
  function build() {
    const s = scenario('N');
    s.planets.D.loyalty = true; // Rebel aligned
    s.planets.C.loyalty = true;
    put(s, 'C', 'I', { c: 1 }); // loyal but not aligned
    return s;
  }

  it('requirement: a Rebel aligned planet, or the revealed base planet', () => {
    const s = build();
    expect(missionTargets(s, 'R-04')).toEqual(['D']);
    setBase(s, 'N', true);
    expect(missionTargets(s, 'R-04')).toEqual(['D', 'N']);
  });

  it('no window even with an Imperial leader there; 2 starfighters from supply, not a deployment', () => {
    const s = build();
    placeLeader(s, 'LD-I3', 'D');
    const supply = s.supply.R.f;
    operationsWith(s, { R: [{ card: 'R-04', leader: 'LD-R1' }] });
    reveal(s, 'R', 'R-04', 'D');
    expect(s.planets.D.R).toEqual({ f: 2, c: 0, s: 0 });
    expect(s.supply.R.f).toBe(supply - 2);
    expect(s.placedThisRound).toEqual({});
    expect(find(s, 'opposed')).toEqual([]);
    expect(s.discards.R).toEqual(['R-04']);
  });

  it('supply short: places what is left, or nothing', () => {
    const s = build();
    s.supply.R.f = 1;
    operationsWith(s, { R: [{ card: 'R-04', leader: 'LD-R1' }] });
    reveal(s, 'R', 'R-04', 'D');
    expect(s.planets.D.R.f).toBe(1);
    expect(s.supply.R.f).toBe(0);

    const t = build();
    t.supply.R.f = 0;
    operationsWith(t, { R: [{ card: 'R-04', leader: 'LD-R1' }] });
    reveal(t, 'R', 'R-04', 'D');
    expect(t.planets.D.R.f).toBe(0);
    expect(find(t, 'unitsPlaced').at(-1)).toMatchObject({ faction: 'R', unit: 'f', count: 0, planet: 'D' });
    expect(t.discards.R).toEqual(['R-04']);
  });

  it('on a revealed base held by the Empire: combat with the Rebel as attacker (R5.1, R5.2)', () => {
    const s = build();
    setBase(s, 'N', true);
    put(s, 'N', 'I', { f: 1 });
    operationsWith(s, { R: [{ card: 'R-04', leader: 'LD-R1' }] });
    // Rebel rolls 2 black (4 hits the starfighter, 1 misses); the Imperial starfighter at 0 HP still rolls: 1.
    reveal(s, 'R', 'R-04', 'N', dice(4, 1, 1));
    expect(find(s, 'combatStarted').at(-1)).toMatchObject({ planet: 'N', attacker: 'R' });
    expect(s.lastCombat).toEqual({ planet: 'N', attacker: 'R', winner: 'R', destroyed: [{ f: 'I', t: 'f' }] });
    expect(s.planets.N.R).toEqual({ f: 2, c: 0, s: 0 });
    expect(s.planets.N.I).toEqual({ f: 0, c: 0, s: 0 });
    expect(s.discards.R).toEqual(['R-04']);
  });
});

describe('R-05 Sabotage Cell', () => {
  function build() {
    const s = scenario();
    put(s, 'C', 'I', { f: 1 }); // legal
    put(s, 'G', 'I', { c: 1 });
    s.planets.G.disrupt = true; // already disrupted
    put(s, 'IMP', 'I', { c: 1 }); // not lettered
    destroy(s, 'K');
    put(s, 'K', 'I', { f: 1 }); // destroyed
    return s;
  }
  function queue(s: GameState, spots: { f: number; c: number }[]) {
    spots.forEach((u, i) => {
      s.queues.I[i] = { f: u.f, c: u.c, s: 0 };
      s.supply.I.f -= u.f;
      s.supply.I.c -= u.c;
    });
  }

  it('requirement: intact lettered planet with Imperial units and no disrupt token', () => {
    expect(missionTargets(build(), 'R-05')).toEqual(['C']);
  });

  it('success: disrupt token, then the Rebel picks one queued Imperial unit to send back to supply', () => {
    const s = build();
    queue(s, [{ f: 1, c: 0 }, { f: 0, c: 1 }]);
    const sup = { ...s.supply.I };
    operationsWith(s, { R: [{ card: 'R-05', leader: 'LD-R3' }] });
    reveal(s, 'R', 'R-05', 'C');
    answerOpposition(s, 'I', null);
    expect(s.planets.C.disrupt).toBe(true);
    expect(s.pending).toEqual({ kind: 'queueSabotage', seat: 'R' });
    expect(legalActions(s, 'R')).toEqual([
      { type: 'sabotageQueue', spot: 1, unit: 'f' }, { type: 'sabotageQueue', spot: 2, unit: 'c' },
    ]);
    act(s, 'R', { type: 'sabotageQueue', spot: 2, unit: 'c' }, dice());
    expect(s.queues.I).toEqual([{ f: 1, c: 0, s: 0 }, { f: 0, c: 0, s: 0 }, { f: 0, c: 0, s: 0 }]);
    expect(s.supply.I).toEqual({ ...sup, c: sup.c + 1 });
    expect(find(s, 'queueSabotaged')).toMatchObject([{ spot: 2, unit: 'c' }]);
    expect(s.discards.R).toEqual(['R-05']);
  });

  it('a single kind of queued unit needs no choice', () => {
    const s = build();
    queue(s, [{ f: 2, c: 0 }]);
    operationsWith(s, { R: [{ card: 'R-05', leader: 'LD-R3' }] });
    reveal(s, 'R', 'R-05', 'C');
    answerOpposition(s, 'I', null);
    expect(s.queues.I[0]).toEqual({ f: 1, c: 0, s: 0 });
    expect(s.pending).toEqual({ kind: 'turn', seat: 'I' });
  });

  it('empty Imperial queue: the token is placed, the second half is skipped', () => {
    const s = build();
    operationsWith(s, { R: [{ card: 'R-05', leader: 'LD-R3' }] });
    reveal(s, 'R', 'R-05', 'C');
    answerOpposition(s, 'I', null);
    expect(s.planets.C.disrupt).toBe(true);
    expect(find(s, 'queueSabotaged')).toEqual([]);
    expect(s.pending).toEqual({ kind: 'turn', seat: 'I' });
  });

  it('opposed and lost: no token, queue untouched', () => {
    const s = build();
    queue(s, [{ f: 1, c: 0 }]);
    operationsWith(s, { R: [{ card: 'R-05', leader: 'LD-R1' }] });
    reveal(s, 'R', 'R-05', 'C');
    answerOpposition(s, 'I', 'LD-I3', dice(3, 3)); // 3 vs 4
    expect(s.planets.C.disrupt).toBe(false);
    expect(s.queues.I[0]).toEqual({ f: 1, c: 0, s: 0 });
    expect(s.discards.R).toEqual(['R-05']);
  });
});

describe('R-06 Ambush', () => {
  function build() {
    const s = scenario();
    put(s, 'F', 'R', { f: 1 });
    put(s, 'G', 'I', { f: 1, c: 1 }); // adjacent
    put(s, 'B', 'I', { f: 1 }); // adjacent
    put(s, 'H', 'I', { c: 1 }); // distance 2
    destroy(s, 'K');
    put(s, 'K', 'I', { f: 1 }); // adjacent, destroyed: still legal
    return s;
  }

  it('requirement: Imperial units orthogonally adjacent to Rebel units (destroyed planets included)', () => {
    expect(missionTargets(build(), 'R-06')).toEqual(['B', 'G', 'K']);
  });

  it('strike 1 white + 2 black, white first: black hits starfighters, white hits the capital ship; no combat', () => {
    const s = build();
    s.objectives.hand = ['O1-2'];
    operationsWith(s, { R: [{ card: 'R-06', leader: 'LD-R2' }] });
    reveal(s, 'R', 'R-06', 'G');
    const supF = s.supply.I.f;
    // Unopposed: no mission dice. Strike: white 4 (basic → capital ship), black 4, 5 (one starfighter; 2nd lost).
    answerOpposition(s, 'I', null, dice(4, 4, 5));
    expect(find(s, 'diceRolled').at(-1)).toMatchObject({
      kind: 'strike', dice: [{ colour: 'w', value: 4 }, { colour: 'b', value: 4 }, { colour: 'b', value: 5 }],
    });
    expect(s.planets.G.I).toEqual({ f: 0, c: 1, s: 0 }); // capital ship repaired at once
    expect(s.supply.I.f).toBe(supF + 1);
    expect(find(s, 'strikeEnded').at(-1)).toMatchObject({ planet: 'G', by: 'R', destroyed: [{ f: 'I', t: 'f' }] });
    expect(s.lastCombat).toBeNull(); // R5.12: not a combat
    expect(s.stats.combats).toBe(0);
    expect(s.pending).toEqual({ kind: 'turn', seat: 'I' }); // no after-combat window (R4.5.4)
    expect(s.discards.R).toEqual(['R-06']);
  });

  it('the Rebel assigns a critical hit when several targets are legal', () => {
    const s = build();
    put(s, 'G', 'I', { f: 1 }); // G: 2 starfighters + 1 capital ship
    operationsWith(s, { R: [{ card: 'R-06', leader: 'LD-R2' }] });
    reveal(s, 'R', 'R-06', 'G');
    answerOpposition(s, 'I', null, dice(6, 1, 1));
    expect(s.pending).toEqual({ kind: 'assignHit', seat: 'R' });
    expect(legalActions(s, 'R')).toEqual([{ type: 'assignHit', unit: 'f', hp: 1 }, { type: 'assignHit', unit: 'c', hp: 3 }]);
    act(s, 'R', { type: 'assignHit', unit: 'c', hp: 3 }, dice());
    expect(s.planets.G.I).toEqual({ f: 2, c: 1, s: 0 });
    expect(find(s, 'hit').at(-1)).toMatchObject({ by: 'R', unit: 'c', hpLeft: 2 });
  });

  it('killing the last guard of the captured leader rescues it (R6.1.6)', () => {
    const s = build();
    placeLeader(s, 'LD-R1', 'B', true);
    operationsWith(s, { R: [{ card: 'R-06', leader: 'LD-R2' }] });
    reveal(s, 'R', 'R-06', 'B');
    answerOpposition(s, 'I', null, dice(1, 4, 1));
    expect(s.planets.B.I.f).toBe(0);
    expect(s.leaders['LD-R1']).toEqual({ at: 'pool', captured: false });
    expect(find(s, 'leaderRescued').at(-1)).toMatchObject({ leader: 'LD-R1', cause: 'unguarded' });
  });

  it('opposed and lost: no strike roll at all', () => {
    const s = build();
    operationsWith(s, { R: [{ card: 'R-06', leader: 'LD-R3' }] });
    reveal(s, 'R', 'R-06', 'G');
    const rng = dice(3, 2, 6, 6, 6); // 3 + 0 vs 2 + 2
    answerOpposition(s, 'I', 'LD-I1', rng);
    expect(rng.used).toBe(2);
    expect(s.planets.G.I).toEqual({ f: 1, c: 1, s: 0 });
    expect(find(s, 'strikeStarted')).toEqual([]);
  });
});

describe('R-07 Inspire Uprising', () => {
  function build() {
    const s = scenario();
    s.planets.D.loyalty = true;
    s.planets.E.loyalty = true;
    s.planets.C.loyalty = true;
    put(s, 'C', 'I', { c: 1 });
    return s;
  }

  it('requirement: loyal intact lettered planet without Imperial units', () => {
    expect(missionTargets(build(), 'R-07')).toEqual(['D', 'E']);
  });

  it('success: a capital ship; a starfighter if no capital ship is left; nothing if neither', () => {
    const s = build();
    operationsWith(s, { R: [{ card: 'R-07', leader: 'LD-R1' }] });
    reveal(s, 'R', 'R-07', 'D');
    answerOpposition(s, 'I', null);
    expect(s.planets.D.R).toEqual({ f: 0, c: 1, s: 0 });
    expect(s.supply.R.c).toBe(4);

    const t = build();
    t.supply.R.c = 0;
    operationsWith(t, { R: [{ card: 'R-07', leader: 'LD-R1' }] });
    reveal(t, 'R', 'R-07', 'D');
    answerOpposition(t, 'I', null);
    expect(t.planets.D.R).toEqual({ f: 1, c: 0, s: 0 });

    const u = build();
    u.supply.R.c = 0;
    u.supply.R.f = 0;
    operationsWith(u, { R: [{ card: 'R-07', leader: 'LD-R1' }] });
    reveal(u, 'R', 'R-07', 'D');
    answerOpposition(u, 'I', null);
    expect(u.planets.D.R).toEqual({ f: 0, c: 0, s: 0 });
    expect(u.discards.R).toEqual(['R-07']);
  });

  it('opposed and lost: nothing placed', () => {
    const s = build();
    operationsWith(s, { R: [{ card: 'R-07', leader: 'LD-R3' }] });
    reveal(s, 'R', 'R-07', 'E');
    answerOpposition(s, 'I', 'LD-I2', dice(1, 1));
    expect(s.planets.E.R).toEqual({ f: 0, c: 0, s: 0 });
    expect(s.discards.R).toEqual(['R-07']);
  });
});

describe('R-08 Intercepted Orders', () => {
  function build() {
    const s = scenario();
    put(s, 'IMP', 'R', { f: 1 }); // Imperium counts: no "lettered" in the requirement
    s.planets.D.loyalty = true;
    s.planets.C.loyalty = true;
    put(s, 'C', 'I', { c: 1 }); // Imperial units
    destroy(s, 'K');
    put(s, 'K', 'R', { f: 1 }); // destroyed: still a planet with Rebel units
    return s;
  }

  it('requirement: no Imperial units and Rebel units or loyalty', () => {
    expect(missionTargets(build(), 'R-08')).toEqual(['IMP', 'D', 'K']);
  });

  it('success: the Rebel reads every planned Imperial mission and cancels one; its leader is stuck on the target', () => {
    const s = build();
    operationsWith(s, {
      R: [{ card: 'R-08', leader: 'LD-R3' }],
      I: [{ card: 'I-S2', leader: 'LD-I2' }, { card: 'I-03', leader: 'LD-I3' }],
    });
    const mark = s.log.length;
    reveal(s, 'R', 'R-08', 'D');
    answerOpposition(s, 'I', null);
    expect(s.pending).toEqual({ kind: 'intercept', seat: 'R', cards: ['I-S2', 'I-03'] });
    expect(legalActions(s, 'R')).toEqual([
      { type: 'interceptMission', card: 'I-S2' }, { type: 'interceptMission', card: 'I-03' },
    ]);
    act(s, 'R', { type: 'interceptMission', card: 'I-03' }, dice());
    expect(s.planned.I).toEqual([{ card: 'I-S2', leader: 'LD-I2' }]);
    expect(s.hands.I).toContain('I-03');
    expect(s.leaders['LD-I3']).toEqual({ at: 'D', captured: false });
    expect(s.known.rebelKnowsImperial).toEqual(['I-S2', 'I-03']);
    const ev = logSince(s, mark);
    expect(ev.find((e) => e.e === 'interceptSeen')).toMatchObject({ cards: ['I-S2', 'I-03'], to: 'R' });
    expect(ev.find((e) => e.e === 'missionIntercepted')).toEqual({ e: 'missionIntercepted', round: 1, leader: 'LD-I3', planet: 'D' });
    expect(ev.find((e) => e.e === 'missionInterceptedCard')).toMatchObject({ card: 'I-03', to: 'R' });
    expect(s.discards.R).toEqual(['R-08']);
  });

  it('no planned Imperial mission: the Rebel draws a mission card instead', () => {
    const s = build();
    operationsWith(s, { R: [{ card: 'R-08', leader: 'LD-R3' }] });
    const top = s.decks.R[0];
    const deckLen = s.decks.R.length;
    reveal(s, 'R', 'R-08', 'IMP');
    answerOpposition(s, 'I', null);
    expect(s.pending?.kind).not.toBe('intercept');
    expect(s.hands.R).toContain(top);
    expect(s.decks.R.length).toBe(deckLen - 1);
    expect(find(s, 'interceptNothing').length).toBe(1);
    expect(find(s, 'missionDrawnCard').at(-1)).toMatchObject({ card: top, to: 'R' });
  });

  it('opposing from a planned mission: that card goes back unrevealed and is no longer offered', () => {
    const s = build();
    operationsWith(s, {
      R: [{ card: 'R-08', leader: 'LD-R3' }],
      I: [{ card: 'I-S2', leader: 'LD-I2' }, { card: 'I-03', leader: 'LD-I3' }],
    });
    reveal(s, 'R', 'R-08', 'D');
    answerOpposition(s, 'I', 'LD-I2', dice(3, 3)); // 3 + 1 vs 3 + 1: tie → success
    expect(s.hands.I).toContain('I-S2');
    expect(s.pending).toEqual({ kind: 'intercept', seat: 'R', cards: ['I-03'] });
    act(s, 'R', { type: 'interceptMission', card: 'I-03' }, dice());
    expect(s.planned.I).toEqual([]);
    expect([s.leaders['LD-I2'].at, s.leaders['LD-I3'].at]).toEqual(['D', 'D']);
  });

  it('opposed and lost: nothing seen, nothing drawn', () => {
    const s = build();
    operationsWith(s, { R: [{ card: 'R-08', leader: 'LD-R1' }], I: [{ card: 'I-03', leader: 'LD-I3' }] });
    const hand = [...s.hands.R];
    reveal(s, 'R', 'R-08', 'D');
    answerOpposition(s, 'I', 'LD-I2', dice(1, 1)); // 1 vs 2
    expect(s.planned.I).toEqual([{ card: 'I-03', leader: 'LD-I3' }]);
    expect(s.known.rebelKnowsImperial).toEqual([]);
    expect(s.hands.R).toEqual(hand);
    expect(s.discards.R).toEqual(['R-08']);
  });
});

describe('R-09 Hidden Council', () => {
  function build() {
    const s = scenario();
    s.planets.D.loyalty = true;
    s.planets.L.loyalty = true;
    s.planets.C.loyalty = true;
    put(s, 'C', 'I', { c: 1 }); // Imperial units do not matter
    return s;
  }

  it('requirement: loyal intact lettered planet', () => {
    expect(missionTargets(build(), 'R-09')).toEqual(['C', 'D', 'L']);
  });

  it('success: draw 2, keep 1 (secret), the other goes to the bottom, known to the Rebel only', () => {
    const s = build();
    s.objectives.deck = ['O2-1', 'O2-2', 'O2-3'];
    operationsWith(s, { R: [{ card: 'R-09', leader: 'LD-R1' }] });
    const mark = s.log.length;
    reveal(s, 'R', 'R-09', 'L');
    answerOpposition(s, 'I', null);
    expect(s.pending).toEqual({ kind: 'council', seat: 'R', cards: ['O2-1', 'O2-2'] });
    expect(legalActions(s, 'R')).toEqual([
      { type: 'keepObjective', card: 'O2-1' }, { type: 'keepObjective', card: 'O2-2' },
    ]);
    act(s, 'R', { type: 'keepObjective', card: 'O2-2' }, dice());
    expect(s.objectives.hand).toEqual(['O2-2']);
    expect(s.objectives.deck).toEqual(['O2-3', 'O2-1']);
    expect(s.objectives.bottomKnown).toEqual([{ card: 'O2-1', by: 'R' }]);
    const ev = logSince(s, mark).filter((e) => e.e.startsWith('council'));
    expect(ev).toEqual([
      { e: 'councilDrew', round: 1 },
      { e: 'councilCards', round: 1, cards: ['O2-1', 'O2-2'], to: 'R' },
      { e: 'councilKept', round: 1 },
      { e: 'councilKeptCard', round: 1, kept: 'O2-2', bottom: 'O2-1', to: 'R' },
    ]);
  });

  it('drawing the card that was known to be at the bottom drops that stale knowledge', () => {
    const s = build();
    s.objectives.deck = ['O2-1', 'O2-2'];
    s.objectives.bottomKnown = [{ card: 'O2-2', by: 'both' }]; // e.g. buried by I-09 earlier
    operationsWith(s, { R: [{ card: 'R-09', leader: 'LD-R1' }] });
    reveal(s, 'R', 'R-09', 'L');
    answerOpposition(s, 'I', null);
    act(s, 'R', { type: 'keepObjective', card: 'O2-2' }, dice());
    expect(s.objectives.deck).toEqual(['O2-1']);
    expect(s.objectives.bottomKnown).toEqual([{ card: 'O2-1', by: 'R' }]);
  });

  it('only 1 card left: draw and keep it, no choice', () => {
    const s = build();
    s.objectives.deck = ['O2-5'];
    operationsWith(s, { R: [{ card: 'R-09', leader: 'LD-R1' }] });
    reveal(s, 'R', 'R-09', 'D');
    answerOpposition(s, 'I', null);
    expect(s.pending).toEqual({ kind: 'turn', seat: 'I' });
    expect(s.objectives.hand).toEqual(['O2-5']);
    expect(s.objectives.deck).toEqual([]);
    expect(s.objectives.bottomKnown).toEqual([]);
  });

  it('empty deck: nothing happens', () => {
    const s = build();
    s.objectives.deck = [];
    operationsWith(s, { R: [{ card: 'R-09', leader: 'LD-R1' }] });
    reveal(s, 'R', 'R-09', 'D');
    answerOpposition(s, 'I', null);
    expect(s.objectives.hand).toEqual([]);
    expect(find(s, 'objectiveDeckEmpty').length).toBe(1);
    expect(s.discards.R).toEqual(['R-09']);
  });

  it('opposed and lost: no draw', () => {
    const s = build();
    s.objectives.deck = ['O2-1', 'O2-2'];
    operationsWith(s, { R: [{ card: 'R-09', leader: 'LD-R3' }] });
    reveal(s, 'R', 'R-09', 'D');
    answerOpposition(s, 'I', 'LD-I2', dice(2, 2)); // 2 vs 3
    expect(s.objectives.hand).toEqual([]);
    expect(s.objectives.deck).toEqual(['O2-1', 'O2-2']);
    expect(s.discards.R).toEqual(['R-09']);
  });
});
