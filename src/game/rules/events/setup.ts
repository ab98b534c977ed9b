/** Log events of the set-up (RULES R3) and of the solo game's start (R9.1). Payloads only: see ./index.ts. */
import type { Difficulty, Faction, LetterId, PlanetId } from '../../content';
import type { NoFields } from './base';

export interface SetupEvents {
  /** R3.5, R3.6 — the dealt grid (grid order) and the public starting planets. */
  setup: { grid: PlanetId[]; start: { R: LetterId; I: LetterId } };
  /** R9.1 — a solo game: which faction the rival deck plays, at which level. */
  soloStarted: { bot: Faction; difficulty: Difficulty };
  /** R3.7 — the Imperial fleet's set-up: capital ship and Star Fortress on Imperium and the start planet. */
  imperialSetup: { capitalOn: PlanetId; sfOn: PlanetId; fightersOnImperium: number };
  /** R3.9 — private to the Rebel: the planet of the hidden base. */
  baseChosen: { planet: LetterId };
  /** R3.9 — the public half of baseChosen. */
  baseHidden: NoFields;
}
