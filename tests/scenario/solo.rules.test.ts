/**
 * RULES §9 — one describe per solo rule R9.1–R9.5 (R9.6–R9.13 in solo.choices.test.ts; the Bot lines have their own files), from small hand-made
 * states on TEST_GRID (tests/helpers/soloBuild.ts):
 *   (1,·)  A  B  IMP C  D
 *   (2,·)  E  F  G   H  I
 *   (3,·)  J  K  L   M  N
 * Seed 1: Imperial start G (its probe card in the Imperial hand), Rebel start H; the hidden base on N.
 */
import { describe, expect, it } from 'vitest';
import { LEADERS, SOLO_LEVELS } from '../../src/game/content';
import { legalActions, run, seededRng } from '../../src/game/rules';
import { distance } from '../../src/game/rules/board';
import { factionMissions } from '../../src/game/rules/soloEffects';
import { candidates, goals } from '../../src/game/rules/soloTargets';
import { leaderForCard, leaderForDefault } from '../../src/game/rules/soloTurn';
import { viewFor, HIDDEN } from '../../src/game/rules/view';
import { act, dice, exactDice, placeLeader, put, setBase } from '../helpers/build';
import { botDeck, botTurn, events, holdHuman, imperialUnits, soloScenario, soloSetup } from '../helpers/soloBuild';

