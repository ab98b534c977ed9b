/**
 * R9.11 — the knobs a saved solo game plays with. A save keeps them in its set-up (SoloSetup.level, since new games
 * take a copy of SOLO_LEVELS); a save from before that says only its difficulty, so the table of its day is found
 * by replaying its moves through the core (src/game/record.ts `resolveSoloLevel`) and kept in the save from then on.
 */
import { DEFAULT_CONFIG, type SoloSetup } from '../../game/content';
import { resolveSoloLevel } from '../../game/record';
import type { SavedLocal } from './savedRecord';

/** The save's solo set-up with its knobs (found and written into `saved` if it had none); undefined if not solo. */
export function soloOfSave(saved: SavedLocal): SoloSetup | undefined {
  if (saved.setup.mode !== 'solo') return undefined;
  const s = saved.setup.solo;
  if (!s.level) {
    saved.setup = {
      mode: 'solo',
      solo: resolveSoloLevel({
        seed: saved.seed, config: saved.config ?? DEFAULT_CONFIG, solo: s, result: null,
        actions: saved.moves.map((m) => ({ seat: m.seat, action: m.action, at: 0 })),
      }),
    };
  }
  return saved.setup.solo;
}
