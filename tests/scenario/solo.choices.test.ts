/**
 * RULES §9 — one describe per solo rule R9.6–R9.13 (R9.1–R9.5 in solo.rules.test.ts; the Bot lines have their own files), from small hand-made
 * states on TEST_GRID (tests/helpers/soloBuild.ts):
 *   (1,·)  A  B  IMP C  D
 *   (2,·)  E  F  G   H  I
 *   (3,·)  J  K  L   M  N
 * Seed 1: Imperial start G (its probe card in the Imperial hand), Rebel start H; the hidden base on N.
 */
import { describe, expect, it } from 'vitest';
import { MISSIONS, MISSION_IDS, SECRET_PLANS, SOLO_LEVELS, type Faction } from '../../src/game/content';
import { effectsOf } from '../../src/game/rules/missions';
import { apply, legalActions, run } from '../../src/game/rules';
import { distanceToImperial } from '../../src/game/rules/soloTargets';
import { viewFor, HIDDEN } from '../../src/game/rules/view';
import { act, dice, exactDice, placeLeader, put, setBase } from '../helpers/build';
import { botDeck, botTurn, events, holdHuman, soloScenario, soloSetup } from '../helpers/soloBuild';

describe('R9.6 Imperial default action: Hunt', () => {
  it('source nearest to a goal (tie: more units), every unit and the captive one step toward it', () => {
    const s = soloScenario('I');
    setBase(s, 'N', true);
    put(s, 'K', 'I', { c: 1 });
    put(s, 'H', 'I', { c: 1, f: 2 }); // H and K are both 3 from N: more units wins
    placeLeader(s, 'LD-R1', 'H', true);
    holdHuman(s, 'LD-R3');
    botTurn(s, dice(), 0);
    expect(events(s, 'botDefaultAction')).toMatchObject([{ action: 'hunt', from: 'H', dest: 'I' }]); // I and M tie: grid
    expect(s.planets.I.I).toEqual({ f: 2, c: 1, s: 0 });
    expect(s.leaders['LD-R1']).toEqual({ at: 'I', captured: true });
  });

  it('impossible when every capital-class unit sits with an Imperial leader', () => {
    const s = soloScenario('I');
    put(s, 'A', 'I', { c: 1 });
    placeLeader(s, 'LD-I1', 'A');
    holdHuman(s, 'LD-R3');
    botDeck(s, ['I-06']);
    botTurn(s, dice(), 0);
    expect(events(s, 'botDefaultAction')).toEqual([]);
  });
});

describe('R9.7 Rebel default action: Strike, else Spread', () => {
  it('Strike: all units from S to an adjacent T without SF when units(S) ≥ 2 × units(T)', () => {
    const s = soloScenario('R');
    put(s, 'F', 'R', { f: 2 });
    put(s, 'G', 'I', { f: 1 });
    put(s, 'E', 'I', { s: 1 }); // never into the SF
    holdHuman(s, 'LD-I3');
    botTurn(s, dice(6, 1, 1), 0);
    expect(events(s, 'botDefaultAction')).toMatchObject([{ action: 'strike', from: 'F', dest: 'G' }]);
    expect(events(s, 'combatStarted')).toMatchObject([{ planet: 'G', attacker: 'R' }]);
  });

  it('Spread: 1 starfighter from the biggest group (≥ 2) to an empty neighbour, Production first, then no loyalty', () => {
    const s = soloScenario('R');
    put(s, 'F', 'R', { f: 1, c: 1 });
    put(s, 'E', 'R', { f: 1 });
    put(s, 'K', 'R', { f: 1 });
    s.planets.G.loyalty = true;
    holdHuman(s, 'LD-I3');
    botTurn(s, dice(), 0);
    // F's empty neighbours: B (Remote), G (Production, loyal) → G: Production comes before "no loyalty"
    expect(events(s, 'botDefaultAction')).toMatchObject([{ action: 'spread', from: 'F', dest: 'G' }]);
    expect(s.planets.G.R).toEqual({ f: 1, c: 0, s: 0 });
  });

  it('neither possible → R9.4 step 3', () => {
    const s = soloScenario('R');
    put(s, 'F', 'R', { f: 1 });
    holdHuman(s, 'LD-I3');
    botDeck(s, ['R-S1']);
    botTurn(s, dice(), 0);
    expect(events(s, 'botDefaultAction')).toEqual([]);
    expect(events(s, 'botTurnedOver')[0]).toMatchObject({ card: 'R-S1', target: 'F' });
  });
});

