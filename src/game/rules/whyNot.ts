/**
 * Why a choice is not available: given a state or a seat's view, the seat and a candidate (an action type with
 * none, some or all of its fields), the rule that forbids it and a short sentence, or null when some legal action
 * (legalActions) extends the candidate. Used by the board to keep unavailable choices visible, disabled, with
 * their reason (issue 13 item 5).
 *
 * Secrets (R8, R4.5.5): every check reads only what `seat`'s own view holds (its hand, its plans, its base,
 * public board facts), so the answer is the same on the full state and on viewFor(state, seat); the property
 * test checks that. Nothing here looks at the opponent's hand, plans, objectives, probe hand or hidden base.
 */
import {
  FACTION_LEADERS, LEADERS, MISSIONS, OBJECTIVES, PLANETS, SECRET_PLANS,
  type Faction, type LeaderId, type MissionId, type ObjectiveId, type PlanetId,
} from '../content';
import type { Action, ActionType } from './actions';
import { adjacent, aligned, captivePlanet, revealedBasePlanet, sfPlanet, total } from './board';
import { CARD_ANSWER_TYPES, cardDecisionAnswering } from './cards';
import type { Candidate, Reason } from './decisions';
import { legalActions } from './engine';
import { missionTargets, opposingLeaders } from './missions';
import { canLeave, ownLeaderOn, poolLeaders } from './movement';
import { claimableObjectives } from './objectives';
import type { GameState, Pending } from './state';

export type { Candidate, Reason };

/** The action types that answer each kind of decision: the buttons of its first step. */
export const DECISION_TYPES: Record<Pending['kind'], ActionType[]> = {
  imperialSetup: ['imperialSetup'], chooseBase: ['chooseBase'], plan: ['planMission', 'endPlanning'],
  turn: ['moveFleet', 'revealMission', 'pass'], oppose: ['oppose', 'declineOpposition'], assignHit: ['assignHit'],
  secretPlans: ['secretPlans'], objective: ['revealObjective'], subjugate: ['removeToken'],
  handLimit: ['discardMission'], shortfall: ['allocateBuild'], deploy: ['deployUnit'],
  baseMoves: ['baseMove', 'endBaseMoves'],
  ...CARD_ANSWER_TYPES, // the bespoke cards' decisions (./cards/)
};

/** The rule a decision kind stands on, for the generic reason. */
const DECISION_RULE: Partial<Record<Pending['kind'], string>> = {
  plan: 'R4.1.2', turn: 'R4.2.1', oppose: 'R4.2.5', deploy: 'R4.4.7', baseMoves: 'R4.4.8', handLimit: 'R4.4.2',
  objective: 'R4.5.2', chooseBase: 'R3.9', secretPlans: 'R5.9',
};

const label = (p: PlanetId | string): string => {
  if (p === 'BASE') return 'the base card';
  const d = PLANETS[p as PlanetId];
  return d ? (d.letter ? `${d.name} (${d.letter})` : d.name) : String(p);
};

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** True if legal action `a` has every field `c` gives (UnitSets compared field by field). */
function extendsCandidate(a: Record<string, unknown>, c: Candidate): boolean {
  if (a.type !== c.type) return false;
  for (const k of Object.keys(c)) {
    if (k === 'type' || c[k] === undefined) continue;
    const x = a[k];
    const y = c[k];
    if (x === y) continue;
    if (typeof x === 'object' && x && typeof y === 'object' && y) {
      const xo = x as Record<string, unknown>;
      const yo = y as Record<string, unknown>;
      if (Object.keys(xo).some((kk) => !same(xo[kk], yo[kk] ?? 0))) return false;
    } else if (!same(x ?? null, y ?? null)) return false;
  }
  return true;
}

/** Where a leader is, as a phrase ("already stands on Marrowind (F)"), and the rule that keeps it there. */
function leaderBusy(state: GameState, id: LeaderId): Reason {
  const l = state.leaders[id];
  const name = LEADERS[id].name;
  if (l.captured) return { rule: 'R6.1.2', text: `${name} is captured and cannot act until rescued.` };
  if (l.at === 'plan') return { rule: 'R4.1.2', text: `${name} is on one of your planned missions.` };
  if (l.at !== 'pool') return { rule: 'R4.2.7', text: `${name} already stands on ${label(l.at)} until Retrieve.` };
  return { rule: 'R4.2.3', text: `${name} cannot go there.` };
}

