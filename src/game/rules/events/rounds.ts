/**
 * Log events of a round's phases: Planning (R4.1), Operations turns and fleet moves (R4.2), Objectives (R4.3, R4.5)
 * and Refresh (R4.4). Payloads only: see ./index.ts. Planets a unit goes to are `dest`, never `to`: `to` is the
 * audience key of every event (R8.1).
 */
import type { Faction, LeaderId, LetterId, MissionId, ObjectiveId, ObjectiveTiming, PlanetId } from '../../content';
import type { NoFields } from './base';
import type { UnitSet } from '../actions';

export interface RoundEvents {
  /** R4 — a new round; its number is the event's own `round`. */
  roundStarted: NoFields;
  /** R4.1.1 — public half of a draw. */
  missionDrawn: { faction: Faction };
  /** R4.1.1 — private to the drawer. */
  missionDrawnCard: { faction: Faction; card: MissionId };
  /** R4.1.1 — the discard pile became the deck (the sampler rebuilds decks from this, sample.ts). */
  missionDeckReshuffled: { faction: Faction };
  missionDeckEmpty: { faction: Faction };
  /** R4.1.2 — public half of a plan: only the leader shows. */
  missionPlanned: { faction: Faction; leader: LeaderId };
  /** R4.1.2 — private to the planner. */
  missionPlannedCard: { faction: Faction; leader: LeaderId; card: MissionId };
  planningDone: { faction: Faction; count: number };
  /** R4.2.2 — `auto`: the core passed for the seat (no pool leader, or no fleet able to move and no plan). */
  passed: { faction: Faction; auto?: 'noLeader' | 'noFleet' };
  /** R4.2.3 — `captive`: a captured leader travels with the fleet. */
  fleetMoved: { faction: Faction; from: PlanetId; dest: PlanetId; units: UnitSet; captive: boolean; leader: LeaderId | null };
  /** R4.5.2 — the Rebel's objective window (shown to the Rebel only, by the sentences). */
  objectiveWindowOpened: { window: ObjectiveTiming };
  objectiveWindowClosed: { window: ObjectiveTiming };
  objectiveRevealed: { card: ObjectiveId; window: ObjectiveTiming };
  /** R4.3 — `objective`: the token's new space. */
  objectiveScored: { card: ObjectiveId; objective: number };
  /** R4.4.4 — public half of an objective draw. */
  objectiveDrawn: NoFields;
  /** R4.4.4 — private to the Rebel. */
  objectiveDrawnCard: { card: ObjectiveId };
  objectiveDeckEmpty: NoFields;
  /** R4.4.1 */
  leadersRetrieved: NoFields;
  /** R4.4.2 — hand limit: the discarded card is public. */
  missionDiscarded: { faction: Faction; card: MissionId };
  /** R4.4.3 — a probe draw. `card` only when it was already public (flagged, R8.3 item 11). */
  probeDrawn: { card?: LetterId };
  /** R4.4.3 — private to the Imperial. */
  probeDrawnCard: { card: LetterId };
  probeDeckEmpty: NoFields;
  /** R4.4.5 */
  timeAdvanced: { time: number };
  /** R4.4.6 — units put on build spots: `counts[i]` on spot i + 1. */
  built: { faction: Faction; unit: 'f' | 'c'; counts: number[] };
  /** R4.4.7 — units arriving from the build queue, and those with nowhere to land. */
  arrivals: { faction: Faction; units: UnitSet };
  arrivalsReturned: { faction: Faction; units: UnitSet };
  deployed: { faction: Faction; unit: 'f' | 'c' | 's'; dest: PlanetId | 'BASE' };
  /** R4.4.8 — a Rebel unit from the base card to the planet. */
  baseMoved: { unit: 'f' | 'c'; dest: PlanetId };
}
