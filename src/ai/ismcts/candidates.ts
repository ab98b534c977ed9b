/**
 * The moves the search considers: every legal action, except that a Move a Fleet (R4.2.3, up to ~950 ways when
 * many units can move) is cut down to a few unit groupings per source and destination, with one leader — all the units,
 * all but one left behind as a guard, all but the Star Fortress, a single unit — so the tree stays narrow.
 * Each is built from the same movement rules the core lists (src/game/rules/movement.ts), and a test checks that
 * every candidate is in `decisionActions` (legalActions without the take-back). Pursuit (I-07) and slipstream
 * keep their full lists: they are short.
 */
import { LEADERS, type Faction, type PlanetId } from '../../game/content';
import { board, decisionActions, type Action, type GameState, type UnitSet } from '../../game/rules';
import { fleetSources, poolLeaders } from '../../game/rules/movement';
import { captivePlanet, total } from '../../game/rules/board';
import { revealableMissions } from '../../game/rules/missions';

/** A few representative unit sets that may leave a location holding `u` (escort rule R4.2.3 step 5 kept). */
export function unitGroupings(u: UnitSet, f: Faction): UnitSet[] {
  const out: UnitSet[] = [];
  const seen = new Set<string>();
  const add = (x: UnitSet) => {
    if (x.f < 0 || x.c < 0 || x.s < 0 || x.f + x.c + x.s === 0) return;
    if (f === 'I' && x.f > 0 && x.c + x.s === 0) return;
    const k = `${x.f},${x.c},${x.s}`;
    if (!seen.has(k)) {
      seen.add(k);
      out.push(x);
    }
  };
  add({ ...u }); // everything
  if (total(u) > 1) {
    // Leave one behind as a guard: the cheapest unit that can stay (a starfighter if any).
    if (u.f > 0) add({ f: u.f - 1, c: u.c, s: u.s });
    else if (u.c > 0) add({ f: 0, c: u.c - 1, s: u.s });
  }
  if (f === 'I') {
    if (u.s > 0 && u.c > 0) add({ f: u.f, c: u.c, s: 0 }); // the fleet goes, the SF holds
    if (u.s > 0) add({ f: 0, c: 0, s: 1 }); // the SF alone
    if (u.c > 0) add({ f: 0, c: 1, s: 0 }); // one capital ship scouts
  } else {
    if (u.c > 0) add({ f: 0, c: 1, s: 0 });
    if (u.f > 0) add({ f: 1, c: 0, s: 0 });
  }
  return out;
}

/** Reduced Move a Fleet actions for `f` (the turn decision). */
export function fleetCandidates(state: GameState, f: Faction): Action[] {
  const pool = poolLeaders(state, f);
  if (pool.length === 0) return [];
  // One leader per move: the one with the fewest icons (ties: the later id), keeping the stronger ones home for
  // opposition (R4.2.5) and missions. Which leader walks with a fleet rarely matters for the fleet itself.
  let weakest = pool[0];
  for (const l of pool) if (LEADERS[l].icons.length <= LEADERS[weakest].icons.length) weakest = l;
  const leaders = [weakest];
  const out: Action[] = [];
  const captiveAt = f === 'I' ? captivePlanet(state) : null;
  for (const from of fleetSources(state, f)) {
    const here = state.planets[from][f];
    const groups = unitGroupings(here, f);
    if (groups.length === 0) continue;
    const tos: PlanetId[] = board.adjacent(state, from);
    for (const units of groups) {
      // R4.2.3 step 6: the captive must go if no Imperial unit stays; otherwise it stays with the guard.
      const captive = captiveAt === from && total(here) - total(units) === 0;
      for (const to of tos) {
        for (const leader of leaders) out.push({ type: 'moveFleet', from, to, units, captive, leader });
      }
    }
  }
  return out;
}

/**
 * The search's move list for the pending seat: decisionActions, with Move a Fleet reduced. For a turn this mirrors
 * the core's own list (src/game/rules/operations.ts: fleet moves, revealable missions, pass) without enumerating
 * every unit subset first.
 */
export function candidateActions(state: GameState, seat: Faction): Action[] {
  const p = state.pending;
  if (!p || p.seat !== seat || state.winner) return [];
  if (p.kind !== 'turn') return decisionActions(state, seat);
  const out = fleetCandidates(state, seat);
  for (const a of revealableMissions(state, seat)) out.push(a);
  out.push({ type: 'pass' });
  return out;
}