function fleetReason(state: GameState, f: Faction, c: Candidate): Reason | null {
  if (poolLeaders(state, f).length === 0) {
    return { rule: 'R4.2.3', text: 'No leader is left in your pool, and every fleet move takes one along (step 1).' };
  }
  const from = c.from as PlanetId | undefined;
  if (from === undefined) {
    const withUnits = state.grid.filter((p) => total(state.planets[p][f]) > 0);
    if (withUnits.length === 0) return { rule: 'R4.2.3', text: 'You have no units on the board (the base card is never a starting point).' };
    const free = withUnits.filter((p) => !ownLeaderOn(state, f, p));
    if (free.length === 0) {
      const on = (p: PlanetId) => FACTION_LEADERS[f].filter((id) => state.leaders[id].at === p && !state.leaders[id].captured).map((id) => LEADERS[id].name).join(' and ');
      if (withUnits.length === 1) {
        return { rule: 'R4.2.3', text: `Your leader ${on(withUnits[0])} already stands on ${label(withUnits[0])}, your only planet with units: a planet with one of your leaders cannot be a starting point this round (step 2).` };
      }
      return { rule: 'R4.2.3', text: `Your leaders already stand on every planet with your units (${withUnits.map((p) => `${on(p)} on ${label(p)}`).join('; ')}): such a planet cannot be a starting point this round (step 2).` };
    }
    if (!free.some((p) => canLeave(state.planets[p][f], f))) {
      return { rule: 'R4.2.3', text: 'Your free fleets are starfighters only: starfighters need a capital ship or the Star Fortress moving with them (step 5).' };
    }
    return leaderReason(state, f, c);
  }
  if (!state.planets[from] || total(state.planets[from][f]) === 0) return { rule: 'R4.2.3', text: `You have no units on ${label(from)}.` };
  const mine = FACTION_LEADERS[f].find((id) => state.leaders[id].at === from && !state.leaders[id].captured);
  if (mine) {
    return { rule: 'R4.2.3', text: `Your leader ${LEADERS[mine].name} already stands on ${label(from)}: a planet with one of your leaders cannot be a starting point this round (step 2).` };
  }
  const here = state.planets[from][f];
  if (!canLeave(here, f)) {
    return { rule: 'R4.2.3', text: `Only starfighters of yours are on ${label(from)}: starfighters need a capital ship or the Star Fortress moving with them (step 5).` };
  }
  const to = c.to as PlanetId | undefined;
  if (to !== undefined && !adjacent(state, from).includes(to)) return { rule: 'R4.2.3', text: `${label(to)} is not next to ${label(from)} (step 3).` };
  const u = c.units as { f: number; c: number; s: number } | undefined;
  if (u) {
    if (u.f + u.c + u.s === 0) return { rule: 'R4.2.3', text: 'Choose at least one unit (step 4).' };
    if (u.f > here.f || u.c > here.c || u.s > here.s) return { rule: 'R4.2.3', text: `Not that many of your units are on ${label(from)} (step 4).` };
    if (f === 'I' && u.f > 0 && u.c + u.s === 0) {
      return { rule: 'R4.2.3', text: 'Starfighters need a capital ship or the Star Fortress moving with them (step 5).' };
    }
  }
  if (c.captive !== undefined) {
    const captiveHere = f === 'I' && captivePlanet(state) === from;
    if (c.captive === true && !captiveHere) return { rule: 'R4.2.3', text: `No captured Rebel leader is on ${label(from)} (step 6).` };
    if (c.captive === false && captiveHere && u && total(here) - (u.f + u.c + u.s) === 0) {
      return { rule: 'R4.2.3', text: 'The captured leader must go along: no Imperial unit would stay to guard them (step 6).' };
    }
  }
  return leaderReason(state, f, c);
}

