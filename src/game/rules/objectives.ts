/** R4.3 and R4.5 — objective reveal windows and the Objective phase. */
import { OBJECTIVES, SECRET_PLANS, type ObjectiveId, type ObjectiveTiming } from '../content';
import type { Action } from './actions';
import { checkRebelTimer } from './checks';
import type { DecisionHandler, DecisionHandlers } from './decisions';
import type { TaskHandlers } from './tasks';
import { log } from './log';
import { conditionMet } from './predicates';
import { now, task } from './queue';
import type { GameState } from './state';

type Window = 'operations' | 'refresh' | 'combat';

/** Objectives in hand whose timing matches the window and whose condition holds now (R4.5.2). */
export function claimableObjectives(state: GameState, window: Window): ObjectiveId[] {
  const timing: ObjectiveTiming = window;
  return state.objectives.hand.filter((id) => OBJECTIVES[id].timing === timing && conditionMet(state, OBJECTIVES[id].condition));
}

/** Remove a card from the objective hand; holding Secret Plans stops being public if it leaves (R5.9). */
export function removeFromObjectiveHand(state: GameState, card: ObjectiveId): void {
  state.objectives.hand = state.objectives.hand.filter((c) => c !== card);
  if (card === SECRET_PLANS) state.known.secretPlansShown = false;
}

const objective: DecisionHandler<'objective'> = {
  legal(state, p) {
    if (p.kind !== 'objective') return [];
    return [
      ...claimableObjectives(state, p.window).map((card) => ({ type: 'revealObjective', card }) as Action),
      { type: 'revealObjective', card: null },
    ];
  },
  answer(state, p, a) {
    if (a.type !== 'revealObjective' || p.kind !== 'objective') return;
    if (a.card === null) {
      log(state, 'objectiveWindowClosed', { window: p.window });
      return;
    }
    removeFromObjectiveHand(state, a.card);
    state.objectives.scoring.push(a.card);
    state.objectives.revealedThisWindow++;
    log(state, 'objectiveRevealed', { card: a.card, window: p.window });
    if (state.objectives.revealedThisWindow < state.config.revealsPerWindow && state.objectives.hand.length > 0) {
      state.pending = { kind: 'objective', seat: 'R', window: p.window };
    }
  },
};

export const tasks = {
  /**
   * R4.5.2 / R4.5.5 — the Rebel is asked at every window alike, whether or not a card qualifies, so the
   * Imperial learns nothing from the prompt. An empty hand (public count) needs no prompt.
   */
  objectiveWindow(state, t) {
    const window = t.window;
    state.objectives.revealedThisWindow = 0;
    if (state.objectives.hand.length === 0) return;
    log(state, 'objectiveWindowOpened', { window });
    state.pending = { kind: 'objective', seat: 'R', window };
  },
  startObjectivePhase(state) {
    state.phase = 'objective';
    now(state, task('scoreObjectives'), task('startRefresh'));
    return 'yield';
  },
  /** R4.3.1 — one space per scored objective toward the time token, checking R1.2.3 after each move. */
  scoreObjectives(state) {
    while (state.objectives.scoring.length > 0 && !state.winner) {
      const card = state.objectives.scoring.shift()!;
      state.objective -= 1;
      state.objectives.discard.push(card);
      log(state, 'objectiveScored', { card, objective: state.objective });
      checkRebelTimer(state);
    }
  },
} satisfies TaskHandlers;

export const decisions = { objective } satisfies DecisionHandlers;
