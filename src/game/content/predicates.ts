import type { Faction, PlanetId, PlanetType, UnitType } from './types';

/**
 * The small vocabulary in which mission requirements (R7.5, R7.6) and objective conditions (R7.7, R7.8) are
 * written. Evaluated by src/game/rules/predicates.ts.
 */
export type PlanetPred =
  | { k: 'intact' } // not destroyed (R1.4)
  | { k: 'lettered' } // not Imperium
  | { k: 'units'; f: Faction; min?: number; max?: number } // number of that faction's units on the planet
  | { k: 'unitType'; f: Faction; unit: UnitType; min: number } // units of one type
  | { k: 'capitalClass'; f: Faction } // ≥1 capital-class unit of that faction
  | { k: 'sf'; has: boolean } // the Star Fortress is (not) here
  | { k: 'loyalty'; has: boolean }
  | { k: 'disrupt'; has: boolean }
  | { k: 'aligned'; f: Faction } // R6.6.1 / R6.6.2
  | { k: 'revealedBase' } // the revealed base planet
  | { k: 'type'; type: PlanetType }
  | { k: 'sector'; sector: 1 | 2 | 3 }
  | { k: 'planet'; id: PlanetId }
  | { k: 'startPlanet'; f: Faction } // R3.6 starting planet of that faction
  | { k: 'rebelLeaders'; min: number } // non-captured Rebel leaders on the planet
  | { k: 'captiveHere' } // the captured Rebel leader is on this planet
  | { k: 'adjacent'; p: PlanetPred } // some orthogonal neighbour satisfies p
  | { k: 'any'; of: PlanetPred[] }
  | { k: 'all'; of: PlanetPred[] }
  | { k: 'not'; p: PlanetPred }
  // Conditions on the whole game, usable inside a requirement:
  | { k: 'noCaptive' } // no Rebel leader is captured (R6.1.1)
  | { k: 'notRelocatedLastRound' }; // R-S4 cooldown (R6.2.7)

/** A number that may be a balance knob (config.thresholds[key]). */
export type Threshold = number | { cfg: string };

/** Conditions of objective cards, evaluated at a reveal window (R4.5). */
export type ObjectiveCond =
  | { k: 'countPlanets'; p: PlanetPred; min: Threshold } // planets on the board satisfying p
  | { k: 'sumUnits'; f: Faction; p: PlanetPred; min: Threshold; unit?: UnitType } // units on such planets
  | { k: 'eachSector'; p: PlanetPred } // every sector has ≥1 planet satisfying p
  | { k: 'baseHidden' }
  | { k: 'baseCardUnits'; min: Threshold }
  | { k: 'combatWonByRebel' } // R5.10, the combat that just ended
  | { k: 'combatDestroyed'; f: Faction; unit?: UnitType; min: Threshold }
  | { k: 'all'; of: ObjectiveCond[] }
  | { k: 'any'; of: ObjectiveCond[] };