/** R4.2.3 step 7 — the fleet's leader comes from the pool. */
function leaderReason(state: GameState, f: Faction, c: Candidate): Reason | null {
  const leader = c.leader as LeaderId | undefined;
  if (leader !== undefined) {
    if (!FACTION_LEADERS[f].includes(leader)) return { rule: 'R4.2.3', text: 'Only your own leaders lead your fleets.' };
    if (state.leaders[leader].at !== 'pool' || state.leaders[leader].captured) {
      const busy = leaderBusy(state, leader);
      return { rule: 'R4.2.3', text: `${busy.text} A fleet takes a leader from your pool (step 7).` };
    }
  }
  return null;
}

/** The requirement sentence of a mission: the first sentence of its text ("Target a planet …"). */
function requirementText(card: MissionId): string {
  const t = MISSIONS[card].text.replace(/^Cannot be opposed\.\s*/, '');
  const dot = t.indexOf('. ');
  return dot > 0 ? t.slice(0, dot + 1) : t;
}

function revealReason(state: GameState, f: Faction, c: Candidate): Reason | null {
  const planned = state.planned[f];
  if (planned.length === 0) return { rule: 'R4.2.4', text: 'You have no planned mission to reveal (step 1).' };
  const card = c.card as MissionId | undefined;
  if (card === undefined) {
    if (planned.every((pm) => missionTargets(state, pm.card).length === 0)) {
      return { rule: 'R4.2.4', text: 'None of your planned missions has a legal target right now (step 1).' };
    }
    return null;
  }
  if (!planned.some((pm) => pm.card === card) || !MISSIONS[card]) return { rule: 'R4.2.4', text: 'That is not one of your planned missions.' };
  const targets = missionTargets(state, card);
  if (targets.length === 0) {
    return { rule: 'R4.2.4', text: `No planet meets the requirement of ${MISSIONS[card].name} right now, so it cannot be revealed (step 1). ${requirementText(card)}` };
  }
  const target = c.target as PlanetId | undefined;
  if (target !== undefined && !targets.includes(target)) {
    return { rule: 'R4.2.4', text: `${label(target)} does not meet the requirement of ${MISSIONS[card].name} (step 1). ${requirementText(card)}` };
  }
  return null;
}

function planReason(state: GameState, f: Faction, c: Candidate): Reason | null {
  if (poolLeaders(state, f).length === 0) return { rule: 'R4.1.2', text: 'No leader is left in your pool: each planned mission needs one.' };
  if (state.hands[f].length === 0) return { rule: 'R4.1.2', text: 'You have no mission card in hand.' };
  const leader = c.leader as LeaderId | undefined;
  if (leader !== undefined && (state.leaders[leader]?.at !== 'pool' || state.leaders[leader].captured)) {
    return { ...leaderBusy(state, leader), rule: 'R4.1.2' };
  }
  return null;
}

function opposeReason(state: GameState, f: Faction, c: Candidate): Reason | null {
  const can = opposingLeaders(state, f);
  if (can.length === 0) return { rule: 'R4.2.5', text: 'You have no leader in your pool or on a planned mission to send.' };
  const leader = c.leader as LeaderId | undefined;
  if (leader !== undefined && !can.includes(leader)) return leaderBusy(state, leader);
  return null;
}

