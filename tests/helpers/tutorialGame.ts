/**
 * The guided first game played in the pure core (src/ui/tutorial): the tutorial's seed, the scripted Imperial, and
 * a Rebel policy. Every Rebel decision is recorded with the Rebel's view, its legal actions and the coach's
 * progress, so tests can check what the coach said at that moment.
 */
import { expect } from 'vitest';
import type { Faction } from '../../src/game/content';
import { apply, createState, decisionActions, legalActions, run, seededRng, type Action, type GameState } from '../../src/game/rules';
import { viewFor } from '../../src/game/rules/view';
import { coachFor } from '../../src/ui/tutorial/coach';
import { TUTORIAL_SEED, scriptedImperial, suggestedRebel } from '../../src/ui/tutorial/script';
import { advanceProgress, START, type Progress } from '../../src/ui/tutorial/steps';

export type RebelPolicy = (view: GameState, legal: Action[]) => Action;

/** One moment of the game as the Rebel saw it (every decision of either side, and the end). */
export interface Moment { view: GameState; legal: Action[]; progress: Progress }

/** Play round 1 (and into round 2) with the scripted Imperial; track the coach's progress on the Rebel's view. */
export function playTutorial(rebel: RebelPolicy, seed = TUTORIAL_SEED) {
  const rng = seededRng(seed);
  const s = createState(rng);
  run(s, rng);
  let progress: Progress = START;
  const changes: { progress: Progress; log: number; before: GameState }[] = [];
  const moments: Moment[] = [];
  let before = viewFor(s, 'R');
  for (let i = 0; i < 400 && !s.winner && !(s.round >= 2 && s.phase === 'planning'); i++) {
    if (!s.pending) { run(s, rng); continue; } // a phase boundary (boardgame.io's onBegin in the real game)
    const view = viewFor(s, 'R');
    const next = advanceProgress(progress, view);
    if (next !== progress) changes.push({ progress: next, log: view.log.length, before });
    progress = next;
    before = view;
    moments.push({ view, legal: legalActions(view, 'R'), progress });
    const seat = s.pending!.seat as Faction;
    const own = viewFor(s, seat);
    const legal = decisionActions(own, seat);
    const a = seat === 'I' ? scriptedImperial(own, legal) : rebel(own, legalActions(own, 'R'));
    expect(a, `an answer for ${seat} at ${s.pending!.kind}`).not.toBeNull();
    expect(apply(s, seat, a, rng), `legal: ${JSON.stringify(a)}`).toBe(true);
  }
  const end = viewFor(s, 'R');
  progress = advanceProgress(progress, end);
  moments.push({ view: end, legal: s.pending ? legalActions(end, 'R') : [], progress });
  return { s, progress, changes, moments };
}

/** The player who does what the coach suggests (the page highlights the same action). */
export const follower: RebelPolicy = (view, legal) => {
  const coach = coachFor(view, legal, START);
  return coach.action ?? suggestedRebel(view, legal) ?? legal[0];
};

/** The follower, except at Planning: `card` with `leader` instead of the coach's suggestion (issue 20 item 6). */
export const planning = (card: string, leader: string): RebelPolicy => (view, legal) => {
  if (view.pending?.kind === 'plan' && view.planned.R.length === 0) {
    const a = legal.find((x) => x.type === 'planMission' && x.card === card && x.leader === leader);
    if (!a) throw new Error(`${card} with ${leader} is not legal now`);
    return a;
  }
  return follower(view, legal);
};
