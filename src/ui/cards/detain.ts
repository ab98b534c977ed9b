/** The board's words for the detain decision (I-S1; rules: src/game/rules/cards/detain.ts). */
import { f } from '../prompt/fields';
import type { CardWords } from './types';

export const detain = {
  rule: 'I-S1',
  ask: (_v, _p, target) => `Imperial: Detain on ${target} — choose the Rebel leader to capture.`,
  waiting: 'is choosing a leader to detain',
  labels: { detainLeader: 'Detain' },
  fields: { detainLeader: [f('leader', 'leader', 'Choose the Rebel leader to capture')] },
} satisfies CardWords<'detain'>;
