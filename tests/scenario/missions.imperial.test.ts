/**
 * Scenario tests for the 13 Imperial missions (RULES R7.6). Hand-made states on TEST_GRID:
 *   (1,·)  A  B  IMP C  D
 *   (2,·)  E  F  G   H  I
 *   (3,·)  J  K  L   M  N
 * Dice: `dice(a, b)` = the Imperial (revealing) mission die a, then the Rebel's b (R4.2.6).
 */
import { describe, expect, it } from 'vitest';
import {
  act, answerOpposition, destroy, dice, logSince, operationsWith, placeLeader, probePartition, put, reveal, scenario,
  setBase,
} from '../helpers/build';
import { isEvent, legalActions, missionTargets, type GameState, type LogEventOf, type LogKind } from '../../src/game/rules';
import type { LetterId } from '../../src/game/content';
import { canSee } from '../../src/game/rules/log';

const find = <K extends LogKind>(s: GameState, e: K) => s.log.filter((x): x is LogEventOf<K> => isEvent(x, e));

describe('I-S1 Detain', () => {
  function build() {
    const s = scenario();
    put(s, 'G', 'I', { c: 1 });
    put(s, 'A', 'R', { f: 1 });
    placeLeader(s, 'LD-R1', 'G'); // D, D
    placeLeader(s, 'LD-R2', 'G'); // F, I
    placeLeader(s, 'LD-R3', 'F'); // no Imperial units on F
    return s;
  }

  it('requirement: Imperial units and a free Rebel leader, only while nobody is captured', () => {
    const s = build();
    expect(missionTargets(s, 'I-S1')).toEqual(['G']);
    put(s, 'H', 'I', { c: 1 });
    placeLeader(s, 'LD-R3', 'H', true);
    expect(missionTargets(s, 'I-S1')).toEqual([]); // R6.1.1, C39
  });

  it('always opposed by the leaders on the target; tie → capture, the Imperial picks among several', () => {
    const s = build();
    operationsWith(s, { I: [{ card: 'I-S1', leader: 'LD-I1' }] }, 'I');
    // No Rebel leader is free to send: no window, but LD-R1 and LD-R2 on G oppose it (R4.2.4 step 5).
    // Imperial 3 + F,F = 5; Rebel 4 + 0 (LD-R1) + 1 (LD-R2) = 5.
    reveal(s, 'I', 'I-S1', 'G', dice(3, 4));
    expect(find(s, 'missionAttempt').at(-1)).toMatchObject({ total: 5, oppTotal: 5, success: true });
    expect(s.pending).toEqual({ kind: 'detain', seat: 'I' });
    expect(legalActions(s, 'I')).toEqual([
      { type: 'detainLeader', leader: 'LD-R1' }, { type: 'detainLeader', leader: 'LD-R2' },
    ]);
    act(s, 'I', { type: 'detainLeader', leader: 'LD-R2' }, dice());
    expect(s.leaders['LD-R2']).toEqual({ at: 'G', captured: true });
    expect(s.leaders['LD-R1']).toEqual({ at: 'G', captured: false });
    expect(s.stats.captures).toBe(1);
    expect(find(s, 'leaderCaptured')).toMatchObject([{ leader: 'LD-R2', planet: 'G' }]);
    expect(s.hands.I).toContain('I-S1');
    expect(s.leaders['LD-I1'].at).toBe('G');
  });

  it('a single free leader is captured without a question', () => {
    const s = build();
    placeLeader(s, 'LD-R2', 'F');
    operationsWith(s, { I: [{ card: 'I-S1', leader: 'LD-I1' }] }, 'I');
    reveal(s, 'I', 'I-S1', 'G', dice(6, 1));
    expect(s.leaders['LD-R1']).toEqual({ at: 'G', captured: true });
    expect(s.pending?.kind).not.toBe('detain');
  });

  it('opposed and lost: nobody captured, card back to hand', () => {
    const s = build();
    operationsWith(s, { I: [{ card: 'I-S1', leader: 'LD-I1' }] }, 'I');
    reveal(s, 'I', 'I-S1', 'G', dice(1, 3)); // 3 vs 4
    expect(s.leaders['LD-R1'].captured || s.leaders['LD-R2'].captured).toBe(false);
    expect(s.hands.I).toContain('I-S1');
    expect(s.leaders['LD-I1'].at).toBe('G');
  });
});

