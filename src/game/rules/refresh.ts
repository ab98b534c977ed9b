/** R4.4 — Refresh: retrieve, hand limit, probes, objective draw, time, build, deploy, base moves. */
import { FACTION_LEADERS, MISSIONS, PLANETS, soloLevel, type Faction, type PlanetId } from '../content';
import type { Action } from './actions';
import { aligned, emptyUnits, revealedBasePlanet, sfPlanet, total } from './board';
import { checkRebelTimer } from './checks';
import type { DecisionHandler, DecisionHandlers } from './decisions';
import type { TaskHandlers } from './tasks';
import { log } from './log';
import { now, task } from './queue';
import type { GameState, Pending } from './state';

export type DeployLocation = PlanetId | 'BASE';

/** R4.4.6 — producing locations of a faction, in grid order ('BASE' = the Rebel base card). */
export function producingLocations(state: GameState, f: Faction): DeployLocation[] {
  const out: DeployLocation[] = [];
  for (const p of state.grid) {
    const def = PLANETS[p];
    const pl = state.planets[p];
    if (pl.destroyed || pl.disrupt || def.tab.length === 0) continue;
    if (def.tabFaction !== 'any' && def.tabFaction !== f) continue;
    if (f === 'I' && def.type !== 'production') continue;
    if (f === 'R' && def.type === 'remote') continue;
    if (aligned(state, p, f)) out.push(p);
  }
  if (f === 'R') out.push('BASE'); // R6.2.3 — the base card always produces
  return out;
}

const BASE_TAB = [{ unit: 'f' as const, count: 1, spot: 1 }, { unit: 'c' as const, count: 1, spot: 2 }];

/** Units due per type and queue spot (index 0 = spot 1) at a build (R4.4.6). */
export function dueUnits(state: GameState, f: Faction): Record<'f' | 'c', number[]> {
  const spots = state.config.queueSpots;
  const due = { f: new Array(spots).fill(0), c: new Array(spots).fill(0) };
  for (const loc of producingLocations(state, f)) {
    const tab = loc === 'BASE' ? BASE_TAB : PLANETS[loc].tab;
    for (const e of tab) if (e.spot <= spots) due[e.unit][e.spot - 1] += e.count;
  }
  return due;
}

/** Every way to spread `available` units over spots with at most `due[i]` each (shortfall choice). */
export function allocations(due: number[], available: number): number[][] {
  const out: number[][] = [];
  const rec = (i: number, left: number, acc: number[]) => {
    if (i === due.length) {
      if (left === 0) out.push(acc);
      return;
    }
    for (let k = Math.min(due[i], left); k >= 0; k--) rec(i + 1, left - k, [...acc, k]);
  };
  rec(0, available, []);
  return out;
}

function putOnQueue(state: GameState, f: Faction, unit: 'f' | 'c', counts: number[]): void {
  counts.forEach((n, i) => {
    state.queues[f][i][unit] += n;
    state.supply[f][unit] -= n;
  });
  const n = counts.reduce((a, b) => a + b, 0);
  if (n > 0) log(state, 'built', { faction: f, unit, counts });
}

/** R4.4.7 — the deployment cap: fewer than `deployCap` units were placed at `loc` this round. */
function room(state: GameState, loc: DeployLocation): boolean {
  return (state.placedThisRound[loc] ?? 0) < state.config.deployCap;
}

/** R4.4.7 — legal deployment locations for one arriving unit. */
export function deployLocations(state: GameState, f: Faction): DeployLocation[] {
  const out: DeployLocation[] = [];
  const sf = sfPlanet(state);
  const baseP = revealedBasePlanet(state);
  for (const p of state.grid) {
    const pl = state.planets[p];
    if (total(pl[f === 'R' ? 'I' : 'R']) > 0) continue; // never next to enemy units
    const ok = f === 'R'
      ? (aligned(state, p, 'R') && !pl.disrupt) || p === baseP
      : (aligned(state, p, 'I') && !pl.disrupt) || p === sf;
    // room() last: the keyed lookup in placedThisRound (keys added in any order) is the costliest test here.
    if (ok && room(state, p)) out.push(p);
  }
  if (f === 'R' && !state.base.revealed && room(state, 'BASE')) out.push('BASE');
  return out;
}

/** R4.4.8 — base-move destinations: Rebel aligned, undisrupted, with room under the cap. */
export function baseMoveDestinations(state: GameState): PlanetId[] {
  if (state.base.revealed) return [];
  return state.grid.filter((p) => aligned(state, p, 'R') && !state.planets[p].disrupt
    && (state.placedThisRound[p] ?? 0) < state.config.deployCap);
}

