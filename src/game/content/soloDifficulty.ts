/**
 * RULES R9.11 — what each solo difficulty gives the rival deck, as data. The rules read only this table
 * (src/game/rules/setup.ts at setup, src/game/rules/soloTurn.ts on the bot's turn); a level is the sum of its
 * knobs, and every knob is ordered easy ≤ normal ≤ hard in what it gives the rival
 * (tests/unit/soloDifficulty.test.ts).
 */
import type { Difficulty, SoloSetup } from './solo';

export interface SoloLevel {
  /** R9.4 step 2: the bot takes its default action (R9.6 Hunt / R9.7 Spread) on its first turn of each round. */
  firstTurnDefault: boolean;
  /**
   * R9.4 step 2 also on this many more turns of the round, right after the first (only with firstTurnDefault):
   * tempo for a rival that loses on the clock rather than for want of cards (docs/SOLO.md "Difficulty study").
   */
  extraDefaultTurns: number;
  /** Rebel bot: objectives it draws at setup on top of R3.3's one (drawn right after it, before RNG-6). */
  rebelExtraObjectives: number;
  /** Imperial bot: starfighters moved from its supply onto Imperium at setup (before R3.7). */
  imperialExtraFighters: number;
  /** Imperial bot: probe cards it draws at setup, from the top of the probe deck right after RNG-11. */
  imperialSetupProbes: number;
  /**
   * Imperial bot: the objective token starts this many spaces above R3.2's space 12, so the human Rebel needs that
   * much longer to win (a rival that loses on the Rebel's timer gets time, not cards: docs/SOLO.md).
   */
  imperialTimeBonus: number;
  /** Imperial bot: probe cards it draws at each Refresh on top of R4.4.3's. */
  imperialExtraProbes: number;
  /** Rebel bot: objectives it draws at each Refresh on top of R4.4.4's. */
  rebelExtraObjectiveDraws: number;
  /**
   * Rebel bot: the objective token starts this many spaces below R3.2's space 12 (closer to the time token);
   * negative on a level that handicaps the rival (the token starts above 12, so it needs longer to win).
   */
  rebelObjectiveHeadStart: number;
  /**
   * Imperial bot: its intelligence announces the hidden base's sector (as I-06 does) whenever the base is placed
   * (R3.9) or moved hidden (R6.2.7): the rival's search, not its strength, is what a harder level lacked
   * (docs/SOLO.md). Absent in snapshots made before it existed: off.
   */
  imperialSectorIntel?: boolean;
}

export const SOLO_LEVELS: Record<Difficulty, SoloLevel> = {
  easy: {
    firstTurnDefault: false, extraDefaultTurns: 0, rebelExtraObjectives: 0, imperialExtraFighters: 0,
    imperialSetupProbes: 0, imperialTimeBonus: 0, imperialExtraProbes: 0, rebelExtraObjectiveDraws: 0, rebelObjectiveHeadStart: 0,
    imperialSectorIntel: false,
  },
  // Imperial knobs since issue 24 item 5 (were 0): docs/SOLO.md "Difficulty study". No extra probe each Refresh:
  // tuned as 1 + 1 when B7.4's default was 1; the default is now 2 (issue 24), the same total. Rebel knobs since
  // session 8 (were 0): the searching human Imperial beat the Rebel rival 82 % (docs/SOLO.md "Session 8").
  normal: {
    firstTurnDefault: true, extraDefaultTurns: 0, rebelExtraObjectives: 1, imperialExtraFighters: 2,
    imperialSetupProbes: 2, imperialTimeBonus: 0, imperialExtraProbes: 0, rebelExtraObjectiveDraws: 0, rebelObjectiveHeadStart: 3,
    imperialSectorIntel: true, // session 10: the human Rebel won 69 % without it, 50 % with it over 200 games (docs/SOLO.md)
  },
  // Imperial knobs since issue 24 item 5 (were 2 starfighters, no probes): docs/SOLO.md "Difficulty study".
  // Extra probes each Refresh 0, as normal: B7.4's default of 2 keeps the tuned total. Rebel knobs since session 8
  // (were 1 extra objective, no head start): the human Imperial's share fell from 78 % to 21 % (docs/SOLO.md).
  // Session 10 (docs/SOLO.md): the Imperial rival's sector intelligence, a second opening Hunt each round and 2
  // more rounds on the human Rebel's clock (human 29 % over 200 games, was 64 % on the same seeds); the second
  // opening move holds the Rebel rival's share at 23 %.
  hard: {
    firstTurnDefault: true, extraDefaultTurns: 1, rebelExtraObjectives: 2, imperialExtraFighters: 4,
    imperialSetupProbes: 4, imperialTimeBonus: 2, imperialExtraProbes: 0, rebelExtraObjectiveDraws: 0, rebelObjectiveHeadStart: 5,
    imperialSectorIntel: true,
  },
};

