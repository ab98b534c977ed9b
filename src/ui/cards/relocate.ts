/** The board's words for the relocate decision (R6.2.7; rules: src/game/rules/cards/relocate.ts). */
import { f } from '../prompt/fields';
import type { CardWords } from './types';

export const relocate = {
  rule: 'R6.2.7',
  ask: () => 'Rebel: Covert Relocation — move your base to one of the probe planets you see, or keep it.',
  waiting: 'is relocating their base',
  labels: { relocateBase: 'Relocate' },
  fields: { relocateBase: [f('planet', 'planet', 'Choose the new planet for your base, or keep it where it is')] },
} satisfies CardWords<'relocate'>;