function deployActions(state: GameState, f: Faction): Action[] {
  const out: Action[] = [];
  const arr = state.arrivals[f];
  const locs = deployLocations(state, f);
  for (const unit of ['f', 'c', 's'] as const) {
    if (arr[unit] === 0) continue;
    for (const to of locs) out.push({ type: 'deployUnit', unit, to });
  }
  return out;
}

function deployOne(state: GameState, f: Faction, unit: 'f' | 'c' | 's', to: DeployLocation): void {
  state.arrivals[f][unit] -= 1;
  if (to === 'BASE') state.base.units[unit] += 1;
  else state.planets[to][f][unit] += 1;
  state.placedThisRound[to] = (state.placedThisRound[to] ?? 0) + 1;
  log(state, 'deployed', { faction: f, unit, dest: to }); // `dest`: `to` is the audience key (R8.1)
}

const deploy: DecisionHandler<'deploy'> = {
  legal: (state, p) => deployActions(state, p.seat),
  answer(state, p, a) {
    if (a.type !== 'deployUnit') return;
    deployOne(state, p.seat, a.unit, a.to);
    now(state, task('deployNext', { f: p.seat }));
  },
};

const baseMoves: DecisionHandler<'baseMoves'> = {
  legal(state) {
    const out: Action[] = [];
    const dests = baseMoveDestinations(state);
    for (const unit of ['f', 'c'] as const) {
      if (state.base.units[unit] === 0) continue;
      for (const to of dests) out.push({ type: 'baseMove', unit, to });
    }
    out.push({ type: 'endBaseMoves' });
    return out;
  },
  answer(state, _p, a) {
    if (a.type === 'baseMove') {
      state.base.units[a.unit] -= 1;
      state.planets[a.to].R[a.unit] += 1;
      state.placedThisRound[a.to] = (state.placedThisRound[a.to] ?? 0) + 1;
      log(state, 'baseMoved', { unit: a.unit, dest: a.to }); // `dest`: `to` is the audience key (R8.1)
      now(state, task('baseMoves'));
    }
  },
};

const handLimit: DecisionHandler<'handLimit'> = {
  legal(state, p) {
    return state.hands[p.seat].filter((c) => !MISSIONS[c].starting).map((card) => ({ type: 'discardMission', card }) as Action);
  },
  answer(state, p, a) {
    if (a.type !== 'discardMission') return;
    const f = p.seat;
    state.hands[f] = state.hands[f].filter((c) => c !== a.card);
    state.discards[f].push(a.card);
    if (f === 'I') state.known.rebelKnowsImperial = state.known.rebelKnowsImperial.filter((c) => c !== a.card);
    log(state, 'missionDiscarded', { faction: f, card: a.card });
    now(state, task('handLimit', { f }));
  },
};

const shortfall: DecisionHandler<'shortfall'> = {
  legal(_state, p) {
    if (p.kind !== 'shortfall') return [];
    return allocations(p.due, p.available).map((counts) => ({ type: 'allocateBuild', counts }) as Action);
  },
  answer(state, p, a) {
    if (a.type !== 'allocateBuild' || p.kind !== 'shortfall') return;
    putOnQueue(state, p.seat, p.unit, a.counts);
  },
};

