/** Evaluates the requirement / condition vocabulary of src/game/content/predicates.ts. */
import { PLANETS, type ObjectiveCond, type PlanetId, type PlanetPred, type Threshold } from '../content';
import {
  adjacent, aligned, captivePlanet, capitalClassCount, revealedBasePlanet, total, unitsOf,
} from './board';
import type { GameState } from './state';

export function threshold(state: GameState, t: Threshold): number {
  return typeof t === 'number' ? t : state.config.thresholds[t.cfg];
}

export function holds(state: GameState, p: PlanetId, pred: PlanetPred): boolean {
  const pl = state.planets[p];
  switch (pred.k) {
    case 'intact': return !pl.destroyed;
    case 'lettered': return p !== 'IMP';
    case 'units': {
      const n = total(pl[pred.f]);
      return n >= (pred.min ?? 0) && n <= (pred.max ?? Infinity);
    }
    case 'unitType': return pl[pred.f][pred.unit] >= pred.min;
    case 'capitalClass': return capitalClassCount(pl[pred.f]) > 0;
    case 'sf': return (pl.I.s > 0) === pred.has;
    case 'loyalty': return pl.loyalty === pred.has;
    case 'disrupt': return pl.disrupt === pred.has;
    case 'aligned': return aligned(state, p, pred.f);
    case 'revealedBase': return revealedBasePlanet(state) === p;
    case 'type': return !pl.destroyed && PLANETS[p].type === pred.type;
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
    case 'adjacent': return adjacent(state, p).some((q) => holds(state, q, pred.p));
    case 'any': return pred.of.some((x) => holds(state, p, x));
    case 'all': return pred.of.every((x) => holds(state, p, x));
    case 'not': return !holds(state, p, pred.p);
    case 'noCaptive': return captivePlanet(state) === null;
    case 'notRelocatedLastRound':
      return state.base.relocatedRound === 0 || state.round - state.base.relocatedRound > state.config.relocationCooldown;
  }
}

export function holdsAll(state: GameState, p: PlanetId, preds: PlanetPred[]): boolean {
  return preds.every((x) => holds(state, p, x));
}

/** R7.7, R7.8 — objective conditions. "Planets" are board planets; the base card never counts. */
export function conditionMet(state: GameState, cond: ObjectiveCond): boolean {
  switch (cond.k) {
    case 'countPlanets':
      return state.grid.filter((p) => holds(state, p, cond.p)).length >= threshold(state, cond.min);
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
