/**
 * Card module `relocate` — R-S4 Covert Relocation (R6.2.7): the Rebel looks at the top probe cards and may move
 * the hidden base to one of them. Also the R-S4 Bot line (R9) and the Solo player line (R9.13: cleared set reset).
 */
import type { LetterId } from '../../content';
import type { Action } from '../actions';
import { chosenBase, distance, total } from '../board';
import { hidden } from '../hidden';
import { jsonEqual } from '../json';
import { log } from '../log';
import { now, task } from '../queue';
import { rivalSectorIntel } from '../soloIntel';
import { imperialPlanets } from '../soloTargets';
import type { GameState } from '../state';
import type { CardModule } from './types';

/** R6.2.7 step 1 — a card may be picked if its planet is intact, holds no Imperial unit and is not public. */
function relocationOptions(state: GameState, cards: LetterId[]): LetterId[] {
  return cards.filter((c) => !state.planets[c].destroyed && total(state.planets[c].I) === 0 && !state.probes.flagged.includes(c));
}

export const relocate = {
  cards: ['R-S4'],
  effect(state) {
    const cards = state.probes.deck.slice(0, state.config.relocationLook);
    state.base.relocatedRound = state.round;
    state.stats.relocations += 1;
    log(state, 'relocationStarted', {});
    log(state, 'probesSeen', { cards }, 'R');
    state.pending = { kind: 'relocate', seat: 'R', cards };
  },
  quietEvents: { public: ['relocated'], echo: ['relocatedTo'] },
  decisions: {
    relocate: {
      answers: { relocateBase: 'relocation' },
      legal: (state, p) => [
        ...relocationOptions(state, p.cards).map((planet) => ({ type: 'relocateBase', planet }) as Action),
        { type: 'relocateBase', planet: null },
      ],
      answer(state, _p, a) {
        if (a.type !== 'relocateBase') return;
        const wasRevealed = state.base.revealed;
        const old = chosenBase(state);
        if (a.planet) {
          state.probes.deck = state.probes.deck.filter((c) => c !== a.planet);
          state.probes.deck.push(old);
          if (wasRevealed && !state.probes.flagged.includes(old)) state.probes.flagged.push(old); // R8.3 item 11
          state.base.planet = a.planet;
          state.base.revealed = false;
        }
        // R6.2.7 step 4 — the Imperial learns only that a relocation happened and whether the base is hidden now.
        // R9.3 / R9.13 — in solo the Imperial bot's cleared set empties at every relocation.
        if (!wasRevealed || a.planet || state.solo) {
          state.known.cleared = [];
          state.known.baseSector = null;
        }
        log(state, 'relocated', { hidden: !state.base.revealed });
        log(state, 'relocatedTo', { from: old, dest: a.planet }, 'R'); // `dest`: `to` is the audience key (R8.1)
        rivalSectorIntel(state); // R9.11 data: a rival with intelligence learns the new sector
        now(state, task('shuffleProbeDeck'));
      },
      /** R-S4 Bot line — uniform among eligible top cards far (≥ 2) from every Imperial unit, else among all eligible. */
      botPick(state, _p, legal, rng) {
        const picks = legal.filter((a) => a.type === 'relocateBase' && a.planet !== null) as Extract<Action, { type: 'relocateBase' }>[];
        if (picks.length === 0) return { type: 'relocateBase', planet: null };
        const imp = imperialPlanets(state);
        const far = picks.filter((a) => imp.every((q) => distance(state, a.planet as LetterId, q) >= 2));
        const pool = far.length > 0 ? far : picks;
        return pool[rng.int(pool.length)];
      },
      /** R8.3 item 10 — the top probe cards are the Rebel's alone; how many it looks at is public. */
      redact(p, seat) {
        if (seat !== 'R') p.cards = hidden(p.cards.length);
      },
      /** The cards looked at are the top of the probe deck (R6.2.7 step 1). */
      completeWorld(w, p, seat) {
        if (seat === 'R') {
          // The Rebel is looking at the top of the deck: those cards, in that order, on top.
          const top = p.cards;
          w.probes.deck = [...top, ...w.probes.deck.filter((c) => !top.includes(c))];
        } else {
          p.cards = w.probes.deck.slice(0, p.cards.length);
        }
      },
      invariant: (s, p) => (jsonEqual(p.cards, s.probes.deck.slice(0, p.cards.length)) ? null : 'relocate cards are not the top of the probe deck'),
    },
  },
} satisfies CardModule;
