import type { PlanetPred } from './predicates';
import type { Attribute, Faction, MissionId } from './types';

/** Mission rewards, as a small vocabulary; `special` names the few bespoke effects (one module each: src/game/rules/cards/). */
export type Effect =
  | { k: 'placeToken'; token: 'loyalty' | 'disrupt' }
  | { k: 'removeToken'; mode: 'choose' | 'both' } // I-S2 (choose one), I-05 (both)
  | { k: 'placeUnits'; f: Faction; unit: 'f' | 'c'; count: number; fallback?: { unit: 'f' | 'c'; count: number } }
  | { k: 'strike'; white: number; black: number } // R5.12
  | { k: 'drawProbes'; count: number }
  | { k: 'special'; id: SpecialEffect };

export type SpecialEffect =
  | 'rescue' // R-S3
  | 'relocate' // R-S4, R6.2.7
  | 'slipstream'
  | 'queueSabotage' // R-05 second half
  | 'intercept'
  | 'council'
  | 'detain' // I-S1
  | 'patrol' // I-S3
  | 'obliterate' // I-01, R6.4
  | 'deepScan' // I-02
  | 'interrogate' // I-06
  | 'pursuit' // I-07
  | 'propaganda' // I-09
  // Solo mode (RULES §9, src/game/content/solo.ts): card modules too, run as engine tasks.
  | 'botSupplyDrop' | 'botIntercept' | 'botCouncil' | 'soloIntercept';

export interface MissionDef {
  id: MissionId;
  faction: Faction;
  name: string;
  starting: boolean;
  /** null = no attribute: cannot be opposed (R4.2.4 step 4, C17). */
  attribute: Attribute | null;
  requirement: PlanetPred[]; // all must hold for the target planet
  effects: Effect[];
  /** Player-facing summary in this project's own words. */
  text: string;
}

const intact: PlanetPred = { k: 'intact' };
const lettered: PlanetPred = { k: 'lettered' };
const rebelUnit: PlanetPred = { k: 'units', f: 'R', min: 1 };
const noRebelUnit: PlanetPred = { k: 'units', f: 'R', max: 0 };
const impUnit: PlanetPred = { k: 'units', f: 'I', min: 1 };
const noImpUnit: PlanetPred = { k: 'units', f: 'I', max: 0 };
const loyal: PlanetPred = { k: 'loyalty', has: true };
const notLoyal: PlanetPred = { k: 'loyalty', has: false };
const disrupted: PlanetPred = { k: 'disrupt', has: true };
const notDisrupted: PlanetPred = { k: 'disrupt', has: false };
const impCapital: PlanetPred = { k: 'capitalClass', f: 'I' };

function m(def: MissionDef): MissionDef {
  return def;
}

