/**
 * Log events of a mission (R4.2.4–R4.2.6) and of its rewards (effects.ts, the special cards, R6). Payloads only:
 * see ./index.ts. Events whose name ends in `Card` (and probesSeen, interceptSeen, relocatedTo) are the private
 * halves of a public event; the audience is given where they are logged.
 */
import type { Attribute, Faction, LeaderId, LetterId, MissionId, ObjectiveId, PlanetId } from '../../content';
import type { NoFields } from './base';
import type { UnitSet } from '../actions';

/** R4.2.6 — one leader whose icons of the mission's attribute count for a side. */
export interface LeaderIcons { leader: LeaderId; icons: number }

export type Token = 'loyalty' | 'disrupt';

export interface MissionEvents {
  missionRevealed: { faction: Faction; card: MissionId; target: PlanetId; leader: LeaderId };
  /** R4.2.5 — `from`: the leader came from a planned mission (that card went back to hand) or from the pool. */
  opposed: { faction: Faction; leader: LeaderId; from: 'plan' | 'pool'; target: PlanetId };
  /** R4.2.4 step 5 — `already`: the seat's leaders already on the target, who oppose anyway. */
  notOpposed: { faction: Faction; already?: LeaderId[] };
  /**
   * R4.2.6 — both dice and totals. `leaders`, `oppLeaders`, `tiesToRevealer` (issue 13 item 2) and `attribute` are
   * missing from logs stored before they were added; the sentences still read those.
   */
  missionAttempt: {
    card: MissionId; faction: Faction; die: number; total: number; oppDie: number; oppTotal: number; success: boolean;
    attribute?: Attribute; leaders?: LeaderIcons[]; oppLeaders?: LeaderIcons[]; tiesToRevealer?: boolean;
  };
  /** C17 — a mission without attribute cannot be opposed; otherwise nobody opposed it (R4.2.5). */
  missionSucceeded: { card: MissionId; unopposable: true } | { card: MissionId; opposed: false };
  tokenPlaced: { planet: PlanetId; token: Token };
  tokensRemoved: { planet: PlanetId; tokens: Token[] };
  /** `count` 0: no unit of that type left in supply. `BASE`: the Rebel base card (solo R-04). */
  unitsPlaced: { faction: Faction; unit: 'f' | 'c' | 's'; count: number; planet: PlanetId | 'BASE' };
  /** R6.1.5 — I-S1 Detain. */
  leaderCaptured: { leader: LeaderId; planet: PlanetId };
  /** R6.1.6 — by a mission (R-S1) or because no Imperial unit guards the captive. */
  leaderRescued: { leader: LeaderId; cause: 'mission' | 'unguarded' };
  /** R6.2.5 — what revealed it; `units`: those of the base card, now on the planet. */
  baseRevealed: { planet: LetterId; cause: 'fleet' | 'patrol' | 'deepScan'; units: UnitSet };
  /** I-S3 — `planet` null when the base was already known and nothing was named. */
  patrolNamed: { planet: LetterId | null; result: 'baseAlreadyRevealed' | 'found' | 'notHere' };
  /** R6.5.2 — a named probe card taken from the deck, found in the hand, or in neither (the base card). */
  probeTaken: { card: LetterId };
  probeAlreadyHeld: { card: LetterId };
  probeNotMoved: { card: LetterId };
  /** R6.4 — `base`: the hidden base was on it (the Imperial wins, R6.4.2). */
  planetDestroyed: { planet: PlanetId; base: boolean };
  /** R6.2.7 — public start, the Rebel's private look at the top probe cards, public end and private destination. */
  relocationStarted: NoFields;
  probesSeen: { cards: LetterId[] };
  relocated: { hidden: boolean };
  relocatedTo: { from: LetterId; dest: LetterId | null };
  /** */
  slipstreamed: { from: PlanetId; dest: PlanetId | 'BASE'; units: UnitSet };
  /** R-05 — `spot` counts from 1. */
  queueSabotaged: { spot: number; unit: 'f' | 'c' };
  /** no Imperial plan to read; the plans read (private); the plan cancelled and its card (private). */
  interceptNothing: NoFields;
  interceptSeen: { cards: MissionId[] };
  missionIntercepted: { leader: LeaderId; planet: PlanetId };
  missionInterceptedCard: { card: MissionId };
  /** two objectives drawn, one kept (the cards are private to the Rebel). */
  councilDrew: NoFields;
  councilCards: { cards: ObjectiveId[] };
  councilKept: NoFields;
  councilKeptCard: { kept: ObjectiveId; bottom: ObjectiveId };
  /** I-06; `intel`: the Imperial rival's intelligence (R9.11 data, `imperialSectorIntel`), not a card. */
  baseSectorAnnounced: { sector: 1 | 2 | 3; intel?: true };
  /** I-09 — a random Rebel objective under the deck; the card is shown to both players, not spectators. */
  objectiveBuried: NoFields;
  objectiveBuriedCard: { card: ObjectiveId };
  propagandaNothing: NoFields;
}
