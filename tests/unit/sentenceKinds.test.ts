/**
 * Every log event kind has a sentence, and sentences with counts read right in the singular and the plural (issue 13
 * item 8). The compiler checks that every kind has a sentence (src/ui/log/sentences.ts SENTENCES) and a sample here
 * (SAMPLES); this test checks that each sample renders (issue 21 item 2: it replaced a scan of the sources).
 */
import { describe, expect, it } from 'vitest';
import { describeEvent, describeLog, SENTENCES } from '../../src/ui/log/sentences';
import { missionTooltip } from '../../src/ui/format';
import { MISSIONS, type MissionId } from '../../src/game/content';
import { LOG_KINDS, type LogEvent, type LogEvents, type LogKind } from '../../src/game/rules';
import { anyEvent } from '../helpers/logFields';

/** Events that deliberately produce no line (bookkeeping shown elsewhere on the board). */
const SILENT = new Set<LogKind>(['strikeEnded', 'secretPlansPromptClosed', 'councilKept', 'objectiveWindowClosed']);

const units = { f: 2, c: 1, s: 0 };
const attempt: LogEvents['missionAttempt'] = {
  card: 'R-S1', faction: 'R', die: 3, total: 5, oppDie: 4, oppTotal: 5, success: true, attribute: 'D',
  leaders: [{ leader: 'LD-R1', icons: 2 }], oppLeaders: [{ leader: 'LD-I2', icons: 1 }], tiesToRevealer: true,
};