describe('R9.1 solo setup', () => {
  it('Imperial bot: SF and 3 starfighters on its starting planet, capital ship and 2 starfighters on Imperium', () => {
    const { s } = soloSetup('I');
    expect(s.planets[s.start.I].I).toEqual({ f: 3, c: 0, s: 1 });
    // Plus the level's extra starfighters (R9.11; Normal has 2 since issue 24 item 5: SOLO_LEVELS).
    expect(s.planets.IMP.I).toEqual({ f: 2 + SOLO_LEVELS.normal.imperialExtraFighters, c: 1, s: 0 });
    expect(s.pending).toEqual({ kind: 'chooseBase', seat: 'R' }); // the human Rebel hides the base
  });

  it('RNG-11 after RNG-10: all 13 bot missions (starting cards too) shuffled into the bot deck; no hand', () => {
    const { s, rng } = soloSetup('I');
    const before = rng.calls.length;
    act(s, 'R', legalActions(s, 'R')[0], rng);
    run(s, rng); // round 1 begins at a phase boundary
    const calls = rng.calls.slice(before);
    // RNG-10: 12 probe cards (n = 12 … 2), then RNG-11: 13 bot cards (n = 13 … 2), then round 1 begins.
    expect(calls.slice(0, 11)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
    expect(calls.slice(11, 23)).toEqual([13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
    expect([...s.solo!.deck].sort()).toEqual(factionMissions('I'));
    expect(s.hands.I).toEqual([]);
    expect(s.decks.I).toEqual([]);
    expect(s.pending).toEqual({ kind: 'plan', seat: 'R' }); // R9.1: the bot draws no missions and never plans
    expect(s.hands.R.length).toBe(5);
  });

  it('Rebel bot, RNG-12: the base is uniform among legal cards at distance ≥ 2 from every Imperial unit', () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 40; seed++) {
      const { s } = soloSetup('R', 'normal', seed);
      expect(s.pending).toEqual({ kind: 'imperialSetup', seat: 'I' });
      act(s, 'I', { type: 'imperialSetup', capitalOn: 'IMP', fightersOnImperium: 3 }, seededRng(seed));
      run(s, seededRng(seed));
      const imp = imperialUnits(s);
      expect(imp.every((p) => distance(s, s.base.planet!, p) >= 2)).toBe(true);
      expect(s.log.find((e) => e.e === 'baseChosen')!.to).toBe('R'); // secret from the human (R8.4)
      expect(s.pending).toEqual({ kind: 'plan', seat: 'I' });
      seen.add(s.base.planet!);
    }
    expect(seen.size).toBeGreaterThan(5);
  });
});

describe('R9.2 bot leaders', () => {
  it('stay in the pool through Planning and come back at Retrieve', () => {
    const { s } = soloSetup('I');
    act(s, 'R', legalActions(s, 'R')[0], seededRng(1));
    expect(['LD-I1', 'LD-I2', 'LD-I3'].every((id) => s.leaders[id as 'LD-I1'].at === 'pool')).toBe(true);
    expect(s.planned.I).toEqual([]);
    const r = seededRng(3);
    while (!s.winner && s.round === 1) {
      if (!s.pending) { run(s, r); continue; }
      const acts = legalActions(s, s.pending.seat);
      act(s, s.pending.seat, acts.find((a) => a.type === 'endPlanning' || a.type === 'pass') ?? acts[0], r);
    }
    expect(s.round).toBe(2);
    expect(['LD-I1', 'LD-I2', 'LD-I3'].every((id) => s.leaders[id as 'LD-I1'].at === 'pool' || s.leaders[id as 'LD-I1'].at === 'plan')).toBe(true);
    expect(events(s, 'leadersRetrieved').length).toBe(1);
  });
});

describe('R9.3 Imperial bot knowledge', () => {
  it('candidates: intact lettered planets without Imperial units, not in the probe hand, not cleared', () => {
    const s = soloScenario('I');
    put(s, 'A', 'I', { c: 1 });
    s.planets.B.destroyed = true;
    s.known.cleared = ['C'];
    s.probes.hand.push('D');
    s.probes.deck = s.probes.deck.filter((c) => c !== 'D');
    expect(candidates(s)).toEqual(['E', 'F', 'H', 'I', 'J', 'K', 'L', 'M', 'N']);
    expect(candidates(s)).toContain(s.base.planet); // the true base is always a candidate
  });

  it('after I-06 only candidates of the announced sector; goals are the revealed base once revealed', () => {
    const s = soloScenario('I');
    s.known.baseSector = 3;
    expect(candidates(s)).toEqual(['J', 'K', 'L', 'M', 'N']);
    setBase(s, 'N', true);
    expect(goals(s)).toEqual(['N']);
  });

  it('Imperial units entering a planet clear it; a relocation (human R-S4) empties the cleared set', () => {
    const s = soloScenario('I');
    put(s, 'A', 'R', { f: 1 });
    s.known.cleared = ['B', 'C'];
    s.phase = 'operations';
    s.planned.R = [{ card: 'R-S4', leader: 'LD-R3' }];
    s.hands.R = s.hands.R.filter((c) => c !== 'R-S4');
    s.leaders['LD-R3'].at = 'plan';
    s.turn = 'R';
    s.pending = { kind: 'turn', seat: 'R' };
    s.leaders['LD-I1'].at = 'D';
    s.leaders['LD-I2'].at = 'D';
    s.leaders['LD-I3'].at = 'D'; // no Imperial pool leader: the bot cannot oppose
    act(s, 'R', { type: 'revealMission', card: 'R-S4', target: 'A' }, dice());
    expect(s.pending?.kind).toBe('relocate');
    act(s, 'R', { type: 'relocateBase', planet: null }, dice());
    expect(s.known.cleared).toEqual([]);
  });
});

describe('R9.4 bot turn', () => {
  it('step 1: no leader in the pool → the bot passes', () => {
    const s = soloScenario('I');
    for (const id of ['LD-I1', 'LD-I2', 'LD-I3'] as const) placeLeader(s, id, 'D');
    put(s, 'A', 'R', { f: 1 });
    botTurn(s);
    expect(events(s, 'botPassed')).toMatchObject([{ reason: 'noLeader' }]);
    expect(s.passed.I).toBe(true);
  });

  it('step 2: on its first turn of the round the default action comes first', () => {
    const s = soloScenario('I');
    put(s, 'A', 'I', { c: 1 });
    holdHuman(s, 'LD-R3');
    botDeck(s, ['I-03']); // would have a target
    botTurn(s, dice(), 0);
    expect(events(s, 'botDefaultAction')).toMatchObject([{ action: 'hunt', from: 'A', leader: 'LD-I3' }]);
    expect(events(s, 'botTurnedOver')).toEqual([]);
  });

  it('step 3: cards without a target go faceup to the skipped row, then under the deck in the order turned', () => {
    const s = soloScenario('I');
    put(s, 'A', 'I', { c: 1 });
    holdHuman(s, 'LD-R3');
    botDeck(s, ['I-S1', 'I-06', 'I-03']); // Detain and Interrogation have no target
    const rest = s.solo!.deck.slice(3);
    botTurn(s);
    expect(events(s, 'botTurnedOver').map((e) => [e.card, e.target])).toEqual([['I-S1', null], ['I-06', null], ['I-03', 'A']]);
    expect(s.solo!.deck).toEqual([...rest, 'I-S1', 'I-06']);
    expect(s.solo!.lastSkipped).toEqual(['I-S1', 'I-06']);
    expect(s.solo!.bottomKnown).toBe(2);
    // R8.3 item 6: the human sees those two at the bottom, and nothing else of the deck
    const v = viewFor(s, 'R');
    expect(v.solo!.deck).toEqual([...rest.map(() => HIDDEN), 'I-S1', 'I-06']);
    expect(viewFor(s, null).solo!.deck).toEqual(v.solo!.deck);
  });

  it('step 3: when the deck runs out the bot discard is reshuffled (RNG) into a new deck', () => {
    const s = soloScenario('I');
    put(s, 'A', 'I', { c: 1 });
    holdHuman(s, 'LD-R3');
    botDeck(s, ['I-S1', 'I-06'], 'discard');
    s.solo!.discard = ['I-03']; // a small hand-made pile: the other ten cards are left out of this test
    botTurn(s);
    expect(events(s, 'botDeckReshuffled')).toMatchObject([{ count: 1 }]);
    expect(events(s, 'botTurnedOver').map((e) => e.card)).toEqual(['I-S1', 'I-06', 'I-03']);
    expect(s.solo!.deck).toEqual(['I-S1', 'I-06']);
  });

  it('step 3: every card turned over without success → the default action; otherwise a pass', () => {
    const s = soloScenario('I');
    setBase(s, 'N', true);
    put(s, 'IMP', 'R', { f: 1 }); // no Imperial unit at all, Imperium occupied: no Hunt and no card fits
    holdHuman(s, 'LD-R3');
    botDeck(s, factionMissions('I'));
    botTurn(s);
    const turned = events(s, 'botTurnedOver');
    expect(turned.length).toBe(13); // each card once, none fits
    expect(turned.every((e) => e.target === null)).toBe(true);
    expect(events(s, 'botPassed')).toMatchObject([{ reason: 'nothingFits' }]);
    expect(s.solo!.deck).toEqual(turned.map((e) => e.card)); // all under the deck, in the order turned
    const t = soloScenario('I');
    put(t, 'A', 'I', { c: 1 });
    holdHuman(t, 'LD-R3');
    botDeck(t, ['I-06'], 'discard'); // a one-card deck without a target and (hand-made) an empty discard
    t.solo!.discard = [];
    botTurn(t);
    expect(events(t, 'botTurnedOver')).toMatchObject([{ card: 'I-06', target: null }]);
    expect(events(t, 'botDefaultAction')).toMatchObject([{ action: 'hunt', from: 'A' }]);
    expect(t.solo!.deck).toEqual(['I-06']);
  });

  it('step 4: the human may oppose; the resolved card goes to the bot discard pile', () => {
    const s = soloScenario('I');
    put(s, 'A', 'I', { c: 1 });
    holdHuman(s, 'LD-R3');
    botDeck(s, ['I-03']);
    botTurn(s);
    expect(s.pending).toEqual({ kind: 'oppose', seat: 'R' });
    act(s, 'R', { type: 'oppose', leader: 'LD-R2' }, exactDice(1, 6)); // Imperial 1 + 1 (LD-I2: I) < 6 + 1
    expect(events(s, 'missionAttempt')).toMatchObject([{ success: false }]);
    expect(s.probes.hand.length).toBe(1);
    expect(s.solo!.discard).toEqual(['I-03']);
  });
});

describe('R9.5 bot leader choice', () => {
  it('most matching icons (tie: lower id); no attribute or default action: fewest icons (tie: higher id)', () => {
    const s = soloScenario('I');
    expect(leaderForCard(s, 'I', 'I-03')).toBe('LD-I2'); // I: LD-I2 and LD-I3 have one each → lower id
    expect(leaderForCard(s, 'I', 'I-01')).toBe('LD-I1');
    expect(leaderForCard(s, 'I', 'I-07')).toBe('LD-I3');
    expect(leaderForDefault(s, 'I')).toBe('LD-I3');
    expect(leaderForDefault(s, 'R')).toBe('LD-R3');
    placeLeader(s, 'LD-R3', 'A');
    expect(leaderForDefault(s, 'R')).toBe('LD-R2'); // LD-R1 and LD-R2 both have 2 icons → higher id
    expect(LEADERS['LD-R1'].icons.length).toBe(2);
  });
});

