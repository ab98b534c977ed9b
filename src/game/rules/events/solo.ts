/**
 * Log events of the solo rival deck (RULES §9), so the human can follow and check each of its steps. Payloads only:
 * see ./index.ts.
 */
import type { Faction, LeaderId, MissionId, PlanetId } from '../../content';
import type { NoFields } from './base';

export interface SoloEvents {
  /** R9.1 RNG-11 — the bot deck shuffled at the start. */
  botDeckReady: { faction: Faction; count: number };
  /** R9.4 step 3 — a card turned over; `target` null: none of its targets is legal, it is skipped. */
  botTurnedOver: { faction: Faction; card: MissionId; target: PlanetId | null };
  /** R9.4 step 3 — the skipped cards, faceup under the deck in this order. */
  botSkippedUnder: { faction: Faction; cards: MissionId[] };
  botDeckReshuffled: { count: number };
  /** R9.6, R9.7 — Hunt, Strike or Spread. */
  botDefaultAction: { faction: Faction; action: 'hunt' | 'strike' | 'spread'; from: PlanetId; dest: PlanetId; leader: LeaderId };
  botPassed: { faction: Faction; reason: 'noLeader' | 'nothingFits' };
  /** Bot lines of the Imperial cards that discard the rival's top card. */
  botTopDiscarded: { card: MissionId };
  botDeckEmpty: NoFields;
  botInterceptNothing: NoFields;
}
