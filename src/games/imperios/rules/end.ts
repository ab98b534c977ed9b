/**
 * The end of the game (docs/imperios/RULES.md IM12, G45): the conditions tested at step 8 of every round.
 */
import type { ImperiosState } from './state';
import { meetsGoals } from './ages';

export type EndReason = 'poolOut' | 'capitalLost' | 'halfInLastAge' | 'lastAgeGoals';

/** IM12.1.3: at least half the civilizations, rounded up. */
export function halfRoundedUp(players: number): number {
  return Math.ceil(players / 2);
}

/** IM12.1–IM12.2: the conditions that hold at the end check; the game ends if there is any. */
export function endReasons(state: ImperiosState): EndReason[] {
  const reasons: EndReason[] = [];
  if (state.triggers.poolOut.length > 0) reasons.push('poolOut'); // IM12.1.1
  if (state.triggers.capitalLost.length > 0) reasons.push('capitalLost'); // IM12.1.2
  const inLast = state.civs.filter((c) => c.age === state.lastAge).length;
  if (inLast >= halfRoundedUp(state.players)) reasons.push('halfInLastAge'); // IM12.1.3
  if (state.civs.some((c) => meetsGoals(state, c.seat, state.lastAge))) reasons.push('lastAgeGoals'); // IM12.1.4
  return reasons;
}