export const tasks = {
  startRefresh(state) {
    state.phase = 'refresh';
    now(state, task('retrieve'), task('handLimit', { f: 'R' }), task('handLimit', { f: 'I' }), task('launchProbes'),
      task('drawObjective'), task('advanceTime'), task('deploy', { f: 'R' }), task('deploy', { f: 'I' }),
      task('baseMoves'), task('endRefresh'));
    return 'yield';
  },
  /** R4.4.1 — leaders back to the pools (not the captive); unrevealed missions back to hand. */
  retrieve(state) {
    for (const f of ['R', 'I'] as Faction[]) {
      for (const id of FACTION_LEADERS[f]) {
        const l = state.leaders[id];
        if (!l.captured) l.at = 'pool';
      }
      for (const pm of state.planned[f]) state.hands[f].push(pm.card);
      state.planned[f] = [];
    }
    log(state, 'leadersRetrieved', {});
  },
  /** R4.4.2 — discard deck missions down to the limit. */
  handLimit(state, t) {
    const f = t.f;
    if (state.hands[f].length > state.config.handLimit) state.pending = { kind: 'handLimit', seat: f };
  },
  /** R4.4.3 */
  launchProbes(state) {
    // R9.11 — an Imperial bot draws its level's extra probes (SOLO_LEVELS).
    const extra = state.solo?.bot === 'I' ? soloLevel(state.solo).imperialExtraProbes : 0;
    for (let i = 0; i < state.config.probesPerRefresh + extra; i++) drawProbe(state);
  },
  /** R4.4.4 */
  drawObjective(state) {
    // R9.11 — a Rebel bot draws its level's extra objectives (SOLO_LEVELS).
    const extra = state.solo?.bot === 'R' ? soloLevel(state.solo).rebelExtraObjectiveDraws : 0;
    for (let i = 0; i <= extra; i++) drawObjective(state);
  },
  /** R4.4.5 — time moves on; R1.2.3 check; build on an icon space. */
  advanceTime(state) {
    state.time += 1;
    log(state, 'timeAdvanced', { time: state.time });
    checkRebelTimer(state);
    if (state.winner) return;
    if (state.config.buildSpaces.includes(state.time)) {
      now(state, task('build', { f: 'R', unit: 'f' }), task('build', { f: 'R', unit: 'c' }),
        task('build', { f: 'I', unit: 'f' }), task('build', { f: 'I', unit: 'c' }));
    }
  },
  /** R4.4.6 — one faction, one unit type; the owner chooses on a shortfall when the spots differ. */
  build(state, t) {
    const f = t.f;
    const unit = t.unit;
    const due = dueUnits(state, f)[unit];
    const need = due.reduce((a, b) => a + b, 0);
    const available = state.supply[f][unit];
    if (need <= available) {
      putOnQueue(state, f, unit, due);
      return;
    }
    const options = allocations(due, available);
    if (options.length === 1) {
      putOnQueue(state, f, unit, options[0]);
      return;
    }
    state.pending = { kind: 'shortfall', seat: f, unit, due, available } as Pending;
  },
  /** R4.4.7 step 1 — slide the queue; spot 1 leaves as arrivals. */
  deploy(state, t) {
    const f = t.f;
    if (f === 'R') state.placedThisRound = {};
    const q = state.queues[f];
    const arrivals = q.shift()!;
    q.push(emptyUnits());
    state.arrivals[f] = arrivals;
    if (total(arrivals) > 0) log(state, 'arrivals', { faction: f, units: { ...arrivals } });
    now(state, task('deployNext', { f }));
  },
  /** R4.4.7 steps 2–3 — place arrivals one at a time; those with nowhere to go return to supply. */
  deployNext(state, t) {
    const f = t.f;
    if (total(state.arrivals[f]) === 0) return;
    const actions = deployActions(state, f);
    if (actions.length === 0) {
      const back = state.arrivals[f];
      state.supply[f].f += back.f;
      state.supply[f].c += back.c;
      state.supply[f].s += back.s;
      log(state, 'arrivalsReturned', { faction: f, units: { ...back } });
      state.arrivals[f] = emptyUnits();
      return;
    }
    if (actions.length === 1) {
      const a = actions[0] as Extract<Action, { type: 'deployUnit' }>;
      deployOne(state, f, a.unit, a.to);
      now(state, task('deployNext', { f }));
      return;
    }
    state.pending = { kind: 'deploy', seat: f };
  },
  /** R4.4.8 — only while the base is hidden and something could move. */
  baseMoves(state) {
    if (state.base.revealed || total(state.base.units) === 0) return;
    if (baseMoveDestinations(state).length === 0) return;
    state.pending = { kind: 'baseMoves', seat: 'R' };
  },
  /** R4.4.9 — occupation check, end-of-Refresh window, then the next round (R4.4.10). */
  endRefresh(state) {
    now(state, task('checkOccupation'), task('objectiveWindow', { window: 'refresh' }), task('startRound'));
  },
} satisfies TaskHandlers;

/** R6.5 — draw the top probe card into the Imperial hand (nothing if the deck is empty). */
export function drawProbe(state: GameState): void {
  const card = state.probes.deck.shift();
  if (!card) {
    log(state, 'probeDeckEmpty', {});
    return;
  }
  state.probes.hand.push(card);
  if (state.probes.flagged.includes(card)) log(state, 'probeDrawn', { card });
  else {
    log(state, 'probeDrawn', {});
    log(state, 'probeDrawnCard', { card }, 'I');
  }
}

/** R4.4.4 — the Rebel draws the top objective, if any. */
export function drawObjective(state: GameState): void {
  const card = state.objectives.deck.shift();
  if (!card) {
    log(state, 'objectiveDeckEmpty', {});
    return;
  }
  state.objectives.hand.push(card);
  state.objectives.bottomKnown = state.objectives.bottomKnown.filter((b) => b.card !== card);
  log(state, 'objectiveDrawn', {});
  log(state, 'objectiveDrawnCard', { card }, 'R');
}

export const decisions = { deploy, baseMoves, handLimit, shortfall } satisfies DecisionHandlers;
