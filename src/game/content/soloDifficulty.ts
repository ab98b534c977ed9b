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
  easy: {
    firstTurnDefault: false, rebelExtraObjectives: 0, imperialExtraFighters: 0,
    imperialSetupProbes: 0, imperialExtraProbes: 0, rebelExtraObjectiveDraws: 0, rebelObjectiveHeadStart: 0,
  },
  // Imperial knobs since issue 24 item 5 (were 0): docs/SOLO.md "Difficulty study". No extra probe each Refresh:
  // tuned as 1 + 1 when B7.4's default was 1; the default is now 2 (issue 24), the same total.
  normal: {
    firstTurnDefault: true, rebelExtraObjectives: 0, imperialExtraFighters: 2,
    imperialSetupProbes: 2, imperialExtraProbes: 0, rebelExtraObjectiveDraws: 0, rebelObjectiveHeadStart: 0,
  },
  // Imperial knobs since issue 24 item 5 (were 2 starfighters, no probes): docs/SOLO.md "Difficulty study".
  // Extra probes each Refresh 0, as normal: B7.4's default of 2 keeps the tuned total.
  hard: {
    firstTurnDefault: true, rebelExtraObjectives: 1, imperialExtraFighters: 4,
    imperialSetupProbes: 4, imperialExtraProbes: 0, rebelExtraObjectiveDraws: 0, rebelObjectiveHeadStart: 0,
  },
};

export function soloLevel(d: Difficulty): SoloLevel {
  return SOLO_LEVELS[d];
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What a level gives one rival, in words (start screen, rules reference); empty when nothing. */
export function soloLevelGifts(d: Difficulty, bot: 'R' | 'I'): string[] {
  const L = SOLO_LEVELS[d];
  const out: string[] = [];
  if (bot === 'I') {
    if (L.imperialExtraFighters > 0) out.push(`${plural(L.imperialExtraFighters, 'more starfighter')} on Imperium`);
    if (L.imperialSetupProbes > 0) out.push(`${plural(L.imperialSetupProbes, 'probe card')} at setup`);
    if (L.imperialExtraProbes > 0) out.push(`${plural(L.imperialExtraProbes, 'more probe card')} each Refresh`);
  } else {
    if (L.rebelExtraObjectives > 0) out.push(`${plural(L.rebelExtraObjectives, 'more objective')} at setup`);
    if (L.rebelExtraObjectiveDraws > 0) out.push(`${plural(L.rebelExtraObjectiveDraws, 'more objective')} each Refresh`);
    if (L.rebelObjectiveHeadStart > 0) out.push(`its objective token starts ${plural(L.rebelObjectiveHeadStart, 'space')} lower`);
  }
  return out;
}

/** One level in one sentence, from the table: R9.4 step 2, then each rival's gifts. */
export function soloLevelText(d: Difficulty): string {
  const parts: string[] = [];
  if (!SOLO_LEVELS[d].firstTurnDefault) parts.push('The rival never opens a round with its default move.');
  const i = soloLevelGifts(d, 'I');
  const r = soloLevelGifts(d, 'R');
  if (i.length > 0) parts.push(`Imperial rival: ${i.join(', ')}.`);
  if (r.length > 0) parts.push(`Rebel rival: ${r.join(', ')}.`);
  return parts.length > 0 ? parts.join(' ') : 'As the rules are written.';
}
