/**
 * Card module `queueSabotage` — the second half of R-05 Sabotage Cell (the first, the disrupt token, is a generic
 * effect): one unit of the Rebel's choice leaves the Imperial build queue for the supply. Also its Bot line (R9).
 */
import type { Action } from '../actions';
import { log } from '../log';
import { rank } from '../soloTargets';
import type { GameState } from '../state';
import type { CardModule } from './types';

function queueSabotageOptions(state: GameState): Action[] {
  const out: Action[] = [];
  state.queues.I.forEach((spot, i) => {
    for (const unit of ['f', 'c'] as const) if (spot[unit] > 0) out.push({ type: 'sabotageQueue', spot: i + 1, unit });
  });
  return out;
}

function sabotageQueue(state: GameState, a: Action): void {
  if (a.type !== 'sabotageQueue') return;
  state.queues.I[a.spot - 1][a.unit] -= 1;
  state.supply.I[a.unit] += 1;
  log(state, 'queueSabotaged', { spot: a.spot, unit: a.unit });
}

export const queueSabotage = {
  cards: ['R-05'],
  effect(state) {
    const opts = queueSabotageOptions(state);
    if (opts.length === 1) sabotageQueue(state, opts[0]);
    else if (opts.length > 1) state.pending = { kind: 'queueSabotage', seat: 'R' };
  },
  quietEvents: { public: ['queueSabotaged'] },
  decisions: {
    queueSabotage: {
      answers: { sabotageQueue: 'sabotage' },
      legal: (state) => queueSabotageOptions(state),
      answer: (state, _p, a) => sabotageQueue(state, a),
      /** R-05 Bot line — lowest spot, capital ships before starfighters. */
      botPick: (_state, _p, legal) => rank(
        legal.filter((a) => a.type === 'sabotageQueue') as Extract<Action, { type: 'sabotageQueue' }>[],
        (a) => a.spot, (a) => (a.unit === 'c' ? 0 : 1),
      )[0],
    },
  },
} satisfies CardModule;
