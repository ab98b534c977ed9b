/**
 * Cheap domain rules for playouts and for ordering the search's candidates (BOT-NOTES "ε-greedy playouts"):
 * the Imperial sweeps planets the base may still be on and closes in on a revealed base; the Rebel spreads out,
 * strikes only when clearly stronger, keeps units off the Imperial's path, and reveals objectives when they hold.
 * `score` is higher for better moves; `pick` is ε-greedy over it. Every rule reads only what the acting seat would
 * know in the world it is played in (./knowledge.ts).
 */
import { LEADERS, MISSIONS, PLANETS, iconCount, type Faction, type LetterId } from '../../game/content';
import type { Action, GameState, Rng } from '../../game/rules';
import { distance, other } from '../../game/rules/board';
import { fleetSources, poolLeaders } from '../../game/rules/movement';
import { imperialCandidates, nearest, strength } from './knowledge';
import type { PolicyWeights } from './weights';

const HUNT_MISSIONS = new Set<string>(['I-S3', 'I-02', 'I-03', 'I-06']);

/** Per-decision facts shared by the scores of all candidate actions. */
interface Context {
  candidates: LetterId[];
  basePlanet: LetterId | null; // revealed base (public), or the Rebel's own knowledge of it
  /** Planning, Imperial: the pool is down to the leaders its hunting fleets need to move this round. */
  keepLeaders: boolean;
}

/**
 * Imperial planning: how many leaders the hunt needs in the pool. Each fleet move places a leader (R4.2.3 step 7)
 * and a fleet moves at most once a round (R4.2.7), so a mission planned with the last leaders freezes every fleet
 * for the round. A stack with a capital-class unit that is not yet on a target wants one (at most two are kept).
 */
function huntLeaders(s: GameState, targets: readonly LetterId[]): number {
  if (targets.length === 0) return 0;
  let need = 0;
  for (const p of fleetSources(s, 'I')) {
    const u = s.planets[p].I;
    if (u.c + u.s > 0 && nearest(s, p, targets) > 0) need++;
  }
  return Math.min(2, need);
}

function contextFor(s: GameState, seat: Faction): Context {
  const revealed = s.base.revealed ? s.base.planet : null;
  const candidates = seat === 'I' ? imperialCandidates(s) : [];
  let keepLeaders = false;
  if (seat === 'I' && s.pending?.kind === 'plan') {
    const targets = revealed ? [revealed] : candidates;
    keepLeaders = poolLeaders(s, 'I').length <= huntLeaders(s, targets);
  }
  return { candidates, basePlanet: revealed ?? (seat === 'R' ? s.base.planet : null), keepLeaders };
}

function scoreMove(s: GameState, seat: Faction, a: Extract<Action, { type: 'moveFleet' }>, cx: Context, w: PolicyWeights): number {
  const mine = strength(a.units);
  const theirs = strength(s.planets[a.to][other(seat)]);
  const left = strength(s.planets[a.from][seat]) - mine;
  let v = w.move;
  if (seat === 'I') {
    if (cx.candidates.includes(a.to as LetterId)) v += w.impSweep;
    else if (cx.candidates.length > 0) {
      v += w.impApproach * (nearest(s, a.from, cx.candidates) - nearest(s, a.to, cx.candidates));
    }
    if (s.base.revealed && cx.basePlanet) {
      v += w.impApproach * (distance(s, a.from, cx.basePlanet) - distance(s, a.to, cx.basePlanet));
      if (a.to === cx.basePlanet && mine > theirs) v += w.impAssault;
    }
  } else {
    if (s.base.revealed && cx.basePlanet) {
      if (a.to === cx.basePlanet) v += w.rebDefend;
      if (a.from === cx.basePlanet) v -= w.rebDefend;
    } else if (a.to === cx.basePlanet) v -= w.rebQuiet;
    const p = s.planets[a.to];
    if (theirs === 0 && a.to !== 'IMP' && !p.destroyed && !p.loyalty) v += w.rebSpread;
  }
  if (theirs > 0) v += mine >= 2 * theirs ? w.attackStrong : mine > theirs ? w.attackEven : -w.attackWeak;
  if (left === 0 && s.planets[a.from].loyalty && seat === 'R') v -= w.rebAbandon;
  return v;
}

