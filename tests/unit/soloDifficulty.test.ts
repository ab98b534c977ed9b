/**
 * RULES R9.11 — the solo difficulties are data (src/game/content/soloDifficulty.ts): the levels are ordered in
 * what they give the rival, and the rules read every knob of the table (checked through the core by changing
 * one knob of one level at a time and playing the setup / a Refresh / a bot turn).
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_CONFIG, DIFFICULTIES, PLANETS, SOLO_LEVELS, soloLevel, soloLevelProblem, soloLevelText, soloLevelWords, type Difficulty,
  type Faction, type SoloLevel,
} from '../../src/game/content';
import { apply, decisionActions, run, seededRng, type GameState } from '../../src/game/rules';
import { relocate } from '../../src/game/rules/cards/relocate';
import { dice, put } from '../helpers/build';
import { botDeck, botTurn, events, holdHuman, soloScenario, soloSetup } from '../helpers/soloBuild';

const saved = structuredClone(SOLO_LEVELS);
afterEach(() => {
  for (const d of DIFFICULTIES) SOLO_LEVELS[d] = structuredClone(saved[d]);
});

/** Run with one knob of one level changed. */
function withKnob<K extends keyof SoloLevel>(d: Difficulty, k: K, v: SoloLevel[K]): void {
  SOLO_LEVELS[d] = { ...SOLO_LEVELS[d], [k]: v };
}

/** A solo setup against the Imperial bot, through the human Rebel's base choice (R3.9) to round 1. */
function imperialSetup(d: Difficulty, seed = 11): GameState {
  const s = soloSetup('I', d, seed).s;
  const rng = seededRng(`${seed}-after`);
  expect(s.pending?.kind).toBe('chooseBase');
  expect(apply(s, 'R', decisionActions(s, 'R')[0], rng)).toBeTruthy();
  run(s, rng);
  return s;
}

/** The Refresh tasks R4.4.3 and R4.4.4 on a solo state (nothing else of the Refresh). */
function refreshDraws(s: GameState): void {
  s.pending = null;
  s.queue = [{ t: 'launchProbes' }, { t: 'drawObjective' }];
  run(s, dice());
}