/** R4.4.7 — why `loc` cannot receive an arriving unit of `f`, or why a base move (R4.4.8) cannot go there. */
function placeReason(state: GameState, f: Faction, loc: PlanetId | 'BASE', baseMove: boolean): Reason | null {
  const rule = baseMove ? 'R4.4.8' : 'R4.4.7';
  const cap = state.config.deployCap;
  const placed = state.placedThisRound[loc] ?? 0;
  const full: Reason = { rule, text: `${label(loc)} already received ${placed} unit${placed === 1 ? '' : 's'} this round: at most ${cap} per location by deployment and base moves together.` };
  if (loc === 'BASE') {
    if (f !== 'R' || baseMove) return { rule, text: 'Only the Rebel deploys to the base card.' };
    if (state.base.revealed) return { rule: 'R6.2.6', text: 'The base is revealed: the base card holds no units; deploy to the base planet instead.' };
    return placed >= cap ? full : null;
  }
  const pl = state.planets[loc];
  if (!pl) return { rule, text: 'That is not a planet.' };
  if (total(pl[f === 'R' ? 'I' : 'R']) > 0) return { rule, text: `${label(loc)} holds enemy units: units are never deployed next to them.` };
  const exception = f === 'R' ? !baseMove && loc === revealedBasePlanet(state) : loc === sfPlanet(state);
  if (!exception) {
    if (!aligned(state, loc, f)) {
      return f === 'R'
        ? { rule, text: `${label(loc)} is not Rebel aligned (it needs a loyalty marker and no Imperial units).` }
        : { rule, text: `${label(loc)} is not Imperial aligned (Imperium, or your units there and no loyalty marker), and the Star Fortress is not there.` };
    }
    if (pl.disrupt) return { rule: 'R6.3.2', text: `${label(loc)} has a disrupt token: no deployment there.` };
  }
  return placed >= cap ? full : null;
}

function objectiveReason(state: GameState, c: Candidate): Reason | null {
  const p = state.pending;
  const card = c.card as ObjectiveId | null | undefined;
  if (!p || p.kind !== 'objective' || card === undefined || card === null) return null;
  const def = OBJECTIVES[card];
  if (!def || !state.objectives.hand.includes(card)) return { rule: 'R4.5.2', text: 'That objective is not in your hand.' };
  if (def.timing !== p.window) {
    const when = { operations: 'at the end of Operations', refresh: 'at the end of Refresh', combat: 'after a combat' }[def.timing];
    return { rule: 'R4.5.1', text: `${def.name} is checked only ${when}.` };
  }
  if (!claimableObjectives(state, p.window).includes(card)) return { rule: 'R4.5.2', text: `The condition of ${def.name} is not met right now: ${def.text}` };
  return null;
}

/** The specific reason, if one of the checks above finds it; null when none applies. */
function specific(state: GameState, f: Faction, c: Candidate): Reason | null {
  switch (c.type) {
    case 'moveFleet': return fleetReason(state, f, c);
    case 'revealMission': return revealReason(state, f, c);
    case 'planMission': return planReason(state, f, c);
    case 'oppose': return opposeReason(state, f, c);
    case 'deployUnit': {
      const unit = c.unit as 'f' | 'c' | 's' | undefined;
      if (unit !== undefined && !(state.arrivals[f][unit] > 0)) return { rule: 'R4.4.7', text: 'No unit of that kind is arriving.' };
      return c.to === undefined ? null : placeReason(state, f, c.to as PlanetId | 'BASE', false);
    }
    case 'baseMove': {
      if (state.base.revealed) return { rule: 'R4.4.8', text: 'The base is revealed: no units are on the base card.' };
      const unit = c.unit as 'f' | 'c' | undefined;
      if (unit !== undefined && !(state.base.units[unit] > 0)) return { rule: 'R4.4.8', text: 'No unit of that kind is on the base card.' };
      return c.to === undefined ? null : placeReason(state, f, c.to as PlanetId, true);
    }
    case 'discardMission': {
      const card = c.card as MissionId | undefined;
      if (card && MISSIONS[card]?.starting) return { rule: 'R4.4.2', text: `${MISSIONS[card].name} is a starting mission: starting missions are never discarded.` };
      return null;
    }
    case 'revealObjective': return objectiveReason(state, c);
    case 'secretPlans':
      if (c.use === true && !state.objectives.hand.includes(SECRET_PLANS)) return { rule: 'R5.9', text: 'You do not hold Secret Plans.' };
      return null;
    case 'chooseBase': {
      const p = c.planet as PlanetId | undefined;
      if (p === undefined) return null;
      if (p === 'IMP') return { rule: 'R6.2.1', text: 'Imperium can never be the base.' };
      if (p === state.start.I) return { rule: 'R3.8', text: `${label(p)} is the Imperial starting planet: its probe card is already in the Imperial hand.` };
      if (state.planets[p] && total(state.planets[p].I) > 0) return { rule: 'R3.9', text: `${label(p)} holds Imperial units: the base must be on a planet without them.` };
      return null;
    }
    default: return cardDecisionAnswering(c.type)?.whyNot?.(state, f, c) ?? null; // a card's own reasons (./cards/)
  }
}