describe('I-S2 Subjugate', () => {
  function build() {
    const s = scenario();
    put(s, 'C', 'I', { f: 1 });
    s.planets.C.loyalty = true;
    put(s, 'H', 'I', { f: 1 });
    s.planets.H.disrupt = true;
    put(s, 'M', 'I', { c: 1 });
    s.planets.M.loyalty = true;
    s.planets.M.disrupt = true;
    s.planets.D.loyalty = true; // no Imperial units
    put(s, 'IMP', 'I', { c: 1 });
    put(s, 'A', 'R', { f: 1 });
    return s;
  }

  it('requirement: Imperial units and a loyalty marker or disrupt token, intact lettered', () => {
    expect(missionTargets(build(), 'I-S2')).toEqual(['C', 'H', 'M']);
  });

  it('both tokens present: the Imperial chooses which one goes', () => {
    const s = build();
    operationsWith(s, { I: [{ card: 'I-S2', leader: 'LD-I2' }] }, 'I');
    reveal(s, 'I', 'I-S2', 'M');
    answerOpposition(s, 'R', null);
    expect(s.pending).toEqual({ kind: 'subjugate', seat: 'I' });
    expect(legalActions(s, 'I')).toEqual([
      { type: 'removeToken', token: 'loyalty' }, { type: 'removeToken', token: 'disrupt' },
    ]);
    act(s, 'I', { type: 'removeToken', token: 'disrupt' }, dice());
    expect([s.planets.M.loyalty, s.planets.M.disrupt]).toEqual([true, false]);
    expect(find(s, 'tokensRemoved')).toMatchObject([{ planet: 'M', tokens: ['disrupt'] }]);
    expect(s.hands.I).toContain('I-S2');
  });

  it('one token present: removed without a question', () => {
    const s = build();
    operationsWith(s, { I: [{ card: 'I-S2', leader: 'LD-I2' }] }, 'I');
    reveal(s, 'I', 'I-S2', 'H');
    answerOpposition(s, 'R', null);
    expect(s.planets.H.disrupt).toBe(false);
    expect(s.pending).toEqual({ kind: 'turn', seat: 'R' });
  });

  it('the captured leader on the target opposes it and adds its icons (R6.1.5, C15)', () => {
    const win = build();
    placeLeader(win, 'LD-R1', 'C', true); // D, D
    operationsWith(win, { I: [{ card: 'I-S2', leader: 'LD-I2' }] }, 'I');
    reveal(win, 'I', 'I-S2', 'C');
    answerOpposition(win, 'R', null, dice(4, 2)); // declined, still opposed: 4 + 1 vs 2 + 2
    expect(find(win, 'missionAttempt').at(-1)).toMatchObject({ total: 5, oppTotal: 4, success: true });
    expect(win.planets.C.loyalty).toBe(false);

    const lose = build();
    placeLeader(lose, 'LD-R1', 'C', true);
    operationsWith(lose, { I: [{ card: 'I-S2', leader: 'LD-I2' }] }, 'I');
    reveal(lose, 'I', 'I-S2', 'C');
    answerOpposition(lose, 'R', null, dice(3, 3)); // 4 vs 5
    expect(lose.planets.C.loyalty).toBe(true);
    expect(lose.hands.I).toContain('I-S2');
  });
});

describe('I-S3 Patrol Sweep', () => {
  function build() {
    const s = scenario('L');
    put(s, 'IMP', 'I', { s: 1 });
    put(s, 'G', 'I', { c: 1 });
    destroy(s, 'K');
    put(s, 'K', 'I', { c: 1 }); // capital-class on a destroyed planet: still a target
    put(s, 'C', 'I', { f: 1 }); // starfighters only
    destroy(s, 'F');
    put(s, 'BASE', 'R', { f: 2 });
    put(s, 'A', 'R', { f: 1 });
    return s;
  }

  it('requirement: an Imperial capital ship or the SF on the planet', () => {
    expect(missionTargets(build(), 'I-S3')).toEqual(['IMP', 'G', 'K']);
  });

  it('naming a planet without the base: publicly cleared, nothing else', () => {
    const s = build();
    operationsWith(s, { I: [{ card: 'I-S3', leader: 'LD-I3' }] }, 'I');
    reveal(s, 'I', 'I-S3', 'G');
    answerOpposition(s, 'R', null);
    expect(s.pending).toEqual({ kind: 'patrol', seat: 'I' });
    // Neighbours of G: IMP (not lettered), F (destroyed), H, L.
    expect(legalActions(s, 'I')).toEqual([
      { type: 'patrolPlanet', planet: 'H' }, { type: 'patrolPlanet', planet: 'L' },
    ]);
    act(s, 'I', { type: 'patrolPlanet', planet: 'H' }, dice());
    expect(s.known.cleared).toEqual(['H']);
    expect(s.base.revealed).toBe(false);
    expect(s.probes.hand).toEqual(['G']); // no probe card moves
    expect(find(s, 'patrolNamed')).toMatchObject([{ planet: 'H', result: 'notHere' }]);
  });

  it('naming the hidden base reveals it; base-card units land on the planet', () => {
    const s = build();
    operationsWith(s, { I: [{ card: 'I-S3', leader: 'LD-I3' }] }, 'I');
    reveal(s, 'I', 'I-S3', 'G');
    answerOpposition(s, 'R', null);
    act(s, 'I', { type: 'patrolPlanet', planet: 'L' }, dice());
    expect(s.base.revealed).toBe(true);
    expect(s.planets.L.R).toEqual({ f: 2, c: 0, s: 0 });
    expect(s.base.units).toEqual({ f: 0, c: 0, s: 0 });
    expect(find(s, 'baseRevealed')).toMatchObject([{ planet: 'L', cause: 'patrol' }]);
    expect(s.stats.combats).toBe(0);
  });

  it('one candidate: named without a question; none: nothing happens', () => {
    const s = build();
    put(s, 'J', 'I', { c: 1 }); // neighbours of J: E, K (destroyed)
    operationsWith(s, { I: [{ card: 'I-S3', leader: 'LD-I3' }] }, 'I');
    reveal(s, 'I', 'I-S3', 'J');
    answerOpposition(s, 'R', null);
    expect(find(s, 'patrolNamed')).toMatchObject([{ planet: 'E', result: 'notHere' }]);
    expect(s.known.cleared).toEqual(['E']);

    const t = build();
    destroy(t, 'A');
    put(t, 'B', 'I', { c: 1 }); // neighbours of B: A, F (destroyed), IMP
    put(t, 'J', 'R', { f: 1 });
    operationsWith(t, { I: [{ card: 'I-S3', leader: 'LD-I3' }] }, 'I');
    reveal(t, 'I', 'I-S3', 'B');
    answerOpposition(t, 'R', null);
    expect(find(t, 'patrolNamed')).toEqual([]);
    expect(t.pending).toEqual({ kind: 'turn', seat: 'R' });
  });

  it('base already revealed: nothing else happens, no planet is named', () => {
    const s = build();
    setBase(s, 'L', true);
    operationsWith(s, { I: [{ card: 'I-S3', leader: 'LD-I3' }] }, 'I');
    reveal(s, 'I', 'I-S3', 'G');
    answerOpposition(s, 'R', null);
    expect(s.pending).toEqual({ kind: 'turn', seat: 'R' });
    expect(s.known.cleared).toEqual([]);
    expect(find(s, 'patrolNamed')).toMatchObject([{ planet: null, result: 'baseAlreadyRevealed' }]);
  });

  it('opposed and lost: no naming', () => {
    const s = build();
    operationsWith(s, { I: [{ card: 'I-S3', leader: 'LD-I1' }] }, 'I');
    reveal(s, 'I', 'I-S3', 'G');
    answerOpposition(s, 'R', 'LD-R3', dice(2, 2)); // 2 + 0 vs 2 + 1
    expect(s.pending).toEqual({ kind: 'turn', seat: 'R' });
    expect(s.hands.I).toContain('I-S3');
    expect([s.leaders['LD-I1'].at, s.leaders['LD-R3'].at]).toEqual(['G', 'G']);
  });
});