describe('R9.8 bot opposition', () => {
  function humanReveals(bot: Faction, card: 'R-S1' | 'R-S4' | 'I-S1' | 'I-03' | 'I-01', target: 'A' | 'G') {
    const s = soloScenario(bot);
    const human: Faction = bot === 'R' ? 'I' : 'R';
    s.phase = 'operations';
    s.hands[human] = s.hands[human].filter((c) => c !== card);
    s.planned[human] = [{ card, leader: human === 'R' ? 'LD-R3' : 'LD-I3' }];
    s.leaders[human === 'R' ? 'LD-R3' : 'LD-I3'].at = 'plan';
    s.turn = human;
    s.pending = { kind: 'turn', seat: human };
    return { s, human, go: () => act(s, human, { type: 'revealMission', card, target }, dice(6, 1)) };
  }

  it('opposes with its pool leader with the most matching icons, if it has at least 1', () => {
    const { s, go } = humanReveals('I', 'R-S1', 'A');
    put(s, 'A', 'R', { f: 1 });
    go();
    expect(events(s, 'opposed')).toMatchObject([{ faction: 'I', leader: 'LD-I2' }]); // the only D icon
  });

  it('no matching icon → no opposition, except R-S4 / R-S3 (Imperial bot) and I-01 / I-S1 (Rebel bot)', () => {
    const a = humanReveals('I', 'R-S1', 'A');
    put(a.s, 'A', 'R', { f: 1 });
    placeLeader(a.s, 'LD-I2', 'D');
    a.go();
    expect(events(a.s, 'notOpposed').length).toBe(1);
    const b = humanReveals('I', 'R-S4', 'A');
    put(b.s, 'A', 'R', { f: 1 });
    placeLeader(b.s, 'LD-I2', 'D');
    placeLeader(b.s, 'LD-I3', 'D');
    b.go();
    expect(events(b.s, 'opposed')).toMatchObject([{ faction: 'I', leader: 'LD-I1' }]);
    const c = humanReveals('R', 'I-S1', 'G');
    put(c.s, 'G', 'I', { c: 1 });
    placeLeader(c.s, 'LD-R3', 'G');
    placeLeader(c.s, 'LD-R2', 'D');
    c.go();
    expect(events(c.s, 'opposed')).toMatchObject([{ faction: 'R', leader: 'LD-R1' }]); // no F icon, still opposes
  });
});

