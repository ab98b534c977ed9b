/**
 * Whether an objective in the Rebel's hand can be revealed, in agreement with when the game checks it (issue 20
 * item 6): "now" only while the window of its own timing is open (R4.2.9 end of Operations, R4.4.9 end of
 * Refresh, R4.5.2 after a combat) — the moment the prompt offers it — and "met" when its condition holds but its
 * window is not open (it may still stop holding before then). The objective card's badge and its detail sheet
 * both read this.
 */
import { OBJECTIVES, type ObjectiveId, type ObjectiveTiming } from '../../game/content';
import { claimableObjectives, type GameState } from '../../game/rules';

export type ObjectiveStatus = 'now' | 'met' | null;

export function objectiveStatus(view: GameState, card: ObjectiveId | string): ObjectiveStatus {
  const def = OBJECTIVES[card as ObjectiveId];
  if (!def || !view.objectives.hand.includes(def.id)) return null;
  if (!claimableObjectives(view, def.timing).includes(def.id)) return null;
  const p = view.pending;
  return p?.kind === 'objective' && p.window === def.timing ? 'now' : 'met';
}

/** When the game next asks about an objective of this timing. */
export const WINDOW_OF: Record<ObjectiveTiming, string> = {
  operations: 'at the end of Operations',
  refresh: 'at the end of Refresh',
  combat: 'right after a combat',
};

/** The status in a sentence (the card's spoken label and title, the detail sheet). */
export function objectiveStatusText(status: ObjectiveStatus, timing: ObjectiveTiming): string {
  if (status === 'now') return 'Its condition is met and its window is open: it can be revealed now.';
  if (status === 'met') return `Its condition is met now, but it is checked only ${WINDOW_OF[timing]}: it can be revealed then, if it still holds.`;
  return 'Its condition is not met right now.';
}
