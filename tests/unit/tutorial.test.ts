/**
 * The guided first game (issue 12 item 1, src/ui/tutorial): its fixed seed and scripted Imperial make every lesson
 * happen when the player follows the coach; each lesson is detected from the Rebel's view when the state shows it
 * (not before); a lesson the player's own choices make impossible is skipped; and whatever the Rebel plays, the
 * coach reaches its end by round 2 and the script only ever picks legal actions.
 */
import { describe, expect, it } from 'vitest';
import { LEADERS, MISSIONS } from '../../src/game/content';
import { seededRng } from '../../src/game/rules';
import { coachFor } from '../../src/ui/tutorial/coach';
import { TUTORIAL_SEED } from '../../src/ui/tutorial/script';
import { finished, STEPS } from '../../src/ui/tutorial/steps';
import { follower, planning, playTutorial as play, type Moment, type RebelPolicy } from '../helpers/tutorialGame';

const playTutorial = (seed: string, rebel: RebelPolicy) => play(rebel, seed);

describe('tutorial (src/ui/tutorial)', () => {
  it('following the coach, every lesson happens in order: plan, move, oppose, reveal, combat, objective, refresh', () => {
    const { s, progress, changes } = playTutorial(TUTORIAL_SEED, follower);
    expect(progress.outcomes).toEqual(STEPS.map(() => 'done'));
    expect(finished(progress)).toBe(true);
    expect(s.round).toBe(2);
    // R4.3: Frontier Friends (O1-7) was scored; R4.2.5: the Rebel opposed Muster; R5: one combat.
    expect(s.log.some((e) => e.e === 'objectiveScored' && e.card === 'O1-7')).toBe(true);
    expect(s.log.some((e) => e.e === 'opposed' && e.faction === 'R')).toBe(true);
    expect(s.log.filter((e) => e.e === 'combatEnded')).toHaveLength(1);
    // Each lesson completed exactly when the state showed it: done now, not done one decision earlier.
    for (const c of changes) {
      const id = c.progress.outcomes.length - 1;
      expect(STEPS[id].done(c.before), `${STEPS[id].id} was not done before`).toBe(false);
    }
  });

  it('a lesson the player makes impossible is skipped, and the coach still reaches the end', () => {
    // Ending Planning without a mission: nothing to plan (R4.1.2) and nothing to reveal (R4.2.4) this round.
    const lazy: RebelPolicy = (view, legal) => {
      if (view.pending?.kind === 'plan') return legal.find((a) => a.type === 'endPlanning')!;
      return follower(view, legal);
    };
    const { progress } = playTutorial(TUTORIAL_SEED, lazy);
    const byId = Object.fromEntries(STEPS.map((st, i) => [st.id, progress.outcomes[i]]));
    expect(byId.plan).toBe('skipped');
    expect(byId.reveal).toBe('skipped');
    expect(byId.move).toBe('done');
    expect(byId.oppose).toBe('done');
    expect(byId.refresh).toBe('done');
    expect(finished(progress)).toBe(true);
  });

  it('declining the opposition skips that lesson only', () => {
    const decline: RebelPolicy = (view, legal) => (view.pending?.kind === 'oppose'
      ? legal.find((a) => a.type === 'declineOpposition')! : follower(view, legal));
    const { progress } = playTutorial(TUTORIAL_SEED, decline);
    expect(progress.outcomes[STEPS.findIndex((x) => x.id === 'oppose')]).toBe('skipped');
    expect(progress.outcomes[STEPS.findIndex((x) => x.id === 'reveal')]).toBe('done');
    expect(finished(progress)).toBe(true);
  });

  it('whatever legal moves the Rebel makes, the script answers legally and the coach never gets stuck', () => {
    for (let k = 0; k < 12; k++) {
      const pick = seededRng(`tutorial-random-${k}`);
      const random: RebelPolicy = (_view, legal) => {
        const moves = legal.filter((a) => a.type !== 'undo');
        return moves[pick.int(moves.length)];
      };
      const { s, progress } = playTutorial(TUTORIAL_SEED, random);
      if (!s.winner) expect(finished(progress), `random line ${k}: ${JSON.stringify(progress.outcomes)}`).toBe(true);
    }
  });
});