describe('R9.9 bot Refresh: deployment and base moves', () => {
  function deploying(bot: Faction, units: { f: number; c: number; s: number }) {
    const s = soloScenario(bot);
    s.phase = 'refresh';
    s.placedThisRound = {};
    s.arrivals[bot] = units;
    s.supply[bot].f -= units.f;
    s.supply[bot].c -= units.c;
    s.pending = null;
    s.queue = [{ t: 'deployNext', f: bot }, { t: 'baseMoves' }];
    return s;
  }

  it('Imperial bot: each arrival to the legal planet nearest to a goal (tie: the SF\'s planet, then grid order)', () => {
    const s = deploying('I', { f: 3, c: 0, s: 0 });
    setBase(s, 'N', true);
    put(s, 'C', 'I', { f: 1 });
    put(s, 'L', 'I', { f: 1 });
    put(s, 'I', 'I', { s: 1 }); // I and L are both 2 from N… I is 1 away: nearest
    run(s, dice());
    expect(events(s, 'deployed').map((e) => e.dest)).toEqual(['I', 'I', 'L']); // cap of 2 per location
  });

  it('Rebel bot: to the hidden base card first (up to 2), then the legal planet farthest from the Empire', () => {
    const s = deploying('R', { f: 3, c: 0, s: 0 });
    s.planets.D.loyalty = true;
    s.planets.J.loyalty = true;
    put(s, 'C', 'I', { c: 1 });
    run(s, dice());
    expect(events(s, 'deployed').map((e) => e.dest)).toEqual(['BASE', 'BASE', 'J']);
  });

  it('Rebel bot base moves: keeps 2 units on the base card, the rest (starfighters first) to aligned Production planets', () => {
    const s = deploying('R', { f: 0, c: 0, s: 0 });
    s.queue = [{ t: 'baseMoves' }];
    put(s, 'BASE', 'R', { f: 2, c: 2 });
    s.planets.E.loyalty = true;
    s.planets.K.loyalty = true;
    run(s, dice());
    expect(events(s, 'baseMoved')).toMatchObject([{ unit: 'f', dest: 'K' }, { unit: 'f', dest: 'K' }]);
    expect(s.base.units).toEqual({ f: 0, c: 2, s: 0 });
  });
});

describe('R9.10 Rebel bot objectives and Secret Plans', () => {
  it('reveals the lowest id among the objectives whose condition is met', () => {
    const s = soloScenario('R');
    s.objectives.hand = ['O1-7', 'O1-1'];
    s.objectives.deck = s.objectives.deck.filter((c) => !s.objectives.hand.includes(c));
    for (const p of ['A', 'C', 'J', 'K', 'M'] as const) s.planets[p].loyalty = true; // O1-1 (5 planets) and O1-7
    s.pending = null;
    s.queue = [{ t: 'objectiveWindow', window: 'operations' }];
    run(s, dice());
    expect(s.objectives.scoring).toEqual(['O1-1']);
  });

  it('uses Secret Plans automatically when it holds the card', () => {
    const s = soloScenario('R');
    s.objectives.hand = [SECRET_PLANS];
    s.objectives.deck = s.objectives.deck.filter((c) => c !== SECRET_PLANS);
    put(s, 'G', 'I', { s: 1 });
    put(s, 'G', 'R', { c: 3 }); // the Rebel bot's capital ships just arrived: combat (R5.1)
    s.phase = 'operations';
    s.pending = null;
    s.arrival = { planet: 'G', faction: 'R' };
    s.queue = [{ t: 'stateChecks' }];
    // waves: Rebel (attacker) rolls 3 white + 3 black; Imperial answers.
    run(s, exactDice(6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1));
    expect(events(s, 'secretPlansShown').length).toBe(1);
    expect(s.sfOut).toBe(true);
  });
});

describe('R9.11 difficulty', () => {
  it('Easy: neither bot takes the default action on its first turn (R9.4 step 2 skipped)', () => {
    for (const bot of ['I', 'R'] as Faction[]) {
      const s = soloScenario(bot, 'easy');
      if (bot === 'I') put(s, 'A', 'I', { c: 1 });
      else { put(s, 'F', 'R', { f: 2 }); put(s, 'G', 'I', { f: 1 }); }
      holdHuman(s, bot === 'I' ? 'LD-R3' : 'LD-I3');
      botDeck(s, bot === 'I' ? ['I-03'] : ['R-S2']);
      botTurn(s, dice(), 0);
      expect(events(s, 'botDefaultAction'), bot).toEqual([]);
      expect(events(s, 'botTurnedOver')[0].target, bot).not.toBeNull();
      const n = soloScenario(bot, 'normal');
      if (bot === 'I') put(n, 'A', 'I', { c: 1 });
      else { put(n, 'F', 'R', { f: 2 }); put(n, 'G', 'I', { f: 1 }); }
      holdHuman(n, bot === 'I' ? 'LD-R3' : 'LD-I3');
      botTurn(n, dice(6, 1, 1), 0);
      expect(events(n, 'botDefaultAction').length, bot).toBe(1);
    }
  });

  it('Hard: the Imperial bot starts with 2 extra starfighters on Imperium', () => {
    const n = soloSetup('I', 'normal', 11).s;
    const h = soloSetup('I', 'hard', 11).s;
    expect(h.planets.IMP.I.f).toBe(n.planets.IMP.I.f + 2);
    expect(h.supply.I.f).toBe(n.supply.I.f - 2);
  });

  it('Normal and Hard: the Rebel bot draws its level\'s extra objectives at setup (SOLO_LEVELS)', () => {
    expect(soloSetup('R', 'easy', 11).s.objectives.hand.length).toBe(1);
    expect(soloSetup('R', 'normal', 11).s.objectives.hand.length).toBe(1 + SOLO_LEVELS.normal.rebelExtraObjectives);
    expect(soloSetup('R', 'hard', 11).s.objectives.hand.length).toBe(1 + SOLO_LEVELS.hard.rebelExtraObjectives);
    expect(SOLO_LEVELS.hard.rebelExtraObjectives).toBeGreaterThan(0);
    expect(soloSetup('I', 'hard', 11).s.objectives.hand.length).toBe(1); // a human Rebel gets nothing extra
  });
});

