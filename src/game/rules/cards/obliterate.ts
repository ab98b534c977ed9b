/**
 * Card module `obliterate` — I-01 Obliterator (R6.4): the target is destroyed with every Rebel unit and token on
 * it; the Empire wins if the base was there (R6.4.2), otherwise the planet's probe card is named (R6.5.2).
 */
import type { LetterId } from '../../content';
import { declareWinner } from '../checks';
import { log } from '../log';
import { takeNamedProbe } from '../namedProbe';
import type { CardModule } from './types';

export const obliterate = {
  cards: ['I-01'],
  effect(state, m) {
    const p = m.target;
    if (state.base.planet === p) {
      log(state, 'planetDestroyed', { planet: p, base: true });
      declareWinner(state, 'I', 'obliterator'); // R6.4.2
      return;
    }
    const pl = state.planets[p];
    state.supply.R.f += pl.R.f;
    state.supply.R.c += pl.R.c;
    pl.R = { f: 0, c: 0, s: 0 };
    pl.loyalty = false;
    pl.disrupt = false;
    pl.destroyed = true;
    log(state, 'planetDestroyed', { planet: p, base: false });
    if (p !== 'IMP') takeNamedProbe(state, p as LetterId);
  },
} satisfies CardModule;
