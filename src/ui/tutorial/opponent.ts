/**
 * The tutorial's opponent behind the board's `Bot` seam: the script of round 1 (./script.ts) while it has an
 * answer, the ordinary bot afterwards. It sees only the Imperial seat's view, like every board bot.
 */
import { decisionActions } from '../../game/rules';
import type { Bot } from '../bot/Bot';
import { scriptedImperial } from './script';

export function tutorialOpponent(fallback: Bot): Bot {
  return {
    async choose(view, seat) {
      const scripted = seat === 'I' ? scriptedImperial(view, decisionActions(view, seat)) : null;
      if (scripted) return { action: scripted, thoughts: { seat, iterations: 0, elapsedMs: 0 } };
      return fallback.choose(view, seat);
    },
  };
}
