/** R6.5.2 — a probe card named by a card (I-01 Obliterator, I-02 Deep Scan), shared by their card modules. */
import type { LetterId } from '../content';
import { log } from './log';
import type { GameState } from './state';

/** R6.5.2 — a named probe card moves openly from the deck to the hand, or becomes public if already there. */
export function takeNamedProbe(state: GameState, card: LetterId): void {
  if (state.probes.deck.includes(card)) {
    state.probes.deck = state.probes.deck.filter((c) => c !== card);
    state.probes.hand.push(card);
    if (!state.probes.flagged.includes(card)) state.probes.flagged.push(card);
    log(state, 'probeTaken', { card });
  } else if (state.probes.hand.includes(card)) {
    if (!state.probes.flagged.includes(card)) state.probes.flagged.push(card);
    log(state, 'probeAlreadyHeld', { card });
  } else {
    log(state, 'probeNotMoved', { card });
  }
}
