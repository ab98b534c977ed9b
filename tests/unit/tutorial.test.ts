/**
 * The guided first game (issue 12 item 1, src/ui/tutorial): its fixed seed and scripted Imperial make every lesson
 * happen when the player follows the coach; each lesson is detected from the Rebel's view when the state shows it
 * (not before); a lesson the player's own choices make impossible is skipped; and whatever the Rebel plays, the
 * coach reaches its end by round 2 and the script only ever picks legal actions.
 */
import { describe, expect, it } from 'vitest';
import type { Faction } from '../../src/game/content';
import { apply, createState, decisionActions, legalActions, run, seededRng, type Action, type GameState } from '../../src/game/rules';
import { viewFor } from '../../src/game/rules/view';
import { coachFor } from '../../src/ui/tutorial/coach';
import { TUTORIAL_SEED, scriptedImperial, suggestedRebel } from '../../src/ui/tutorial/script';
import { advanceProgress, finished, START, STEPS, type Progress } from '../../src/ui/tutorial/steps';

type RebelPolicy = (view: GameState, legal: Action[]) => Action;

/** Play round 1 (and into round 2) with the scripted Imperial; track the coach's progress on the Rebel's view. */
function playTutorial(seed: string, rebel: RebelPolicy) {
  const rng = seededRng(seed);
  const s = createState(rng);
  run(s, rng);
  let progress: Progress = START;
  const changes: { progress: Progress; log: number; before: GameState }[] = [];
  let before = viewFor(s, 'R');
  for (let i = 0; i < 400 && !s.winner && !(s.round >= 2 && s.phase === 'planning'); i++) {
    if (!s.pending) { run(s, rng); continue; } // a phase boundary (boardgame.io's onBegin in the real game)
    const view = viewFor(s, 'R');
    const next = advanceProgress(progress, view);
    if (next !== progress) changes.push({ progress: next, log: view.log.length, before });
    progress = next;
    before = view;
    const seat = s.pending!.seat as Faction;
    const own = viewFor(s, seat);
    const legal = decisionActions(own, seat);
    const a = seat === 'I' ? scriptedImperial(own, legal) : rebel(own, legalActions(own, 'R'));
    expect(a, `an answer for ${seat} at ${s.pending!.kind}`).not.toBeNull();
    expect(apply(s, seat, a, rng), `legal: ${JSON.stringify(a)}`).toBe(true);
  }
  progress = advanceProgress(progress, viewFor(s, 'R'));
  return { s, progress, changes };
}

/** The player who does what the coach suggests (the page highlights the same action). */
const follower: RebelPolicy = (view, legal) => {
  const coach = coachFor(view, legal, START);
  return coach.action ?? suggestedRebel(view, legal) ?? legal[0];
};

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
