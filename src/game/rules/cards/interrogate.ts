/** Card module `interrogate` — I-06 Interrogation: the hidden base's sector is announced (until the next relocation), or a probe card is drawn once the base is revealed. */
import { PLANETS } from '../../content';
import { chosenBase } from '../board';
import { log } from '../log';
import { drawProbe } from '../refresh';
import type { CardModule } from './types';

export const interrogate = {
  cards: ['I-06'],
  effect(state) {
    if (!state.base.revealed) {
      const sector = PLANETS[chosenBase(state)].sector;
      state.known.baseSector = sector;
      log(state, 'baseSectorAnnounced', { sector });
    } else drawProbe(state);
  },
} satisfies CardModule;
