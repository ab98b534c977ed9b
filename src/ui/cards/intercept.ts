/** The board's words for the intercept decision (R-08; rules: src/game/rules/cards/intercept.ts). */
import { f } from '../prompt/fields';
import type { CardWords } from './types';

export const intercept = {
  rule: 'R-08',
  ask: () => 'Rebel: Intercepted Orders — choose an Imperial planned mission to cancel.',
  waiting: 'is reading the Imperial plans',
  labels: { interceptMission: 'Cancel plan' },
  fields: { interceptMission: [f('card', 'mission', 'Choose the Imperial plan to cancel')] },
} satisfies CardWords<'intercept'>;
