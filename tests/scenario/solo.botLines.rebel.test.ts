/**
 * RULES §9 — the "Bot" line of each of the 13 Rebel missions (R7.5), resolved by the Rebel bot against a human
 * Imperial, from small hand-made states on TEST_GRID (tests/helpers/soloBuild.ts):
 *   (1,·)  A  B  IMP C  D
 *   (2,·)  E  F  G   H  I
 *   (3,·)  J  K  L   M  N
 * Seed 1: Imperial start G, Rebel start H; the hidden base is on N. The human Imperial keeps a planned mission
 * (holdHuman) so the test sees the state right after one bot turn, which is never its first of the round.
 */
import { describe, expect, it } from 'vitest';
import { act, dice, placeLeader, put, setBase } from '../helpers/build';
import { botDeck, botTurn, events, holdHuman, soloScenario } from '../helpers/soloBuild';
import type { GameState } from '../../src/game/rules';
import { moveUnits } from '../../src/game/rules/movement';

const decline = (s: GameState, rng = dice()) => act(s, 'I', { type: 'declineOpposition' }, rng);
const turned = (s: GameState) => events(s, 'botTurnedOver').map((e) => [e.card, e.target]);

function build(top: Parameters<typeof botDeck>[1], base: 'N' | 'A' = 'N') {
  const s = soloScenario('R', 'normal', base);
  holdHuman(s, 'LD-I3');
  botDeck(s, top);
  return s;
}

describe('R-S1 Rally Support — Bot line', () => {
  it('Production planets first, then grid order', () => {
    const s = build(['R-S1']);
    put(s, 'B', 'R', { f: 1 });
    put(s, 'C', 'R', { f: 1 });
    botTurn(s);
    expect(turned(s)).toEqual([['R-S1', 'C']]);
    decline(s);
    expect(s.planets.C.loyalty).toBe(true);
  });
});

describe('R-S2 Sabotage — Bot line', () => {
  it('only targets with Imperial units: the Imperial starting planet first', () => {
    const s = build(['R-S2']);
    put(s, 'F', 'R', { f: 1 });
    put(s, 'E', 'I', { c: 1 });
    put(s, 'G', 'I', { c: 1 });
    botTurn(s);
    expect(turned(s)).toEqual([['R-S2', 'G']]);
    decline(s);
    expect(s.planets.G.disrupt).toBe(true);
  });

  it('partly impossible: a reachable planet without Imperial units is no target for the bot', () => {
    const s = build(['R-S2']);
    put(s, 'F', 'R', { f: 1 });
    botTurn(s);
    expect(turned(s)[0]).toEqual(['R-S2', null]);
  });
});

describe('R-S3 Daring Rescue — Bot line', () => {
  it('as 2P: frees the captured leader', () => {
    const s = build(['R-S3']);
    put(s, 'F', 'I', { c: 1 });
    placeLeader(s, 'LD-R1', 'F', true);
    botTurn(s);
    expect(turned(s)).toEqual([['R-S3', 'F']]);
    decline(s, dice(6, 1));
    expect(s.leaders['LD-R1']).toEqual({ at: 'pool', captured: false });
  });
});

