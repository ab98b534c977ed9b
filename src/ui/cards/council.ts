/** The board's words for the council decision (R-09; rules: src/game/rules/cards/council.ts). */
import { f } from '../prompt/fields';
import type { CardWords } from './types';

export const council = {
  rule: 'R-09',
  ask: () => 'Rebel: Hidden Council — keep one objective; the other goes under the deck.',
  waiting: 'is choosing an objective to keep',
  labels: { keepObjective: 'Keep objective' },
  fields: { keepObjective: [f('card', 'objective', 'Choose the objective you keep (the other goes under the deck)')] },
} satisfies CardWords<'council'>;
