/**
 * The board's story read from the log (issue 13 items 3, 4, 7): combat summaries (R5) and what happened since a
 * viewer's last decision, checked against real random games and built only from a seat's own view.
 */
import { describe, expect, it } from 'vitest';
import { viewFor } from '../../src/game/rules/view';
import { randomGameFromSeed } from '../../src/sim/randomGame';
import { combatStories } from '../../src/ui/story/combats';
import { actorOf, actsSince, linesSince, touchedSince } from '../../src/ui/story/recent';
import { anyEvent, fields } from '../helpers/logFields';

describe('combat summaries from the log (issue 13 item 3)', () => {
  it('R5.5/R5.10: every finished combat tells its waves, both sides\' losses and the winner the core recorded', () => {
    let combats = 0;
    for (let g = 0; g < 30; g++) {
      const { state } = randomGameFromSeed(`story-${g}`);
      const stories = combatStories(viewFor(state, 'R').log);
      const ends = state.log.filter((e) => e.e === 'combatEnded' || e.e === 'strikeEnded').map(fields);
      expect(stories.filter((s) => s.end !== undefined).length).toBe(ends.length);
      stories.filter((s) => s.end !== undefined).forEach((s, i) => {
        const end = ends[i];
        expect(s.planet).toBe(end.planet);
        // Losses per side are the units the core removed (its `destroyed` list).
        const destroyed = end.destroyed as { f: 'R' | 'I'; t: 'f' | 'c' | 's' }[];
        for (const f of ['R', 'I'] as const) {
          for (const t of ['f', 'c', 's'] as const) {
            expect(s.losses[f][t] ?? 0).toBe(destroyed.filter((d) => d.f === f && d.t === t).length);
          }
        }
        if (s.kind === 'combat') {
          combats++;
          expect(s.winner).toBe(end.winner);
          // Waves count up from 1; in each, the attacker rolls first (R5.5).
          s.waves.forEach((w, k) => {
            expect(w.wave).toBe(k + 1);
            expect(w.rolls[0]?.by).toBe(s.attacker);
          });
          // No roll gives more hits than dice showing 4+ (R5.6).
          for (const w of s.waves) for (const r of w.rolls) expect(r.hits.length).toBeLessThanOrEqual(r.dice.filter((d) => d.value >= 4).length);
        } else {
          expect(s.winner).toBeNull();
          expect(s.waves.length).toBe(1);
        }
      });
    }
    expect(combats).toBeGreaterThan(10);
  });

  it('a combat still running has no winner yet', () => {
    const stories = combatStories([
      { e: 'combatStarted', round: 2, planet: 'C', attacker: 'I' },
      { e: 'diceRolled', round: 2, by: 'I', planet: 'C', kind: 'combat', wave: 1, dice: [{ colour: 'b', value: 5 }] },
      { e: 'hit', round: 2, by: 'I', unit: 'f', hpLeft: 0, planet: 'C' },
    ]);
    expect(stories).toHaveLength(1);
    expect(stories[0].winner).toBeUndefined();
    expect(stories[0].waves[0].rolls[0].hits).toEqual([{ unit: 'f', hpLeft: 0 }]);
  });
});

describe('what happened since the viewer\'s last decision (issue 13 items 4, 7)', () => {
  it('the banner lists only the opponent\'s acts; highlights name the planets their pieces moved to and from', () => {
    const log = [
      { e: 'fleetMoved', round: 1, faction: 'R', from: 'A', dest: 'B', units: { f: 1 } },
      { e: 'fleetMoved', round: 1, faction: 'I', from: 'IMP', dest: 'C', units: { f: 2 }, leader: 'LD-I1' },
      { e: 'combatStarted', round: 1, planet: 'C', attacker: 'I' },
      { e: 'missionRevealed', round: 1, faction: 'I', card: 'I-S1', target: 'D' },
    ].map(anyEvent);
    const acts = actsSince(log, 0, 'R');
    expect(acts.map((a) => a.by)).toEqual(['I', 'I']);
    expect(acts[0].text).toMatch(/^The Imperial moved 2 starfighters from Imperium to/);
    const touched = touchedSince(log, 0, 'R');
    expect(touched.get('IMP')).toEqual({ touch: 'out', by: 'I' });
    expect(touched.get('C')).toEqual({ touch: 'combat', by: null });
    expect(touched.get('D')).toEqual({ touch: 'mission', by: 'I' });
    expect(touched.has('A')).toBe(false); // the viewer's own move is not "what just happened"
    expect(touchedSince(log, 2, 'R').has('IMP')).toBe(false); // only since the mark
    expect(actorOf({ e: 'baseHidden', round: 0 })).toBe('R');
  });

  it('R8: "while you were away" holds only lines of the seat\'s own view — never the other seat\'s private lines', () => {
    for (let g = 0; g < 10; g++) {
      const { state: finished } = randomGameFromSeed(`away-${g}`);
      // The game as it stood at its last moment of play (a finished game's view holds everything: issue 20 item 1).
      const state = { ...finished, winner: null };
      for (const seat of ['R', 'I'] as const) {
        const view = viewFor(state, seat);
        const from = Math.floor(view.log.length / 2);
        const lines = linesSince(view.log, from, seat);
        expect(lines.length).toBeGreaterThan(0);
        const other = seat === 'R' ? 'I' : 'R';
        const theirs = state.log.filter((e) => e.to === other);
        expect(view.log.some((e) => theirs.includes(e))).toBe(false);
        // Private lines in the summary are this seat's own.
        const own = linesSince(state.log.filter((e) => e.to === undefined || e.to === seat || e.to === 'players'), 0, seat);
        for (const l of lines) expect(own.some((o) => o.text === l.text)).toBe(true);
      }
    }
  });
});
