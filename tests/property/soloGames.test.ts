/**
 * RULES §9 — property tests over 1,000 seeded solo games per bot faction (difficulties in turn) through the pure
 * core, a uniformly random human against the rival deck: every game ends with a winner within 11 rounds, no
 * error, and the invariants of the two-player property tests (tests/helpers/invariants.ts) hold at every step,
 * plus the solo ones (no decision ever pending for the bot seat, R9.1 / R9.2 / R9.4).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DIFFICULTIES, type Faction } from '../../src/game/content';
import { seededRng, type GameState } from '../../src/game/rules';
import { playRandomGame } from '../../src/sim/randomGame';
import {
  checkBoard, checkCaptured, checkDeployCap, checkFlow, checkMissions, checkObjectives, checkProbes, checkSolo, checkUnits,
} from '../helpers/invariants';

const GAMES = 1000; // per bot faction
const CHECKS: [string, (s: GameState) => string | null][] = [
  ['probes', checkProbes], ['units', checkUnits], ['captured', checkCaptured], ['missions', checkMissions],
  ['objectives', checkObjectives], ['board', checkBoard], ['flow', checkFlow], ['solo', checkSolo],
];

interface Result { violations: Record<string, string[]>; errors: string[]; rounds: number[]; wins: Record<string, number>; botEvents: Record<string, number> }

function playAll(bot: Faction): Result {
  const r: Result = { violations: {}, errors: [], rounds: [], wins: {}, botEvents: {} };
  const flag = (k: string, m: string) => {
    if ((r.violations[k] ??= []).length < 10) r.violations[k].push(m);
  };
  for (let n = 0; n < GAMES; n++) {
    const difficulty = DIFFICULTIES[n % 3];
    let step = 0;
    try {
      const { state } = playRandomGame(seededRng(`solo-${bot}-${n}`), seededRng(`solo-choices-${bot}-${n}`), undefined, (s, seat) => {
        step++;
        if (seat === bot) flag('botSeat', `game ${n} step ${step}: a decision was asked of the bot`);
        for (const [k, fn] of CHECKS) {
          const m = fn(s);
          if (m) flag(k, `game ${n} (${difficulty}) step ${step}: ${m}`);
        }
      }, undefined, { bot, difficulty });
      for (const [k, fn] of CHECKS.slice(0, 5)) {
        const m = fn(state);
        if (m) flag(k, `game ${n} final: ${m}`);
      }
      const dc = checkDeployCap(state);
      if (dc) flag('deployCap', `game ${n}: ${dc}`);
      if (!state.winner) flag('length', `game ${n}: no winner`);
      else r.wins[`${difficulty}:${state.winner.faction}`] = (r.wins[`${difficulty}:${state.winner.faction}`] ?? 0) + 1;
      r.rounds.push(state.round);
      for (const ev of state.log) if (ev.e.startsWith('bot')) r.botEvents[ev.e] = (r.botEvents[ev.e] ?? 0) + 1;
    } catch (e) {
      r.errors.push(`game ${n} (${difficulty}) step ${step}: ${(e as Error).message}`);
    }
  }
  return r;
}

const results: Partial<Record<Faction, Result>> = {};
beforeAll(() => {
  results.R = playAll('R');
  results.I = playAll('I');
}, 120_000);

for (const bot of ['R', 'I'] as Faction[]) {
  describe(`Property: ${GAMES} solo games against the ${bot === 'R' ? 'Rebel' : 'Imperial'} bot (R9)`, () => {
    it('every game ends with a winner and no error (R1.2, R9)', () => {
      const r = results[bot]!;
      expect(r.errors).toEqual([]);
      expect(r.violations.length ?? []).toEqual([]);
      expect(r.rounds.length).toBe(GAMES);
    });

    it('R1.2.5 every game ends within 11 rounds', () => {
      const r = results[bot]!;
      expect(Math.max(...r.rounds)).toBeLessThanOrEqual(11);
      expect(Math.min(...r.rounds)).toBeGreaterThanOrEqual(1);
    });

    it('R9.4 no decision is ever asked of the bot seat; R9.2 its leaders never plan', () => {
      const r = results[bot]!;
      expect(r.violations.botSeat ?? []).toEqual([]);
      expect(r.violations.solo ?? []).toEqual([]);
    });

    it('R6.2.1 / R7.3 / R6.1.1 / R2.1 / R4.4.7 / R4.6 / R7.9 the two-player invariants hold at every step', () => {
      const r = results[bot]!;
      for (const k of ['probes', 'units', 'captured', 'missions', 'objectives', 'board', 'flow', 'deployCap']) {
        expect(r.violations[k] ?? [], k).toEqual([]);
      }
    });

    it('R9.4 the bot turn procedure is exercised: cards turned over, skipped, reshuffled, default actions, passes', () => {
      const r = results[bot]!;
      for (const e of ['botTurnedOver', 'botSkippedUnder', 'botDeckReshuffled', 'botDefaultAction', 'botPassed']) {
        expect(r.botEvents[e] ?? 0, e).toBeGreaterThan(10);
      }
      console.log(`bot ${bot}: wins ${JSON.stringify(r.wins)}; mean round ${(r.rounds.reduce((a, b) => a + b, 0) / r.rounds.length).toFixed(2)}`);
    });
  });
}
