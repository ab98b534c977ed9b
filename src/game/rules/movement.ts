/** R4.2.3 — fleet moves, shared by Move a Fleet, I-07 Rapid Pursuit (and the unit sets of R-03). */
import { FACTION_LEADERS, type Faction, type LeaderId, type PlanetId } from '../content';
import type { UnitSet } from './actions';
import { addUnits, adjacent, captiveLeader, captivePlanet, subUnits, total } from './board';
import { log } from './log';
import type { GameState, Units } from './state';
import { revealBase } from './checks';

/**
 * Every non-empty set of units that can leave `from` (R4.2.3 step 4), honouring the Imperial escort rule
 * (step 5: starfighters need a capital-class unit with them; the SF counts). Order: f, then c, then s ascending.
 */
export function unitSubsets(units: Units, faction: Faction): UnitSet[] {
  const out: UnitSet[] = [];
  for (let s = 0; s <= units.s; s++) {
    for (let c = 0; c <= units.c; c++) {
      for (let f = 0; f <= units.f; f++) {
        if (f + c + s === 0) continue;
        if (faction === 'I' && f > 0 && c + s === 0) continue;
        out.push({ f, c, s });
      }
    }
  }
  return out;
}

/**
 * The (units, captive) choices of a fleet leaving `from` for `faction` (steps 4–6). The captured Rebel leader
 * may go with an Imperial fleet and must if no Imperial unit would stay behind.
 */
export function fleetChoices(state: GameState, faction: Faction, from: PlanetId): { units: UnitSet; captive: boolean }[] {
  const here = state.planets[from][faction];
  const out: { units: UnitSet; captive: boolean }[] = [];
  const captiveHere = faction === 'I' && captivePlanet(state) === from;
  for (const units of unitSubsets(here, faction)) {
    if (!captiveHere) {
      out.push({ units, captive: false });
      continue;
    }
    const remaining = total(here) - total(units);
    if (remaining > 0) out.push({ units, captive: false });
    out.push({ units, captive: true });
  }
  return out;
}

/**
 * True if some unit set can leave (unitSubsets(units, faction) is not empty): any unit for the Rebel; for the
 * Imperial a capital-class unit, since starfighters alone may not move (step 5).
 */
export function canLeave(units: Units, faction: Faction): boolean {
  return faction === 'I' ? units.c + units.s > 0 : units.f + units.c + units.s > 0;
}

/** R4.2.3 step 2 — the player's own non-captured leaders on a planet block it as a source. */
export function ownLeaderOn(state: GameState, faction: Faction, p: PlanetId): boolean {
  for (const id of FACTION_LEADERS[faction]) {
    if (state.leaders[id].at === p && !state.leaders[id].captured) return true;
  }
  return false;
}

export function poolLeaders(state: GameState, faction: Faction): LeaderId[] {
  const out: LeaderId[] = [];
  for (const id of FACTION_LEADERS[faction]) {
    if (state.leaders[id].at === 'pool' && !state.leaders[id].captured) out.push(id);
  }
  return out;
}

/** Valid sources of a Move a Fleet (step 2), in grid order. */
export function fleetSources(state: GameState, faction: Faction): PlanetId[] {
  const out: PlanetId[] = [];
  for (const p of state.grid) {
    if (total(state.planets[p][faction]) > 0 && !ownLeaderOn(state, faction, p)) out.push(p);
  }
  return out;
}

export { adjacent };

/**
 * Steps 7–8: move the units (and the captive), then (for Move a Fleet) place a pool leader on the destination;
 * Imperial units entering the hidden base planet reveal it. The caller queues the state checks (step 9).
 */
export function moveUnits(
  state: GameState, faction: Faction, from: PlanetId, to: PlanetId, units: UnitSet, captive: boolean,
  leader: LeaderId | null,
): void {
  subUnits(state.planets[from][faction], units);
  addUnits(state.planets[to][faction], units);
  if (captive) {
    const c = captiveLeader(state);
    if (c) state.leaders[c].at = to;
  }
  if (leader) state.leaders[leader].at = to;
  state.arrival = { planet: to, faction };
  // `dest`, not `to`: `to` is the log's audience key (log.ts); a planet there hid the event from both seats (R8.1).
  log(state, 'fleetMoved', { faction, from, dest: to, units: { ...units }, captive, leader });
  if (faction === 'I' && units.c + units.s > 0) (state.facts ??= {}).imperialCapitalMoved = state.round; // R-S4 Bot line
  if (faction === 'I' && to !== 'IMP') {
    if (!state.base.revealed && state.base.planet === to) revealBase(state, 'fleet');
    else if (!state.base.revealed && !state.known.cleared.includes(to as never)) state.known.cleared.push(to as never);
  }
}