/** One payload per kind, as the core logs it (a kind missing here fails to compile). */
const SAMPLES: { [K in LogKind]: LogEvents[K] } = {
  setup: { grid: ['IMP', 'A', 'B'], start: { R: 'A', I: 'B' } },
  soloStarted: { bot: 'I', difficulty: 'normal' },
  imperialSetup: { capitalOn: 'IMP', sfOn: 'B', fightersOnImperium: 3 },
  baseChosen: { planet: 'J' },
  baseHidden: {},
  roundStarted: {},
  missionDrawn: { faction: 'R' },
  missionDrawnCard: { faction: 'R', card: 'R-S1' },
  missionDeckReshuffled: { faction: 'I' },
  missionDeckEmpty: { faction: 'I' },
  missionPlanned: { faction: 'R', leader: 'LD-R1' },
  missionPlannedCard: { faction: 'R', leader: 'LD-R1', card: 'R-S1' },
  planningDone: { faction: 'I', count: 2 },
  passed: { faction: 'R', auto: 'noFleet' },
  fleetMoved: { faction: 'I', from: 'IMP', dest: 'C', units, captive: false, leader: 'LD-I1' },
  objectiveWindowOpened: { window: 'operations' },
  objectiveWindowClosed: { window: 'operations' },
  objectiveRevealed: { card: 'O1-1', window: 'refresh' },
  objectiveScored: { card: 'O1-1', objective: 10 },
  objectiveDrawn: {},
  objectiveDrawnCard: { card: 'O1-1' },
  objectiveDeckEmpty: {},
  leadersRetrieved: {},
  missionDiscarded: { faction: 'I', card: 'I-S1' },
  probeDrawn: {},
  probeDrawnCard: { card: 'K' },
  probeDeckEmpty: {},
  timeAdvanced: { time: 5 },
  built: { faction: 'I', unit: 'c', counts: [1, 1] },
  arrivals: { faction: 'R', units },
  arrivalsReturned: { faction: 'R', units },
  deployed: { faction: 'R', unit: 'f', dest: 'BASE' },
  baseMoved: { unit: 'f', dest: 'J' },
  missionRevealed: { faction: 'I', card: 'I-02', target: 'J', leader: 'LD-I2' },
  opposed: { faction: 'R', leader: 'LD-R2', from: 'plan', target: 'J' },
  notOpposed: { faction: 'I', already: ['LD-I1'] },
  missionAttempt: attempt,
  missionSucceeded: { card: 'R-S1', opposed: false },
  tokenPlaced: { planet: 'J', token: 'loyalty' },
  tokensRemoved: { planet: 'J', tokens: ['disrupt'] },
  unitsPlaced: { faction: 'R', unit: 'f', count: 2, planet: 'J' },
  leaderCaptured: { leader: 'LD-R1', planet: 'J' },
  leaderRescued: { leader: 'LD-R1', cause: 'unguarded' },
  baseRevealed: { planet: 'J', cause: 'fleet', units },
  patrolNamed: { planet: 'J', result: 'notHere' },
  probeTaken: { card: 'J' },
  probeAlreadyHeld: { card: 'J' },
  probeNotMoved: { card: 'J' },
  planetDestroyed: { planet: 'J', base: false },
  relocationStarted: {},
  probesSeen: { cards: ['C', 'K'] },
  relocated: { hidden: true },
  relocatedTo: { from: 'J', dest: 'K' },
  slipstreamed: { from: 'J', dest: 'BASE', units },
  queueSabotaged: { spot: 2, unit: 'c' },
  interceptNothing: {},
  interceptSeen: { cards: ['I-S1', 'I-02'] },
  missionIntercepted: { leader: 'LD-I1', planet: 'J' },
  missionInterceptedCard: { card: 'I-S1' },
  councilDrew: {},
  councilCards: { cards: ['O1-1', 'O1-3'] },
  councilKept: {},
  councilKeptCard: { kept: 'O1-1', bottom: 'O1-3' },
  baseSectorAnnounced: { sector: 2 },
  objectiveBuried: {},
  objectiveBuriedCard: { card: 'O1-1' },
  propagandaNothing: {},
  combatStarted: { planet: 'J', attacker: 'I' },
  strikeStarted: { planet: 'J', by: 'R' },
  diceRolled: { by: 'I', planet: 'J', kind: 'combat', wave: 1, dice: [{ colour: 'w', value: 6 }, { colour: 'b', value: 2 }] },
  hit: { by: 'I', unit: 'f', hpLeft: 0, planet: 'J' },
  unitDestroyed: { faction: 'R', unit: 'f', planet: 'J' },
  combatEnded: { planet: 'J', winner: 'I', destroyed: [{ f: 'R', t: 'f' }] },
  strikeEnded: { planet: 'J', by: 'R', destroyed: [] },
  secretPlansShown: {},
  secretPlansPromptClosed: {},
  botDeckReady: { faction: 'I', count: 13 },
  botTurnedOver: { faction: 'I', card: 'I-S3', target: 'K' },
  botSkippedUnder: { faction: 'I', cards: ['I-S1'] },
  botDeckReshuffled: { count: 4 },
  botDefaultAction: { faction: 'I', action: 'hunt', from: 'G', dest: 'K', leader: 'LD-I1' },
  botPassed: { faction: 'I', reason: 'nothingFits' },
  botTopDiscarded: { card: 'I-S1' },
  botDeckEmpty: {},
  botInterceptNothing: {},
  tookBack: { faction: 'R', what: 'fleetMove' },
  seatToBot: { seat: 'R', why: 'time' },
  seatTakenBack: { seat: 'R' },
  gameOver: { winner: 'I', reason: 'occupation' },
};

const sample = (e: LogKind) => ({ e, round: 1, ...SAMPLES[e] }) as LogEvent;

describe('every log event kind', () => {
  it('the runtime list of kinds is the sentence table\'s', () => {
    expect([...LOG_KINDS].sort()).toEqual(Object.keys(SENTENCES).sort());
    expect(LOG_KINDS.length).toBeGreaterThan(80);
  });
  it.each(LOG_KINDS)('%s has a sentence (or is deliberately silent)', (kind) => {
    for (const viewer of ['R', 'I', null] as const) {
      const text = describeEvent(sample(kind), viewer);
      if (SILENT.has(kind) || (kind === 'objectiveWindowOpened' && viewer !== 'R')) expect(text).toBeNull();
      else {
        expect(text).toEqual(expect.any(String));
        expect(text).not.toBe('');
        expect(text).not.toMatch(/undefined|NaN|\[object/);
      }
    }
  });
  it('a kind this build does not know (an event of a newer or older game) reads as no line', () => {
    expect(describeEvent(anyEvent({ e: 'somethingNew', round: 1 }), 'R')).toBeNull();
    expect(describeEvent(anyEvent({ e: 'constructor', round: 1 }), 'R')).toBeNull();
  });
});

const ev = (e: LogKind, data: Record<string, unknown> = {}) => anyEvent({ e, round: 1, ...data });

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
