/**
 * R9.4 – R9.7 — the bot's Operations turn, run by the engine as tasks (no decision is ever asked of the bot):
 * pass without a pool leader, the default action on its first turn (R9.4 step 2, not on Easy: R9.11), else turn
 * over bot cards until one has a legal target for its Bot line, skipped cards faceup then under the deck.
 * Every step is logged as a typed event so the human can follow the rival.
 */
import { LEADERS, MISSIONS, PLANETS, iconCount, soloLevel, type Faction, type LeaderId, type MissionId, type PlanetId } from '../content';
import { adjacent, captivePlanet, total } from './board';
import type { TaskHandlers } from './tasks';
import { log, type LogEvents } from './log';
import { startMission } from './missions';
import { moveUnits, ownLeaderOn, poolLeaders } from './movement';
import { now, task } from './queue';
import { shuffleInPlace, type Rng } from './rng';
import { botTargets } from './soloBotLines';
import { huntDestination, huntSources, rank } from './soloTargets';
import type { GameState, SoloState } from './state';

function solo(state: GameState): SoloState {
  return state.solo as SoloState;
}

/** R9.5 — for a card with an attribute: most matching icons (tie: lower id). */
export function leaderForCard(state: GameState, f: Faction, card: MissionId): LeaderId | null {
  const attr = MISSIONS[card].attribute;
  const pool = poolLeaders(state, f);
  if (pool.length === 0) return null;
  if (attr === null) return leaderForDefault(state, f);
  return rank(pool, (id) => -iconCount(id, attr))[0];
}

/** R9.5 — for a card without an attribute and for default actions: fewest icons (tie: higher id). */
export function leaderForDefault(state: GameState, f: Faction): LeaderId | null {
  const pool = [...poolLeaders(state, f)].reverse(); // higher id first, so the stable rank breaks ties that way
  if (pool.length === 0) return null;
  return rank(pool, (id) => LEADERS[id].icons.length)[0];
}

/** A default action (R9.6 Hunt, R9.7 Strike / Spread) as a fleet move, or null if impossible. */
export interface DefaultMove {
  action: 'hunt' | 'strike' | 'spread';
  from: PlanetId;
  to: PlanetId;
  units: { f: number; c: number; s: number };
  captive: boolean;
}

/** R9.6 — Hunt: every Imperial unit (and the captive) from the best source one step toward the goals. */
export function huntMove(state: GameState, ignoreLeaders = false, source?: PlanetId): DefaultMove | null {
  const from = source ?? huntSources(state, ignoreLeaders)[0];
  if (!from) return null;
  return {
    action: 'hunt', from, to: huntDestination(state, from), units: { ...state.planets[from].I },
    captive: captivePlanet(state) === from,
  };
}

/** R9.7 — Strike, else Spread (reading: Spread takes the largest group that has an empty neighbour). */
export function rebelDefaultMove(state: GameState): DefaultMove | null {
  const R = (p: PlanetId) => total(state.planets[p].R);
  const I = (p: PlanetId) => total(state.planets[p].I);
  const sources = state.grid.filter((p) => R(p) > 0 && !ownLeaderOn(state, 'R', p));
  const strikes: { s: PlanetId; t: PlanetId }[] = [];
  for (const s of sources) {
    for (const t of adjacent(state, s)) {
      if (I(t) > 0 && state.planets[t].I.s === 0 && R(s) >= 2 * I(t)) strikes.push({ s, t });
    }
  }
  if (strikes.length > 0) {
    const idx = (p: PlanetId) => state.grid.indexOf(p);
    const best = rank(strikes, (x) => I(x.t), (x) => idx(x.t), (x) => -R(x.s), (x) => idx(x.s))[0];
    return { action: 'strike', from: best.s, to: best.t, units: { ...state.planets[best.s].R }, captive: false };
  }
  const empty = (q: PlanetId) => R(q) === 0 && I(q) === 0;
  const spreadFrom = rank(sources.filter((p) => R(p) >= 2 && adjacent(state, p).some(empty)), (p) => -R(p))[0];
  if (!spreadFrom) return null;
  const to = rank(adjacent(state, spreadFrom).filter(empty),
    (q) => (!state.planets[q].destroyed && PLANETS[q].type === 'production' ? 0 : 1),
    (q) => (state.planets[q].loyalty ? 1 : 0))[0];
  const unit = state.planets[spreadFrom].R.f > 0 ? 'f' : 'c';
  return { action: 'spread', from: spreadFrom, to, units: { f: unit === 'f' ? 1 : 0, c: unit === 'c' ? 1 : 0, s: 0 }, captive: false };
}

