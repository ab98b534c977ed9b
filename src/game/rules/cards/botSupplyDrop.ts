/**
 * Card module `botSupplyDrop` — the R-04 Supply Drop Bot line (RULES §9, content/solo.ts BOT_EFFECTS): 2 starfighters
 * on the base card while it is hidden, otherwise on the target. Runs as an engine task, as every solo line does.
 */
import { log } from '../log';
import { now, task } from '../queue';
import type { CardModule } from './types';

export const botSupplyDrop = {
  cards: ['R-04'],
  effect(state) {
    now(state, task('botSupplyDrop'));
  },
  tasks: {
    botSupplyDrop(state) {
      const m = state.mission!;
      const n = Math.min(2, state.supply.R.f);
      state.supply.R.f -= n;
      if (!state.base.revealed) {
        state.base.units.f += n;
        log(state, 'unitsPlaced', { faction: 'R', unit: 'f', count: n, planet: 'BASE' });
        return;
      }
      state.planets[m.target].R.f += n;
      if (n > 0) state.arrival = { planet: m.target, faction: 'R' };
      log(state, 'unitsPlaced', { faction: 'R', unit: 'f', count: n, planet: m.target });
    },
  },
} satisfies CardModule;
