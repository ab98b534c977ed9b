/** The board's words for the slipstream decision (R-03; rules: src/game/rules/cards/slipstream.ts). */
import { f } from '../prompt/fields';
import type { CardWords } from './types';

export const slipstream = {
  rule: 'R-03',
  ask: (_v, _p, target) => `Rebel: Slipstream Jump — jump units from ${target} up to 2 spaces away.`,
  waiting: 'is jumping units',
  labels: { slipstream: 'Jump' },
  fields: { slipstream: [f('to', 'dest', 'Choose where the units jump to'), f('units', 'units', 'Choose the units that jump')] },
} satisfies CardWords<'slipstream'>;
