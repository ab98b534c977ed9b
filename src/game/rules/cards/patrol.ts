/**
 * Card module `patrol` — I-S3 Patrol Sweep: the Imperial names an intact lettered neighbour of the target; the base
 * there is revealed, otherwise the planet is publicly cleared of it (R8.2 `known.cleared`). Also its Bot line (R9).
 */
import type { LetterId, PlanetId } from '../../content';
import type { Action } from '../actions';
import { adjacent } from '../board';
import { revealBase } from '../checks';
import { log } from '../log';
import { candidates } from '../soloTargets';
import type { ActiveMission, GameState } from '../state';
import type { CardModule } from './types';

/** I-S3 — planets that may be named: intact lettered neighbours of the target. */
function patrolOptions(state: GameState, target: PlanetId): LetterId[] {
  return adjacent(state, target).filter((p) => p !== 'IMP' && !state.planets[p].destroyed) as LetterId[];
}

function sweep(state: GameState, named: LetterId): void {
  if (state.base.revealed) {
    log(state, 'patrolNamed', { planet: named, result: 'baseAlreadyRevealed' });
    return;
  }
  if (state.base.planet === named) {
    log(state, 'patrolNamed', { planet: named, result: 'found' });
    revealBase(state, 'patrol');
    return;
  }
  log(state, 'patrolNamed', { planet: named, result: 'notHere' });
  if (!state.known.cleared.includes(named)) state.known.cleared.push(named);
}

export const patrol = {
  cards: ['I-S3'],
  effect(state, m) {
    if (state.base.revealed) {
      log(state, 'patrolNamed', { planet: null, result: 'baseAlreadyRevealed' }); // I-S3: nothing else happens
      return;
    }
    const opts = patrolOptions(state, m.target);
    if (opts.length === 1) sweep(state, opts[0]);
    else if (opts.length > 1) state.pending = { kind: 'patrol', seat: 'I' };
  },
  // What the patrol finds is caught by undo.ts's knowledge check (base revealed, or the planet newly cleared).
  quietEvents: { public: ['patrolNamed'] },
  decisions: {
    patrol: {
      answers: { patrolPlanet: 'patrol' },
      legal: (state) => patrolOptions(state, (state.mission as ActiveMission).target).map((planet) => ({ type: 'patrolPlanet', planet }) as Action),
      answer(state, _p, a) {
        if (a.type === 'patrolPlanet') sweep(state, a.planet);
      },
      /** I-S3 Bot line — the first adjacent base candidate (R9.3) in grid order. */
      botPick(state, _p, legal) {
        const c = candidates(state);
        const opts = legal.filter((a) => a.type === 'patrolPlanet') as Extract<Action, { type: 'patrolPlanet' }>[];
        return opts.find((a) => c.includes(a.planet)) ?? opts[0];
      },
    },
  },
} satisfies CardModule;
