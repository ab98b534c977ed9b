/** Card module `botCouncil` — the R-09 Hidden Council Bot line (RULES §9, content/solo.ts BOT_EFFECTS): the Rebel bot draws 1 objective. Runs as an engine task. */
import { now, task } from '../queue';
import { drawObjective } from '../refresh';
import type { CardModule } from './types';

export const botCouncil = {
  cards: ['R-09'],
  effect(state) {
    now(state, task('botCouncil'));
  },
  tasks: {
    botCouncil(state) {
      drawObjective(state);
    },
  },
} satisfies CardModule;
