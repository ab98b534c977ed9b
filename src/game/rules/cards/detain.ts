/** Card module `detain` — I-S1 Detain: capture a free Rebel leader on the target (only while nobody is held, R6.1). */
import { LEADERS, type LeaderId, type PlanetId } from '../../content';
import type { Action } from '../actions';
import { captiveLeader } from '../board';
import { log } from '../log';
import { rank } from '../soloTargets';
import type { ActiveMission, GameState } from '../state';
import type { CardModule } from './types';

/** I-S1 — free Rebel leaders on the target. */
function detainable(state: GameState, p: PlanetId): LeaderId[] {
  return (['LD-R1', 'LD-R2', 'LD-R3'] as LeaderId[]).filter((id) => state.leaders[id].at === p && !state.leaders[id].captured);
}

function capture(state: GameState, leader: LeaderId): void {
  state.leaders[leader].captured = true;
  state.stats.captures += 1;
  log(state, 'leaderCaptured', { leader, planet: state.leaders[leader].at as PlanetId }); // detainable(): on the target
}

export const detain = {
  cards: ['I-S1'],
  effect(state, m) {
    if (captiveLeader(state)) return;
    const ls = detainable(state, m.target);
    if (ls.length === 1) capture(state, ls[0]);
    else if (ls.length > 1) state.pending = { kind: 'detain', seat: 'I' };
  },
  quietEvents: { public: ['leaderCaptured'] },
  decisions: {
    detain: {
      answers: { detainLeader: 'leaderChoice' },
      legal: (state) => detainable(state, (state.mission as ActiveMission).target).map((leader) => ({ type: 'detainLeader', leader }) as Action),
      answer(state, _p, a) {
        if (a.type === 'detainLeader') capture(state, a.leader);
      },
      /** I-S1 Bot line — most icons (tie: lower id). */
      botPick: (_state, _p, legal) => rank(
        legal.filter((a) => a.type === 'detainLeader') as Extract<Action, { type: 'detainLeader' }>[],
        (a) => -LEADERS[a.leader].icons.length,
      )[0],
    },
  },
} satisfies CardModule;