describe('R-S4 Covert Relocation — Bot line', () => {
  it('skipped while the base is hidden and no Imperial capital-class unit moved this round', () => {
    const s = build(['R-S4']);
    put(s, 'A', 'R', { f: 1 });
    botTurn(s);
    expect(turned(s)[0]).toEqual(['R-S4', null]);
  });

  it('a capital ship that moved in an earlier round does not count', () => {
    const s = build(['R-S4']);
    put(s, 'A', 'R', { f: 1 });
    put(s, 'G', 'I', { c: 1 });
    moveUnits(s, 'I', 'G', 'IMP', { f: 0, c: 1, s: 0 }, false, null);
    s.round += 1;
    botTurn(s);
    expect(turned(s)[0]).toEqual(['R-S4', null]);
  });

  it('after an Imperial capital ship moved: the target without Imperial leaders, a new base far from the Empire', () => {
    const s = build(['R-S4']);
    put(s, 'A', 'R', { f: 1 });
    put(s, 'B', 'R', { f: 1 });
    placeLeader(s, 'LD-I1', 'A');
    put(s, 'G', 'I', { c: 1 });
    moveUnits(s, 'I', 'G', 'IMP', { f: 0, c: 1, s: 0 }, false, null); // this round (R4.3): the fact R-S4 reads
    s.probes.deck = ['C', 'J', 'K', ...s.probes.deck.filter((c) => !['C', 'J', 'K'].includes(c))];
    botTurn(s);
    expect(turned(s)).toEqual([['R-S4', 'B']]);
    decline(s, dice(2)); // C is next to Imperium: eligible far cards are J and K; RNG picks index 1 → K
    expect(s.base.planet).toBe('K');
    expect(events(s, 'relocatedTo', 0)).toMatchObject([{ from: 'N', dest: 'K', to: 'R' }]);
  });
});

describe('R-01 Stir Rebellion — Bot line', () => {
  it('Production planets first', () => {
    const s = build(['R-01']);
    s.planets.F.loyalty = true; // neighbours B, E, G, K
    botTurn(s);
    expect(turned(s)).toEqual([['R-01', 'G']]);
    decline(s);
    expect(s.planets.G.loyalty).toBe(true);
  });
});

describe('R-02 Defection — Bot line', () => {
  it('the Imperial starting planet first, then the fewest Imperial units', () => {
    const s = build(['R-02']);
    put(s, 'A', 'I', { f: 1 });
    put(s, 'C', 'I', { f: 3 });
    botTurn(s);
    expect(turned(s)).toEqual([['R-02', 'A']]);
    const t = build(['R-02']);
    put(t, 'A', 'I', { f: 1 });
    put(t, 'G', 'I', { f: 3 });
    botTurn(t);
    expect(turned(t)).toEqual([['R-02', 'G']]);
  });
});

describe('R-03 Slipstream Jump — Bot line', () => {
  it('only next to an Imperial capital-class unit; the most Rebel units jump onto the hidden base card', () => {
    const s = build(['R-03']);
    put(s, 'A', 'R', { f: 1 });
    put(s, 'F', 'R', { f: 2, c: 1 });
    put(s, 'G', 'I', { c: 1 });
    put(s, 'B', 'I', { f: 1 }); // starfighters only: A's neighbour does not count
    botTurn(s);
    expect(turned(s)).toEqual([['R-03', 'F']]);
    expect(s.base.units).toEqual({ f: 2, c: 1, s: 0 });
    expect(s.planets.F.R).toEqual({ f: 0, c: 0, s: 0 });
  });

  it('with the base revealed: to the reachable planet farthest from the nearest Imperial unit', () => {
    const s = build(['R-03']);
    setBase(s, 'N', true);
    put(s, 'F', 'R', { f: 2 });
    put(s, 'B', 'I', { c: 1 });
    botTurn(s);
    // H, J and L are all 3 from B: grid order picks H
    expect(events(s, 'slipstreamed')).toMatchObject([{ from: 'F', dest: 'H', units: { f: 2, c: 0 } }]);
  });
});

describe('R-04 Supply Drop — Bot line', () => {
  it('hidden base: 2 starfighters on the base card; revealed: on the base planet', () => {
    const s = build(['R-04']);
    s.planets.D.loyalty = true;
    botTurn(s);
    expect(turned(s)).toEqual([['R-04', 'D']]);
    expect(s.base.units.f).toBe(2);
    expect(s.planets.D.R.f).toBe(0);
    const t = build(['R-04']);
    t.planets.D.loyalty = true;
    setBase(t, 'N', true);
    botTurn(t);
    expect(turned(t)).toEqual([['R-04', 'N']]);
    expect(t.planets.N.R.f).toBe(2);
  });
});