describe('I-S4 Muster', () => {
  function build() {
    const s = scenario();
    put(s, 'IMP', 'I', { c: 1 });
    put(s, 'G', 'I', { c: 1 });
    put(s, 'H', 'I', { c: 1 });
    s.planets.H.loyalty = true; // not aligned
    put(s, 'C', 'I', { f: 1 }); // no capital-class
    destroy(s, 'K');
    put(s, 'K', 'I', { s: 1 }); // destroyed: never aligned
    put(s, 'A', 'R', { f: 1 });
    return s;
  }

  it('requirement: Imperial aligned with a capital-class unit', () => {
    expect(missionTargets(build(), 'I-S4')).toEqual(['IMP', 'G']);
  });

  it('success: one starfighter from supply; nothing if the supply is empty', () => {
    const s = build();
    const sup = s.supply.I.f;
    operationsWith(s, { I: [{ card: 'I-S4', leader: 'LD-I1' }] }, 'I');
    reveal(s, 'I', 'I-S4', 'G');
    answerOpposition(s, 'R', null);
    expect(s.planets.G.I).toEqual({ f: 1, c: 1, s: 0 });
    expect(s.supply.I.f).toBe(sup - 1);
    expect(s.hands.I).toContain('I-S4');

    const t = build();
    t.supply.I.f = 0;
    operationsWith(t, { I: [{ card: 'I-S4', leader: 'LD-I1' }] }, 'I');
    reveal(t, 'I', 'I-S4', 'G');
    answerOpposition(t, 'R', null);
    expect(t.planets.G.I).toEqual({ f: 0, c: 1, s: 0 });
  });

  it('opposed and lost', () => {
    const s = build();
    operationsWith(s, { I: [{ card: 'I-S4', leader: 'LD-I3' }] }, 'I');
    reveal(s, 'I', 'I-S4', 'G');
    answerOpposition(s, 'R', 'LD-R2', dice(1, 1)); // 1 vs 2
    expect(s.planets.G.I).toEqual({ f: 0, c: 1, s: 0 });
    expect(s.hands.I).toContain('I-S4');
  });
});