export function defaultMove(state: GameState, f: Faction): DefaultMove | null {
  return f === 'I' ? huntMove(state) : rebelDefaultMove(state);
}

function doDefault(state: GameState, f: Faction, mv: DefaultMove): void {
  const leader = leaderForDefault(state, f) as LeaderId;
  log(state, 'botDefaultAction', { faction: f, action: mv.action, from: mv.from, dest: mv.to, leader });
  moveUnits(state, f, mv.from, mv.to, mv.units, mv.captive, leader);
  now(state, task('stateChecks'), task('endTurn', { f }));
}

function botPass(state: GameState, f: Faction, reason: LogEvents['botPassed']['reason']): void {
  state.passed[f] = true;
  log(state, 'botPassed', { faction: f, reason });
  log(state, 'passed', { faction: f });
  now(state, task('endTurn', { f }));
}

/** R9.4 step 3 — the top card, reshuffling the bot discard (RNG) when the deck is empty. */
function turnOver(state: GameState, rng: Rng): MissionId | null {
  const s = solo(state);
  if (s.deck.length === 0) {
    if (s.discard.length === 0) return null;
    s.deck = shuffleInPlace(rng, [...s.discard].sort());
    s.discard = [];
    s.bottomKnown = 0;
    log(state, 'botDeckReshuffled', { count: s.deck.length });
  }
  const card = s.deck.shift() as MissionId;
  s.bottomKnown = Math.min(s.bottomKnown, s.deck.length);
  return card;
}

export const tasks = {
  /** R9.4 — one bot turn. */
  botTurn(state, _t, rng) {
    const s = solo(state);
    const f = s.bot;
    s.turns += 1;
    // Step 1.
    if (poolLeaders(state, f).length === 0) {
      botPass(state, f, 'noLeader');
      return;
    }
    // Step 2 (R9.11: only on levels with firstTurnDefault; on the next extraDefaultTurns turns too).
    const level = soloLevel(s);
    if (level.firstTurnDefault && s.turns <= 1 + level.extraDefaultTurns) {
      const mv = defaultMove(state, f);
      if (mv) {
        doDefault(state, f, mv);
        return;
      }
    }
    // Step 3.
    const skipped: MissionId[] = [];
    let chosen: { card: MissionId; target: PlanetId } | null = null;
    const budget = s.deck.length + s.discard.length;
    for (let n = 0; n < budget && !chosen; n++) {
      const card = turnOver(state, rng);
      if (!card) break;
      const targets = botTargets(state, card);
      if (targets.length === 0) {
        skipped.push(card);
        log(state, 'botTurnedOver', { faction: f, card, target: null });
        continue;
      }
      const target = card === 'I-02' ? targets[rng.int(targets.length)] : targets[0];
      log(state, 'botTurnedOver', { faction: f, card, target });
      chosen = { card, target };
    }
    // "In every case" the skipped cards go under the deck in the order they were turned over.
    s.lastSkipped = skipped;
    if (skipped.length > 0) {
      s.deck.push(...skipped);
      s.bottomKnown += skipped.length;
      log(state, 'botSkippedUnder', { faction: f, cards: skipped });
    }
    if (chosen) {
      now(state, task('botReveal', { card: chosen.card, target: chosen.target }), task('endTurn', { f }));
      return;
    }
    const mv = defaultMove(state, f);
    if (mv) doDefault(state, f, mv);
    else botPass(state, f, 'nothingFits');
  },
  /** R9.4 step 4 — the leader (R9.5) goes to the target; the human may oppose (R4.2.5); R4.2.4 as usual. */
  botReveal(state, t) {
    const f = solo(state).bot;
    const card = t.card;
    const target = t.target;
    startMission(state, f, card, target, leaderForCard(state, f, card) as LeaderId);
  },
} satisfies TaskHandlers;
