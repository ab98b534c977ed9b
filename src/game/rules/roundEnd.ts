/**
 * Issue 20 item 3 — a warning before a choice that ends the player's round. Opposing (R4.2.5) or revealing a
 * mission (R4.2.4) puts a leader on a planet: the player's fleet there can no longer move (R4.2.3 step 2), and a
 * leader taken from the pool or off a plan no longer moves a fleet. When afterwards the player has no fleet able
 * to move and no planned mission left, the core passes for them at their next turn (R4.2.2, operations.ts
 * `opsTurn`). This says so before the choice, from what the choosing seat sees: its own leaders and plans, and
 * the public board (the answer is the same on the seat's view and on the full state).
 */
import type { Faction, PlanetId } from '../content';
import type { Action } from './actions';
import { canMoveFleet } from './operations';
import { canLeave, fleetSources, poolLeaders } from './movement';
import type { GameState } from './state';
import { copyState } from './view';

export interface RoundEnd {
  /** Why the core will pass for the player: no leader left in the pool, or no fleet able to move. */
  reason: 'noLeader' | 'noFleet';
  /** The planet whose fleet the leader blocks, when that was the last fleet able to move. */
  blocked?: PlanetId;
}

/** Where `a` puts a leader, and which plan it uses up; null for other actions. */
function placement(state: GameState, seat: Faction, a: Action): { leader: string; at: PlanetId; plan?: number } | null {
  if (a.type === 'oppose' && state.mission) {
    const plan = state.planned[seat].findIndex((p) => p.leader === a.leader);
    return { leader: a.leader, at: state.mission.target, plan: plan >= 0 ? plan : undefined };
  }
  if (a.type === 'revealMission') {
    const plan = state.planned[seat].findIndex((p) => p.card === a.card);
    if (plan < 0) return null;
    return { leader: state.planned[seat][plan].leader, at: a.target, plan };
  }
  return null;
}

/**
 * Whether answering with `a` leaves `seat` with nothing to do for the rest of this round's Operations: no
 * planned mission and no fleet able to move. null when it does not (or when `a` places no leader, or the seat
 * has already passed: its round is over anyway).
 */
export function roundEndsAfter(state: GameState, seat: Faction, a: Action): RoundEnd | null {
  if (state.phase !== 'operations' || state.passed[seat]) return null;
  const put = placement(state, seat, a);
  if (!put) return null;
  const after = copyState(state, true);
  after.leaders[put.leader as keyof GameState['leaders']].at = put.at;
  if (put.plan !== undefined) after.planned[seat].splice(put.plan, 1);
  if (after.planned[seat].length > 0 || canMoveFleet(after, seat)) return null;
  const reason = poolLeaders(after, seat).length === 0 ? 'noLeader' : 'noFleet';
  const movable = (s: GameState) => fleetSources(s, seat).filter((p) => canLeave(s.planets[p][seat], seat));
  const blocked = movable(state).includes(put.at) && !movable(after).includes(put.at);
  return blocked && reason === 'noFleet' ? { reason, blocked: put.at } : { reason };
}
