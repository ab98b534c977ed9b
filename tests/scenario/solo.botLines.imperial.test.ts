/**
 * RULES §9 — the "Bot" line of each of the 13 Imperial missions (R7.6), resolved by the Imperial bot against a
 * human Rebel, from small hand-made states on TEST_GRID (tests/helpers/soloBuild.ts):
 *   (1,·)  A  B  IMP C  D
 *   (2,·)  E  F  G   H  I
 *   (3,·)  J  K  L   M  N
 * Seed 1: Imperial start G (its probe card is in the Imperial hand), Rebel start H; the hidden base is on N.
 * Each bot turn here is not its first of the round, so R9.4 step 3 (turn over cards) runs at once.
 */
import { describe, expect, it } from 'vitest';
import { act, dice, placeLeader, put, setBase } from '../helpers/build';
import { botDeck, botTurn, events, holdHuman, soloScenario } from '../helpers/soloBuild';
import { candidates } from '../../src/game/rules/soloTargets';
import type { GameState } from '../../src/game/rules';

const decline = (s: GameState) => act(s, 'R', { type: 'declineOpposition' }, dice());
const turned = (s: GameState) => events(s, 'botTurnedOver').map((e) => [e.card, e.target]);

describe('I-S1 Detain — Bot line', () => {
  function build() {
    const s = soloScenario('I');
    put(s, 'G', 'I', { c: 1 });
    put(s, 'F', 'I', { c: 1 });
    placeLeader(s, 'LD-R2', 'G'); // F, I
    placeLeader(s, 'LD-R1', 'G'); // D, D
    placeLeader(s, 'LD-R3', 'F'); // I
    botDeck(s, ['I-S1']);
    return s;
  }

  it('targets the planet with the most Rebel leaders and captures the one with the most icons (tie: lower id)', () => {
    const s = build();
    botTurn(s, dice(6, 1)); // no Rebel leader in pool: no window, opposed by the leaders on G (R4.2.4 step 5)
    expect(turned(s)[0]).toEqual(['I-S1', 'G']);
    expect(events(s, 'missionRevealed')[0]).toMatchObject({ card: 'I-S1', leader: 'LD-I1' }); // R9.5: F, F
    expect(s.leaders['LD-R1']).toEqual({ at: 'G', captured: true });
    expect(s.leaders['LD-R2'].captured).toBe(false);
    expect(s.solo!.discard[0]).toBe('I-S1'); // R9.4 step 4: a starting card goes to the bot discard too
  });

  it('partly impossible: with a leader already captured it has no target and is skipped', () => {
    const s = build();
    placeLeader(s, 'LD-R3', 'F', true);
    botTurn(s, dice(6, 1));
    expect(turned(s)[0]).toEqual(['I-S1', null]);
  });
});

describe('I-S2 Subjugate — Bot line', () => {
  it('Production planets first; removes the disrupt token when both tokens lie there', () => {
    const s = soloScenario('I');
    put(s, 'B', 'I', { c: 1 });
    put(s, 'A', 'I', { c: 1 });
    s.planets.B.loyalty = true;
    s.planets.A.loyalty = true;
    s.planets.A.disrupt = true;
    holdHuman(s, 'LD-R3');
    botDeck(s, ['I-S2']);
    botTurn(s);
    expect(turned(s)).toEqual([['I-S2', 'A']]);
    expect(s.pending).toEqual({ kind: 'oppose', seat: 'R' });
    decline(s);
    expect(s.planets.A).toMatchObject({ loyalty: true, disrupt: false });
    expect(events(s, 'missionRevealed')[0].leader).toBe('LD-I2'); // R9.5: the only D icon
  });
});