export const MISSIONS: Record<MissionId, MissionDef> = {
  // R7.5 — Rebel missions
  'R-S1': m({
    id: 'R-S1', faction: 'R', name: 'Rally Support', starting: true, attribute: 'D',
    requirement: [intact, lettered, rebelUnit, noImpUnit, notLoyal],
    effects: [{ k: 'placeToken', token: 'loyalty' }],
    text: 'Target a planet where your units stand unopposed and no loyalty marker lies yet. Win the people over: add a loyalty marker.',
  }),
  'R-S2': m({
    id: 'R-S2', faction: 'R', name: 'Sabotage', starting: true, attribute: 'I',
    requirement: [intact, lettered, notDisrupted, { k: 'any', of: [rebelUnit, { k: 'adjacent', p: rebelUnit }] }],
    effects: [{ k: 'placeToken', token: 'disrupt' }],
    text: 'Target an undisrupted planet that holds your units or borders one that does. Place a disrupt token: it produces nothing and refuses most deployments.',
  }),
  'R-S3': m({
    id: 'R-S3', faction: 'R', name: 'Daring Rescue', starting: true, attribute: 'F',
    requirement: [{ k: 'captiveHere' }],
    effects: [{ k: 'special', id: 'rescue' }],
    text: 'Target the planet where your captured leader is held. Free the leader: back to your pool at once.',
  }),
  'R-S4': m({
    id: 'R-S4', faction: 'R', name: 'Covert Relocation', starting: true, attribute: 'I',
    requirement: [intact, lettered, { k: 'any', of: [rebelUnit, loyal] }, { k: 'notRelocatedLastRound' }],
    effects: [{ k: 'special', id: 'relocate' }],
    text: 'Target a planet with your units or a loyalty marker (not in the round of a relocation nor during its cooldown, R6.2.7). Look at the top probe cards and you may move your base to one of them.',
  }),
  'R-01': m({
    id: 'R-01', faction: 'R', name: 'Stir Rebellion', starting: false, attribute: 'D',
    requirement: [intact, lettered, notLoyal, noImpUnit, { k: 'adjacent', p: loyal }],
    effects: [{ k: 'placeToken', token: 'loyalty' }],
    text: 'Target a planet free of Imperial units and loyalty, next to a loyal planet. Add a loyalty marker.',
  }),
  'R-02': m({
    id: 'R-02', faction: 'R', name: 'Defection', starting: false, attribute: 'D',
    requirement: [intact, lettered, impUnit, { k: 'sf', has: false }, notLoyal],
    effects: [{ k: 'placeToken', token: 'loyalty' }],
    text: 'Target a planet held by Imperial units (not the Star Fortress) with no loyalty marker. Add one: the Empire loses its production and deployment there.',
  }),
  'R-03': m({
    id: 'R-03', faction: 'R', name: 'Slipstream Jump', starting: false, attribute: null,
    requirement: [rebelUnit],
    effects: [{ k: 'special', id: 'slipstream' }],
    text: 'Cannot be opposed. Target a planet with your units. Jump any of them up to 2 spaces to a planet free of Imperial units, or onto the hidden base card.',
  }),
  'R-04': m({
    id: 'R-04', faction: 'R', name: 'Supply Drop', starting: false, attribute: null,
    requirement: [{ k: 'any', of: [{ k: 'aligned', f: 'R' }, { k: 'revealedBase' }] }],
    effects: [{ k: 'placeUnits', f: 'R', unit: 'f', count: 2 }],
    text: 'Cannot be opposed. Target a Rebel-aligned planet or your revealed base. Up to 2 starfighters from your supply appear there.',
  }),
  'R-05': m({
    id: 'R-05', faction: 'R', name: 'Sabotage Cell', starting: false, attribute: 'I',
    requirement: [intact, lettered, impUnit, notDisrupted],
    effects: [{ k: 'placeToken', token: 'disrupt' }, { k: 'special', id: 'queueSabotage' }],
    text: 'Target an undisrupted planet with Imperial units. Disrupt it, and send one unit of your choice from the Imperial build queue back to supply.',
  }),
  'R-06': m({
    id: 'R-06', faction: 'R', name: 'Ambush', starting: false, attribute: 'F',
    requirement: [impUnit, { k: 'adjacent', p: rebelUnit }],
    effects: [{ k: 'strike', white: 1, black: 2 }],
    text: 'Target Imperial units next to your forces. Strike them with 2 black and 1 white die; nothing fires back.',
  }),
  'R-07': m({
    id: 'R-07', faction: 'R', name: 'Inspire Uprising', starting: false, attribute: 'D',
    requirement: [intact, lettered, loyal, noImpUnit],
    effects: [{ k: 'placeUnits', f: 'R', unit: 'c', count: 1, fallback: { unit: 'f', count: 1 } }],
    text: 'Target a loyal planet with no Imperial units. A capital ship from your supply joins you there (a starfighter if none is left).',
  }),
  'R-08': m({
    id: 'R-08', faction: 'R', name: 'Intercepted Orders', starting: false, attribute: 'I',
    requirement: [noImpUnit, { k: 'any', of: [rebelUnit, loyal] }],
    effects: [{ k: 'special', id: 'intercept' }],
    text: 'Target a planet with your units or loyalty and no Imperial units. Read every facedown Imperial mission and cancel one: it goes back to hand and its leader is stuck on the target. No planned mission: draw a card instead.',
  }),
  'R-09': m({
    id: 'R-09', faction: 'R', name: 'Hidden Council', starting: false, attribute: 'D',
    requirement: [intact, lettered, loyal],
    effects: [{ k: 'special', id: 'council' }],
    text: 'Target a loyal planet. Draw 2 objectives, keep one and put the other at the bottom of the deck.',
  }),
  // R7.6 — Imperial missions
  'I-S1': m({
    id: 'I-S1', faction: 'I', name: 'Detain', starting: true, attribute: 'F',
    requirement: [impUnit, { k: 'rebelLeaders', min: 1 }, { k: 'noCaptive' }],
    effects: [{ k: 'special', id: 'detain' }],
    text: 'Target a planet where your units stand beside a free Rebel leader (only while nobody is held). Capture that leader.',
  }),
  'I-S2': m({
    id: 'I-S2', faction: 'I', name: 'Subjugate', starting: true, attribute: 'D',
    requirement: [intact, lettered, impUnit, { k: 'any', of: [loyal, disrupted] }],
    effects: [{ k: 'removeToken', mode: 'choose' }],
    text: 'Target a planet with your units and a loyalty marker or disrupt token. Remove one of them.',
  }),
  'I-S3': m({
    id: 'I-S3', faction: 'I', name: 'Patrol Sweep', starting: true, attribute: 'I',
    requirement: [impCapital],
    effects: [{ k: 'special', id: 'patrol' }],
    text: 'Target a planet with your capital ship or Star Fortress. Name a neighbouring planet: if the hidden base is there it is exposed, otherwise everyone learns it is not there now.',
  }),
  'I-S4': m({
    id: 'I-S4', faction: 'I', name: 'Muster', starting: true, attribute: 'F',
    requirement: [{ k: 'aligned', f: 'I' }, impCapital],
    effects: [{ k: 'placeUnits', f: 'I', unit: 'f', count: 1 }],
    text: 'Target an Imperial-aligned planet with a capital-class unit. A starfighter from your supply joins it.',
  }),
  'I-01': m({
    id: 'I-01', faction: 'I', name: 'Obliterator', starting: false, attribute: 'F',
    requirement: [intact, lettered, { k: 'any', of: [{ k: 'sf', has: true }, { k: 'adjacent', p: { k: 'sf', has: true } }] }],
    effects: [{ k: 'special', id: 'obliterate' }],
    text: 'Target the Star Fortress’s planet or a neighbour. Destroy the planet: Rebel units and tokens there are gone. If the base was there, the Empire wins.',
  }),
  'I-02': m({
    id: 'I-02', faction: 'I', name: 'Deep Scan', starting: false, attribute: 'I',
    requirement: [intact, lettered, noImpUnit],
    effects: [{ k: 'special', id: 'deepScan' }],
    text: 'Target a planet with no Imperial units. If the hidden base is there it is exposed; otherwise take that planet’s probe card from the deck, openly.',
  }),
  'I-03': m({
    id: 'I-03', faction: 'I', name: 'Informant Network', starting: false, attribute: 'I',
    requirement: [impUnit],
    effects: [{ k: 'drawProbes', count: 2 }],
    text: 'Target a planet with your units. Draw 2 probe cards.',
  }),
  'I-04': m({
    id: 'I-04', faction: 'I', name: 'Garrison Order', starting: false, attribute: 'F',
    requirement: [{ k: 'aligned', f: 'I' }, noRebelUnit],
    effects: [{ k: 'placeUnits', f: 'I', unit: 'c', count: 1, fallback: { unit: 'f', count: 2 } }],
    text: 'Target an Imperial-aligned planet without Rebel units. A capital ship from supply arrives (or up to 2 starfighters if none is left).',
  }),
  'I-05': m({
    id: 'I-05', faction: 'I', name: 'Crackdown', starting: false, attribute: 'D',
    requirement: [intact, lettered, { k: 'any', of: [loyal, disrupted] }, { k: 'any', of: [impUnit, { k: 'adjacent', p: impUnit }] }],
    effects: [{ k: 'removeToken', mode: 'both' }],
    text: 'Target a planet with loyalty or disruption that holds your units or borders them. Remove both markers.',
  }),
  'I-06': m({
    id: 'I-06', faction: 'I', name: 'Interrogation', starting: false, attribute: 'I',
    requirement: [{ k: 'captiveHere' }],
    effects: [{ k: 'special', id: 'interrogate' }],
    text: 'Target the planet holding your prisoner. If the base is hidden, its sector is announced to all; otherwise draw a probe card.',
  }),
  'I-07': m({
    id: 'I-07', faction: 'I', name: 'Rapid Pursuit', starting: false, attribute: null,
    requirement: [impCapital],
    effects: [{ k: 'special', id: 'pursuit' }],
    text: 'Cannot be opposed. Target a planet with your capital-class unit. Move a fleet from there without spending a leader.',
  }),
  'I-08': m({
    id: 'I-08', faction: 'I', name: 'Orbital Barrage', starting: false, attribute: 'F',
    requirement: [rebelUnit, { k: 'adjacent', p: impCapital }],
    effects: [{ k: 'strike', white: 2, black: 1 }],
    text: 'Target Rebel units next to your capital-class unit. Strike them with 2 white and 1 black die; nothing fires back.',
  }),
  'I-09': m({
    id: 'I-09', faction: 'I', name: 'Propaganda', starting: false, attribute: 'D',
    requirement: [intact, lettered, impUnit, notLoyal],
    effects: [{ k: 'special', id: 'propaganda' }],
    text: 'Target a planet with your units and no loyalty. Pick one of the Rebel’s objectives at random, read it and bury it under the objective deck.',
  }),
};

export const MISSION_IDS = Object.keys(MISSIONS) as MissionId[];
export const STARTING_MISSIONS: Record<Faction, MissionId[]> = {
  R: MISSION_IDS.filter((id) => MISSIONS[id].faction === 'R' && MISSIONS[id].starting),
  I: MISSION_IDS.filter((id) => MISSIONS[id].faction === 'I' && MISSIONS[id].starting),
};
export const DECK_MISSIONS: Record<Faction, MissionId[]> = {
  R: MISSION_IDS.filter((id) => MISSIONS[id].faction === 'R' && !MISSIONS[id].starting),
  I: MISSION_IDS.filter((id) => MISSIONS[id].faction === 'I' && !MISSIONS[id].starting),
};
