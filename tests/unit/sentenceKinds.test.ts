/**
 * Every log event kind the core emits (found by reading src/game for `log(state, '<kind>'`) has a sentence,
 * and sentences with counts read right in the singular and the plural (issue 13 item 8).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeEvent, describeLog } from '../../src/ui/log/sentences';
import { missionTooltip } from '../../src/ui/format';
import { MISSIONS, type MissionId } from '../../src/game/content';

/** Events that deliberately produce no line (bookkeeping shown elsewhere on the board). */
const SILENT = new Set(['strikeEnded', 'secretPlansPromptClosed', 'councilKept', 'objectiveWindowClosed']);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

function emittedKinds(): string[] {
  const kinds = new Set<string>();
  for (const f of sources('src/game')) {
    for (const m of readFileSync(f, 'utf8').matchAll(/\blog\(state, '([A-Za-z]+)'/g)) kinds.add(m[1]);
  }
  return [...kinds].sort();
}

const ev = (e: string, data: Record<string, unknown> = {}) => ({ e, round: 1, ...data });

describe('every log event kind', () => {
  const kinds = emittedKinds();
  it('the scan finds the kinds', () => {
    expect(kinds.length).toBeGreaterThan(60);
    expect(kinds).toContain('passed');
  });
  it.each(kinds)('%s has a sentence (or is deliberately silent)', (kind) => {
    const text = describeEvent(ev(kind), 'R');
    if (SILENT.has(kind)) expect(text).toBeNull();
    else expect(text).toEqual(expect.any(String));
  });
});

describe('singular and plural', () => {
  it('arrivals agree with their count', () => {
    expect(describeEvent(ev('arrivals', { faction: 'R', units: { f: 1 } }), 'R')).toBe('1 starfighter arrives for you.');
    expect(describeEvent(ev('arrivals', { faction: 'R', units: { f: 2 } }), 'R')).toBe('2 starfighters arrive for you.');
    expect(describeEvent(ev('arrivals', { faction: 'I', units: { f: 1, c: 1 } }), 'R'))
      .toBe('1 starfighter and 1 capital ship arrive for the Imperial.');
  });
  it('returned arrivals, placed and queued units', () => {
    expect(describeEvent(ev('arrivalsReturned', { units: { c: 1 } }), 'R')).toBe('1 capital ship found nowhere to land and went back to supply.');
    expect(describeEvent(ev('arrivalsReturned', { units: { c: 2 } }), 'R')).toBe('2 capital ships found nowhere to land and went back to supply.');
    expect(describeEvent(ev('unitsPlaced', { faction: 'R', count: 1, unit: 'f', planet: 'J' }), 'R')).toBe('You placed 1 starfighter on Ashfall (J).');
    expect(describeEvent(ev('unitsPlaced', { faction: 'R', count: 2, unit: 'f', planet: 'J' }), 'R')).toBe('You placed 2 starfighters on Ashfall (J).');
    expect(describeEvent(ev('built', { faction: 'I', counts: [1], unit: 'c' }), 'R')).toBe('The Imperial queued 1 capital ship.');
    expect(describeEvent(ev('built', { faction: 'I', counts: [1, 2], unit: 'c' }), 'R')).toBe('The Imperial queued 3 capital ships.');
  });
  it('planning counts', () => {
    expect(describeEvent(ev('planningDone', { faction: 'I', count: 1 }), 'R')).toBe('The Imperial finished planning (1 mission).');
    expect(describeEvent(ev('planningDone', { faction: 'I', count: 2 }), 'R')).toBe('The Imperial finished planning (2 missions).');
  });
  it('removed tokens make a proper sentence', () => {
    expect(describeEvent(ev('tokensRemoved', { tokens: ['disrupt'], planet: 'J' }), 'R')).toBe('The disrupt token is removed from Ashfall (J).');
    expect(describeEvent(ev('tokensRemoved', { tokens: ['loyalty', 'disrupt'], planet: 'J' }), 'R'))
      .toBe('The loyalty marker and the disrupt token are removed from Ashfall (J).');
  });
  it('identical destructions in a row make one line with a count', () => {
    const boom = ev('unitDestroyed', { faction: 'R', unit: 'f', planet: 'J' });
    const lines = describeLog([boom, boom, boom, ev('unitDestroyed', { faction: 'R', unit: 'c', planet: 'J' })], 'I').map((l) => l.text);
    expect(lines).toEqual(["3 of the Rebel's starfighters are destroyed.", "The Rebel's capital ship is destroyed."]);
    expect(describeLog([boom], 'I').map((l) => l.text)).toEqual(["The Rebel's starfighter is destroyed."]);
  });
});

describe('rival deck counts', () => {
  it('one and several cards', () => {
    expect(describeEvent(ev('botDeckReady', { count: 1 }), 'R')).toBe('The rival shuffles its 1 mission card into its deck.');
    expect(describeEvent(ev('botDeckReady', { count: 12 }), 'R')).toBe('The rival shuffles its 12 mission cards into its deck.');
    expect(describeEvent(ev('botDeckReshuffled', { count: 1 }), 'R')).toBe('The rival deck ran out: its 1 discarded card is shuffled into a new deck.');
    expect(describeEvent(ev('botDeckReshuffled', { count: 4 }), 'R')).toBe('The rival deck ran out: its 4 discarded cards are shuffled into a new deck.');
  });
});

describe('passing', () => {
  it('an automatic pass says why, a chosen pass does not', () => {
    expect(describeEvent(ev('passed', { faction: 'R' }), 'R')).toBe('You passed.');
    expect(describeEvent(ev('passed', { faction: 'R', auto: 'noLeader' }), 'R')).toBe('You had no leader left to act and passed automatically.');
    expect(describeEvent(ev('passed', { faction: 'I', auto: 'noFleet' }), 'R'))
      .toBe('The Imperial had no fleet able to move and no planned mission, and passed automatically.');
  });
  it("the solo rival's pass is one line that says why", () => {
    const lines = describeLog([ev('botPassed', { faction: 'I', reason: 'noLeader' }), ev('passed', { faction: 'I' })], 'R');
    expect(lines.map((l) => l.text)).toEqual(['The rival has no leader left and passes.']);
  });
});

describe('mission tooltips', () => {
  it.each(Object.keys(MISSIONS) as MissionId[])('%s says "Cannot be opposed" at most once', (c) => {
    expect(missionTooltip(c).match(/cannot be opposed/gi)?.length ?? 0).toBeLessThanOrEqual(1);
  });
});