/** The knobs a game plays with: its own snapshot (SoloSetup.level), else today's table for its difficulty. */
export function soloLevel(solo: { difficulty: Difficulty; level?: SoloLevel }): SoloLevel {
  return solo.level ?? SOLO_LEVELS[solo.difficulty];
}

/** A solo set-up with its level's knobs copied in (what a new game keeps: SoloSetup.level). */
export function withSoloLevel(solo: SoloSetup): SoloSetup {
  return { bot: solo.bot, difficulty: solo.difficulty, level: { ...soloLevel(solo) } };
}

/**
 * The on/off knobs a snapshot may hold: required ones, and optional ones a snapshot made before the knob existed
 * lacks (read as off).
 */
const SOLO_LEVEL_BOOLEANS = { firstTurnDefault: 'required', imperialSectorIntel: 'optional' } as const satisfies Partial<
  Record<keyof SoloLevel, 'required' | 'optional'>
>;
type BooleanKnob = keyof typeof SOLO_LEVEL_BOOLEANS;

/** Range of each knob (integers) a snapshot may hold: what a record, a save or setupData is checked against. */
export const SOLO_LEVEL_INT_BOUNDS: Record<Exclude<keyof SoloLevel, BooleanKnob>, [number, number]> = {
  extraDefaultTurns: [0, 5], rebelExtraObjectives: [0, 5], imperialExtraFighters: [0, 10], imperialSetupProbes: [0, 10],
  imperialTimeBonus: [0, 8], imperialExtraProbes: [0, 5], rebelExtraObjectiveDraws: [0, 5], rebelObjectiveHeadStart: [-10, 10],
};

/** Why `x` is not a valid SoloLevel (exactly its knobs, each in range), or null. */
export function soloLevelProblem(x: unknown, where = 'level'): string | null {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return `${where}: an object is expected`;
  const o = x as Record<string, unknown>;
  const keys = [...Object.keys(SOLO_LEVEL_BOOLEANS), ...Object.keys(SOLO_LEVEL_INT_BOUNDS)];
  for (const k of Object.keys(o)) if (!keys.includes(k)) return `${where}: unknown knob ${k.slice(0, 40)}`;
  for (const [k, need] of Object.entries(SOLO_LEVEL_BOOLEANS)) {
    if (o[k] === undefined && need === 'optional') continue;
    if (typeof o[k] !== 'boolean') return `${where}.${k} must be true or false`;
  }
  for (const [k, [lo, hi]] of Object.entries(SOLO_LEVEL_INT_BOUNDS)) {
    const v = o[k];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi) return `${where}.${k} must be a whole number from ${lo} to ${hi}`;
  }
  return null;
}

/**
 * R3.2 with R9.11: where the objective token starts. A Rebel rival's head start moves it nearer the time token; an
 * Imperial rival's time bonus moves it farther from the human Rebel.
 */
