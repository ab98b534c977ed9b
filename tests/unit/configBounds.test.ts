/**
 * B7 knob ranges (src/game/content/configBounds.ts): every config a study or a record of ours uses passes, and each
 * knob outside its range, of a wrong type or missing is refused with its path, by the check itself and by
 * parseRecord (an imported record must not make the core loop for ever).
 */
import { describe, expect, it } from 'vitest';
import { CONFIG_BOUNDS, configProblem, DEFAULT_CONFIG, makeConfig, type GameConfig } from '../../src/game/content';
import { parseRecord } from '../../src/game/record';
import { KNOB_VARIANTS } from '../../src/sim/balance';
import { playRecordedGame } from '../../src/sim/recordedGame';

const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

describe('B7 config ranges', () => {
  it('the default and every knob variant of the balance study are valid configs', () => {
    expect(configProblem(DEFAULT_CONFIG)).toBeNull();
    for (const v of KNOB_VARIANTS) expect(configProblem(makeConfig(v.overrides)), v.label).toBeNull();
    expect(configProblem(makeConfig({ secretPlansTopN: 3, occupationAtEveryCheck: true, relocationCooldown: 2 }))).toBeNull();
  });

  const bad: Array<[string, (c: GameConfig) => unknown, RegExp]> = [
    ['a million probe draws', (c) => ({ ...c, probesPerRefresh: 1_000_000 }), /config\.probesPerRefresh: must be from 0 to 6/],
    ['a fractional hand limit', (c) => ({ ...c, handLimit: 2.5 }), /config\.handLimit: a whole number/],
    ['an endless hand limit', (c) => ({ ...c, handLimit: 1e9 }), /config\.handLimit: must be from 1 to 20/],
    ['no deployment at all', (c) => ({ ...c, deployCap: 0 }), /config\.deployCap/],
    ['more deck I cards than exist', (c) => ({ ...c, deckISize: CONFIG_BOUNDS.deckISize.max + 1 }), /config\.deckISize/],
    ['a build icon off the track', (c) => ({ ...c, buildSpaces: [2, 99] }), /config\.buildSpaces\[1\]/],
    ['a huge build list', (c) => ({ ...c, buildSpaces: Array.from({ length: 5000 }, () => 2) }), /config\.buildSpaces: at most/],
    ['a threshold of a million', (c) => ({ ...c, thresholds: { ...c.thresholds, 'O1-1': 1e6 } }), /config\.thresholds\.O1-1/],
    ['an unknown threshold', (c) => ({ ...c, thresholds: { ...c.thresholds, 'O9-9': 1 } }), /unknown field "O9-9"/],
    ['a missing threshold', (c) => { const t: Record<string, number> = { ...c.thresholds }; delete t['O2-8']; return { ...c, thresholds: t }; }, /missing field "O2-8"/],
    ['a supply of a thousand fighters', (c) => ({ ...c, supply: { ...c.supply, I: { ...c.supply.I, f: 1000 } } }), /config\.supply\.I\.f/],
    ['two Star Fortresses too many', (c) => ({ ...c, supply: { ...c.supply, I: { ...c.supply.I, s: 5 } } }), /config\.supply\.I\.s/],
    ['the unimplemented R5.9a variant', (c) => ({ ...c, drivenOff: true }), /drivenOff: the R5\.9a variant/],
    ['Secret Plans in the top 0', (c) => ({ ...c, secretPlansTopN: 0 }), /config\.secretPlansTopN/],
    ['a string for a number', (c) => ({ ...c, objectiveStart: '12' }), /config\.objectiveStart: a whole number/],
    ['an unknown knob', (c) => ({ ...c, turbo: true }), /unknown field "turbo"/],
  ];

  it('every knob of the default is checked: a wrong type for any of them is refused with its name', () => {
    for (const k of Object.keys(DEFAULT_CONFIG)) {
      expect(configProblem({ ...copy(DEFAULT_CONFIG), [k]: 'x' }), k).toContain(`config.${k}`);
    }
  });

  for (const [what, make, message] of bad) {
    it(`refuses ${what}`, () => {
      expect(configProblem(make(copy(DEFAULT_CONFIG)))).toMatch(message);
    });
  }

  it('parseRecord refuses a finished record whose config is out of range, and reads it with the range respected', () => {
    const { record } = playRecordedGame('bounds-1', makeConfig({ handLimit: 5 }));
    expect('error' in parseRecord(copy(record))).toBe(false);
    const absurd = copy(record) as unknown as { config: Record<string, unknown> };
    absurd.config.probesPerRefresh = 1_000_000;
    expect(parseRecord(absurd)).toEqual({ error: expect.stringMatching(/config\.probesPerRefresh: must be from 0 to 6/) });
  });
});