describe('R-05 Sabotage Cell — Bot line', () => {
  it('the Imperial starting planet first; removes the lowest-spot queued unit, capital ships first', () => {
    const s = build(['R-05']);
    put(s, 'A', 'I', { f: 1 });
    put(s, 'G', 'I', { f: 1 });
    s.queues.I[0] = { f: 1, c: 0, s: 0 };
    s.queues.I[1] = { f: 1, c: 1, s: 0 };
    s.supply.I.f -= 2;
    s.supply.I.c -= 1;
    botTurn(s);
    expect(turned(s)).toEqual([['R-05', 'G']]);
    decline(s);
    expect(s.queues.I[0]).toEqual({ f: 0, c: 0, s: 0 });
    const t = build(['R-05']);
    put(t, 'G', 'I', { f: 1 });
    t.queues.I[1] = { f: 1, c: 1, s: 0 };
    t.supply.I.f -= 1;
    t.supply.I.c -= 1;
    botTurn(t);
    decline(t);
    expect(t.queues.I[1]).toEqual({ f: 1, c: 0, s: 0 });
  });
});

describe('R-06 Ambush — Bot line', () => {
  it('never where the SF is; the fewest Imperial units; hits on starfighters first', () => {
    const s = build(['R-06']);
    put(s, 'F', 'R', { f: 1 });
    put(s, 'B', 'I', { s: 1 });
    put(s, 'G', 'I', { c: 1, f: 2 });
    put(s, 'K', 'I', { c: 1, f: 1 });
    put(s, 'E', 'I', { c: 1, f: 1, s: 0 });
    s.planets.E.I.f = 1;
    botTurn(s);
    expect(turned(s)).toEqual([['R-06', 'E']]); // E and K have 2 units each: grid order
    decline(s, dice(6, 6, 6)); // white 6, black 6, 6: critical hits, the starfighter first, then the capital ship
    expect(s.planets.E.I).toEqual({ f: 0, c: 1, s: 0 });
    expect(events(s, 'hit').map((h) => h.unit)).toEqual(['f', 'c', 'c']);
  });
});

describe('R-07 Inspire Uprising — Bot line', () => {
  it('Production planets first: a capital ship from supply', () => {
    const s = build(['R-07']);
    s.planets.D.loyalty = true;
    s.planets.K.loyalty = true;
    botTurn(s);
    expect(turned(s)).toEqual([['R-07', 'K']]);
    decline(s);
    expect(s.planets.K.R.c).toBe(1);
  });
});

describe('R-08 Intercepted Orders — Bot line', () => {
  it('picks one of the human Imperial\'s planned missions uniformly: back to hand, its leader on the target', () => {
    const s = build(['R-08']);
    s.planets.D.loyalty = true;
    holdHuman(s, 'LD-I2');
    const cards = s.planned.I.map((pm) => pm.card);
    botTurn(s);
    expect(turned(s)).toEqual([['R-08', 'D']]);
    decline(s, dice(2)); // index 1: the card planned with LD-I2
    expect(s.planned.I.map((pm) => pm.card)).toEqual([cards[0]]);
    expect(s.hands.I).toContain(cards[1]);
    expect(s.leaders['LD-I2'].at).toBe('D');
  });

  it('partly impossible: with no planned Imperial mission it discards the top card of the bot deck', () => {
    const s = soloScenario('R');
    put(s, 'A', 'I', { c: 1 }); // the human can still move, so the test stops after one bot turn
    s.planets.D.loyalty = true;
    botDeck(s, ['R-08', 'R-09']);
    botTurn(s);
    act(s, 'I', { type: 'declineOpposition' }, dice());
    expect(events(s, 'botTopDiscarded')).toMatchObject([{ card: 'R-09' }]);
    expect(s.solo!.discard).toEqual(['R-09', 'R-08']);
  });
});

describe('R-09 Hidden Council — Bot line', () => {
  it('draws 1 objective (no choice, nothing under the deck)', () => {
    const s = build(['R-09']);
    s.planets.D.loyalty = true;
    const top = s.objectives.deck[0];
    botTurn(s);
    decline(s);
    expect(s.objectives.hand).toEqual([top]);
    expect(s.objectives.bottomKnown).toEqual([]);
  });
});