describe('R9.11 difficulty table', () => {
  it('the levels are ordered: easy ≤ normal ≤ hard in every knob (what the rival gets)', () => {
    const knobs = Object.keys(SOLO_LEVELS.normal) as (keyof SoloLevel)[];
    for (const k of knobs) {
      const [e, n, h] = DIFFICULTIES.map((d) => Number(SOLO_LEVELS[d][k]));
      expect(e, k).toBeLessThanOrEqual(n);
      expect(n, k).toBeLessThanOrEqual(h);
    }
    // Every level is a distinct difficulty.
    const keys = DIFFICULTIES.map((d) => JSON.stringify(SOLO_LEVELS[d]));
    expect(new Set(keys).size).toBe(3);
  });

  it('setup reads the table: extra starfighters, objectives, probes and the objective token\'s start', () => {
    for (const d of DIFFICULTIES) {
      const L = SOLO_LEVELS[d];
      const i = imperialSetup(d);
      const iNormal = imperialSetup('easy'); // easy gives the Imperial bot nothing at setup
      expect(i.planets.IMP.I.f - iNormal.planets.IMP.I.f, d).toBe(L.imperialExtraFighters - SOLO_LEVELS.easy.imperialExtraFighters);
      expect(i.supply.I.f, d).toBe(DEFAULT_CONFIG.supply.I.f - 5 - L.imperialExtraFighters);
      expect(i.probes.hand.length, d).toBe(1 + L.imperialSetupProbes);
      const r = soloSetup('R', d, 11).s;
      expect(r.objectives.hand.length, d).toBe(1 + L.rebelExtraObjectives);
      expect(r.objective, d).toBe(DEFAULT_CONFIG.objectiveStart - L.rebelObjectiveHeadStart);
      // The human's side never gets the rival's bonus (an Imperial rival's time bonus moves the token away from them).
      expect(i.objectives.hand.length, d).toBe(1);
      expect(i.objective, d).toBe(DEFAULT_CONFIG.objectiveStart + L.imperialTimeBonus);
      expect(r.probes.hand.length, d).toBe(1);
    }
  });

  it('a changed knob changes the game: setup', () => {
    withKnob('hard', 'imperialExtraFighters', 5);
    withKnob('hard', 'imperialSetupProbes', 3);
    withKnob('hard', 'rebelExtraObjectives', 2);
    withKnob('hard', 'rebelObjectiveHeadStart', 2);
    const i = imperialSetup('hard');
    const n = imperialSetup('normal');
    expect(i.planets.IMP.I.f).toBe(n.planets.IMP.I.f + 5 - SOLO_LEVELS.normal.imperialExtraFighters);
    expect(i.probes.hand.length).toBe(4);
    expect(i.probes.hand).not.toContain(i.base.planet); // R6.2.1: never the base's card
    const r = soloSetup('R', 'hard', 11).s;
    expect(r.objectives.hand.length).toBe(3);
    expect(r.objective).toBe(DEFAULT_CONFIG.objectiveStart - 2);
  });

  it('a changed knob changes the game: Refresh draws (R4.4.3, R4.4.4) for the bot only', () => {
    withKnob('hard', 'imperialExtraProbes', 2);
    withKnob('hard', 'rebelExtraObjectiveDraws', 1);
    const draws = (bot: Faction, d: Difficulty) => {
      const s = soloScenario(bot, d);
      const probes = s.probes.hand.length;
      const objectives = s.objectives.hand.length;
      refreshDraws(s);
      return { probes: s.probes.hand.length - probes, objectives: s.objectives.hand.length - objectives };
    };
    expect(draws('I', 'hard')).toEqual({ probes: DEFAULT_CONFIG.probesPerRefresh + 2, objectives: 1 });
    expect(draws('I', 'normal')).toEqual({ probes: DEFAULT_CONFIG.probesPerRefresh + SOLO_LEVELS.normal.imperialExtraProbes, objectives: 1 });
    expect(draws('R', 'hard')).toEqual({ probes: DEFAULT_CONFIG.probesPerRefresh, objectives: 2 });
    expect(draws('R', 'normal')).toEqual({ probes: DEFAULT_CONFIG.probesPerRefresh, objectives: 1 + SOLO_LEVELS.normal.rebelExtraObjectiveDraws });
  });

  it('a changed knob changes the game: R9.4 step 2 on the first turn of the round', () => {
    const firstTurn = (d: Difficulty) => {
      const s = soloScenario('I', d);
      put(s, 'A', 'I', { c: 1 });
      holdHuman(s, 'LD-R3');
      botDeck(s, ['I-03']);
      botTurn(s, dice(6, 1, 1), 0);
      return events(s, 'botDefaultAction').length;
    };
    expect(firstTurn('easy')).toBe(SOLO_LEVELS.easy.firstTurnDefault ? 1 : 0);
    expect(firstTurn('hard')).toBe(SOLO_LEVELS.hard.firstTurnDefault ? 1 : 0);
    withKnob('easy', 'firstTurnDefault', true);
    withKnob('hard', 'firstTurnDefault', false);
    expect(firstTurn('easy')).toBe(1);
    expect(firstTurn('hard')).toBe(0);
  });

  it('a changed knob changes the game: R9.4 step 2 on the next extraDefaultTurns turns too (R9.11)', () => {
    const onTurn = (d: Difficulty, turn: number) => {
      const s = soloScenario('I', d);
      put(s, 'A', 'I', { c: 1 });
      holdHuman(s, 'LD-R3');
      botDeck(s, ['I-03']);
      botTurn(s, dice(6, 1, 1), turn - 1); // botTurn counts this turn in
      return events(s, 'botDefaultAction').length;
    };
    withKnob('hard', 'firstTurnDefault', true);
    withKnob('hard', 'extraDefaultTurns', 0);
    expect([onTurn('hard', 1), onTurn('hard', 2)]).toEqual([1, 0]);
    withKnob('hard', 'extraDefaultTurns', 1);
    expect([onTurn('hard', 1), onTurn('hard', 2), onTurn('hard', 3)]).toEqual([1, 1, 0]);
    // Only with the first turn's default: a level without it never opens with the default move.
    withKnob('hard', 'firstTurnDefault', false);
    expect([onTurn('hard', 1), onTurn('hard', 2)]).toEqual([0, 0]);
  });

  it('a time bonus gives the Imperial rival time: the human Rebel\'s objective token starts above R3.2\'s space (R9.11)', () => {
    withKnob('hard', 'imperialTimeBonus', 3);
    expect(imperialSetup('hard').objective).toBe(DEFAULT_CONFIG.objectiveStart + 3);
    expect(soloSetup('R', 'hard', 11).s.objective).toBe(DEFAULT_CONFIG.objectiveStart - SOLO_LEVELS.hard.rebelObjectiveHeadStart);
    expect(soloLevelWords('hard', 'I')).toMatch(/the Rebel's objective token 3 spaces farther from the time token, more time to hunt/);
    expect(soloLevelWords('hard', 'R')).not.toMatch(/farther/);
  });

  it('a negative head start handicaps the Rebel rival: its objective token starts above R3.2\'s space (R9.11)', () => {
    withKnob('easy', 'rebelObjectiveHeadStart', -2);
    expect(soloSetup('R', 'easy', 11).s.objective).toBe(DEFAULT_CONFIG.objectiveStart + 2);
    expect(soloSetup('I', 'easy', 11).s.objective).toBe(DEFAULT_CONFIG.objectiveStart); // never the human's
    expect(soloLevelWords('easy', 'R')).toMatch(/Its objective token starts 2 spaces farther from the time token, so it needs longer to win\.$/);
    expect(soloLevelWords('easy', 'I')).not.toMatch(/objective token/);
    expect(soloLevelText('easy')).toMatch(/A Rebel rival's objective token starts 2 spaces farther from the time token/);
    withKnob('hard', 'extraDefaultTurns', 1);
    expect(soloLevelWords('hard', 'I')).toMatch(/^It spends its first two turns of every round hunting for your base/);
    expect(soloLevelText('hard')).toMatch(/^The rival spends its first two turns of every round on its opening move/);
  });

  it('the start screen and rules reference describe the table, in a player\'s words', () => {
    withKnob('hard', 'imperialSetupProbes', 2);
    withKnob('hard', 'rebelObjectiveHeadStart', 1);
    expect(soloLevelText('hard')).toMatch(/An Imperial rival also begins with .*2 probe cards, each ruling out a planet for the base/);
    expect(soloLevelText('hard')).toMatch(/A Rebel rival also begins with .*its objective token 1 space nearer the time token/);
    expect(soloLevelWords('hard', 'R')).toMatch(/It also begins with .*its objective token 1 space nearer the time token/);
    expect(soloLevelWords('hard', 'R')).not.toMatch(/probe/);
    SOLO_LEVELS.normal = { ...SOLO_LEVELS.easy, firstTurnDefault: true };
    expect(soloLevelText('normal')).toMatch(/^The rival starts every round with its opening move \(an Imperial rival hunts for the Rebel base/);
    expect(soloLevelText('normal')).not.toMatch(/also begins/);
    expect(soloLevelWords('normal', 'I')).toMatch(/^It starts every round by hunting for your base.* No extra units or cards\.$/);
    expect(soloLevelText('easy')).toMatch(/never starts a round by hunting for the base .* or by attacking or spreading/);
    expect(soloLevelWords('easy', 'R')).toMatch(/never starts a round by attacking a weak Imperial group next door or spreading to an empty planet/);
  });

  it('a changed knob changes the game: the rival\'s sector intelligence on base choice and hidden relocation (R9.11)', () => {
    withKnob('hard', 'imperialSectorIntel', false);
    const off = imperialSetup('hard');
    expect(off.known.baseSector).toBeNull();
    expect(events(off, 'baseSectorAnnounced')).toEqual([]);
    withKnob('hard', 'imperialSectorIntel', true);
    const on = imperialSetup('hard');
    const sector = PLANETS[on.base.planet!].sector;
    expect(on.known.baseSector).toBe(sector);
    // Public (no audience), marked as intelligence, not I-06.
    expect(events(on, 'baseSectorAnnounced')).toMatchObject([{ sector, intel: true }]);
    expect(events(on, 'baseSectorAnnounced')[0]).not.toHaveProperty('to');
    expect(soloLevelWords('hard', 'I')).toMatch(/an informant who names the sector of your hidden base/);
    expect(soloLevelWords('hard', 'R')).not.toMatch(/informant/);
  });

  it('the sector intelligence follows a hidden relocation (R6.2.7), and stays silent for a base kept revealed', () => {
    const s = soloScenario('I', 'hard', 'N');
    s.solo!.level = { ...SOLO_LEVELS.hard, imperialSectorIntel: true };
    s.known.baseSector = PLANETS.N.sector;
    const pending = { kind: 'relocate', seat: 'R', cards: ['B', 'J'] } as const;
    s.pending = { ...pending, cards: [...pending.cards] };
    relocate.decisions.relocate.answer(s, s.pending, { type: 'relocateBase', planet: 'J' });
    expect(s.base.planet).toBe('J');
    expect(s.known.baseSector).toBe(PLANETS.J.sector);
    expect(events(s, 'baseSectorAnnounced').at(-1)).toMatchObject({ sector: PLANETS.J.sector, intel: true });
    // A revealed base that stays where it is: nothing hidden, nothing announced.
    s.base.revealed = true;
    const before = events(s, 'baseSectorAnnounced').length;
    relocate.decisions.relocate.answer(s, { ...pending, cards: [] }, { type: 'relocateBase', planet: null });
    expect(events(s, 'baseSectorAnnounced')).toHaveLength(before);
  });

  it('snapshots from before the sector intelligence are valid and play without it; a wrong value is refused', () => {
    const { imperialSectorIntel: _gone, ...old } = SOLO_LEVELS.hard;
    expect(soloLevelProblem(old)).toBeNull();
    expect(soloLevel({ difficulty: 'hard', level: old }).imperialSectorIntel).toBeUndefined();
    expect(soloLevelProblem({ ...old, imperialSectorIntel: 'yes' })).toMatch(/imperialSectorIntel must be true or false/);
  });

  it('issue 20 item 8: no engine jargon in what a player reads', () => {
    for (const d of DIFFICULTIES) {
      const said = [soloLevelText(d), soloLevelWords(d, 'I'), soloLevelWords(d, 'R')].join(' ');
      expect(said, d).not.toMatch(/default (move|action)|at setup|R9\.|firstTurn|knob/);
    }
  });
});
