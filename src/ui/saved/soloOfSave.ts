/**
 * R9.11 — the knobs a saved solo game plays with. A save keeps them in its set-up (SoloSetup.level, since new games
 * take a copy of SOLO_LEVELS); a save from before that says only its difficulty, so the table of its day is found
 * by replaying its moves through the core with each candidate (today's first, then the past ones:
 * content/soloHistory.ts) and kept in the save from then on. A save has no fingerprint, so the first table all its
 * moves replay under is taken (src/game/record.ts `resolveSoloLevel` does the same for records, with theirs). Only
 * the rules core is used here: the record module stays out of the page's first load.
 */
import { DEFAULT_CONFIG, soloLevelCandidates, type GameConfig, type SoloSetup } from '../../game/content';
import { apply, createState, needsAdvance, run, seededRng } from '../../game/rules';
import type { SavedLocal, SavedMove } from './savedRecord';

/** Whether every move of the save is accepted by the core with these knobs. */
function replaysWith(seed: string, config: GameConfig, solo: SoloSetup, moves: SavedMove[]): boolean {
  try {
    const rng = seededRng(seed);
    const state = createState(rng, config, solo);
    while (needsAdvance(state)) run(state, rng);
    for (const m of moves) {
      if (state.winner || !apply(state, m.seat, m.action, rng)) return false;
      while (needsAdvance(state)) run(state, rng);
    }
    return true;
  } catch {
    return false;
  }
}

/** The save's solo set-up with its knobs (found and written into `saved` if it had none); undefined if not solo. */
export function soloOfSave(saved: SavedLocal): SoloSetup | undefined {
  if (saved.setup.mode !== 'solo') return undefined;
  const s = saved.setup.solo;
  if (!s.level) {
    const candidates = soloLevelCandidates(s.difficulty).map((level) => ({ bot: s.bot, difficulty: s.difficulty, level }));
    const config = saved.config ?? DEFAULT_CONFIG;
    saved.setup = { mode: 'solo', solo: candidates.find((c) => replaysWith(saved.seed, config, c, saved.moves)) ?? candidates[0] };
  }
  return saved.setup.solo;
}