function scoreDeploy(s: GameState, seat: Faction, to: string, cx: Context, w: PolicyWeights): number {
  if (to === 'BASE') return w.rebDeployBase;
  const here = s.planets[to as LetterId];
  if (seat === 'I') {
    return cx.candidates.length > 0 ? -w.impApproach * nearest(s, to as LetterId, cx.candidates) : 0;
  }
  // Rebel: guard the revealed base, otherwise reinforce planets under threat of nothing in particular.
  if (s.base.revealed && to === cx.basePlanet) return w.rebDefend;
  return PLANETS[to as LetterId].type === 'production' && here.loyalty ? 0.5 : 0;
}

/** How good `a` looks for `seat` by the domain rules (no search). */
export function score(s: GameState, seat: Faction, a: Action, cx: Context, w: PolicyWeights): number {
  switch (a.type) {
    case 'moveFleet': return scoreMove(s, seat, a, cx, w);
    case 'revealMission': return w.reveal + (seat === 'I' && cx.candidates.includes(a.target as LetterId) ? w.impSweep / 2 : 0);
    case 'pass': return w.pass;
    case 'oppose': {
      const m = s.mission;
      const icons = m && MISSIONS[m.card].attribute ? iconCount(a.leader, MISSIONS[m.card].attribute!) : 0;
      return w.oppose + w.opposeIcon * icons;
    }
    case 'declineOpposition': return 0;
    case 'assignHit': return (a.hp === 1 ? 10 : 4 - a.hp) + (a.unit === 's' ? 3 : a.unit === 'c' ? 2 : 0);
    case 'revealObjective': return a.card === null ? 0 : 10;
    case 'secretPlans': return a.use ? 10 : 0;
    case 'deployUnit': return scoreDeploy(s, seat, a.to, cx, w);
    case 'planMission': {
      // The hunt's tools (I-S3 names a planet, I-02 scans one, I-03 draws probes, I-06 gets the sector) while the
      // base is hidden; a leader whose icons match the card's attribute (R4.2.6) for everyone.
      const m = MISSIONS[a.card];
      const hunt = seat === 'I' && !s.base.revealed && HUNT_MISSIONS.has(a.card) ? w.planHunt : 0;
      const match = m.attribute ? iconCount(a.leader, m.attribute) : 0;
      const keep = cx.keepLeaders ? w.impKeepLeaders : 0;
      return w.plan + hunt + w.planMatch * match - 0.3 * LEADERS[a.leader].icons.length - keep;
    }
    case 'endPlanning': return 0;
    case 'chooseBase': {
      const p = a.planet;
      return distance(s, p, 'IMP') + distance(s, p, s.start.I) + (PLANETS[p].type === 'remote' ? 1 : 0);
    }
    case 'relocateBase': return a.planet === null ? 0 : s.base.revealed ? 10 : w.relocate;
    case 'endBaseMoves': return 0.5;
    case 'patrolPlanet': return cx.candidates.includes(a.planet) ? 5 : 0; // I-S3: name a planet the base may be on
    default: return 0;
  }
}

export interface Picker {
  /** ε-greedy: a random candidate with probability ε, else the best by `score` (random tie-break). */
  pick(s: GameState, seat: Faction, actions: Action[], rng: Rng): Action;
  /** Candidates ordered best first (progressive widening in the tree). */
  order(s: GameState, seat: Faction, actions: Action[]): number[];
}

export function makePicker(w: PolicyWeights): Picker {
  return {
    pick(s, seat, actions, rng) {
      if (actions.length === 1 || rng.int(1000) < w.epsilon * 1000) return actions[rng.int(actions.length)];
      const cx = contextFor(s, seat);
      let best = actions[0];
      let bestScore = -Infinity;
      for (const a of actions) {
        const v = score(s, seat, a, cx, w) + rng.int(1000) / 2000;
        if (v > bestScore) {
          bestScore = v;
          best = a;
        }
      }
      return best;
    },
    order(s, seat, actions) {
      const cx = contextFor(s, seat);
      const scores = actions.map((a) => score(s, seat, a, cx, w));
      return actions.map((_, i) => i).sort((i, j) => scores[j] - scores[i] || i - j);
    },
  };
}
