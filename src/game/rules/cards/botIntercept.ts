/**
 * Card module `botIntercept` — the R-08 Intercepted Orders Bot line (RULES §9, content/solo.ts BOT_EFFECTS): one of
 * the human Imperial's facedown planned missions, drawn uniformly (RNG), returns to the Imperial hand and its leader
 * is committed on the target; with none, the bot discards its top card. Runs as an engine task.
 */
import { log } from '../log';
import { now, task } from '../queue';
import { discardBotTop } from '../soloEffects';
import type { CardModule } from './types';

export const botIntercept = {
  cards: ['R-08'],
  effect(state) {
    now(state, task('botIntercept'));
  },
  tasks: {
    botIntercept(state, _t, rng) {
      const m = state.mission!;
      if (state.planned.I.length === 0) {
        log(state, 'botInterceptNothing', {});
        discardBotTop(state);
        return;
      }
      const pm = state.planned.I[rng.int(state.planned.I.length)];
      state.planned.I = state.planned.I.filter((x) => x !== pm);
      state.hands.I.push(pm.card);
      state.leaders[pm.leader].at = m.target;
      log(state, 'missionIntercepted', { leader: pm.leader, planet: m.target });
    },
  },
} satisfies CardModule;
