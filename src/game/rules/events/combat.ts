/** Log events of combats and strike rolls (RULES R5, R5.12). Payloads only: see ./index.ts. */
import type { Faction, PlanetId, UnitType } from '../../content';
import type { NoFields } from './base';

export interface Die { colour: 'w' | 'b'; value: number }
export interface LostUnit { f: Faction; t: UnitType }

export interface CombatEvents {
  combatStarted: { planet: PlanetId; attacker: Faction };
  strikeStarted: { planet: PlanetId; by: Faction };
  /** R5.5 — `wave` counts the combat's waves (a strike has one roll). */
  diceRolled: { by: Faction; planet: PlanetId; kind: 'combat' | 'strike'; wave: number; dice: Die[] };
  /** R5.8 — a hit scored by `by` on a unit of the other side. */
  hit: { by: Faction; unit: UnitType; hpLeft: number; planet: PlanetId };
  unitDestroyed: { faction: Faction; unit: UnitType; planet: PlanetId };
  /** R5.10 — `winner` 'none': both sides wiped out. */
  combatEnded: { planet: PlanetId; winner: Faction | 'none'; destroyed: LostUnit[] };
  strikeEnded: { planet: PlanetId; by: Faction; destroyed: LostUnit[] };
  /** R5.9 — the Rebel shows Secret Plans, or the prompt closed unused. */
  secretPlansShown: NoFields;
  secretPlansPromptClosed: NoFields;
}
