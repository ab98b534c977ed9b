/** Card module `deepScan` — I-02 Deep Scan: the hidden base on the target is revealed, else its probe card is named (R6.5.2). */
import type { LetterId } from '../../content';
import { revealBase } from '../checks';
import { takeNamedProbe } from '../namedProbe';
import type { CardModule } from './types';

export const deepScan = {
  cards: ['I-02'],
  effect(state, m) {
    const p = m.target;
    if (!state.base.revealed && state.base.planet === p) revealBase(state, 'deepScan');
    else if (p !== 'IMP') takeNamedProbe(state, p as LetterId);
  },
} satisfies CardModule;
