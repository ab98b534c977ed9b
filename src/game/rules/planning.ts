/** R4.1 — Planning: draw, then the Rebel plans, then the Imperial. */
import type { Faction } from '../content';
import type { Action } from './actions';
import type { DecisionHandler, DecisionHandlers } from './decisions';
import type { TaskHandlers } from './tasks';
import { log } from './log';
import { poolLeaders } from './movement';
import { now, task } from './queue';
import { shuffleInPlace, type Rng } from './rng';
import type { GameState } from './state';

/** R4.1.1 — draw one mission, reshuffling the discard pile (RNG) when the deck is empty. */
export function drawMission(state: GameState, f: Faction, rng: Rng): void {
  if (state.decks[f].length === 0 && state.discards[f].length > 0) {
    state.decks[f] = shuffleInPlace(rng, [...state.discards[f]].sort());
    state.discards[f] = [];
    log(state, 'missionDeckReshuffled', { faction: f });
  }
  const card = state.decks[f].shift();
  if (!card) {
    log(state, 'missionDeckEmpty', { faction: f });
    return;
  }
  state.hands[f].push(card);
  log(state, 'missionDrawn', { faction: f });
  log(state, 'missionDrawnCard', { faction: f, card }, f);
}

const plan: DecisionHandler<'plan'> = {
  legal(state, p) {
    const f = p.seat;
    const out: Action[] = [];
    const leaders = poolLeaders(state, f);
    for (const card of state.hands[f]) {
      for (const leader of leaders) out.push({ type: 'planMission', card, leader });
    }
    out.push({ type: 'endPlanning' });
    return out;
  },
  answer(state, p, a) {
    const f = p.seat;
    if (a.type === 'planMission') {
      state.hands[f] = state.hands[f].filter((c) => c !== a.card);
      state.leaders[a.leader].at = 'plan';
      state.planned[f].push({ card: a.card, leader: a.leader });
      log(state, 'missionPlanned', { faction: f, leader: a.leader });
      log(state, 'missionPlannedCard', { faction: f, leader: a.leader, card: a.card }, f);
      now(state, task('plan', { f }));
    } else {
      log(state, 'planningDone', { faction: f, count: state.planned[f].length });
    }
  },
};

export const tasks = {
  /** R4.4.10 → R4.1: a new round begins with Planning. */
  startRound(state) {
    state.round += 1;
    state.phase = 'planning';
    state.planned = { R: [], I: [] };
    log(state, 'roundStarted', { round: state.round });
    now(state, task('drawMission', { f: 'R' }), task('drawMission', { f: 'I' }), task('plan', { f: 'R' }),
      task('plan', { f: 'I' }), task('startOperations'));
    return 'yield';
  },
  drawMission(state, t, rng) {
    if (state.solo?.bot === t.f) return; // R9.1 — the bot draws no missions
    drawMission(state, t.f, rng);
  },
  /** R4.1.2 / R4.1.3 — plan missions one at a time until the player ends planning. */
  plan(state, t) {
    const f = t.f;
    if (state.solo?.bot === f) return; // R9.1 / R9.2 — the bot never plans; its leaders stay in the pool
    if (state.hands[f].length === 0 || poolLeaders(state, f).length === 0) {
      log(state, 'planningDone', { faction: f, count: state.planned[f].length });
      return;
    }
    state.pending = { kind: 'plan', seat: f };
  },
} satisfies TaskHandlers;

export const decisions = { plan } satisfies DecisionHandlers;
