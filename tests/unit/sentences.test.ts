import { describe, expect, it } from 'vitest';
import { describeEvent, describeLog } from '../../src/ui/log/sentences';
import { randomGameFromSeed } from '../../src/sim/randomGame';
import { anyEvent } from '../helpers/logFields';

/** Events that deliberately produce no line (bookkeeping shown elsewhere on the board). */
const SILENT = new Set(['strikeEnded', 'secretPlansPromptClosed', 'councilKept', 'objectiveWindowClosed', 'objectiveWindowOpened']);

describe('game log sentences', () => {
  it('every event type seen in 60 random games renders to a sentence', () => {
    const missing = new Set<string>();
    for (let s = 0; s < 60; s++) {
      const { state } = randomGameFromSeed(`log-${s}`);
      for (const ev of state.log) {
        const text = describeEvent(ev, ev.to === 'I' ? 'I' : 'R');
        if (text === null && !SILENT.has(ev.e)) missing.add(ev.e);
        if (text !== null) expect(text).not.toMatch(/undefined|NaN|\[object/);
      }
    }
    expect([...missing]).toEqual([]);
  });

  it('speaks to the viewer as "you" and to others by faction', () => {
    const ev = anyEvent({ e: 'passed', round: 2, faction: 'I' });
    expect(describeEvent(ev, 'I')).toBe('You passed.');
    expect(describeEvent(ev, 'R')).toBe('The Imperial passed.');
    expect(describeEvent(ev, null)).toBe('The Imperial passed.');
  });

  it('R6.2.7 (issue 13 item 10): a hidden relocation tells the Imperial that earlier sweeps no longer count', () => {
    const ev = anyEvent({ e: 'relocated', round: 4, hidden: true });
    expect(describeEvent(ev, 'I')).toMatch(/earlier sweeps and patrols may hold it again, while your probe cards still/);
    expect(describeEvent(ev, null)).toMatch(/the Imperial's probe cards still rule/);
    expect(describeEvent(ev, 'R')).toBe('The relocation is over; the base is hidden.');
    expect(describeEvent(anyEvent({ e: 'relocated', round: 4, hidden: false }), 'I')).toMatch(/stays where it is, still exposed/);
  });

  it('R4.2.6 (issue 13 item 2): every attempt logs each side\'s die and leaders\' icons, and they add up', () => {
    let attempts = 0;
    let already = 0;
    for (let g = 0; g < 60; g++) {
      const { state } = randomGameFromSeed(`attempt-${g}`);
      for (const ev of state.log as Record<string, any>[]) {
        if (ev.e === 'notOpposed' && ev.already) already++;
        if (ev.e !== 'missionAttempt') continue;
        attempts++;
        const sum = (ls: { icons: number }[]) => ls.reduce((a, l) => a + l.icons, 0);
        expect(ev.total).toBe(ev.die + sum(ev.leaders));
        expect(ev.oppTotal).toBe(ev.oppDie + sum(ev.oppLeaders));
        expect(ev.oppLeaders.length, 'an attempt is opposed by at least one leader').toBeGreaterThan(0);
        const text = describeEvent(ev as never, 'R')!;
        expect(text).toContain(`${ev.die}`);
        expect(text).toMatch(/ = \d+; .* = \d+/);
      }
    }
    expect(attempts).toBeGreaterThan(50);
    expect(already, 'R4.2.4 step 5: a leader already on the target opposed after a declined window').toBeGreaterThan(0);
  });

  it('an attempt names the leaders whose icons count, and who wins a tie', () => {
    const ev: Record<string, unknown> = {
      e: 'missionAttempt', round: 2, card: 'R-S1', faction: 'R', die: 3, total: 5, oppDie: 4, oppTotal: 5, success: true,
      attribute: 'D', leaders: [{ leader: 'LD-R1', icons: 2 }], oppLeaders: [{ leader: 'LD-I2', icons: 1 }, { leader: 'LD-I3', icons: 0 }],
      tiesToRevealer: true,
    };
    expect(describeEvent(anyEvent(ev), 'R')).toBe('Rally Support (Diplomacy): you roll 3 + 2 (Envoy Nessa Quill) = 5; '
      + 'the Imperial rolls 4 + 1 (Overseer Calyx Dorn) = 5; a tie goes to you (the revealer) — you win: the mission succeeds.');
    expect(describeEvent(anyEvent({ ...ev, tiesToRevealer: false, success: false }), 'I')).toMatch(/a tie goes to you \(the defender\) — you win: the mission fails\.$/);
    expect(describeEvent({ e: 'notOpposed', round: 1, faction: 'I', already: ['LD-I1'] }, 'R'))
      .toBe('The Imperial sent no other leader; Marshal Veda Kross, already there, opposes the mission.');
    expect(describeEvent({ e: 'notOpposed', round: 1, faction: 'I' }, 'I')).toBe('You did not send a leader to oppose.');
  });

  it('I-S3 answers read as the board would say them', () => {
    expect(describeEvent({ e: 'patrolNamed', round: 1, planet: 'J', result: 'notHere' }, 'R'))
      .toBe('The patrol sweeps Ashfall (J) — the base is not there.');
    expect(describeEvent(anyEvent({ e: 'missionRevealed', round: 1, faction: 'I', card: 'I-02', target: 'J' }), 'R'))
      .toBe('The Imperial revealed Deep Scan on Ashfall (J).');
  });

  it('marks private lines as private', () => {
    const lines = describeLog([
      { e: 'missionDrawn', round: 1, faction: 'R' },
      { e: 'missionDrawnCard', round: 1, faction: 'R', card: 'R-05', to: 'R' },
    ], 'R');
    expect(lines).toEqual([
      { round: 1, text: 'You drew a mission card.', private: false, e: 'missionDrawn' },
      { round: 1, text: 'You drew Sabotage Cell.', private: true, e: 'missionDrawnCard' },
    ]);
  });
});
