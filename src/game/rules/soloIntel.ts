/**
 * R9.11 as data (`imperialSectorIntel`, src/game/content/soloDifficulty.ts): an Imperial rival with intelligence
 * learns the hidden base's sector whenever the base is placed (R3.9) or moved and still hidden (R6.2.7), announced
 * publicly as I-06 does (R8.2: the sector is public knowledge until the next relocation).
 */
import { PLANETS, soloLevel } from '../content';
import { chosenBase } from './board';
import { log } from './log';
import type { GameState } from './state';

export function rivalSectorIntel(state: GameState): void {
  if (state.solo?.bot !== 'I' || soloLevel(state.solo).imperialSectorIntel !== true) return;
  if (state.base.revealed || state.base.planet === null) return;
  const sector = PLANETS[chosenBase(state)].sector;
  state.known.baseSector = sector;
  log(state, 'baseSectorAnnounced', { sector, intel: true });
}
