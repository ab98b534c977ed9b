/**
 * Card module `propaganda` — I-09 Propaganda: one of the Rebel's objectives, drawn at random, goes under the
 * objective deck, shown to both players but not to spectators (R8.3 item 10).
 */
import { log } from '../log';
import { removeFromObjectiveHand } from '../objectives';
import type { CardModule } from './types';

export const propaganda = {
  cards: ['I-09'],
  effect(state, _m, rng) {
    const hand = [...state.objectives.hand].sort();
    if (hand.length === 0) {
      log(state, 'propagandaNothing', {});
      return;
    }
    const card = hand[rng.int(hand.length)];
    removeFromObjectiveHand(state, card);
    state.objectives.deck.push(card);
    state.objectives.bottomKnown.push({ card, by: 'both' });
    log(state, 'objectiveBuried', {});
    log(state, 'objectiveBuriedCard', { card }, 'players'); // R8.3 item 10: both players, not spectators
  },
} satisfies CardModule;