describe('R9.12 other bot choices', () => {
  it('combat hits go to the enemy unit with the lowest current HP (tie: capital ship, starfighter, SF)', () => {
    const s = soloScenario('I');
    put(s, 'G', 'I', { c: 2 });
    put(s, 'G', 'R', { f: 1, c: 1 });
    s.arrival = { planet: 'G', faction: 'I' };
    s.pending = null;
    s.phase = 'operations';
    s.queue = [{ t: 'stateChecks' }];
    // Imperial attacks with 3 white: 6, 6, 6 → critical hits: starfighter (1 HP) first, then the capital ship
    // wave 1: Imperial 6, 6, 6; Rebel 1, 1, 1 — wave 2: Imperial 6, 6, 6; Rebel 1, 1
    run(s, exactDice(6, 6, 6, 1, 1, 1, 6, 6, 6, 1, 1));
    expect(events(s, 'hit').slice(0, 3).map((h) => h.unit)).toEqual(['f', 'c', 'c']);
  });

  it('with no Imperial unit on the board every distance to the nearest one counts as 99', () => {
    const s = soloScenario('R');
    expect(distanceToImperial(s, 'A')).toBe(99);
    put(s, 'B', 'I', { f: 1 });
    expect(distanceToImperial(s, 'A')).toBe(1);
  });

  it('on a supply shortfall the earliest queue spots are filled (no decision for the bot)', () => {
    const s = soloScenario('I');
    put(s, 'F', 'I', { c: 1 });
    put(s, 'H', 'I', { c: 1 });
    s.supply.I.f = 1;
    s.pending = null;
    s.queue = [{ t: 'build', f: 'I', unit: 'f' }];
    run(s, dice());
    expect(s.queues.I[0].f).toBe(1);
    expect(s.pending).toBeNull();
  });
});

