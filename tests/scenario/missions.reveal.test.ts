/**
 * The reveal / opposition / attempt rules shared by every mission (RULES R4.2.2, R4.2.4 – R4.2.7, R6.1.5).
 * TEST_GRID: row 1 A B IMP C D, row 2 E F G H I, row 3 J K L M N.
 */
import { describe, expect, it } from 'vitest';
import {
  answerOpposition, dice, operationsWith, placeLeader, put, reveal, scenario,
} from '../helpers/build';
import { apply, isEvent, legalActions, type GameState, type LogEventOf, type LogKind } from '../../src/game/rules';
import { makeConfig } from '../../src/game/content';

const find = <K extends LogKind>(s: GameState, e: K) => s.log.filter((x): x is LogEventOf<K> => isEvent(x, e));

/** A Rebel unit on F, the Imperial with a capital ship on Imperium (so both always have something to do). */
function base() {
  const s = scenario();
  put(s, 'F', 'R', { f: 1 });
  put(s, 'IMP', 'I', { c: 1 });
  return s;
}

describe('reveal, opposition and attempt', () => {
  it('a planned mission without a legal target cannot be revealed; with nothing else to do, Pass is asked (R4.2.2)', () => {
    const s = scenario();
    put(s, 'IMP', 'I', { c: 1 });
    operationsWith(s, { R: [{ card: 'R-S3', leader: 'LD-R3' }] }); // nobody captured: no target
    expect(s.pending).toEqual({ kind: 'turn', seat: 'R' });
    expect(legalActions(s, 'R')).toEqual([{ type: 'pass' }]);
    expect(apply(s, 'R', { type: 'revealMission', card: 'R-S3', target: 'F' }, dice())).toBe(false);
    expect(s.planned.R).toEqual([{ card: 'R-S3', leader: 'LD-R3' }]);
  });

  it('opposing from a planned mission: the card returns to hand unrevealed, its leader goes to the target', () => {
    const s = base();
    operationsWith(s, { R: [{ card: 'R-S1', leader: 'LD-R1' }], I: [{ card: 'I-S4', leader: 'LD-I2' }] });
    reveal(s, 'R', 'R-S1', 'F');
    expect(legalActions(s, 'I')).toEqual([
      { type: 'oppose', leader: 'LD-I1' }, { type: 'oppose', leader: 'LD-I2' }, { type: 'oppose', leader: 'LD-I3' },
      { type: 'declineOpposition' },
    ]);
    answerOpposition(s, 'I', 'LD-I2', dice(6, 1));
    expect(s.planned.I).toEqual([]);
    expect(s.hands.I).toContain('I-S4');
    expect(s.leaders['LD-I2'].at).toBe('F');
    const ev = find(s, 'opposed');
    expect(ev).toEqual([{ e: 'opposed', round: 1, faction: 'I', leader: 'LD-I2', from: 'plan', target: 'F' }]);
    expect(find(s, 'missionRevealed').map((e) => e.card)).toEqual(['R-S1']); // I-S4 never revealed
  });

  it('one opposing leader at most: the attempt follows the first one at once', () => {
    const s = base();
    operationsWith(s, { R: [{ card: 'R-S1', leader: 'LD-R1' }] });
    reveal(s, 'R', 'R-S1', 'F');
    const rng = dice(1, 6);
    answerOpposition(s, 'I', 'LD-I1', rng);
    expect(rng.used).toBe(2);
    expect(s.pending).toEqual({ kind: 'turn', seat: 'I' });
    expect([s.leaders['LD-I2'].at, s.leaders['LD-I3'].at]).toEqual(['pool', 'pool']);
  });

  it('a player who has passed may still oppose (R4.2.5, R4.2.8)', () => {
    const s = base();
    put(s, 'A', 'R', { f: 1 });
    operationsWith(s, { R: [{ card: 'R-S1', leader: 'LD-R1' }] });
    s.passed.I = true;
    reveal(s, 'R', 'R-S1', 'F');
    expect(s.pending).toEqual({ kind: 'oppose', seat: 'I' });
    answerOpposition(s, 'I', 'LD-I2', dice(1, 5)); // 1 + 2 vs 5 + 1
    expect(s.planets.F.loyalty).toBe(false);
    expect(s.pending).toEqual({ kind: 'turn', seat: 'R' }); // the Rebel acts alone now
  });

  it('no window when the opponent has no leader to send; a captured leader is never offered', () => {
    const s = base();
    placeLeader(s, 'LD-I1', 'A');
    placeLeader(s, 'LD-I2', 'B');
    placeLeader(s, 'LD-I3', 'C');
    operationsWith(s, { R: [{ card: 'R-S1', leader: 'LD-R1' }] });
    const rng = dice();
    reveal(s, 'R', 'R-S1', 'F', rng);
    expect(rng.used).toBe(0);
    expect(s.planets.F.loyalty).toBe(true);
    expect(find(s, 'missionSucceeded').at(-1)).toMatchObject({ opposed: false });

    const t = scenario();
    put(t, 'G', 'I', { c: 1 });
    t.planets.G.disrupt = true;
    put(t, 'A', 'R', { f: 1 });
    placeLeader(t, 'LD-R1', 'H', true);
    put(t, 'H', 'I', { c: 1 });
    operationsWith(t, { I: [{ card: 'I-S2', leader: 'LD-I2' }] }, 'I');
    reveal(t, 'I', 'I-S2', 'G');
    expect(legalActions(t, 'R')).toEqual([
      { type: 'oppose', leader: 'LD-R2' }, { type: 'oppose', leader: 'LD-R3' }, { type: 'declineOpposition' },
    ]);
  });

  it('icons are summed over all own leaders on the target, including those placed earlier', () => {
    const mk = () => {
      const s = base();
      placeLeader(s, 'LD-R1', 'F'); // D, D — arrived by an earlier move
      placeLeader(s, 'LD-I2', 'F'); // D, I
      operationsWith(s, { R: [{ card: 'R-S1', leader: 'LD-R3' }] });
      reveal(s, 'R', 'R-S1', 'F');
      return s;
    };
    const lose = mk();
    answerOpposition(lose, 'I', 'LD-I1', dice(1, 3)); // 1 + 2 vs 3 + 1
    expect(find(lose, 'missionAttempt').at(-1)).toMatchObject({ total: 3, oppTotal: 4, success: false });
    const tie = mk();
    answerOpposition(tie, 'I', null, dice(2, 3)); // declined, still opposed by LD-I2: 2 + 2 vs 3 + 1
    expect(find(tie, 'missionAttempt').at(-1)).toMatchObject({ total: 4, oppTotal: 4, success: true });
  });

  it('B7 knob: with tiesToRevealer off, a tie fails', () => {
    const s = base();
    s.config = makeConfig({ tiesToRevealer: false });
    operationsWith(s, { R: [{ card: 'R-S1', leader: 'LD-R3' }] });
    reveal(s, 'R', 'R-S1', 'F');
    answerOpposition(s, 'I', 'LD-I3', dice(3, 3)); // 3 + 0 vs 3 + 0
    expect(find(s, 'missionAttempt').at(-1)).toMatchObject({ total: 3, oppTotal: 3, success: false });
    expect(s.planets.F.loyalty).toBe(false);
  });

  it('the captured leader does not oppose Rebel missions on its planet (C15)', () => {
    const s = scenario();
    put(s, 'G', 'I', { c: 1 });
    put(s, 'F', 'R', { f: 1 });
    placeLeader(s, 'LD-R1', 'G', true);
    for (const l of ['LD-I1', 'LD-I2', 'LD-I3'] as const) placeLeader(s, l, 'A');
    operationsWith(s, { R: [{ card: 'R-S2', leader: 'LD-R3' }] });
    const rng = dice();
    reveal(s, 'R', 'R-S2', 'G', rng);
    expect(rng.used).toBe(0);
    expect(s.planets.G.disrupt).toBe(true);
  });
});