/**
 * Why `seat` cannot make choice `c` now (null if some legal action extends it). `legal` may be given to save
 * listing the legal actions again: all of them, or at least every legal action that could extend `c`.
 */
export function whyNot(state: GameState, seat: Faction, c: Candidate, legal?: readonly Action[]): Reason | null {
  const p = state.pending;
  if (!p || state.winner) return { rule: 'R4.2.1', text: 'Nothing is being decided now.' };
  if (p.seat !== seat) return { rule: 'R4.2.1', text: 'It is not your decision.' };
  const actions = (legal ?? legalActions(state, seat)) as unknown as Record<string, unknown>[];
  if (actions.some((a) => extendsCandidate(a, c))) return null;
  if (!DECISION_TYPES[p.kind].includes(c.type)) return { rule: DECISION_RULE[p.kind] ?? 'R4.2.1', text: 'That is not an answer to this decision.' };
  return specific(state, seat, c) ?? { rule: DECISION_RULE[p.kind] ?? 'R4.2.1', text: 'That is not possible right now.' };
}

/**
 * The values of `field` a player might look for after the choices in `partial` (the disabled buttons worth
 * showing): planets with your units as fleet sources, your planned cards, your leaders, your deployment planets
 * and the base card, your hand at the hand limit, your objectives in a window, planets for the base. Only what
 * the seat's own view shows. Other fields have none (their options are already exactly the legal ones).
 */
export function candidateValues(state: GameState, seat: Faction, partial: Candidate, field: string): unknown[] {
  const f = seat;
  const t = partial.type;
  if (t === 'moveFleet' && field === 'from') return state.grid.filter((p) => total(state.planets[p][f]) > 0);
  if ((t === 'moveFleet' || t === 'planMission' || t === 'oppose') && field === 'leader') return [...FACTION_LEADERS[f]];
  if (t === 'revealMission' && field === 'card') return [...new Set(state.planned[f].map((pm) => pm.card))];
  if (t === 'discardMission' && field === 'card') return [...new Set(state.hands[f])];
  if (t === 'revealObjective' && field === 'card') return [...new Set(state.objectives.hand)];
  if (t === 'chooseBase' && field === 'planet') return state.grid.filter((p) => p !== 'IMP');
  if (t === 'deployUnit' && field === 'to') {
    const out: (PlanetId | 'BASE')[] = state.grid.filter((p) => aligned(state, p, f)
      || (f === 'I' && p === sfPlanet(state)) || (f === 'R' && p === revealedBasePlanet(state)));
    if (f === 'R' && !state.base.revealed) out.push('BASE');
    return out;
  }
  if (t === 'baseMove' && field === 'to') return state.base.revealed ? [] : state.grid.filter((p) => aligned(state, p, 'R'));
  return [];
}

/** The disabled options of `field` after `partial`, each with its reason. */
export function unavailableValues(state: GameState, seat: Faction, partial: Candidate, field: string): { value: unknown; reason: Reason }[] {
  const out: { value: unknown; reason: Reason }[] = [];
  const values = candidateValues(state, seat, partial, field);
  const legal = values.length ? legalActions(state, seat) : [];
  for (const value of values) {
    const reason = whyNot(state, seat, { ...partial, [field]: value }, legal);
    if (reason) out.push({ value, reason });
  }
  return out;
}

/** The action types of the pending decision that `seat` cannot take now, each with its reason. */
export function unavailableTypes(state: GameState, seat: Faction): { type: ActionType; reason: Reason }[] {
  const p = state.pending;
  if (!p || p.seat !== seat || state.winner) return [];
  const out: { type: ActionType; reason: Reason }[] = [];
  const legal = legalActions(state, seat);
  for (const type of DECISION_TYPES[p.kind]) {
    const reason = whyNot(state, seat, { type }, legal);
    if (reason) out.push({ type, reason });
  }
  return out;
}
