/**
 * Property tests over 1,000 seeded random games through the pure core (src/sim/randomGame.ts). Invariants are
 * checked before every action (i.e. on every state a player is asked to act in) and on the final state; each
 * violation is recorded with its seed and step, and each invariant has its own test below.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, makeConfig, type Faction } from '../../src/game/content';
import { seededRng, type GameState } from '../../src/game/rules';
import { playRandomGame } from '../../src/sim/randomGame';
import {
  checkBoard, checkCaptured, checkDeployCap, checkFlow, checkMissions, checkObjectives, checkProbes, checkUnits,
} from '../helpers/invariants';

const GAMES = 1000;
type Invariant = 'probes' | 'units' | 'captured' | 'missions' | 'objectives' | 'board' | 'flow' | 'deployCap' | 'length';
const violations: Record<Invariant, string[]> = {
  probes: [], units: [], captured: [], missions: [], objectives: [], board: [], flow: [], deployCap: [], length: [],
};
const errors: string[] = [];
const wins: Record<string, number> = {};
const rounds: number[] = [];
let steps = 0;
let sfDestroyed = 0;

function flag(kind: Invariant, seed: number, step: number, msg: string): void {
  if (violations[kind].length < 20) violations[kind].push(`seed ${seed} step ${step}: ${msg}`);
}

function checkAll(s: GameState, seed: number, step: number): void {
  const checks: [Invariant, (s: GameState) => string | null][] = [
    ['probes', checkProbes], ['units', checkUnits], ['captured', checkCaptured], ['missions', checkMissions],
    ['objectives', checkObjectives], ['board', checkBoard], ['flow', checkFlow],
  ];
  for (const [kind, fn] of checks) {
    const m = fn(s);
    if (m) flag(kind, seed, step, m);
  }
}

/**
 * A few hundred more games with the B7 knobs moved (deploy cap 1, occupation at every check, hand limit 5,
 * 2 queue spots, Secret Plans among the top 2, 2 reveals per window): the invariants must not depend on defaults.
 */
const VARIANT_GAMES = 200;
const VARIANT = makeConfig({
  deployCap: 1, occupationAtEveryCheck: true, handLimit: 5, queueSpots: 2, secretPlansTopN: 2, revealsPerWindow: 2,
});

beforeAll(() => {
  for (let n = 0; n < GAMES + VARIANT_GAMES; n++) {
    const variant = n >= GAMES;
    const seed = variant ? 100000 + n : n;
    let step = 0;
    try {
      const config = variant ? VARIANT : DEFAULT_CONFIG;
      const { state } = playRandomGame(seededRng(`${seed}`), seededRng(`choices-${seed}`), config, (s) => {
        checkAll(s, seed, step++);
      });
      for (const [kind, fn] of [['probes', checkProbes], ['units', checkUnits], ['captured', checkCaptured],
        ['missions', checkMissions], ['objectives', checkObjectives]] as const) {
        const m = fn(state);
        if (m) flag(kind, seed, step, `final state: ${m}`);
      }
      const dc = checkDeployCap(state);
      if (dc) flag('deployCap', seed, step, dc);
      if (!state.winner) flag('length', seed, step, 'no winner');
      else if (!variant) {
        const k = `${state.winner.faction}:${state.winner.reason}`;
        wins[k] = (wins[k] ?? 0) + 1;
      }
      if (state.round > 11 || state.round < 1) flag('length', seed, step, `ended in round ${state.round}`);
      if (variant) continue;
      rounds.push(state.round);
      steps += step;
      if (state.sfOut) sfDestroyed++;
    } catch (e) {
      errors.push(`seed ${seed} step ${step}: ${(e as Error).message}`);
    }
  }
}, 120_000);

describe(`Property: ${GAMES} random games through the core (+ ${VARIANT_GAMES} with moved balance knobs)`, () => {
  it('every game ends with a winner and no error (R1.2)', () => {
    expect(errors).toEqual([]);
    expect(violations.length).toEqual([]);
    expect(rounds.length).toBe(GAMES);
    expect(steps).toBeGreaterThan(GAMES * 50); // the games were really played
  });

  it('R1.2.5 every game ends within 11 rounds', () => {
    expect(Math.max(...rounds)).toBeLessThanOrEqual(11);
    expect(Math.min(...rounds)).toBeGreaterThanOrEqual(1);
  });

  it('R6.2.1 the probe deck, probe hand and base card hold each lettered planet exactly once, at every step', () => {
    expect(violations.probes).toEqual([]);
  });

  it('R7.3 units are conserved per faction and type (board, base card, queues, arrivals, supply; SF may leave)', () => {
    expect(violations.units).toEqual([]);
  });

  it('R6.1.1 at most one Rebel leader is captured at any time', () => {
    expect(violations.captured).toEqual([]);
  });

  it('R4.4.7 / R4.4.8 no location receives more than config.deployCap units by deployment and base moves in a round', () => {
    expect(violations.deployCap).toEqual([]);
  });

  it('R2.1 mission cards are conserved: 13 per faction in hand, deck, discard, planned or being resolved', () => {
    expect(violations.missions).toEqual([]);
  });

  it('R2.1 objective cards are conserved: 16 in deck, hand, scoring area and discard', () => {
    expect(violations.objectives).toEqual([]);
  });

  it('R6.2.4 / R6.2.6 / R4.6 / R6.4.3 board consistency whenever a player is asked to act', () => {
    expect(violations.board).toEqual([]);
  });

  it('R1.3 / R7.9 / R1.2.3 / R6.1.6 round flow: decisions in their phase, time token = round, no unnoticed win, no unguarded captive', () => {
    expect(violations.flow).toEqual([]);
  });

  it('R1.2 both factions win some games; win reasons recorded', () => {
    const byFaction = { R: 0, I: 0 };
    for (const [k, n] of Object.entries(wins)) byFaction[k[0] as Faction] += n;
    console.log(`win reasons ${JSON.stringify(wins)}; mean round ${(rounds.reduce((a, b) => a + b, 0) / rounds.length).toFixed(2)}; `
      + `steps ${steps}; SF destroyed in ${sfDestroyed} games`);
    expect(byFaction.R + byFaction.I).toBe(GAMES);
    expect(byFaction.R).toBeGreaterThan(0);
    expect(byFaction.I).toBeGreaterThan(0);
    expect(Object.keys(wins).every((k) => ['R:objectives', 'I:occupation', 'I:obliterator'].includes(k))).toBe(true);
  });
});