describe('R9.13 the human\'s Solo player lines', () => {
  it('only R-08 differs from the 2P reward for the human; only I-S4, R-04, R-08, R-09 for the bot', () => {
    for (const bot of ['R', 'I'] as Faction[]) {
      const s = soloScenario(bot);
      const human: Faction = bot === 'R' ? 'I' : 'R';
      for (const card of MISSION_IDS) {
        const f = MISSIONS[card].faction;
        const differs = JSON.stringify(effectsOf(s, card, f)) !== JSON.stringify(MISSIONS[card].effects);
        const expected = f === human ? card === 'R-08' : ['I-S4', 'R-04', 'R-08', 'R-09'].includes(card);
        expect(differs, `${card} (${f === human ? 'human' : 'bot'})`).toBe(expected);
      }
      expect(JSON.stringify(effectsOf({ ...s, solo: undefined }, 'R-08', 'R'))).toBe(JSON.stringify(MISSIONS['R-08'].effects));
    }
  });

  function humanRebelReveals(card: 'R-08' | 'R-09') {
    const s = soloScenario('I');
    s.planets.D.loyalty = true;
    s.phase = 'operations';
    s.hands.R = s.hands.R.filter((c) => c !== card);
    s.planned.R = [{ card, leader: 'LD-R3' }];
    s.leaders['LD-R3'].at = 'plan';
    s.turn = 'R';
    s.pending = { kind: 'turn', seat: 'R' };
    return s;
  }

  it('R-08: the Imperial bot commits its pool leader with the fewest icons (tie: higher id) on the target', () => {
    const s = humanRebelReveals('R-08');
    placeLeader(s, 'LD-I2', 'A'); // the bot cannot oppose R-08 (I) with LD-I3? It can: LD-I3 has an I icon
    placeLeader(s, 'LD-I3', 'A');
    act(s, 'R', { type: 'revealMission', card: 'R-08', target: 'D' }, dice());
    expect(s.leaders['LD-I1'].at).toBe('D');
    expect(events(s, 'missionIntercepted')).toMatchObject([{ leader: 'LD-I1', planet: 'D' }]);
  });

  it('R-08 with the bot pool empty: the top card of the bot deck is discarded', () => {
    const s = humanRebelReveals('R-08');
    for (const id of ['LD-I1', 'LD-I2', 'LD-I3'] as const) placeLeader(s, id, 'A');
    botDeck(s, ['I-05']);
    act(s, 'R', { type: 'revealMission', card: 'R-08', target: 'D' }, dice());
    expect(s.solo!.discard).toEqual(['I-05']);
    expect(events(s, 'botTopDiscarded')).toMatchObject([{ card: 'I-05' }]);
  });

  it('every other card applies its 2P reward (R-09: the human keeps 1 of 2)', () => {
    const s = humanRebelReveals('R-09');
    for (const id of ['LD-I1', 'LD-I2', 'LD-I3'] as const) placeLeader(s, id, 'A');
    act(s, 'R', { type: 'revealMission', card: 'R-09', target: 'D' }, dice());
    expect(s.pending?.kind).toBe('council');
  });

  it('I-09 against the Rebel bot\'s objective hand; I-06: the engine announces the bot base\'s sector', () => {
    const s = soloScenario('R');
    put(s, 'F', 'I', { c: 1 });
    placeLeader(s, 'LD-R1', 'F', true);
    for (const id of ['LD-R2', 'LD-R3'] as const) placeLeader(s, id, 'A');
    s.objectives.hand = s.objectives.deck.splice(0, 1);
    s.phase = 'operations';
    s.hands.I = s.hands.I.filter((c) => c !== 'I-09');
    s.planned.I = [{ card: 'I-09', leader: 'LD-I1' }, { card: 'I-06', leader: 'LD-I2' }];
    s.leaders['LD-I1'].at = 'plan';
    s.leaders['LD-I2'].at = 'plan';
    s.turn = 'I';
    s.pending = { kind: 'turn', seat: 'I' };
    act(s, 'I', { type: 'revealMission', card: 'I-06', target: 'F' }, dice(6, 1));
    expect(s.known.baseSector).toBe(3);
    expect(viewFor(s, 'I').base.planet).toBe(HIDDEN);
    const before = s.objectives.hand[0];
    s.turn = 'I';
    s.pending = { kind: 'turn', seat: 'I' };
    act(s, 'I', { type: 'revealMission', card: 'I-09', target: 'F' }, dice(6, 1));
    expect(s.objectives.hand).toEqual([]);
    expect(s.objectives.deck.at(-1)).toBe(before);
  });
});

describe('R8.4 / R9 no decision is ever addressed to the bot seat', () => {
  it('legalActions for the bot seat is always empty and apply() refuses anything for it', () => {
    const { s } = soloSetup('R');
    expect(legalActions(s, 'R')).toEqual([]);
    expect(apply(s, 'R', { type: 'chooseBase', planet: 'A' }, dice())).toBe(false);
  });
});
