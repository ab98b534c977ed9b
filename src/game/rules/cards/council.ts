/**
 * Card module `council` — R-09 Hidden Council (2P line): draw 2 objectives, keep one, put the other under the
 * deck, known to the Rebel (R8.3 item 10). The Bot line of R-09 is ./botCouncil.ts.
 */
import type { Action } from '../actions';
import { hidden } from '../hidden';
import { log } from '../log';
import { drawObjective } from '../refresh';
import type { CardModule } from './types';

export const council = {
  cards: ['R-09'],
  effect(state) {
    const drawn = state.objectives.deck.splice(0, 2);
    if (drawn.length === 0) {
      log(state, 'objectiveDeckEmpty', {});
      return;
    }
    if (drawn.length === 1) {
      state.objectives.deck.unshift(drawn[0]);
      drawObjective(state);
      return;
    }
    // R8.3 item 10 — a known bottom card drawn here has left the bottom: forget it, as drawObjective does
    // (otherwise it stays listed, and is listed twice if put back, and views would show a stale card).
    state.objectives.bottomKnown = state.objectives.bottomKnown.filter((b) => !drawn.includes(b.card));
    log(state, 'councilDrew', {});
    log(state, 'councilCards', { cards: drawn }, 'R');
    state.pending = { kind: 'council', seat: 'R', cards: drawn };
  },
  quietEvents: { public: ['councilKept'], echo: ['councilKeptCard'] },
  decisions: {
    council: {
      answers: { keepObjective: 'objectiveKept' },
      legal: (_state, p) => p.cards.map((card) => ({ type: 'keepObjective', card }) as Action),
      answer(state, p, a) {
        if (a.type !== 'keepObjective') return;
        const other = p.cards.find((c) => c !== a.card)!;
        state.objectives.hand.push(a.card);
        state.objectives.deck.push(other);
        state.objectives.bottomKnown.push({ card: other, by: 'R' });
        log(state, 'councilKept', {});
        log(state, 'councilKeptCard', { kept: a.card, bottom: other }, 'R');
      },
      // No botPick: a Rebel bot plays the Bot line (./botCouncil.ts), so the first card would do.
      /** R8.3 item 10 — the drawn pair is the Rebel's alone; that there are two is public. */
      redact(p, seat) {
        if (seat !== 'R') p.cards = hidden(p.cards.length);
      },
      /** The drawn pair is out of every pile: the sampler counts it in play and fills its hidden cards. */
      heldObjectives: (p) => p.cards,
    },
  },
} satisfies CardModule;