describe('I-01 Obliterator', () => {
  function build(base: 'N' | 'H' = 'N') {
    const s = scenario(base);
    put(s, 'G', 'I', { s: 1 });
    destroy(s, 'F');
    put(s, 'A', 'R', { f: 1 });
    return s;
  }

  it('requirement: the SF planet or a neighbour, intact lettered; none once the SF is out of the game', () => {
    const s = build();
    expect(missionTargets(s, 'I-01')).toEqual(['G', 'H', 'L']); // IMP excluded, F destroyed
    s.planets.G.I.s = 0;
    s.sfOut = true;
    expect(missionTargets(s, 'I-01')).toEqual([]);
  });

  it('success: Rebel units and tokens gone, planet destroyed, its probe card moves openly to the hand', () => {
    const s = build();
    put(s, 'H', 'R', { f: 2, c: 1 });
    s.planets.H.loyalty = true;
    s.planets.H.disrupt = true;
    placeLeader(s, 'LD-R1', 'H');
    const sup = { ...s.supply.R };
    operationsWith(s, { I: [{ card: 'I-01', leader: 'LD-I1' }] }, 'I');
    reveal(s, 'I', 'I-01', 'H');
    answerOpposition(s, 'R', null, dice(5, 1)); // LD-R1 on H opposes: 5 + 2 vs 1 + 0
    expect(s.planets.H).toMatchObject({ destroyed: true, loyalty: false, disrupt: false, R: { f: 0, c: 0, s: 0 } });
    expect(s.supply.R).toEqual({ ...sup, f: sup.f + 2, c: sup.c + 1 });
    expect(s.leaders['LD-R1'].at).toBe('H'); // leaders stay (R6.4.1)
    expect(s.probes.hand).toEqual(['G', 'H']);
    expect(s.probes.deck).not.toContain('H');
    expect(s.probes.flagged).toEqual(['G', 'H']);
    expect(probePartition(s)).toBe('ABCDEFGHIJKLMN');
    expect(find(s, 'planetDestroyed')).toMatchObject([{ planet: 'H', base: false }]);
    expect(find(s, 'probeTaken')).toMatchObject([{ card: 'H' }]);
    expect(canSee(find(s, 'probeTaken')[0], 'R')).toBe(true); // public (R6.5.2)
    expect(s.discards.I).toEqual(['I-01']);
    expect(s.winner).toBeNull();
  });

  it('a probe card already in hand becomes public; Imperial units on the planet stay', () => {
    const s = build();
    put(s, 'L', 'I', { f: 1 });
    s.probes.deck = s.probes.deck.filter((c) => c !== 'L');
    s.probes.hand.push('L');
    operationsWith(s, { I: [{ card: 'I-01', leader: 'LD-I1' }] }, 'I');
    reveal(s, 'I', 'I-01', 'L');
    answerOpposition(s, 'R', null);
    expect(s.planets.L.destroyed).toBe(true);
    expect(s.planets.L.I).toEqual({ f: 1, c: 0, s: 0 });
    expect(s.probes.hand).toEqual(['G', 'L']);
    expect(s.probes.flagged).toEqual(['G', 'L']);
    expect(find(s, 'probeAlreadyHeld')).toMatchObject([{ card: 'L' }]);
  });

  it('on the hidden base planet: the Imperial wins at once (R6.4.2)', () => {
    const s = build('H');
    operationsWith(s, { I: [{ card: 'I-01', leader: 'LD-I1' }] }, 'I');
    reveal(s, 'I', 'I-01', 'H');
    answerOpposition(s, 'R', null);
    expect(s.winner).toEqual({ faction: 'I', reason: 'obliterator' });
    expect(s.phase).toBe('gameover');
    expect(s.pending).toBeNull();
    expect(find(s, 'planetDestroyed')).toMatchObject([{ planet: 'H', base: true }]);
  });

  it('on the revealed base planet (where the SF stands): the Imperial wins at once', () => {
    const s = scenario('G');
    setBase(s, 'G', true);
    put(s, 'G', 'I', { s: 1 });
    put(s, 'A', 'R', { f: 1 });
    operationsWith(s, { I: [{ card: 'I-01', leader: 'LD-I1' }] }, 'I');
    reveal(s, 'I', 'I-01', 'G');
    answerOpposition(s, 'R', null);
    expect(s.winner).toEqual({ faction: 'I', reason: 'obliterator' });
  });

  it('opposed and lost: nothing destroyed, the deck card is discarded', () => {
    const s = build('H');
    operationsWith(s, { I: [{ card: 'I-01', leader: 'LD-I1' }] }, 'I');
    reveal(s, 'I', 'I-01', 'H');
    answerOpposition(s, 'R', 'LD-R2', dice(1, 6)); // 1 + 2 vs 6 + 1
    expect(s.winner).toBeNull();
    expect(s.planets.H.destroyed).toBe(false);
    expect(s.discards.I).toEqual(['I-01']);
    expect([s.leaders['LD-I1'].at, s.leaders['LD-R2'].at]).toEqual(['H', 'H']);
  });
});

describe('I-02 Deep Scan', () => {
  function build() {
    const s = scenario('N');
    put(s, 'G', 'I', { c: 1 });
    destroy(s, 'K');
    put(s, 'BASE', 'R', { f: 1 });
    put(s, 'A', 'R', { f: 1 });
    return s;
  }

  it('requirement: intact lettered planet without Imperial units', () => {
    expect(missionTargets(build(), 'I-02')).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'H', 'I', 'J', 'L', 'M', 'N']);
  });

  it('on the hidden base: revealed, base-card units land there', () => {
    const s = build();
    operationsWith(s, { I: [{ card: 'I-02', leader: 'LD-I3' }] }, 'I');
    reveal(s, 'I', 'I-02', 'N');
    answerOpposition(s, 'R', null);
    expect(s.base.revealed).toBe(true);
    expect(s.planets.N.R).toEqual({ f: 1, c: 0, s: 0 });
    expect(find(s, 'baseRevealed')).toMatchObject([{ planet: 'N', cause: 'deepScan' }]);
    expect(s.probes.hand).toEqual(['G']);
    expect(s.discards.I).toEqual(['I-02']);
  });

  it('elsewhere: the planet probe card moves openly from the deck to the hand', () => {
    const s = build();
    operationsWith(s, { I: [{ card: 'I-02', leader: 'LD-I3' }] }, 'I');
    reveal(s, 'I', 'I-02', 'B');
    answerOpposition(s, 'R', null);
    expect(s.base.revealed).toBe(false);
    expect(s.probes.hand).toEqual(['G', 'B']);
    expect(s.probes.deck).not.toContain('B');
    expect(s.probes.flagged).toEqual(['G', 'B']);
    expect(find(s, 'probeTaken')).toMatchObject([{ card: 'B' }]);
  });

  it('card already in hand: no move, the card becomes public', () => {
    const s = build();
    s.probes.deck = s.probes.deck.filter((c) => c !== 'B');
    s.probes.hand.push('B');
    const deck = [...s.probes.deck];
    operationsWith(s, { I: [{ card: 'I-02', leader: 'LD-I3' }] }, 'I');
    reveal(s, 'I', 'I-02', 'B');
    answerOpposition(s, 'R', null);
    expect(s.probes.hand).toEqual(['G', 'B']);
    expect(s.probes.deck).toEqual(deck);
    expect(s.probes.flagged).toEqual(['G', 'B']);
    expect(find(s, 'probeAlreadyHeld')).toMatchObject([{ card: 'B' }]);
  });

  it('on the revealed base: no card moves, and that is public', () => {
    const s = build();
    setBase(s, 'N', true);
    const hand = [...s.probes.hand];
    operationsWith(s, { I: [{ card: 'I-02', leader: 'LD-I3' }] }, 'I');
    reveal(s, 'I', 'I-02', 'N');
    answerOpposition(s, 'R', null);
    expect(s.probes.hand).toEqual(hand);
    expect(find(s, 'probeNotMoved')).toMatchObject([{ card: 'N' }]);
  });

  it('opposed and lost: the base stays hidden', () => {
    const s = build();
    operationsWith(s, { I: [{ card: 'I-02', leader: 'LD-I1' }] }, 'I');
    reveal(s, 'I', 'I-02', 'N');
    answerOpposition(s, 'R', 'LD-R3', dice(3, 3)); // 3 + 0 vs 3 + 1
    expect(s.base.revealed).toBe(false);
    expect(s.base.units).toEqual({ f: 1, c: 0, s: 0 });
    expect(s.discards.I).toEqual(['I-02']);
  });
});