export function objectiveStartFor(objectiveStart: number, solo?: SoloSetup | null): number {
  if (!solo) return objectiveStart;
  const L = soloLevel(solo);
  return objectiveStart - (solo.bot === 'R' ? L.rebelObjectiveHeadStart : 0) + (solo.bot === 'I' ? L.imperialTimeBonus : 0);
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** "a, b and c". */
const and = (xs: string[]) => (xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);

/**
 * R9.4 step 2 in a player's words (issue 20 item 8): what each rival's opening move does (R9.6 Hunt, R9.7 Strike
 * or Spread), as "… by hunting for …" and as "… hunts for …".
 */
const OPENING: Record<'R' | 'I', { ing: string; does: string }> = {
  I: { ing: 'hunting for your base with a fleet led by a capital ship', does: 'hunts for the Rebel base' },
  R: { ing: 'attacking a weak Imperial group next door or spreading to an empty planet', does: 'attacks a weak Imperial group next door or spreads to an empty planet' },
};

/** What a level gives one rival, in plain words (start screen, rules reference); empty when nothing. */
export function soloLevelGifts(d: Difficulty, bot: 'R' | 'I'): string[] {
  const L = SOLO_LEVELS[d];
  const out: string[] = [];
  if (bot === 'I') {
    if (L.imperialExtraFighters > 0) out.push(`${plural(L.imperialExtraFighters, 'extra starfighter')} on Imperium`);
    if (L.imperialSetupProbes > 0) out.push(`${plural(L.imperialSetupProbes, 'probe card')}, each ruling out a planet for the base`);
    if (L.imperialExtraProbes > 0) out.push(`${plural(L.imperialExtraProbes, 'more probe card')} at every Refresh`);
    if (L.imperialTimeBonus > 0) out.push(`the Rebel's objective token ${plural(L.imperialTimeBonus, 'space')} farther from the time token, more time to hunt`);
    if (L.imperialSectorIntel) out.push('an informant who names the sector of your hidden base each time you place or move it');
  } else {
    if (L.rebelExtraObjectives > 0) out.push(plural(L.rebelExtraObjectives, 'more secret objective'));
    if (L.rebelExtraObjectiveDraws > 0) out.push(`${plural(L.rebelExtraObjectiveDraws, 'more objective')} drawn at every Refresh`);
    if (L.rebelObjectiveHeadStart > 0) out.push(`its objective token ${plural(L.rebelObjectiveHeadStart, 'space')} nearer the time token, closer to winning`);
  }
  return out;
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five'];
/** "two turns". */
const turns = (n: number) => `${NUMBER_WORDS[n] ?? n} turn${n === 1 ? '' : 's'}`;

/** A handicap on a Rebel rival (a negative head start), in plain words; null when none. */
function rebelHandicap(d: Difficulty): string | null {
  const back = -SOLO_LEVELS[d].rebelObjectiveHeadStart;
  return back > 0 ? `objective token starts ${plural(back, 'space')} farther from the time token, so it needs longer to win` : null;
}

/**
 * One level for one rival, in a player's words: the start screen, once the player has picked a side and so the
 * rival's faction is known. From the table: R9.4 step 2, then the rival's gifts (or its handicap).
 */
export function soloLevelWords(d: Difficulty, bot: 'R' | 'I'): string {
  const L = SOLO_LEVELS[d];
  const opening = !L.firstTurnDefault
    ? `It only plays its cards: it never starts a round by ${OPENING[bot].ing}.`
    : L.extraDefaultTurns > 0
      ? `It spends its first ${turns(1 + L.extraDefaultTurns)} of every round ${OPENING[bot].ing}, then plays its cards.`
      : `It starts every round by ${OPENING[bot].ing}, then plays its cards.`;
  const gifts = soloLevelGifts(d, bot);
  const handicap = bot === 'R' ? rebelHandicap(d) : null;
  const rest = gifts.length > 0 ? `It also begins with ${and(gifts)}.` : handicap ? `Its ${handicap}.` : 'No extra units or cards.';
  return `${opening} ${rest}`;
}

/** One level in a few sentences for both rivals (the rules reference, R9.11), from the table. */
export function soloLevelText(d: Difficulty): string {
  const L = SOLO_LEVELS[d];
  const parts: string[] = [];
  const both = `(an Imperial rival ${OPENING.I.does}, a Rebel rival ${OPENING.R.does})`;
  parts.push(!L.firstTurnDefault
    ? `The rival only plays its cards: it never starts a round by hunting for the base (an Imperial rival) or by attacking or spreading (a Rebel rival).`
    : L.extraDefaultTurns > 0
      ? `The rival spends its first ${turns(1 + L.extraDefaultTurns)} of every round on its opening move ${both}, then plays its cards.`
      : `The rival starts every round with its opening move ${both}, then plays its cards.`);
  const i = soloLevelGifts(d, 'I');
  const r = soloLevelGifts(d, 'R');
  if (i.length > 0) parts.push(`An Imperial rival also begins with ${and(i)}.`);
  if (r.length > 0) parts.push(`A Rebel rival also begins with ${and(r)}.`);
  const handicap = rebelHandicap(d);
  if (handicap) parts.push(`A Rebel rival's ${handicap}.`);
  return parts.join(' ');
}
