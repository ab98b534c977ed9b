import type { ObjectiveCond, PlanetPred } from './predicates';
import type { ObjectiveId } from './types';

/** R4.5.1 — when an objective can be revealed. */
export type ObjectiveTiming = 'operations' | 'refresh' | 'combat';

export interface ObjectiveDef {
  id: ObjectiveId;
  deck: 1 | 2;
  name: string;
  timing: ObjectiveTiming;
  condition: ObjectiveCond;
  /** Player-facing text in this project's own words. */
  text: string;
}

const onBoard: PlanetPred = { k: 'all', of: [] };
const rebelUnit: PlanetPred = { k: 'units', f: 'R', min: 1 };
const loyal: PlanetPred = { k: 'loyalty', has: true };
const disrupted: PlanetPred = { k: 'disrupt', has: true };
const production: PlanetPred = { k: 'type', type: 'production' };

export const OBJECTIVES: Record<ObjectiveId, ObjectiveDef> = {
  // R7.7 — deck I
  'O1-1': { id: 'O1-1', deck: 1, name: 'Spark of Defiance', timing: 'operations',
    condition: { k: 'countPlanets', p: loyal, min: { cfg: 'O1-1' } },
    text: 'End of Operations: 5 or more planets carry a loyalty marker.' },
  'O1-2': { id: 'O1-2', deck: 1, name: 'Strike and Vanish', timing: 'combat',
    condition: { k: 'combatWonByRebel' },
    text: 'After a combat: the Rebel won it.' },
  'O1-3': { id: 'O1-3', deck: 1, name: 'Jammed Shipyards', timing: 'operations',
    condition: { k: 'countPlanets', p: { k: 'all', of: [disrupted, { k: 'units', f: 'I', min: 1 }] }, min: { cfg: 'O1-3' } },
    text: 'End of Operations: 2 or more disrupted planets hold Imperial units.' },
  'O1-4': { id: 'O1-4', deck: 1, name: 'Forward Scouts', timing: 'operations',
    condition: { k: 'sumUnits', f: 'R', p: { k: 'all', of: [{ k: 'sector', sector: 1 }, { k: 'loyalty', has: false }] }, min: { cfg: 'O1-4' } },
    text: 'End of Operations: 2 or more Rebel units stand on sector 1 planets without loyalty (Imperium counts).' },
  'O1-5': { id: 'O1-5', deck: 1, name: 'Scattered Cells', timing: 'refresh',
    condition: { k: 'all', of: [
      { k: 'countPlanets', p: rebelUnit, min: { cfg: 'O1-5' } },
      { k: 'countPlanets', p: { k: 'all', of: [rebelUnit, { k: 'not', p: { k: 'type', type: 'loyal' } }] }, min: { cfg: 'O1-5b' } },
    ] },
    text: 'End of Refresh: Rebel units on 4 or more planets, at least 2 of them not Rebel Loyal.' },
  'O1-6': { id: 'O1-6', deck: 1, name: 'Hidden Reserve', timing: 'refresh',
    condition: { k: 'all', of: [{ k: 'baseHidden' }, { k: 'baseCardUnits', min: { cfg: 'O1-6' } }] },
    text: 'End of Refresh: the base is still hidden with 5 or more units on the base card.' },
  'O1-7': { id: 'O1-7', deck: 1, name: 'Frontier Friends', timing: 'operations',
    condition: { k: 'countPlanets', p: { k: 'all', of: [loyal, { k: 'sector', sector: 3 }] }, min: { cfg: 'O1-7' } },
    text: 'End of Operations: loyalty markers on 2 or more sector 3 planets.' },
  'O1-8': { id: 'O1-8', deck: 1, name: 'Secret Plans', timing: 'combat',
    condition: { k: 'combatDestroyed', f: 'I', unit: 's', min: 1 },
    text: 'After a combat: the Star Fortress was destroyed in it. While you hold this card you may show it to let your hits finish the Star Fortress.' },
  // R7.8 — deck II
  'O2-1': { id: 'O2-1', deck: 2, name: 'Network', timing: 'operations',
    condition: { k: 'countPlanets', p: { k: 'all', of: [production, { k: 'any', of: [loyal, disrupted, rebelUnit] }] }, min: { cfg: 'O2-1' } },
    text: 'End of Operations: 5 or more Production planets (Imperium too) each have loyalty, a disrupt token or a Rebel unit.' },
  'O2-2': { id: 'O2-2', deck: 2, name: 'Broken Line', timing: 'combat',
    condition: { k: 'all', of: [{ k: 'combatWonByRebel' }, { k: 'combatDestroyed', f: 'I', unit: 'c', min: 1 }] },
    text: 'After a combat: the Rebel won it and destroyed at least one Imperial capital ship.' },
  'O2-3': { id: 'O2-3', deck: 2, name: 'United Sectors', timing: 'operations',
    condition: { k: 'all', of: [
      { k: 'eachSector', p: { k: 'aligned', f: 'R' } },
      { k: 'countPlanets', p: { k: 'aligned', f: 'R' }, min: { cfg: 'O2-3' } },
    ] },
    text: 'End of Operations: every sector has a Rebel-aligned planet and 5 or more are Rebel-aligned in all.' },
  'O2-4': { id: 'O2-4', deck: 2, name: 'Rout', timing: 'combat',
    condition: { k: 'all', of: [{ k: 'combatWonByRebel' }, { k: 'combatDestroyed', f: 'I', min: { cfg: 'O2-4' } }] },
    text: 'After a combat: the Rebel won it and 3 or more Imperial units were destroyed.' },
  'O2-5': { id: 'O2-5', deck: 2, name: 'Knife at the Throat', timing: 'operations',
    condition: { k: 'any', of: [
      { k: 'sumUnits', f: 'R', p: { k: 'planet', id: 'IMP' }, min: 1 },
      { k: 'countPlanets', p: { k: 'all', of: [rebelUnit, { k: 'adjacent', p: { k: 'planet', id: 'IMP' } }] }, min: { cfg: 'O2-5' } },
    ] },
    text: 'End of Operations: a Rebel unit on Imperium, or Rebel units on 2 or more of its neighbours.' },
  'O2-6': { id: 'O2-6', deck: 2, name: 'Turncoat Garrison', timing: 'operations',
    condition: { k: 'countPlanets', p: { k: 'all', of: [{ k: 'startPlanet', f: 'I' }, { k: 'intact' }, { k: 'any', of: [loyal, disrupted] }] }, min: 1 },
    text: 'End of Operations: the Imperial starting planet is intact and loyal or disrupted.' },
  'O2-7': { id: 'O2-7', deck: 2, name: 'Blackout', timing: 'operations',
    condition: { k: 'countPlanets', p: { k: 'all', of: [disrupted, production] }, min: { cfg: 'O2-7' } },
    text: 'End of Operations: disrupt tokens on 3 or more Production planets.' },
  'O2-8': { id: 'O2-8', deck: 2, name: 'Liberation Fleet', timing: 'refresh',
    condition: { k: 'all', of: [
      { k: 'sumUnits', f: 'R', p: onBoard, min: { cfg: 'O2-8' } },
      { k: 'sumUnits', f: 'R', p: onBoard, unit: 'c', min: 1 },
    ] },
    text: 'End of Refresh: 6 or more Rebel units on planets, at least one a capital ship.' },
};

export const OBJECTIVE_IDS = Object.keys(OBJECTIVES) as ObjectiveId[];
export const DECK_I = OBJECTIVE_IDS.filter((id) => OBJECTIVES[id].deck === 1);
export const DECK_II = OBJECTIVE_IDS.filter((id) => OBJECTIVES[id].deck === 2);
export const SECRET_PLANS: ObjectiveId = 'O1-8';
