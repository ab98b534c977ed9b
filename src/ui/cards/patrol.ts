/** The board's words for the patrol decision (I-S3; rules: src/game/rules/cards/patrol.ts). */
import { f } from '../prompt/fields';
import type { CardWords } from './types';

export const patrol = {
  rule: 'I-S3',
  ask: () => 'Imperial: Patrol Sweep — name a planet to search for the hidden base.',
  waiting: 'is naming a planet to patrol',
  labels: { patrolPlanet: 'Patrol' },
  fields: { patrolPlanet: [f('planet', 'planet', 'Choose the planet the patrol sweeps')] },
} satisfies CardWords<'patrol'>;
