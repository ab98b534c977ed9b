/**
 * Card module `intercept` — R-08 Intercepted Orders (2P line): the Rebel reads every facedown Imperial mission and
 * cancels one (back to hand, its leader stuck on the target); with none planned it draws a mission instead. What
 * the Rebel learns is public knowledge (R8.3 items 4, 10): `known.rebelKnowsImperial`. The Bot and Solo player
 * lines of R-08 are ./botIntercept.ts and ./soloIntercept.ts.
 */
import type { Action } from '../actions';
import { hidden } from '../hidden';
import { jsonEqual } from '../json';
import { log } from '../log';
import { drawMission } from '../planning';
import type { ActiveMission, GameState } from '../state';
import type { CardModule } from './types';

/**
 * R-08 this round (R8.3 items 4, 10): the Rebel has seen every Imperial planned mission that can exist until the
 * next Planning, so it knows where each card of `known.rebelKnowsImperial` is. A public fact of the state
 * (`facts.rebelSawPlans`), so the answer is the same on the full state, on the Rebel's view and on a world sampled
 * from it.
 */
export function rebelSawImperialPlansThisRound(state: GameState): boolean {
  return state.facts?.rebelSawPlans === state.round;
}

export const intercept = {
  cards: ['R-08'],
  effect(state, _m, rng) {
    (state.facts ??= {}).rebelSawPlans = state.round;
    const cards = state.planned.I.map((x) => x.card);
    if (cards.length === 0) {
      log(state, 'interceptNothing', {});
      drawMission(state, 'R', rng);
      return;
    }
    for (const c of cards) if (!state.known.rebelKnowsImperial.includes(c)) state.known.rebelKnowsImperial.push(c);
    log(state, 'interceptSeen', { cards }, 'R');
    state.pending = { kind: 'intercept', seat: 'R', cards };
  },
  // The Rebel cancels one of the Imperial plans it was shown; the Imperial knows its own plans.
  quietEvents: { public: ['missionIntercepted'], echo: ['missionInterceptedCard'] },
  decisions: {
    intercept: {
      answers: { interceptMission: 'intercept' },
      legal: (_state, p) => p.cards.map((card) => ({ type: 'interceptMission', card }) as Action),
      answer(state, _p, a) {
        if (a.type !== 'interceptMission') return;
        const pm = state.planned.I.find((x) => x.card === a.card);
        if (!pm) return;
        const target = (state.mission as ActiveMission).target;
        state.planned.I = state.planned.I.filter((x) => x !== pm);
        state.hands.I.push(pm.card);
        state.leaders[pm.leader].at = target;
        log(state, 'missionIntercepted', { leader: pm.leader, planet: target });
        log(state, 'missionInterceptedCard', { card: pm.card }, 'R');
      },
      /** Never the bot's in practice (a Rebel bot plays the Bot line); uniform if it were (R9 reading). */
      botPick: (_state, _p, legal, rng) => {
        const opts = legal.filter((a) => a.type === 'interceptMission');
        return opts[rng.int(opts.length)];
      },
      /** The cards are the Imperial's own plans (its view shows them in `planned`); hidden from spectators too. */
      redact(p, seat) {
        if (seat !== 'R') p.cards = hidden(p.cards.length);
      },
      /** The cards read are the Imperial planned cards, in plan order. */
      completeWorld(w, p) {
        p.cards = w.planned.I.map((pm) => pm.card);
      },
      invariant: (s, p) => (jsonEqual(p.cards, s.planned.I.map((pm) => pm.card)) ? null : 'intercept cards are not the Imperial plans'),
    },
  },
} satisfies CardModule;
