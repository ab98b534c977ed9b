/**
 * Invariants of a game state that must hold whenever a player is asked to act (tests/property/games.test.ts and
 * ad-hoc fuzzing). Each returns null when it holds, otherwise a short description of the violation.
 */
import {
  DECK_MISSIONS, LETTERS, OBJECTIVE_IDS, STARTING_MISSIONS,
  type Faction, type MissionId, type ObjectiveId, type UnitType,
  objectiveStartFor,
} from '../../src/game/content';
import type { GameState } from '../../src/game/rules';
import { fields } from './logFields';

const SORTED_LETTERS = [...LETTERS].sort().join('');
const ALL_MISSIONS: Record<Faction, string> = {
  R: [...STARTING_MISSIONS.R, ...DECK_MISSIONS.R].sort().join(','),
  I: [...STARTING_MISSIONS.I, ...DECK_MISSIONS.I].sort().join(','),
};
const ALL_OBJECTIVES = [...OBJECTIVE_IDS].sort().join(',');

/** R6.2.1 — probe deck + probe hand + base card = the 14 lettered planets, each exactly once. */
export function checkProbes(s: GameState): string | null {
  if (s.phase === 'setup') return null; // the base card gets its probe card at R3.9, the last setup decision
  const all = [...s.probes.deck, ...s.probes.hand, s.base.planet].sort().join('');
  return all === SORTED_LETTERS ? null : `probe cards ${all}`;
}

/** R7.3 — per faction and type: board + base card + queues + arrivals + supply (+ the SF out of the game). */
export function checkUnits(s: GameState): string | null {
  const limits: Record<Faction, Record<UnitType, number>> = {
    R: { f: s.config.supply.R.f, c: s.config.supply.R.c, s: 0 },
    I: { f: s.config.supply.I.f, c: s.config.supply.I.c, s: s.config.supply.I.s },
  };
  for (const f of ['R', 'I'] as Faction[]) {
    for (const t of ['f', 'c', 's'] as UnitType[]) {
      const parts = [
        ...s.grid.map((p) => s.planets[p][f][t]),
        f === 'R' ? s.base.units[t] : 0,
        ...s.queues[f].map((q) => q[t]),
        s.arrivals[f][t],
        s.supply[f][t],
      ];
      if (parts.some((n) => n < 0 || !Number.isInteger(n))) return `${f}${t} negative or fractional count`;
      const sum = parts.reduce((a, b) => a + b, 0) + (f === 'I' && t === 's' && s.sfOut ? 1 : 0);
      if (sum !== limits[f][t]) return `${f}${t}: ${sum} ≠ ${limits[f][t]}`;
    }
  }
  if (s.sfOut && s.grid.some((p) => s.planets[p].I.s > 0)) return 'SF on the board although out of the game';
  return null;
}

/** R6.1.1 — at most one Rebel leader captured, never an Imperial one; a captive is on a planet. */
export function checkCaptured(s: GameState): string | null {
  const captured = Object.entries(s.leaders).filter(([, l]) => l.captured);
  if (captured.length > 1) return `${captured.length} captured leaders`;
  for (const [id, l] of captured) {
    if (!id.startsWith('LD-R')) return `${id} captured`;
    if (l.at === 'pool' || l.at === 'plan') return `${id} captured but at ${l.at}`;
  }
  return null;
}

/**
 * Each faction's 13 mission cards: hand + deck + discard + planned + the mission being resolved; in solo the bot's
 * are in its bot deck + bot discard + the mission being resolved (R9.1, R9.4).
 */
export function checkMissions(s: GameState): string | null {
  for (const f of ['R', 'I'] as Faction[]) {
    const cards: MissionId[] = [
      ...s.hands[f], ...s.decks[f], ...s.discards[f], ...s.planned[f].map((x) => x.card),
      ...(s.mission && s.mission.faction === f ? [s.mission.card] : []),
    ];
    if (s.solo?.bot === f) {
      if (s.hands[f].length + s.decks[f].length + s.discards[f].length + s.planned[f].length > 0) {
        return `bot ${f} holds missions outside its bot deck (R9.1)`;
      }
      cards.push(...s.solo.deck, ...s.solo.discard);
    }
    const got = [...cards].sort().join(',');
    if (got !== ALL_MISSIONS[f]) return `${f} missions: ${got}`;
    const leaders = s.planned[f].map((x) => x.leader);
    if (new Set(leaders).size !== leaders.length) return `${f} leader on two planned missions`;
    for (const id of leaders) if (s.leaders[id].at !== 'plan') return `${id} planned but at ${s.leaders[id].at}`;
    for (const [id, l] of Object.entries(s.leaders)) {
      if (id.startsWith(f === 'R' ? 'LD-R' : 'LD-I') && l.at === 'plan' && !leaders.includes(id as never)) {
        return `${id} at 'plan' without a planned mission`;
      }
    }
  }
  return null;
}

/** The 16 objectives: deck + hand + scoring + discard (+ the two cards R-09 holds while the Rebel chooses). */
export function checkObjectives(s: GameState): string | null {
  const held: ObjectiveId[] = s.pending?.kind === 'council' ? s.pending.cards : [];
  const o = s.objectives;
  const got = [...o.deck, ...o.hand, ...o.scoring, ...o.discard, ...held].sort().join(',');
  return got === ALL_OBJECTIVES ? null : `objectives: ${got}`;
}