describe('I-03 Informant Network', () => {
  function build() {
    const s = scenario('N');
    put(s, 'IMP', 'I', { c: 1 });
    put(s, 'G', 'I', { f: 1 });
    destroy(s, 'K');
    put(s, 'K', 'I', { f: 1 });
    put(s, 'A', 'R', { f: 1 });
    return s;
  }

  it('requirement: any planet with Imperial units', () => {
    expect(missionTargets(build(), 'I-03')).toEqual(['IMP', 'G', 'K']);
  });

  it('success: draws the top 2 probe cards, privately (a flagged card is drawn publicly)', () => {
    const s = build();
    s.probes.deck = ['C', 'D', 'A', 'B', 'E', 'F', 'H', 'I', 'J', 'K', 'L', 'M'];
    s.probes.flagged.push('D');
    operationsWith(s, { I: [{ card: 'I-03', leader: 'LD-I3' }] }, 'I');
    const mark = s.log.length;
    reveal(s, 'I', 'I-03', 'IMP');
    answerOpposition(s, 'R', null);
    expect(s.probes.hand).toEqual(['G', 'C', 'D']);
    expect(s.probes.deck.slice(0, 2)).toEqual(['A', 'B']);
    const ev = logSince(s, mark).filter((e) => e.e.startsWith('probeDrawn'));
    expect(ev).toEqual([
      { e: 'probeDrawn', round: 1 },
      { e: 'probeDrawnCard', round: 1, card: 'C', to: 'I' },
      { e: 'probeDrawn', round: 1, card: 'D' },
    ]);
    expect(s.discards.I).toEqual(['I-03']);
  });

  it('a deck with 1 card gives 1; an empty deck gives nothing', () => {
    const s = build();
    s.probes.hand = ['G', 'A', 'B', 'C', 'D', 'E', 'F', 'H', 'I', 'J', 'K', 'L'];
    s.probes.deck = ['M'];
    operationsWith(s, { I: [{ card: 'I-03', leader: 'LD-I3' }] }, 'I');
    reveal(s, 'I', 'I-03', 'G');
    answerOpposition(s, 'R', null);
    expect(s.probes.deck).toEqual([]);
    expect(s.probes.hand.at(-1)).toBe('M');
    expect(find(s, 'probeDeckEmpty').length).toBe(1);
  });

  it('R6.5.3 with take-backs: letting I-03 draw from an empty deck reveals nothing, so the Rebel may take it back', () => {
    // An empty probe deck's size is public: "no card drawn" tells nobody anything, unlike a card drawn.
    const letDraw = (deck: LetterId[]) => {
      const s = build();
      s.probes.hand = (['G', 'A', 'B', 'C', 'D', 'E', 'F', 'H', 'I', 'J', 'K', 'L', 'M'] as LetterId[]).filter((l) => !deck.includes(l));
      s.probes.deck = deck;
      operationsWith(s, { I: [{ card: 'I-03', leader: 'LD-I3' }] }, 'I');
      reveal(s, 'I', 'I-03', 'G');
      answerOpposition(s, 'R', null);
      expect(s.pending?.seat).toBe('R');
      return legalActions(s, 'R').some((a) => a.type === 'undo');
    };
    expect(letDraw([])).toBe(true);
    expect(letDraw(['M'])).toBe(false); // a card drawn (privately) is a point
  });

  it('opposed and lost: no draw', () => {
    const s = build();
    operationsWith(s, { I: [{ card: 'I-03', leader: 'LD-I1' }] }, 'I');
    reveal(s, 'I', 'I-03', 'G');
    answerOpposition(s, 'R', 'LD-R2', dice(1, 1));
    expect(s.probes.hand).toEqual(['G']);
  });
});

