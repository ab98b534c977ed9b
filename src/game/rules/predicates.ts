/** Evaluates the requirement / condition vocabulary of src/game/content/predicates.ts. */
import { PLANETS, type ObjectiveCond, type PlanetId, type PlanetPred, type Threshold } from '../content';
import {
  aligned, captivePlanet, capitalClassCount, revealedBasePlanet, someAdjacent, total, unitsOf,
} from './board';
import type { GameState } from './state';

export function threshold(state: GameState, t: Threshold): number {
  return typeof t === 'number' ? t : state.config.thresholds[t.cfg];
}

/**
 * Does planet `p` satisfy `pred`? Hot (mission targets are tested for every planned card and planet at every
 * turn): plain loops, no intermediate arrays, and the planet is looked up only by the cases that need it.
 */
export function holds(state: GameState, p: PlanetId, pred: PlanetPred): boolean {
  switch (pred.k) {
    case 'intact': return !state.planets[p].destroyed;
    case 'lettered': return p !== 'IMP';
    case 'units': {
      const n = total(state.planets[p][pred.f]);
      return n >= (pred.min ?? 0) && n <= (pred.max ?? Infinity);
    }
    case 'unitType': return state.planets[p][pred.f][pred.unit] >= pred.min;
    case 'capitalClass': return capitalClassCount(state.planets[p][pred.f]) > 0;
    case 'sf': return (state.planets[p].I.s > 0) === pred.has;
    case 'loyalty': return state.planets[p].loyalty === pred.has;
    case 'disrupt': return state.planets[p].disrupt === pred.has;
    case 'aligned': return aligned(state, p, pred.f);
    case 'revealedBase': return revealedBasePlanet(state) === p;
    case 'type': return !state.planets[p].destroyed && PLANETS[p].type === pred.type;
    case 'sector': return PLANETS[p].sector === pred.sector;
    case 'planet': return p === pred.id;
    case 'startPlanet': return state.start[pred.f] === p;
    case 'rebelLeaders': {
      let n = 0;
      for (const id of ['LD-R1', 'LD-R2', 'LD-R3'] as const) {
        const l = state.leaders[id];
        if (l.at === p && !l.captured) n++;
      }
      return n >= pred.min;
    }
    case 'captiveHere': return captivePlanet(state) === p;
    case 'adjacent': return holdsNextTo(state, p, pred.p);
    case 'any':
      for (const x of pred.of) if (holds(state, p, x)) return true;
      return false;
    case 'all': return holdsAll(state, p, pred.of);
    case 'not': return !holds(state, p, pred.p);
    case 'noCaptive': return captivePlanet(state) === null;
    case 'notRelocatedLastRound':
      return state.base.relocatedRound === 0 || state.round - state.base.relocatedRound > state.config.relocationCooldown;
  }
}

/**
 * Some neighbour of `p` satisfies `pred`. A separate function so that `holds` creates no closure: a closure
 * capturing its arguments would make V8 allocate a context object on every call of `holds`.
 */
function holdsNextTo(state: GameState, p: PlanetId, pred: PlanetPred): boolean {
  return someAdjacent(state, p, (q) => holds(state, q, pred));
}

export function holdsAll(state: GameState, p: PlanetId, preds: PlanetPred[]): boolean {
  for (const x of preds) if (!holds(state, p, x)) return false;
  return true;
}

/** R7.7, R7.8 — objective conditions. "Planets" are board planets; the base card never counts. */
export function conditionMet(state: GameState, cond: ObjectiveCond): boolean {
  switch (cond.k) {
    case 'countPlanets': {
      let n = 0;
      for (const p of state.grid) if (holds(state, p, cond.p)) n++;
      return n >= threshold(state, cond.min);
    }
    case 'sumUnits': {
      let n = 0;
      for (const p of state.grid) {
        if (!holds(state, p, cond.p)) continue;
        n += cond.unit ? state.planets[p][cond.f][cond.unit] : unitsOf(state, p, cond.f);
      }
      return n >= threshold(state, cond.min);
    }
    case 'eachSector':
      return ([1, 2, 3] as const).every((s) =>
        state.grid.some((p) => PLANETS[p].sector === s && holds(state, p, cond.p)));
    case 'baseHidden': return !state.base.revealed;
    case 'baseCardUnits': return total(state.base.units) >= threshold(state, cond.min);
    case 'combatWonByRebel': return state.lastCombat?.winner === 'R';
    case 'combatDestroyed': {
      const c = state.lastCombat;
      if (!c) return false;
      const n = c.destroyed.filter((d) => d.f === cond.f && (!cond.unit || d.t === cond.unit)).length;
      return n >= threshold(state, cond.min);
    }
    case 'all': return cond.of.every((x) => conditionMet(state, x));
    case 'any': return cond.of.some((x) => conditionMet(state, x));
  }
}