/** Board consistency rules that must hold whenever a player is asked to act. */
export function checkBoard(s: GameState): string | null {
  if (s.base.planet === null) {
    // R3.9 not done: the base must be absent until the Rebel's setup decision, and only then.
    return s.phase === 'setup' ? null : 'no base chosen after setup (R3.9)';
  }
  const base = s.planets[s.base.planet];
  if (!s.base.revealed && base.I.f + base.I.c + base.I.s > 0) return 'Imperial unit on the hidden base planet (R6.2.4)';
  if (s.base.revealed && s.base.units.f + s.base.units.c > 0) return 'units on the base card while revealed (R6.2.6)';
  const inCombat = s.pending?.kind === 'assignHit' || s.pending?.kind === 'secretPlans';
  for (const p of s.grid) {
    const pl = s.planets[p];
    const r = pl.R.f + pl.R.c + pl.R.s;
    const i = pl.I.f + pl.I.c + pl.I.s;
    if (!inCombat && r > 0 && i > 0) return `units of both factions on ${p} outside a combat (R4.6 SC1)`;
    if (pl.R.s !== 0) return 'Rebel SF';
    if (pl.destroyed && (pl.loyalty || pl.disrupt)) return `tokens on destroyed ${p} (R6.4.3)`;
    if (p === 'IMP' && (pl.loyalty || pl.disrupt || pl.destroyed)) return 'token on Imperium (R7.1)';
  }
  // A solo Imperial rival's time bonus (R9.11) starts the objective token beyond space 12: that start is the bound.
  const top = Math.max(12, objectiveStartFor(s.config.objectiveStart, s.solo ? { bot: s.solo.bot, difficulty: s.solo.difficulty, level: s.solo.level } : null));
  if (s.time < 1 || s.time > 12 || s.objective > top) return `track time ${s.time} objective ${s.objective}`;
  if (s.round > 11) return `round ${s.round} (R1.2.5)`;
  return null;
}

const PHASE_OF: Record<string, string[]> = {
  imperialSetup: ['setup'], chooseBase: ['setup'], plan: ['planning'], turn: ['operations'],
  handLimit: ['refresh'], shortfall: ['refresh'], deploy: ['refresh'], baseMoves: ['refresh'],
};

/** Round flow: R7.9 time track per round, R1.2.3 never passed unnoticed, R6.1.6 rescue, decisions in their phase. */
export function checkFlow(s: GameState): string | null {
  const p = s.pending;
  if (!p) return 'no pending decision between actions';
  if (PHASE_OF[p.kind] && !PHASE_OF[p.kind].includes(s.phase)) return `${p.kind} pending in phase ${s.phase}`;
  const inCombat = p.kind === 'assignHit' || p.kind === 'secretPlans';
  if (inCombat !== (s.combat !== null)) return `combat state ${s.combat ? 'set' : 'null'} with ${p.kind} pending`;
  if (s.mission && s.phase !== 'operations') return `mission ${s.mission.card} active in phase ${s.phase}`;
  if (s.phase === 'planning' || s.phase === 'operations') {
    if (s.time !== s.round) return `time ${s.time} in round ${s.round} (R7.9)`;
  }
  if (s.phase === 'refresh' && s.time !== s.round && s.time !== s.round + 1) return `time ${s.time} in Refresh of round ${s.round}`;
  if (s.phase !== 'setup' && s.objective <= s.time) return `objective ${s.objective} ≤ time ${s.time} without a winner (R1.2.3)`;
  const captive = Object.values(s.leaders).find((l) => l.captured);
  if (captive && !inCombat) {
    const pl = s.planets[captive.at as keyof GameState['planets']];
    if (!pl || pl.I.f + pl.I.c + pl.I.s === 0) return `captive unguarded on ${captive.at} (R6.1.6)`;
  }
  return null;
}

/** R4.4.7 / R4.4.8 — units placed by deployment and base moves per location and round. */
export function checkDeployCap(s: GameState): string | null {
  const n: Record<string, number> = {};
  for (const e of s.log) {
    if (e.e !== 'deployed' && e.e !== 'baseMoved') continue;
    const k = `${e.round}:${(fields(e).dest ?? fields(e).to) as string}`; // the location is logged as `dest`
    if (k.endsWith('undefined')) return `${e.e} event without a location`;
    n[k] = (n[k] ?? 0) + 1;
    if (n[k] > s.config.deployCap) return `${n[k]} units placed on ${k}`;
  }
  return null;
}

/**
 * RULES §9 — solo: no decision is ever pending for the bot's seat; the bot's leaders are never on a planned
 * mission (R9.2); the publicly known bottom of the bot deck is within it.
 */
export function checkSolo(s: GameState): string | null {
  const solo = s.solo;
  if (!solo) return null;
  if (s.pending && s.pending.seat === solo.bot) return `${s.pending.kind} pending for the bot seat`;
  if (Object.entries(s.leaders).some(([id, l]) => id.startsWith(`LD-${solo.bot}`) && l.at === 'plan')) return 'bot leader on a plan (R9.2)';
  if (solo.bottomKnown < 0 || solo.bottomKnown > solo.deck.length) return `bottomKnown ${solo.bottomKnown} of ${solo.deck.length}`;
  return null;
}
