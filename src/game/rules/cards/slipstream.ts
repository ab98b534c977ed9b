/**
 * Card module `slipstream` — R-03 Slipstream Jump: Rebel units on the target jump up to 2 spaces to a planet free
 * of Imperial units, or onto the hidden base card. Also its Bot line (R9).
 */
import type { PlanetId } from '../../content';
import type { Action } from '../actions';
import { distance, total } from '../board';
import { log } from '../log';
import { unitSubsets } from '../movement';
import { distanceToImperial, rank } from '../soloTargets';
import type { ActiveMission, GameState } from '../state';
import type { CardModule } from './types';

const target = (state: GameState): PlanetId => (state.mission as ActiveMission).target;

/** destinations at distance 1–2 without Imperial units, or the hidden base card. */
function slipstreamActions(state: GameState, from: PlanetId): Action[] {
  const dests: (PlanetId | 'BASE')[] = state.grid.filter((p) => {
    const d = distance(state, from, p);
    return d >= 1 && d <= 2 && total(state.planets[p].I) === 0;
  });
  if (!state.base.revealed) dests.push('BASE');
  const out: Action[] = [];
  for (const to of dests) for (const units of unitSubsets(state.planets[from].R, 'R')) out.push({ type: 'slipstream', to, units });
  return out;
}

export const slipstream = {
  cards: ['R-03'],
  effect(state, m) {
    if (slipstreamActions(state, m.target).length > 0) state.pending = { kind: 'slipstream', seat: 'R' };
  },
  quietEvents: { public: ['slipstreamed'] },
  decisions: {
    slipstream: {
      answers: { slipstream: 'slipstream' },
      legal: (state) => slipstreamActions(state, target(state)),
      answer(state, _p, a) {
        if (a.type !== 'slipstream') return;
        const from = target(state);
        const src = state.planets[from].R;
        src.f -= a.units.f;
        src.c -= a.units.c;
        if (a.to === 'BASE') {
          state.base.units.f += a.units.f;
          state.base.units.c += a.units.c;
        } else {
          state.planets[a.to].R.f += a.units.f;
          state.planets[a.to].R.c += a.units.c;
        }
        log(state, 'slipstreamed', { from, dest: a.to, units: { ...a.units } }); // `dest`: `to` is the audience key (R8.1)
      },
      /** R-03 Bot line — all units: onto the hidden base card, else the reachable planet farthest from the Empire. */
      botPick(state, _p, legal) {
        const all = state.planets[target(state)].R;
        const full = (legal.filter((a) => a.type === 'slipstream') as Extract<Action, { type: 'slipstream' }>[])
          .filter((a) => a.units.f === all.f && a.units.c === all.c);
        const base = full.find((a) => a.to === 'BASE');
        if (base) return base;
        return rank(full, (a) => -distanceToImperial(state, a.to as PlanetId))[0];
      },
    },
  },
} satisfies CardModule;