describe('I-04 Garrison Order', () => {
  function build() {
    const s = scenario();
    put(s, 'G', 'I', { f: 1 });
    put(s, 'H', 'I', { c: 1 });
    s.planets.H.loyalty = true;
    put(s, 'A', 'R', { f: 1 });
    return s;
  }

  it('requirement: Imperial aligned (Imperium always) without Rebel units', () => {
    const s = build();
    expect(missionTargets(s, 'I-04')).toEqual(['IMP', 'G']);
    put(s, 'IMP', 'R', { f: 1 });
    expect(missionTargets(s, 'I-04')).toEqual(['G']);
  });

  it('success: a capital ship; else up to 2 starfighters; else nothing', () => {
    const cases: [number, number, { f: number; c: number; s: number }][] = [
      [6, 16, { f: 1, c: 1, s: 0 }],
      [0, 16, { f: 3, c: 0, s: 0 }],
      [0, 1, { f: 2, c: 0, s: 0 }],
      [0, 0, { f: 1, c: 0, s: 0 }],
    ];
    for (const [c, f, expected] of cases) {
      const s = build();
      s.supply.I.c = c;
      s.supply.I.f = f;
      operationsWith(s, { I: [{ card: 'I-04', leader: 'LD-I1' }] }, 'I');
      reveal(s, 'I', 'I-04', 'G');
      answerOpposition(s, 'R', null);
      expect(s.planets.G.I).toEqual(expected);
      expect(s.discards.I).toEqual(['I-04']);
    }
  });

  it('opposed and lost', () => {
    const s = build();
    operationsWith(s, { I: [{ card: 'I-04', leader: 'LD-I3' }] }, 'I');
    reveal(s, 'I', 'I-04', 'G');
    answerOpposition(s, 'R', 'LD-R2', dice(2, 2)); // 2 vs 3
    expect(s.planets.G.I).toEqual({ f: 1, c: 0, s: 0 });
  });
});

describe('I-05 Crackdown', () => {
  function build() {
    const s = scenario();
    put(s, 'G', 'I', { c: 1 });
    s.planets.G.loyalty = true; // on an Imperial planet
    s.planets.L.loyalty = true; // adjacent
    s.planets.L.disrupt = true;
    s.planets.H.disrupt = true; // adjacent
    s.planets.D.loyalty = true; // far from Imperial units
    put(s, 'A', 'R', { f: 1 });
    return s;
  }

  it('requirement: loyalty or disrupt, with Imperial units on or next to it', () => {
    expect(missionTargets(build(), 'I-05')).toEqual(['G', 'H', 'L']);
  });

  it('success: both markers removed', () => {
    const s = build();
    operationsWith(s, { I: [{ card: 'I-05', leader: 'LD-I2' }] }, 'I');
    reveal(s, 'I', 'I-05', 'L');
    answerOpposition(s, 'R', null);
    expect([s.planets.L.loyalty, s.planets.L.disrupt]).toEqual([false, false]);
    expect(find(s, 'tokensRemoved')).toMatchObject([{ planet: 'L', tokens: ['loyalty', 'disrupt'] }]);
    expect(s.discards.I).toEqual(['I-05']);
  });

  it('opposed and lost', () => {
    const s = build();
    operationsWith(s, { I: [{ card: 'I-05', leader: 'LD-I3' }] }, 'I');
    reveal(s, 'I', 'I-05', 'L');
    answerOpposition(s, 'R', 'LD-R1', dice(4, 2)); // 4 + 0 vs 2 + 2: tie → success
    expect(s.planets.L.loyalty).toBe(false);
    const t = build();
    operationsWith(t, { I: [{ card: 'I-05', leader: 'LD-I3' }] }, 'I');
    reveal(t, 'I', 'I-05', 'L');
    answerOpposition(t, 'R', 'LD-R1', dice(3, 2)); // 3 vs 4
    expect([t.planets.L.loyalty, t.planets.L.disrupt]).toEqual([true, true]);
  });
});

describe('I-06 Interrogation', () => {
  function build() {
    const s = scenario('N');
    put(s, 'G', 'I', { c: 1 });
    placeLeader(s, 'LD-R3', 'G', true); // Intel icon
    placeLeader(s, 'LD-R1', 'A'); // committed elsewhere
    placeLeader(s, 'LD-R2', 'B');
    put(s, 'J', 'R', { f: 1 });
    return s;
  }

  it('requirement: the captured leader planet only', () => {
    const s = build();
    expect(missionTargets(s, 'I-06')).toEqual(['G']);
    s.leaders['LD-R3'] = { at: 'pool', captured: false };
    expect(missionTargets(s, 'I-06')).toEqual([]);
  });

  it('opposed by the captured leader alone (no window); tie → the base sector is announced', () => {
    const s = build();
    operationsWith(s, { I: [{ card: 'I-06', leader: 'LD-I3' }] }, 'I');
    reveal(s, 'I', 'I-06', 'G', dice(2, 2)); // 2 + 1 vs 2 + 1 (captured LD-R3)
    expect(find(s, 'opposed')).toEqual([]);
    expect(find(s, 'missionAttempt').at(-1)).toMatchObject({ total: 3, oppTotal: 3, success: true });
    expect(s.known.baseSector).toBe(3);
    expect(find(s, 'baseSectorAnnounced')).toMatchObject([{ sector: 3 }]);
    expect(s.discards.I).toEqual(['I-06']);
  });

  it('base revealed: one probe card drawn instead', () => {
    const s = build();
    setBase(s, 'N', true);
    const top = s.probes.deck[0];
    operationsWith(s, { I: [{ card: 'I-06', leader: 'LD-I3' }] }, 'I');
    reveal(s, 'I', 'I-06', 'G', dice(6, 1));
    expect(s.known.baseSector).toBeNull();
    expect(s.probes.hand).toEqual(['G', top]);
  });

  it('opposed and lost: nothing announced', () => {
    const s = build();
    operationsWith(s, { I: [{ card: 'I-06', leader: 'LD-I3' }] }, 'I');
    reveal(s, 'I', 'I-06', 'G', dice(1, 2)); // 2 vs 3
    expect(s.known.baseSector).toBeNull();
    expect(s.discards.I).toEqual(['I-06']);
  });
});

