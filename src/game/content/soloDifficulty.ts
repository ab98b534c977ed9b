/**
 * RULES R9.11 — what each solo difficulty gives the rival deck, as data. The rules read only this table
 * (src/game/rules/setup.ts at setup, src/game/rules/soloTurn.ts on the bot's turn); a level is the sum of its
 * knobs, and every knob is ordered easy ≤ normal ≤ hard in what it gives the rival
 * (tests/unit/soloDifficulty.test.ts).
 */
import type { Difficulty } from './solo';

export interface SoloLevel {
  /** R9.4 step 2: the bot takes its default action (R9.6 Hunt / R9.7 Spread) on its first turn of each round. */
  firstTurnDefault: boolean;
  /** Rebel bot: objectives it draws at setup on top of R3.3's one (drawn right after it, before RNG-6). */
  rebelExtraObjectives: number;
  /** Imperial bot: starfighters moved from its supply onto Imperium at setup (before R3.7). */
  imperialExtraFighters: number;
  /** Imperial bot: probe cards it draws at setup, from the top of the probe deck right after RNG-11. */
  imperialSetupProbes: number;
  /** Imperial bot: probe cards it draws at each Refresh on top of R4.4.3's. */
  imperialExtraProbes: number;
  /** Rebel bot: objectives it draws at each Refresh on top of R4.4.4's. */
  rebelExtraObjectiveDraws: number;
  /** Rebel bot: the objective token starts this many spaces below R3.2's space 12 (closer to the time token). */
  rebelObjectiveHeadStart: number;
}

export const SOLO_LEVELS: Record<Difficulty, SoloLevel> = {
  easy: { firstTurnDefault: false, rebelExtraObjectives: 0, imperialExtraFighters: 0, imperialSetupProbes: 0, imperialExtraProbes: 0, rebelExtraObjectiveDraws: 0, rebelObjectiveHeadStart: 0 },
  normal: { firstTurnDefault: true, rebelExtraObjectives: 0, imperialExtraFighters: 0, imperialSetupProbes: 0, imperialExtraProbes: 0, rebelExtraObjectiveDraws: 0, rebelObjectiveHeadStart: 0 },
  hard: { firstTurnDefault: true, rebelExtraObjectives: 1, imperialExtraFighters: 2, imperialSetupProbes: 0, imperialExtraProbes: 0, rebelExtraObjectiveDraws: 0, rebelObjectiveHeadStart: 0 },
};

export function soloLevel(d: Difficulty): SoloLevel {
  return SOLO_LEVELS[d];
}
