/**
 * Mission rewards (R7.5, R7.6 "Reward (2P)"): the generic effects of the content vocabulary. The bespoke ones
 * (`{ k: 'special', id }`) are card modules (./cards/, issue 21 item 5), dispatched through their registry.
 * Apply as much as possible; an impossible part is skipped (R4.2.4 step 6).
 */
import { LETTERS, type Effect, type SpecialEffect } from '../content';
import { total } from './board';
import { CARDS } from './cards';
import type { DecisionHandler, DecisionHandlers } from './decisions';
import type { TaskHandlers } from './tasks';
import { log } from './log';
import { effectsOf } from './missions';
import { now, task } from './queue';
import { drawProbe } from './refresh';
import type { Rng } from './rng';
import type { ActiveMission, GameState } from './state';

function mission(state: GameState): ActiveMission {
  return state.mission as ActiveMission;
}

function applyEffect(state: GameState, e: Effect, rng: Rng): void {
  const m = mission(state);
  const p = m.target;
  const pl = state.planets[p];
  switch (e.k) {
    case 'placeToken':
      if (e.token === 'loyalty') pl.loyalty = true;
      else pl.disrupt = true;
      log(state, 'tokenPlaced', { planet: p, token: e.token });
      return;
    case 'removeToken':
      if (e.mode === 'both' || !(pl.loyalty && pl.disrupt)) {
        const removed = ([pl.loyalty && 'loyalty', pl.disrupt && 'disrupt'] as const).filter((t) => t !== false);
        pl.loyalty = false;
        pl.disrupt = false;
        log(state, 'tokensRemoved', { planet: p, tokens: removed });
      } else state.pending = { kind: 'subjugate', seat: 'I' };
      return;
    case 'placeUnits': {
      let unit = e.unit;
      let n = Math.min(e.count, state.supply[e.f][unit]);
      if (n === 0 && e.fallback) {
        unit = e.fallback.unit;
        n = Math.min(e.fallback.count, state.supply[e.f][unit]);
      }
      if (n === 0) {
        log(state, 'unitsPlaced', { faction: e.f, unit, count: 0, planet: p });
        return;
      }
      state.supply[e.f][unit] -= n;
      pl[e.f][unit] += n;
      state.arrival = { planet: p, faction: e.f };
      log(state, 'unitsPlaced', { faction: e.f, unit, count: n, planet: p });
      return;
    }
    case 'strike':
      if (total(pl[m.faction === 'R' ? 'I' : 'R']) > 0) {
        now(state, task('strike', { planet: p, by: m.faction, white: e.white, black: e.black }));
      }
      return;
    case 'drawProbes':
      for (let i = 0; i < e.count; i++) drawProbe(state);
      return;
    case 'special':
      special(state, e.id, m, rng);
  }
}

/** A bespoke effect: its card module's (./cards/<id>.ts). The registry's type lists every id, so none does nothing. */
function special(state: GameState, id: SpecialEffect, m: ActiveMission, rng: Rng): void {
  CARDS[id].effect(state, m, rng);
}

const subjugate: DecisionHandler<'subjugate'> = {
  legal: () => [{ type: 'removeToken', token: 'loyalty' }, { type: 'removeToken', token: 'disrupt' }],
  answer(state, _p, a) {
    if (a.type !== 'removeToken') return;
    const p = mission(state).target;
    state.planets[p][a.token] = false;
    log(state, 'tokensRemoved', { planet: p, tokens: [a.token] });
  },
};

export const tasks = {
  effect(state, t, rng) {
    const m = state.mission;
    if (!m) return;
    applyEffect(state, effectsOf(state, m.card, m.faction)[t.idx], rng); // 2P, Bot or Solo player line
  },
} satisfies TaskHandlers;

export const decisions = { subjugate } satisfies DecisionHandlers;
export { LETTERS };
