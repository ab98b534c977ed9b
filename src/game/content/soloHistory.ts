/**
 * R9.11 — the SOLO_LEVELS tables of the games that did not keep their knobs, newest first. A game created before set-ups kept their
 * level's knobs (SoloSetup.level) says only its difficulty; a record or a saved game of that kind is replayed with
 * each of these in turn until one reproduces it (src/game/record.ts `resolveSoloLevel`). New games carry their
 * knobs, so a future change of SOLO_LEVELS needs no entry here; these are the tables of the games that did not.
 */
import type { Difficulty } from './solo';
import { SOLO_LEVELS, type SoloLevel } from './soloDifficulty';

const zero: SoloLevel = {
  firstTurnDefault: false, extraDefaultTurns: 0, rebelExtraObjectives: 0, imperialExtraFighters: 0, imperialSetupProbes: 0,
  imperialTimeBonus: 0, imperialExtraProbes: 0, rebelExtraObjectiveDraws: 0, rebelObjectiveHeadStart: 0,
  imperialSectorIntel: false, // no past table had it (session 10)
};
const lv = (o: Partial<SoloLevel>): SoloLevel => ({ ...zero, ...o });

/**
 * The tables of games that did not keep their knobs, newest first (git: 08238cc, a07bbf5, db6648a, 63a984d). The
 * first is the table of the day snapshots began: written out here, so a later change of SOLO_LEVELS keeps it.
 */
// A function, not a constant: only replays of old records and saves need the tables, so a bundle that never calls it
// leaves them out (the board's first load: tests/e2e/a11y.test.ts).
export function pastSoloLevels(): readonly Record<Difficulty, SoloLevel>[] {
  return [
  // 2026-12-05 (08238cc) until games kept their knobs: the Rebel rival's head start and objectives.
  {
    easy: lv({}),
    normal: lv({ firstTurnDefault: true, rebelExtraObjectives: 1, imperialExtraFighters: 2, imperialSetupProbes: 2, rebelObjectiveHeadStart: 3 }),
    hard: lv({ firstTurnDefault: true, rebelExtraObjectives: 2, imperialExtraFighters: 4, imperialSetupProbes: 4, rebelObjectiveHeadStart: 5 }),
  },
  // 2026-12-04 (a07bbf5) to 2026-12-05 (08238cc): no extra probe each Refresh; Rebel rival as first shipped.
  {
    easy: lv({}),
    normal: lv({ firstTurnDefault: true, imperialExtraFighters: 2, imperialSetupProbes: 2 }),
    hard: lv({ firstTurnDefault: true, rebelExtraObjectives: 1, imperialExtraFighters: 4, imperialSetupProbes: 4 }),
  },
  // 2026-12-04 (db6648a): one extra probe each Refresh on normal and hard.
  {
    easy: lv({}),
    normal: lv({ firstTurnDefault: true, imperialExtraFighters: 2, imperialSetupProbes: 2, imperialExtraProbes: 1 }),
    hard: lv({ firstTurnDefault: true, rebelExtraObjectives: 1, imperialExtraFighters: 4, imperialSetupProbes: 4, imperialExtraProbes: 1 }),
  },
  // The first rules of §9 (to 63a984d): hard gives 2 starfighters and 1 objective.
  {
    easy: lv({}),
    normal: lv({ firstTurnDefault: true }),
    hard: lv({ firstTurnDefault: true, rebelExtraObjectives: 1, imperialExtraFighters: 2 }),
  },
];
}

/** The distinct knob sets a set-up without its own could have been played with, today's first. */
export function soloLevelCandidates(d: Difficulty): SoloLevel[] {
  const out: SoloLevel[] = [];
  for (const t of [SOLO_LEVELS, ...pastSoloLevels()]) {
    if (!out.some((l) => JSON.stringify(l) === JSON.stringify(t[d]))) out.push({ ...t[d] });
  }
  return out;
}
