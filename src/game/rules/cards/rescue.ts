/** Card module `rescue` — R-S3 Daring Rescue: the captured leader goes back to the Rebel pool at once (R6.1). */
import { rescue as rescueLeader } from '../checks';
import type { CardModule } from './types';

export const rescue = {
  cards: ['R-S3'],
  effect(state) {
    rescueLeader(state, 'mission');
  },
} satisfies CardModule;
