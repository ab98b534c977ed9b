/** The board's words for the queueSabotage decision (R-05; rules: src/game/rules/cards/queueSabotage.ts). */
import { f } from '../prompt/fields';
import type { CardWords } from './types';

export const queueSabotage = {
  rule: 'R-05',
  ask: () => 'Rebel: Sabotage Cell — pull one unit from the Imperial build queue back to supply.',
  waiting: 'is sabotaging the Imperial build queue',
  labels: { sabotageQueue: 'Sabotage queue' },
  fields: {
    sabotageQueue: [
      f('slot', 'queueUnit', 'Choose the Imperial unit to pull from the build queue', (a) => (a.type === 'sabotageQueue' ? { spot: a.spot, unit: a.unit } : null)),
    ],
  },
} satisfies CardWords<'queueSabotage'>;
