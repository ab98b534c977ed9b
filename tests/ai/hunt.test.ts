/**
 * Issue 24: the Imperial bot turns what it knows of the base into a hunt. The evaluation counts the hunt in rounds
 * (a fleet moves one step a round, R4.2.3 step 7 with R4.2.7), the Star Fortress on a revealed base decides the fight
 * unless Secret Plans is shown (R5.9), Imperial planning keeps the leaders its hunting fleets need, and a bot that
 * knows the base with its Star Fortress next to it goes in.
 */
import { describe, expect, it } from 'vitest';
import { createBot } from '../../src/ai';
import { features, FEATURES, rebelValue } from '../../src/ai/ismcts/evaluate';
import { strikeDistance } from '../../src/ai/ismcts/knowledge';
import { makePicker } from '../../src/ai/ismcts/policy';
import { DEFAULT_WEIGHTS } from '../../src/ai/ismcts/weights';
import { LETTERS, type LeaderId, type LetterId, type PlanetId } from '../../src/game/content';
import { cloneState, decisionActions, type GameState } from '../../src/game/rules';
import { adjacent, distance } from '../../src/game/rules/board';
import { viewFor } from '../../src/game/rules/view';
import { afterSetup, clearBoard, operationsWith, put, setBase } from '../helpers/build';

const BASE: LetterId = 'K';

/** A cleared board with the hidden base on K, 3 Rebel starfighters on the base card, the SF at `sfAt`. */
function hunt(sfAt: PlanetId): GameState {
  const s = clearBoard(afterSetup(3));
  setBase(s, BASE);
  put(s, 'BASE', 'R', { f: 3 });
  put(s, sfAt, 'I', { s: 1, f: 1 });
  put(s, 'IMP', 'I', { c: 1 });
  return s;
}

const farthest = (s: GameState, from: PlanetId): PlanetId =>
  s.grid.reduce((a, b) => (distance(s, b, from) > distance(s, a, from) ? b : a));

const feature = (s: GameState, name: (typeof FEATURES)[number]) => features(s)[FEATURES.indexOf(name)];

describe('issue 24: the hunt in the evaluation', () => {
  it('strikeDistance is the distance of the nearest stack that would win the fight on the base (R5.9, R4.2.3)', () => {
    const s = hunt(adjacent(afterSetup(3), BASE)[0]);
    const near = adjacent(s, BASE)[0];
    expect(strikeDistance(s, BASE)).toBe(1);
    // Once Secret Plans is shown the SF can die: a lone SF with one starfighter no longer outclasses the defence.
    s.known.secretPlansShown = true;
    put(s, 'BASE', 'R', { c: 2 });
    expect(strikeDistance(s, BASE)).toBe(6);
    // A fleet half again as strong as the defence counts wherever it stands.
    put(s, near, 'I', { c: 4, f: 3 });
    expect(strikeDistance(s, BASE)).toBe(1);
  });

  it('the Rebel is better off with the Star Fortress far from its base than next to it', () => {
    const s0 = afterSetup(3);
    const near = hunt(adjacent(s0, BASE)[0]);
    const far = hunt(farthest(s0, BASE));
    expect(feature(far, 'strikeDistance')).toBeGreaterThan(feature(near, 'strikeDistance'));
    expect(feature(far, 'race')).toBeGreaterThan(feature(near, 'race'));
    expect(rebelValue(far, DEFAULT_WEIGHTS.value)).toBeGreaterThan(rebelValue(near, DEFAULT_WEIGHTS.value));
  });

  it('a revealed base with the SF on it scores worse for the Rebel than the same siege without it (R5.9)', () => {
    const withSf = hunt(BASE);
    setBase(withSf, BASE, true);
    put(withSf, BASE, 'R', { f: 4 });
    const without = cloneState(withSf);
    without.planets[BASE].I.s = 0;
    put(without, BASE, 'I', { f: 0, c: 1 });
    expect(feature(withSf, 'sfOnBase')).toBe(1);
    expect(feature(without, 'sfOnBase')).toBe(0);
    expect(rebelValue(withSf, DEFAULT_WEIGHTS.value)).toBeLessThan(rebelValue(without, DEFAULT_WEIGHTS.value));
  });
});

describe('issue 24: Imperial planning keeps the leaders the hunt needs (R4.2.3 step 7, R4.2.7)', () => {
  it('with one leader left and a fleet away from every candidate, ending planning ranks above another mission', () => {
    const s = hunt(farthest(afterSetup(3), BASE));
    s.phase = 'planning';
    // Two of the three Imperial leaders are already on planned missions.
    const leaders = (Object.keys(s.leaders) as LeaderId[]).filter((l) => l.startsWith('LD-I'));
    for (const l of leaders.slice(0, 2)) s.leaders[l].at = 'plan';
    s.pending = { kind: 'plan', seat: 'I' };
    const acts = decisionActions(s, 'I');
    expect(acts.some((a) => a.type === 'planMission')).toBe(true);
    const order = makePicker(DEFAULT_WEIGHTS.policy).order(s, 'I', acts);
    expect(acts[order[0]].type).toBe('endPlanning');
  });
});

describe('issue 24: a bot that knows the base goes in', () => {
  it('ismcts-normal, its view showing one candidate and the SF next to it, moves the SF onto the base', async () => {
    const s0 = afterSetup(3);
    const s = hunt(adjacent(s0, BASE)[0]);
    // Every other planet is ruled out by what the Imperial has seen (R6.5: "not here" answers since the last relocation).
    s.known.cleared = LETTERS.filter((l) => l !== BASE);
    operationsWith(s, {}, 'I');
    const bot = createBot('ismcts-normal', { iterations: 1000, seed: 'hunt' });
    const { action } = await bot.choose(viewFor(s, 'I'), 'I');
    expect(action.type).toBe('moveFleet');
    if (action.type !== 'moveFleet') return;
    expect(action.to).toBe(BASE);
    expect(action.units.s).toBe(1);
  }, 60_000);
});