describe('I-S3 Patrol Sweep — Bot line', () => {
  function build(base: 'N' | 'B' = 'N') {
    const s = soloScenario('I', 'normal', base);
    put(s, 'F', 'I', { c: 1 }); // neighbours B, E, G, K: candidates B, E, K (G's card is in the probe hand)
    put(s, 'J', 'I', { c: 1 }); // neighbours E, K
    botDeck(s, ['I-S3']);
    return s;
  }

  it('targets the planet next to the most candidates and names the first adjacent candidate in grid order', () => {
    const s = build();
    botTurn(s);
    expect(turned(s)).toEqual([['I-S3', 'F']]);
    decline(s);
    expect(events(s, 'patrolNamed')).toMatchObject([{ planet: 'B', result: 'notHere' }]);
    expect(s.known.cleared).toContain('B');
  });

  it('finds the hidden base when it is the named planet (R6.2.5)', () => {
    const s = build('B');
    botTurn(s);
    decline(s);
    expect(s.base.revealed).toBe(true);
  });

  it('partly impossible: no candidate next to any capital-class unit → skipped', () => {
    const s = build();
    s.known.cleared.push('B', 'E', 'K');
    botTurn(s);
    expect(turned(s)[0]).toEqual(['I-S3', null]);
  });
});

describe('I-S4 Muster — Bot line', () => {
  it('places 2 starfighters on the legal planet nearest to a goal planet', () => {
    const s = soloScenario('I');
    setBase(s, 'N', true); // goal: the revealed base
    put(s, 'IMP', 'I', { c: 1 });
    put(s, 'M', 'I', { c: 1 });
    holdHuman(s, 'LD-R3');
    botDeck(s, ['I-S4']);
    botTurn(s);
    expect(turned(s)).toEqual([['I-S4', 'M']]);
    decline(s);
    expect(s.planets.M.I).toEqual({ f: 2, c: 1, s: 0 });
  });

  it('partly impossible: with 1 starfighter left in supply it places 1', () => {
    const s = soloScenario('I');
    put(s, 'IMP', 'I', { c: 1 });
    put(s, 'A', 'I', { f: s.supply.I.f - 1 });
    botDeck(s, ['I-S4']);
    botTurn(s);
    decline(s);
    expect(s.planets.IMP.I.f).toBe(1);
  });
});

describe('I-01 Obliterator — Bot line', () => {
  function build(base: 'I' | 'N' = 'I') {
    const s = soloScenario('I', 'normal', base);
    put(s, 'H', 'I', { s: 1 }); // targets H, C, G, I, M
    s.known.cleared.push('C', 'M');
    botDeck(s, ['I-01']);
    return s;
  }

  it('a goal planet first: destroying the hidden base planet wins (R6.4.2)', () => {
    const s = build('I');
    botTurn(s);
    expect(turned(s)).toEqual([['I-01', 'I']]);
    decline(s);
    expect(s.winner).toEqual({ faction: 'I', reason: 'obliterator' });
  });

  it('otherwise a planet with ≥ 3 Rebel units; with neither it is skipped', () => {
    const s = build('N');
    s.known.cleared.push('I');
    put(s, 'G', 'R', { f: 3 });
    botTurn(s);
    expect(turned(s)).toEqual([['I-01', 'G']]);
    const t = build('N');
    t.known.cleared.push('I');
    put(t, 'G', 'R', { f: 2 });
    botTurn(t);
    expect(turned(t)[0]).toEqual(['I-01', null]);
  });
});

describe('I-02 Deep Scan — Bot line', () => {
  it('a candidate chosen uniformly (RNG) while the base is hidden; skipped once it is revealed', () => {
    const s = soloScenario('I');
    put(s, 'IMP', 'I', { c: 1 });
    const c = candidates(s);
    botDeck(s, ['I-02']);
    botTurn(s, dice(3)); // index 2 of the candidates
    expect(turned(s)).toEqual([['I-02', c[2]]]);
    const t = soloScenario('I');
    setBase(t, 'N', true);
    botDeck(t, ['I-02']);
    botTurn(t);
    expect(turned(t)[0]).toEqual(['I-02', null]);
  });
});

describe('I-03 Informant Network — Bot line', () => {
  it('the first planet in grid order with Imperial units and no Rebel leader; draws 2 probe cards', () => {
    const s = soloScenario('I');
    put(s, 'A', 'I', { c: 1 });
    put(s, 'B', 'I', { c: 1 });
    placeLeader(s, 'LD-R1', 'A');
    botDeck(s, ['I-03']);
    botTurn(s);
    expect(turned(s)).toEqual([['I-03', 'B']]);
    decline(s);
    expect(s.probes.hand.length).toBe(3);
  });
});