describe('I-07 Rapid Pursuit', () => {
  function build() {
    const s = scenario('L');
    put(s, 'G', 'I', { c: 1, f: 2 });
    placeLeader(s, 'LD-R2', 'G', true); // the prisoner
    placeLeader(s, 'LD-R1', 'G'); // a free Rebel leader on the target
    placeLeader(s, 'LD-I2', 'A'); // no Imperial leader left in the pool besides the mission's
    placeLeader(s, 'LD-I3', 'B');
    put(s, 'BASE', 'R', { f: 1 });
    put(s, 'J', 'R', { f: 1 });
    return s;
  }

  it('requirement: an Imperial capital-class unit', () => {
    expect(missionTargets(build(), 'I-07')).toEqual(['G']);
  });

  it('no window despite Rebel leaders; a fleet move from the target without a leader; prisoner rules apply', () => {
    const s = build();
    operationsWith(s, { I: [{ card: 'I-07', leader: 'LD-I1' }] }, 'I');
    const rng = dice();
    reveal(s, 'I', 'I-07', 'G', rng);
    expect(rng.used).toBe(0);
    expect(s.pending).toEqual({ kind: 'pursuit', seat: 'I' });
    const legal = legalActions(s, 'I') as { type: 'pursue'; to: string; units: { f: number; c: number }; captive: boolean }[];
    expect([...new Set(legal.map((a) => a.to))]).toEqual(['IMP', 'F', 'H', 'L']);
    // Starfighters never move alone; the prisoner must go when nobody stays behind (R4.2.3 steps 5–6).
    expect(legal.filter((a) => a.to === 'H').map((a) => [a.units.f, a.units.c, a.captive])).toEqual([
      [0, 1, false], [0, 1, true], [1, 1, false], [1, 1, true], [2, 1, true],
    ]);
    act(s, 'I', { type: 'pursue', to: 'H', units: { f: 0, c: 1, s: 0 }, captive: false }, dice());
    expect(s.planets.G.I).toEqual({ f: 2, c: 0, s: 0 });
    expect(s.planets.H.I).toEqual({ f: 0, c: 1, s: 0 });
    expect(s.leaders['LD-R2']).toEqual({ at: 'G', captured: true });
    expect(s.leaders['LD-I1'].at).toBe('G'); // the mission leader stays on the target
    expect(s.known.cleared).toEqual(['H']);
    expect(s.discards.I).toEqual(['I-07']);
  });

  it('into the hidden base: revealed, then combat with the Imperial attacking', () => {
    const s = build();
    operationsWith(s, { I: [{ card: 'I-07', leader: 'LD-I1' }] }, 'I');
    reveal(s, 'I', 'I-07', 'G');
    // Imperial rolls 2 white (1, 1) then 2 black (4 hits the Rebel starfighter, 1); the Rebel's 1 black: 1.
    act(s, 'I', { type: 'pursue', to: 'L', units: { f: 2, c: 1, s: 0 }, captive: true }, dice(1, 1, 4, 1, 1));
    expect(find(s, 'baseRevealed')).toMatchObject([{ planet: 'L', cause: 'fleet' }]);
    expect(find(s, 'combatStarted')).toMatchObject([{ planet: 'L', attacker: 'I' }]);
    expect(s.lastCombat).toEqual({ planet: 'L', attacker: 'I', winner: 'I', destroyed: [{ f: 'R', t: 'f' }] });
    expect(s.leaders['LD-R2']).toEqual({ at: 'L', captured: true });
    expect(s.planets.G.I).toEqual({ f: 0, c: 0, s: 0 });
    expect(s.discards.I).toEqual(['I-07']);
    expect(s.winner).toBeNull(); // occupation is checked only at the end of Operations (R1.2.1)
    expect(s.pending).toEqual({ kind: 'turn', seat: 'R' });
  });
});

