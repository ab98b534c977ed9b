/**
 * RULES §9 — solo mode as data: the mode switch, the difficulty, and the few mission lines whose effect differs
 * from the 2-player reward ("Bot" lines in R7.5 / R7.6 that change what happens, and the human's "Solo player"
 * lines of R9.13). Target priorities are code (src/game/rules/soloTargets.ts): they are orderings, not effects.
 */
import type { Effect } from './missions';
import type { SoloLevel } from './soloDifficulty';
import type { Faction, MissionId } from './types';

/** R9.11 */
export type Difficulty = 'easy' | 'normal' | 'hard';
export const DIFFICULTIES: Difficulty[] = ['easy', 'normal', 'hard'];

/** How a game is set up: two players, or one human against the rival deck of faction `bot`. */
export interface SoloSetup {
  bot: Faction;
  difficulty: Difficulty;
  /**
   * R9.11 — the level's knobs as they were when the game was created (SOLO_LEVELS then). A game keeps them, so a
   * later change of the table never changes a game already started, saved or recorded. Absent in set-ups from
   * before the snapshot existed: those read the table (records and saves resolve it first: ./soloHistory.ts).
   */
  level?: SoloLevel;
}

/**
 * Bot lines whose effect differs from the 2P reward (the others apply the 2P effects, with the bot's choices
 * made by src/game/rules/soloChoices.ts). Special ids are card modules (src/game/rules/cards/), run as engine tasks.
 */
export const BOT_EFFECTS: Partial<Record<MissionId, Effect[]>> = {
  'I-S4': [{ k: 'placeUnits', f: 'I', unit: 'f', count: 2 }], // Bot: places 2 Imperial starfighters
  'R-04': [{ k: 'special', id: 'botSupplyDrop' }], // Bot: 2 starfighters on the base card while it is hidden
  'R-08': [{ k: 'special', id: 'botIntercept' }], // Bot: a uniformly drawn human planned mission
  'R-09': [{ k: 'special', id: 'botCouncil' }], // Bot: draws 1 objective
};

/** R9.13 — "Solo player" lines that differ from 2P (R-S4 differs only by the cleared-set reset, done in relocate). */
export const SOLO_PLAYER_EFFECTS: Partial<Record<MissionId, Effect[]>> = {
  'R-08': [{ k: 'special', id: 'soloIntercept' }], // the Imperial bot commits a pool leader, or discards its top card
};

/** Short original descriptions of the Bot lines, for the board. */
export const BOT_TEXT: Record<MissionId, string> = {
  'R-S1': 'Rally support: loyalty on a Production planet first.',
  'R-S2': 'Sabotage only where Imperial units stand: the Imperial starting planet first, then Production planets.',
  'R-S3': 'Free the captured leader.',
  'R-S4': 'Relocate only once the base is exposed or an Imperial capital-class unit moved this round; prefers a card far from Imperial units.',
  'R-01': 'Stir rebellion: Production planets first.',
  'R-02': 'Defection: the Imperial starting planet first, then the weakest garrison.',
  'R-03': 'Jump away from Imperial capital-class units: onto the hidden base card, or as far from the Empire as possible.',
  'R-04': 'Two starfighters: onto the hidden base card, or the revealed base planet.',
  'R-05': 'Disrupt the Imperial starting planet first; removes the earliest queued Imperial unit, capital ships first.',
  'R-06': 'Ambush the smallest garrison without the Star Fortress; starfighters first.',
  'R-07': 'A capital ship on a loyal Production planet first.',
  'R-08': 'Cancel one of your planned missions at random (or discard its own top card).',
  'R-09': 'Draws one objective.',
  'I-S1': 'Detain where most Rebel leaders stand; takes the leader with most icons.',
  'I-S2': 'Subjugate Production planets first; removes disruption before loyalty.',
  'I-S3': 'Patrol next to the most possible base planets.',
  'I-S4': 'Two starfighters near the hunt.',
  'I-01': 'Obliterate a possible base planet, or a planet with 3+ Rebel units.',
  'I-02': 'Deep-scan a random possible base planet while the base is hidden.',
  'I-03': 'Draw 2 probe cards.',
  'I-04': 'Garrison the planet nearest to the hunt.',
  'I-05': 'Crack down on loyal Production planets first.',
  'I-06': 'Interrogate: the hunt narrows to the announced sector.',
  'I-07': 'Hunt from the target without spending a leader.',
  'I-08': 'Barrage the largest Rebel force; capital ships first.',
  'I-09': 'Bury one of your objectives: Production planets first.',
};