describe('I-04 Garrison Order — Bot line', () => {
  it('the aligned planet without Rebel units nearest to a goal planet', () => {
    const s = soloScenario('I');
    setBase(s, 'N', true);
    put(s, 'IMP', 'I', { f: 1 });
    put(s, 'L', 'I', { f: 1 });
    botDeck(s, ['I-04']);
    botTurn(s);
    expect(turned(s)).toEqual([['I-04', 'L']]);
    decline(s);
    expect(s.planets.L.I.c).toBe(1);
  });
});

describe('I-05 Crackdown — Bot line', () => {
  it('Production planets with loyalty first, then loyalty, then grid order', () => {
    const s = soloScenario('I');
    put(s, 'F', 'I', { c: 1 });
    s.planets.B.disrupt = true;
    s.planets.E.loyalty = true;
    s.planets.K.loyalty = true;
    s.planets.K.disrupt = true;
    botDeck(s, ['I-05']);
    botTurn(s);
    expect(turned(s)).toEqual([['I-05', 'K']]);
    decline(s);
    expect(s.planets.K).toMatchObject({ loyalty: false, disrupt: false });
  });
});

describe('I-06 Interrogation — Bot line', () => {
  it('the sector is announced and the bot keeps only candidates of that sector (R9.3)', () => {
    const s = soloScenario('I');
    put(s, 'F', 'I', { c: 1 });
    placeLeader(s, 'LD-R1', 'F', true);
    botDeck(s, ['I-06']);
    botTurn(s);
    expect(turned(s)).toEqual([['I-06', 'F']]);
    act(s, 'R', { type: 'declineOpposition' }, dice(6, 1)); // still opposed by the captive (R6.1.5)
    expect(s.known.baseSector).toBe(3);
    expect(candidates(s).every((p) => ['J', 'K', 'L', 'M', 'N'].includes(p))).toBe(true);
  });
});

describe('I-07 Rapid Pursuit — Bot line', () => {
  it('Hunts from the source Hunt would choose if leaders were ignored, spending no leader', () => {
    const s = soloScenario('I');
    setBase(s, 'N', true);
    put(s, 'F', 'I', { c: 1, f: 2 });
    put(s, 'A', 'I', { c: 1 });
    placeLeader(s, 'LD-I1', 'F'); // would block a fleet move, not I-07
    holdHuman(s, 'LD-R3');
    botDeck(s, ['I-07']);
    botTurn(s);
    expect(turned(s)).toEqual([['I-07', 'F']]);
    expect(s.planets.G.I).toEqual({ f: 2, c: 1, s: 0 }); // G and K are both 3 from N: grid order
    expect(events(s, 'fleetMoved').at(-1)).toMatchObject({ from: 'F', dest: 'G', leader: null });
    expect(s.leaders['LD-I3'].at).toBe('F'); // R9.5: no attribute → fewest icons; it stays on the target
  });
});

describe('I-08 Orbital Barrage — Bot line', () => {
  it('the most Rebel units; hits go to capital ships first (not R9.12\'s lowest HP first)', () => {
    const s = soloScenario('I');
    put(s, 'F', 'I', { c: 1 });
    put(s, 'B', 'R', { f: 2 });
    put(s, 'G', 'R', { c: 1, f: 2 });
    botDeck(s, ['I-08']);
    botTurn(s);
    expect(turned(s)).toEqual([['I-08', 'G']]);
    act(s, 'R', { type: 'declineOpposition' }, dice(6, 6, 6)); // white 6, 6, black 6: three critical hits
    expect(s.planets.G.R).toEqual({ f: 2, c: 0, s: 0 });
  });
});

describe('I-09 Propaganda — Bot line', () => {
  it('Production planets first; buries one of the human Rebel\'s objectives at random', () => {
    const s = soloScenario('I');
    put(s, 'B', 'I', { c: 1 });
    put(s, 'C', 'I', { c: 1 });
    s.objectives.hand = s.objectives.deck.splice(0, 2);
    const [first, second] = [...s.objectives.hand].sort();
    botDeck(s, ['I-09']);
    botTurn(s);
    expect(turned(s)).toEqual([['I-09', 'C']]);
    act(s, 'R', { type: 'declineOpposition' }, dice(2)); // RNG picks index 1 of the sorted hand
    expect(s.objectives.hand).toEqual([first]);
    expect(s.objectives.deck.at(-1)).toBe(second);
  });
});
