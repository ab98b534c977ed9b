/**
 * Card module `soloIntercept` — the R-08 Intercepted Orders Solo player line (R9.13, content/solo.ts
 * SOLO_PLAYER_EFFECTS): the Imperial bot commits its pool leader with the fewest icons (tie: higher id) on the
 * target; with an empty pool it discards the top card of its bot deck. Runs as an engine task.
 */
import { log } from '../log';
import { now, task } from '../queue';
import { discardBotTop } from '../soloEffects';
import { leaderForDefault } from '../soloTurn';
import type { CardModule } from './types';

export const soloIntercept = {
  cards: ['R-08'],
  effect(state) {
    now(state, task('soloIntercept'));
  },
  tasks: {
    soloIntercept(state) {
      const m = state.mission!;
      const leader = leaderForDefault(state, 'I');
      if (!leader) {
        discardBotTop(state);
        return;
      }
      state.leaders[leader].at = m.target;
      log(state, 'missionIntercepted', { leader, planet: m.target });
    },
  },
} satisfies CardModule;
