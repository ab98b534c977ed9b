/**
 * Mission rewards (R7.5, R7.6 "Reward (2P)"): the generic effects of the content vocabulary and the few
 * bespoke ones. Apply as much as possible; an impossible part is skipped (R4.2.4 step 6).
 */
import { LETTERS, PLANETS, type Effect, type LeaderId, type LetterId, type PlanetId } from '../content';
import type { Action } from './actions';
import { adjacent, captiveLeader, chosenBase, distance, total } from './board';
import { declareWinner, rescue, revealBase } from './checks';
import type { DecisionHandler } from './engine';
import type { TaskHandlers } from './tasks';
import { log } from './log';
import { fleetChoices, moveUnits, unitSubsets } from './movement';
import { removeFromObjectiveHand } from './objectives';
import { effectsOf } from './missions';
import { drawMission } from './planning';
import { now, task } from './queue';
import { drawObjective, drawProbe } from './refresh';
import type { Rng } from './rng';
import type { ActiveMission, GameState } from './state';

function mission(state: GameState): ActiveMission {
  return state.mission as ActiveMission;
}

/** I-S1 — free Rebel leaders on the target. */
function detainable(state: GameState, p: PlanetId): LeaderId[] {
  return (['LD-R1', 'LD-R2', 'LD-R3'] as LeaderId[]).filter((id) => state.leaders[id].at === p && !state.leaders[id].captured);
}

function capture(state: GameState, leader: LeaderId): void {
  state.leaders[leader].captured = true;
  state.stats.captures += 1;
  log(state, 'leaderCaptured', { leader, planet: state.leaders[leader].at as PlanetId }); // detainable(): on the target
}

/** I-S3 — planets that may be named: intact lettered neighbours of the target. */
function patrolOptions(state: GameState, target: PlanetId): LetterId[] {
  return adjacent(state, target).filter((p) => p !== 'IMP' && !state.planets[p].destroyed) as LetterId[];
}

