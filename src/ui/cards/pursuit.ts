/** The board's words for the pursuit decision (I-07; rules: src/game/rules/cards/pursuit.ts). */
import { f } from '../prompt/fields';
import type { CardWords } from './types';

export const pursuit = {
  rule: 'I-07',
  ask: (_v, _p, target) => `Imperial: Rapid Pursuit — move units from ${target} to an adjacent planet.`,
  waiting: 'is moving the pursuing fleet',
  labels: { pursue: 'Pursue' },
  fields: {
    pursue: [
      f('to', 'planet', 'Choose where the pursuing fleet goes'),
      f('units', 'units', 'Choose the units that move'),
      f('captive', 'bool', 'Take the captured Rebel leader along?'),
    ],
  },
} satisfies CardWords<'pursuit'>;