/**
 * Issue 20 item 6: the coach's words read the game. Whatever the Rebel plays, every leader it asks the player to
 * send is one the player still has free, every mission it asks to reveal is one actually planned, every card it
 * asks to plan is in hand, and its highlighted action is one of the legal actions now.
 */
describe('tutorial coach words follow the game', () => {
  const REBEL_LEADERS = ['LD-R1', 'LD-R2', 'LD-R3'] as const;

  function checkMoment(m: Moment, where: string) {
    const c = coachFor(m.view, m.legal, m.progress);
    const text = c.text;
    expect(text, where).not.toMatch(/undefined|null|NaN|\[object/);
    if (c.action) expect(m.legal.map((a) => JSON.stringify(a)), `${where}: suggested ${JSON.stringify(c.action)}`).toContain(JSON.stringify(c.action));
    for (const l of REBEL_LEADERS) {
      if (!new RegExp(`send ${LEADERS[l].name}`, 'i').test(text)) continue;
      expect(['pool', 'plan'], `${where}: "${text}" sends ${LEADERS[l].name}, who is at ${m.view.leaders[l].at}`).toContain(m.view.leaders[l].at);
    }
    for (const [id, def] of Object.entries(MISSIONS)) {
      if (text.includes(`Reveal your planned ${def.name}`)) expect(m.view.planned.R.map((p) => p.card), `${where}: ${text}`).toContain(id);
      if (text.includes(`Choose ${def.name} in your hand`)) expect(m.view.hands.R, `${where}: ${text}`).toContain(id);
    }
  }

  it('on the intended line, and after planning another card with another leader', () => {
    for (const policy of [follower, planning('R-S2', 'LD-R3'), planning('R-S1', 'LD-R2'), planning('R-S4', 'LD-R1')]) {
      const { moments } = play(policy);
      moments.forEach((m, i) => checkMoment(m, `moment ${i}`));
    }
  });

  it('on random lines', () => {
    for (let k = 0; k < 12; k++) {
      const pick = seededRng(`tutorial-words-${k}`);
      const random: RebelPolicy = (_view, legal) => {
        const moves = legal.filter((a) => a.type !== 'undo');
        return moves[pick.int(moves.length)];
      };
      const { moments } = play(random);
      moments.forEach((m, i) => checkMoment(m, `line ${k}, moment ${i}`));
    }
  });

  it('the objective lesson tells the after-combat window (R4.5.2) from the end of Operations (R4.2.9)', () => {
    const { moments } = play(follower);
    const windows = moments.filter((m) => m.view.pending?.kind === 'objective' && m.view.round === 1);
    const said = windows.map((m) => ({ window: (m.view.pending as { window: string }).window, coach: coachFor(m.view, m.legal, m.progress) }));
    const combat = said.find((x) => x.window === 'combat')!;
    const ops = said.find((x) => x.window === 'operations')!;
    expect(combat.coach.rule).toBe('R4.5.2');
    expect(combat.coach.text).toMatch(/right after a combat/);
    expect(combat.coach.text).toMatch(/Frontier Friends is checked only at the end of Operations/);
    expect(combat.coach.text).not.toMatch(/Operations are over|at the end of Operations, once both/);
    expect(combat.coach.action).toEqual({ type: 'revealObjective', card: null });
    expect(ops.coach.rule).toBe('R4.2.9');
    expect(ops.coach.text).toMatch(/at the end of Operations, once both sides have passed/);
    expect(ops.coach.action).toEqual({ type: 'revealObjective', card: 'O1-7' });
  });
});