function patrol(state: GameState, named: LetterId): void {
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

/** R6.5.2 — a named probe card moves openly from the deck to the hand, or becomes public if already there. */
function takeNamedProbe(state: GameState, card: LetterId): void {
  if (state.probes.deck.includes(card)) {
    state.probes.deck = state.probes.deck.filter((c) => c !== card);
    state.probes.hand.push(card);
    if (!state.probes.flagged.includes(card)) state.probes.flagged.push(card);
    log(state, 'probeTaken', { card });
  } else if (state.probes.hand.includes(card)) {
    if (!state.probes.flagged.includes(card)) state.probes.flagged.push(card);
    log(state, 'probeAlreadyHeld', { card });
  } else {
    log(state, 'probeNotMoved', { card });
  }
}

/** R6.4 — Obliterator. */
function obliterate(state: GameState, p: PlanetId): void {
  if (state.base.planet === p) {
    log(state, 'planetDestroyed', { planet: p, base: true });
    declareWinner(state, 'I', 'obliterator'); // R6.4.2
    return;
  }
  const pl = state.planets[p];
  state.supply.R.f += pl.R.f;
  state.supply.R.c += pl.R.c;
  pl.R = { f: 0, c: 0, s: 0 };
  pl.loyalty = false;
  pl.disrupt = false;
  pl.destroyed = true;
  log(state, 'planetDestroyed', { planet: p, base: false });
  if (p !== 'IMP') takeNamedProbe(state, p as LetterId);
}

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

function queueSabotageOptions(state: GameState): Action[] {
  const out: Action[] = [];
  state.queues.I.forEach((spot, i) => {
    for (const unit of ['f', 'c'] as const) if (spot[unit] > 0) out.push({ type: 'sabotageQueue', spot: i + 1, unit });
  });
  return out;
}

/** R6.2.7 step 1 — a card may be picked if its planet is intact, holds no Imperial unit and is not public. */
function relocationOptions(state: GameState, cards: LetterId[]): LetterId[] {
  return cards.filter((c) => !state.planets[c].destroyed && total(state.planets[c].I) === 0 && !state.probes.flagged.includes(c));
}

function applyEffect(state: GameState, e: Effect, rng: Rng): void {
  const m = mission(state);
  const p = m.target;
  const pl = state.planets[p];
  switch (e.k) {
    case 'placeToken':
      if (e.token === 'loyalty') pl.loyalty = true;
      else pl.disrupt = true;
      log(state, 'tokenPlaced', { planet: p, token: e.token });
      return;
    case 'removeToken':
      if (e.mode === 'both' || !(pl.loyalty && pl.disrupt)) {
        const removed = ([pl.loyalty && 'loyalty', pl.disrupt && 'disrupt'] as const).filter((t) => t !== false);
        pl.loyalty = false;
        pl.disrupt = false;
        log(state, 'tokensRemoved', { planet: p, tokens: removed });
      } else state.pending = { kind: 'subjugate', seat: 'I' };
      return;
    case 'placeUnits': {
      let unit = e.unit;
      let n = Math.min(e.count, state.supply[e.f][unit]);
      if (n === 0 && e.fallback) {
        unit = e.fallback.unit;
        n = Math.min(e.fallback.count, state.supply[e.f][unit]);
      }
      if (n === 0) {
        log(state, 'unitsPlaced', { faction: e.f, unit, count: 0, planet: p });
        return;
      }
      state.supply[e.f][unit] -= n;
      pl[e.f][unit] += n;
      state.arrival = { planet: p, faction: e.f };
      log(state, 'unitsPlaced', { faction: e.f, unit, count: n, planet: p });
      return;
    }
    case 'strike':
      if (total(pl[m.faction === 'R' ? 'I' : 'R']) > 0) {
        now(state, task('strike', { planet: p, by: m.faction, white: e.white, black: e.black }));
      }
      return;
    case 'drawProbes':
      for (let i = 0; i < e.count; i++) drawProbe(state);
      return;
    case 'special':
      special(state, e.id, m, rng);
  }
}

function special(state: GameState, id: string, m: ActiveMission, rng: Rng): void {
  const p = m.target;
  switch (id) {
    case 'rescue':
      rescue(state, 'mission');
      return;
    case 'relocate': {
      const cards = state.probes.deck.slice(0, state.config.relocationLook);
      state.base.relocatedRound = state.round;
      state.stats.relocations += 1;
      log(state, 'relocationStarted', {});
      log(state, 'probesSeen', { cards }, 'R');
      state.pending = { kind: 'relocate', seat: 'R', cards };
      return;
    }
    case 'slipstream':
      if (slipstreamActions(state, p).length > 0) state.pending = { kind: 'slipstream', seat: 'R' };
      return;
    case 'queueSabotage': {
      const opts = queueSabotageOptions(state);
      if (opts.length === 1) sabotageQueue(state, opts[0]);
      else if (opts.length > 1) state.pending = { kind: 'queueSabotage', seat: 'R' };
      return;
    }
    case 'intercept': {
      const cards = state.planned.I.map((x) => x.card);
      if (cards.length === 0) {
        log(state, 'interceptNothing', {});
        drawMission(state, 'R', rng);
        return;
      }
      for (const c of cards) if (!state.known.rebelKnowsImperial.includes(c)) state.known.rebelKnowsImperial.push(c);
      log(state, 'interceptSeen', { cards }, 'R');
      state.pending = { kind: 'intercept', seat: 'R', cards };
      return;
    }
    case 'council': {
      const drawn = state.objectives.deck.splice(0, 2);
      if (drawn.length === 0) {
        log(state, 'objectiveDeckEmpty', {});
        return;
      }
      if (drawn.length === 1) {
        state.objectives.deck.unshift(drawn[0]);
        drawObjective(state);
        return;
      }
      // R8.3 item 10 — a known bottom card drawn here has left the bottom: forget it, as drawObjective does
      // (otherwise it stays listed, and is listed twice if put back, and views would show a stale card).
      state.objectives.bottomKnown = state.objectives.bottomKnown.filter((b) => !drawn.includes(b.card));
      log(state, 'councilDrew', {});
      log(state, 'councilCards', { cards: drawn }, 'R');
      state.pending = { kind: 'council', seat: 'R', cards: drawn };
      return;
    }
    case 'detain': {
      if (captiveLeader(state)) return;
      const ls = detainable(state, p);
      if (ls.length === 1) capture(state, ls[0]);
      else if (ls.length > 1) state.pending = { kind: 'detain', seat: 'I' };
      return;
    }
    case 'patrol': {
      if (state.base.revealed) {
        log(state, 'patrolNamed', { planet: null, result: 'baseAlreadyRevealed' }); // I-S3: nothing else happens
        return;
      }
      const opts = patrolOptions(state, p);
      if (opts.length === 1) patrol(state, opts[0]);
      else if (opts.length > 1) state.pending = { kind: 'patrol', seat: 'I' };
      return;
    }
    case 'obliterate':
      obliterate(state, p);
      return;
    case 'deepScan':
      if (!state.base.revealed && state.base.planet === p) revealBase(state, 'deepScan');
      else if (p !== 'IMP') takeNamedProbe(state, p as LetterId);
      return;
    case 'interrogate':
      if (!state.base.revealed) {
        const sector = PLANETS[chosenBase(state)].sector;
        state.known.baseSector = sector;
        log(state, 'baseSectorAnnounced', { sector });
      } else drawProbe(state);
      return;
    case 'pursuit':
      state.pending = { kind: 'pursuit', seat: 'I' };
      return;
    case 'botSupplyDrop': case 'botIntercept': case 'botCouncil': case 'soloIntercept':
      now(state, task(id)); // RULES §9 solo lines: tasks of src/game/rules/soloEffects.ts
      return;
    case 'propaganda': {
      const hand = [...state.objectives.hand].sort();
      if (hand.length === 0) {
        log(state, 'propagandaNothing', {});
        return;
      }
      const card = hand[rng.int(hand.length)];
      removeFromObjectiveHand(state, card);
      state.objectives.deck.push(card);
      state.objectives.bottomKnown.push({ card, by: 'both' });
      log(state, 'objectiveBuried', {});
      log(state, 'objectiveBuriedCard', { card }, 'players'); // R8.3 item 10: both players, not spectators
    }
  }
}

function sabotageQueue(state: GameState, a: Action): void {
  if (a.type !== 'sabotageQueue') return;
  state.queues.I[a.spot - 1][a.unit] -= 1;
  state.supply.I[a.unit] += 1;
  log(state, 'queueSabotaged', { spot: a.spot, unit: a.unit });
}

const subjugate: DecisionHandler = {
  legal: () => [{ type: 'removeToken', token: 'loyalty' }, { type: 'removeToken', token: 'disrupt' }],
  answer(state, _p, a) {
    if (a.type !== 'removeToken') return;
    const p = mission(state).target;
    state.planets[p][a.token] = false;
    log(state, 'tokensRemoved', { planet: p, tokens: [a.token] });
  },
};

const detain: DecisionHandler = {
  legal: (state) => detainable(state, mission(state).target).map((leader) => ({ type: 'detainLeader', leader }) as Action),
  answer(state, _p, a) {
    if (a.type === 'detainLeader') capture(state, a.leader);
  },
};

const patrolDecision: DecisionHandler = {
  legal: (state) => patrolOptions(state, mission(state).target).map((planet) => ({ type: 'patrolPlanet', planet }) as Action),
  answer(state, _p, a) {
    if (a.type === 'patrolPlanet') patrol(state, a.planet);
  },
};

const pursuit: DecisionHandler = {
  legal(state) {
    const from = mission(state).target;
    const out: Action[] = [];
    const choices = fleetChoices(state, 'I', from);
    for (const to of adjacent(state, from)) for (const ch of choices) out.push({ type: 'pursue', to, units: ch.units, captive: ch.captive });
    return out;
  },
  answer(state, _p, a) {
    if (a.type !== 'pursue') return;
    moveUnits(state, 'I', mission(state).target, a.to, a.units, a.captive, null);
    now(state, task('stateChecks'));
  },
};

const slipstream: DecisionHandler = {
  legal: (state) => slipstreamActions(state, mission(state).target),
  answer(state, _p, a) {
    if (a.type !== 'slipstream') return;
    const from = mission(state).target;
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
};

const queueSabotage: DecisionHandler = {
  legal: (state) => queueSabotageOptions(state),
  answer: (state, _p, a) => sabotageQueue(state, a),
};

const intercept: DecisionHandler = {
  legal: (_state, p) => (p.kind === 'intercept' ? p.cards.map((card) => ({ type: 'interceptMission', card }) as Action) : []),
  answer(state, _p, a) {
    if (a.type !== 'interceptMission') return;
    const pm = state.planned.I.find((x) => x.card === a.card);
    if (!pm) return;
    state.planned.I = state.planned.I.filter((x) => x !== pm);
    state.hands.I.push(pm.card);
    state.leaders[pm.leader].at = mission(state).target;
    log(state, 'missionIntercepted', { leader: pm.leader, planet: mission(state).target });
    log(state, 'missionInterceptedCard', { card: pm.card }, 'R');
  },
};

const council: DecisionHandler = {
  legal: (_state, p) => (p.kind === 'council' ? p.cards.map((card) => ({ type: 'keepObjective', card }) as Action) : []),
  answer(state, p, a) {
    if (a.type !== 'keepObjective' || p.kind !== 'council') return;
    const other = p.cards.find((c) => c !== a.card)!;
    state.objectives.hand.push(a.card);
    state.objectives.deck.push(other);
    state.objectives.bottomKnown.push({ card: other, by: 'R' });
    log(state, 'councilKept', {});
    log(state, 'councilKeptCard', { kept: a.card, bottom: other }, 'R');
  },
};

const relocate: DecisionHandler = {
  legal(state, p) {
    if (p.kind !== 'relocate') return [];
    return [
      ...relocationOptions(state, p.cards).map((planet) => ({ type: 'relocateBase', planet }) as Action),
      { type: 'relocateBase', planet: null },
    ];
  },
  answer(state, _p, a) {
    if (a.type !== 'relocateBase') return;
    const wasRevealed = state.base.revealed;
    const old = chosenBase(state);
    if (a.planet) {
      state.probes.deck = state.probes.deck.filter((c) => c !== a.planet);
      state.probes.deck.push(old);
      if (wasRevealed && !state.probes.flagged.includes(old)) state.probes.flagged.push(old); // R8.3 item 11
      state.base.planet = a.planet;
      state.base.revealed = false;
    }
    // R6.2.7 step 4 — the Imperial learns only that a relocation happened and whether the base is hidden now.
    // R9.3 / R9.13 — in solo the Imperial bot's cleared set empties at every relocation.
    if (!wasRevealed || a.planet || state.solo) {
      state.known.cleared = [];
      state.known.baseSector = null;
    }
    log(state, 'relocated', { hidden: !state.base.revealed });
    log(state, 'relocatedTo', { from: old, dest: a.planet }, 'R'); // `dest`: `to` is the audience key (R8.1)
    now(state, task('shuffleProbeDeck'));
  },
};

export const tasks = {
  effect(state, t, rng) {
    const m = state.mission;
    if (!m) return;
    applyEffect(state, effectsOf(state, m.card, m.faction)[t.idx], rng); // 2P, Bot or Solo player line
  },
} satisfies TaskHandlers;

export const decisions = { subjugate, detain, patrol: patrolDecision, pursuit, slipstream, queueSabotage, intercept, council, relocate };
export { LETTERS };