describe('I-08 Orbital Barrage', () => {
  function build() {
    const s = scenario();
    put(s, 'G', 'I', { c: 1 });
    put(s, 'F', 'R', { f: 2, c: 1 }); // adjacent to G
    put(s, 'H', 'R', { f: 1 }); // adjacent to G
    put(s, 'IMP', 'R', { f: 1 }); // adjacent to G
    put(s, 'N', 'R', { f: 1 }); // far
    put(s, 'C', 'I', { f: 1 }); // next to IMP and H, but starfighters only
    return s;
  }

  it('requirement: Rebel units next to an Imperial capital-class unit', () => {
    expect(missionTargets(build(), 'I-08')).toEqual(['IMP', 'F', 'H']);
  });

  it('strike 2 white + 1 black: the Imperial assigns; survivors repaired; no combat', () => {
    const s = build();
    const sup = { ...s.supply.R };
    operationsWith(s, { I: [{ card: 'I-08', leader: 'LD-I1' }] }, 'I');
    reveal(s, 'I', 'I-08', 'F');
    // White 4 (→ capital ship), white 6 (critical: choice), black 5 (→ a starfighter, assigned first).
    answerOpposition(s, 'R', null, dice(4, 6, 5));
    expect(s.pending).toEqual({ kind: 'assignHit', seat: 'I' });
    expect(legalActions(s, 'I')).toEqual([{ type: 'assignHit', unit: 'f', hp: 1 }, { type: 'assignHit', unit: 'c', hp: 2 }]);
    act(s, 'I', { type: 'assignHit', unit: 'f', hp: 1 }, dice());
    expect(s.planets.F.R).toEqual({ f: 0, c: 1, s: 0 });
    expect(s.supply.R).toEqual({ ...sup, f: sup.f + 2 });
    expect(find(s, 'strikeEnded')).toMatchObject([{ planet: 'F', by: 'I', destroyed: [{ f: 'R', t: 'f' }, { f: 'R', t: 'f' }] }]);
    expect(s.lastCombat).toBeNull();
    expect(s.discards.I).toEqual(['I-08']);
  });

  it('opposed and lost: no strike', () => {
    const s = build();
    operationsWith(s, { I: [{ card: 'I-08', leader: 'LD-I3' }] }, 'I');
    reveal(s, 'I', 'I-08', 'F');
    const rng = dice(2, 2, 6, 6, 6);
    answerOpposition(s, 'R', 'LD-R2', rng); // 2 vs 3
    expect(rng.used).toBe(2);
    expect(s.planets.F.R).toEqual({ f: 2, c: 1, s: 0 });
  });
});

describe('I-09 Propaganda', () => {
  function build() {
    const s = scenario();
    put(s, 'C', 'I', { f: 1 });
    s.planets.C.loyalty = true;
    put(s, 'G', 'I', { f: 1 });
    put(s, 'IMP', 'I', { c: 1 });
    destroy(s, 'K');
    put(s, 'K', 'I', { f: 1 });
    put(s, 'A', 'R', { f: 1 });
    s.objectives.deck = ['O1-2', 'O1-3'];
    return s;
  }

  it('requirement: Imperial units, no loyalty, intact lettered', () => {
    expect(missionTargets(build(), 'I-09')).toEqual(['G']);
  });

  it('success: a random objective goes under the deck; both players learn it; Secret Plans stops being shown', () => {
    const s = build();
    s.objectives.hand = ['O2-3', 'O1-8', 'O1-1'];
    s.known.secretPlansShown = true;
    operationsWith(s, { I: [{ card: 'I-09', leader: 'LD-I2' }] }, 'I');
    reveal(s, 'I', 'I-09', 'G');
    // Unopposed, no attempt dice; the pick is uniform over the hand in id order [O1-1, O1-8, O2-3]: face 2 → O1-8.
    answerOpposition(s, 'R', null, dice(2));
    expect(s.objectives.hand).toEqual(['O2-3', 'O1-1']);
    expect(s.objectives.deck).toEqual(['O1-2', 'O1-3', 'O1-8']);
    expect(s.objectives.bottomKnown).toEqual([{ card: 'O1-8', by: 'both' }]);
    expect(s.known.secretPlansShown).toBe(false);
    const card = find(s, 'objectiveBuriedCard')[0];
    expect(card).toMatchObject({ card: 'O1-8', to: 'players' });
    expect([canSee(card, 'R'), canSee(card, 'I'), canSee(card, null)]).toEqual([true, true, false]);
    expect(s.discards.I).toEqual(['I-09']);
  });

  it('mission dice come before the random pick', () => {
    const s = build();
    s.objectives.hand = ['O2-3', 'O1-8', 'O1-1'];
    operationsWith(s, { I: [{ card: 'I-09', leader: 'LD-I2' }] }, 'I');
    reveal(s, 'I', 'I-09', 'G');
    answerOpposition(s, 'R', 'LD-R1', dice(6, 1, 3)); // 6 + 1 vs 1 + 2; then face 3 → O2-3
    expect(s.objectives.deck.at(-1)).toBe('O2-3');
    expect(s.objectives.hand).toEqual(['O1-8', 'O1-1']);
  });

  it('empty objective hand: nothing happens', () => {
    const s = build();
    operationsWith(s, { I: [{ card: 'I-09', leader: 'LD-I2' }] }, 'I');
    reveal(s, 'I', 'I-09', 'G');
    answerOpposition(s, 'R', null);
    expect(s.objectives.deck).toEqual(['O1-2', 'O1-3']);
    expect(find(s, 'propagandaNothing').length).toBe(1);
  });

  it('opposed and lost: the hand is untouched', () => {
    const s = build();
    s.objectives.hand = ['O1-1'];
    operationsWith(s, { I: [{ card: 'I-09', leader: 'LD-I3' }] }, 'I');
    reveal(s, 'I', 'I-09', 'G');
    answerOpposition(s, 'R', 'LD-R1', dice(3, 2)); // 3 vs 4
    expect(s.objectives.hand).toEqual(['O1-1']);
    expect(s.discards.I).toEqual(['I-09']);
  });
});
