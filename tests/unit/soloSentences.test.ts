/** RULES §9 — every rival step is told to the human in a sentence (src/ui/log/sentences.ts). */
import { describe, expect, it } from 'vitest';
import type { Faction } from '../../src/game/content';
import { randomGameFromSeed } from '../../src/sim/randomGame';
import { describeEvent } from '../../src/ui/log/sentences';
import { anyEvent } from '../helpers/logFields';

const SILENT = new Set(['strikeEnded', 'secretPlansPromptClosed', 'councilKept', 'objectiveWindowClosed', 'objectiveWindowOpened']);

describe('solo log sentences', () => {
  it('every event of 40 solo games per rival faction renders to a sentence for the human', () => {
    const missing = new Set<string>();
    for (const bot of ['R', 'I'] as Faction[]) {
      const human: Faction = bot === 'R' ? 'I' : 'R';
      for (let n = 0; n < 40; n++) {
        const { state } = randomGameFromSeed(`solo-log-${n}`, undefined, { bot, difficulty: 'normal' });
        for (const ev of state.log) {
          if (ev.to !== undefined && ev.to !== human && ev.to !== 'players') continue;
          const text = describeEvent(ev, human);
          if (text === null && !SILENT.has(ev.e)) missing.add(ev.e);
          if (text !== null) expect(text).not.toMatch(/undefined|NaN|\[object/);
        }
      }
    }
    expect([...missing]).toEqual([]);
  });

  it('tells what the rival turned over and why', () => {
    expect(describeEvent({ e: 'botTurnedOver', round: 2, faction: 'R', card: 'R-S2', target: null }, 'I'))
      .toBe('The rival turned over Sabotage: no target.');
    expect(describeEvent({ e: 'botTurnedOver', round: 2, faction: 'I', card: 'I-S3', target: 'K' }, 'R'))
      .toBe('The rival turned over Patrol Sweep: targets Orison (K).');
    expect(describeEvent({ e: 'botSkippedUnder', round: 2, faction: 'I', cards: ['I-S1', 'I-06'] }, 'R'))
      .toBe('The skipped cards go under the rival deck in this order: Detain, Interrogation.');
    expect(describeEvent(anyEvent({ e: 'botDefaultAction', round: 2, faction: 'I', action: 'hunt', from: 'G', dest: 'K' }), 'R'))
      .toBe('The rival hunts: from Veyl Forge (G) to Orison (K).');
  });
});
