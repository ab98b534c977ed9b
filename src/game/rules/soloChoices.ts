/**
 * RULES §9 — every decision the rules would ask of the bot's seat is answered here, by the engine (run() calls
 * botAction whenever a decision for the bot is pending, so none is ever left for the bot to answer). Each answer
 * is one of the decision's legal actions, chosen by R9.1 (setup), R9.8 (opposition), R9.9 (deployment, base
 * moves), R9.10 (objectives, Secret Plans), R9.12 (hits, shortfall) or the Bot line of the card being resolved
 * (the bespoke cards' lines are the `botPick` hooks of their modules, ./cards/).
 */
import { MISSIONS, PLANETS, SECRET_PLANS, iconCount, type LeaderId, type PlanetId } from '../content';
import type { Action } from './actions';
import { distance, rebelAligned, sfPlanet, total } from './board';
import { claimableObjectives } from './objectives';
import { poolLeaders } from './movement';
import { cardDecision } from './cards';
import type { Rng } from './rng';
import { distanceToImperial, goals, imperialPlanets, nearest, rank } from './soloTargets';
import { leaderForDefault } from './soloTurn';
import type { GameState, Pending } from './state';

type Of<T extends Action['type']> = Extract<Action, { type: T }>;

const only = <T extends Action['type']>(legal: Action[], type: T): Of<T>[] => legal.filter((a) => a.type === type) as Of<T>[];

/** R9.1 RNG-12 — the Rebel bot's base: uniform among legal cards at distance ≥ 2 from every Imperial unit. */
function botBase(state: GameState, legal: Action[], rng: Rng): Action {
  const cards = only(legal, 'chooseBase');
  const imp = imperialPlanets(state);
  const far = cards.filter((a) => imp.every((q) => distance(state, a.planet, q) >= 2));
  const pool = far.length > 0 ? far : cards;
  return pool[rng.int(pool.length)];
}

/** R9.8 — oppose with the most matching icons if ≥ 1; I-01/I-S1 (Rebel bot), R-S4/R-S3 (Imperial bot) always. */
function botOpposition(state: GameState, legal: Action[]): Action {
  const m = state.mission;
  const pool = poolLeaders(state, state.solo!.bot);
  const decline = { type: 'declineOpposition' } as Action;
  if (!m || pool.length === 0) return decline;
  const attr = MISSIONS[m.card].attribute;
  if (attr) {
    const best = rank(pool, (id) => -iconCount(id, attr))[0];
    if (iconCount(best, attr) >= 1) return { type: 'oppose', leader: best };
  }
  const always = state.solo!.bot === 'R' ? ['I-01', 'I-S1'] : ['R-S4', 'R-S3'];
  // Reading: "any pool leader" is the R9.5 default choice (fewest icons, tie: higher id).
  if (always.includes(m.card)) return { type: 'oppose', leader: leaderForDefault(state, state.solo!.bot) as LeaderId };
  return legal.some((a) => a.type === 'declineOpposition') ? decline : legal[0];
}

const HIT_ORDER: Record<string, number> = { c: 0, f: 1, s: 2 };

/** R9.12 — lowest current HP (tie: capital ship, starfighter, SF); R-06 / I-08 Bot lines order by type first. */
function botHit(state: GameState, legal: Action[]): Action {
  const hits = only(legal, 'assignHit');
  const card = state.combat?.kind === 'strike' ? state.mission?.card : undefined;
  if (card === 'R-06') return rank(hits, (h) => (h.unit === 'f' ? 0 : 1), (h) => h.hp)[0];
  if (card === 'I-08') return rank(hits, (h) => (h.unit === 'c' ? 0 : 1), (h) => h.hp)[0];
  return rank(hits, (h) => h.hp, (h) => HIT_ORDER[h.unit])[0];
}

/** R9.9 — Imperial bot: nearest to a goal (tie: the SF's planet, grid order). Rebel bot: base first, then far. */
function botDeploy(state: GameState, legal: Action[]): Action {
  const d = only(legal, 'deployUnit');
  const unit = d[0].unit; // reading: arrivals are placed in the listed order, starfighters first
  const mine = d.filter((a) => a.unit === unit);
  if (state.solo!.bot === 'I') {
    const g = goals(state);
    const sf = sfPlanet(state);
    return rank(mine, (a) => nearest(state, a.to as PlanetId, g), (a) => (a.to === sf ? 0 : 1))[0];
  }
  const base = mine.find((a) => a.to === 'BASE' || (state.base.revealed && a.to === state.base.planet));
  if (base) return base;
  return rank(mine, (a) => -distanceToImperial(state, a.to as PlanetId))[0];
}

/** R9.9 — keep 2 units on the base card, move the rest (starfighters first) to aligned Production planets first. */
function botBaseMove(state: GameState, legal: Action[]): Action {
  const end = { type: 'endBaseMoves' } as Action;
  if (total(state.base.units) <= 2) return end;
  const moves = rank(only(legal, 'baseMove'), (a) => (a.unit === 'f' ? 0 : 1),
    (a) => (isProduction(a.to) && rebelAligned(state, a.to) ? 0 : 1));
  return moves[0] ?? end;
}

function isProduction(p: PlanetId): boolean {
  return PLANETS[p].type === 'production';
}

/** The bot's answer to `p`, one of `legal` (non-empty). */
export function botAction(state: GameState, p: Pending, legal: Action[], rng: Rng): Action {
  switch (p.kind) {
    case 'imperialSetup': // R9.1 — SF + 3 starfighters on the starting planet; capital ship + 2 on Imperium
      return { type: 'imperialSetup', capitalOn: 'IMP', fightersOnImperium: 2 };
    case 'chooseBase': return botBase(state, legal, rng);
    case 'oppose': return botOpposition(state, legal);
    case 'assignHit': return botHit(state, legal);
    case 'secretPlans': // R9.10 — used automatically when held
      return { type: 'secretPlans', use: state.objectives.hand.includes(SECRET_PLANS) };
    case 'objective': { // R9.10 — the lowest id among those whose condition is met
      const ids = claimableObjectives(state, p.window).sort();
      return { type: 'revealObjective', card: ids[0] ?? null };
    }
    case 'subjugate': // I-S2 Bot line — the disrupt token if there is one
      return { type: 'removeToken', token: state.planets[state.mission!.target].disrupt ? 'disrupt' : 'loyalty' };
    case 'shortfall': // R9.12 reading: per unit type the earliest spots are filled first
      return legal[0];
    case 'deploy': return botDeploy(state, legal);
    case 'baseMoves': return botBaseMove(state, legal);
    default: {
      // The bespoke cards' decisions: their Bot line, in their module (./cards/).
      const card = cardDecision(p.kind);
      if (card) return card.botPick ? card.botPick(state, p, legal, rng) : legal[0];
      // plan (never asked: the bot never plans), handLimit (the bot has no hand), turn
      return legal.find((a) => a.type === 'endPlanning') ?? legal[0];
    }
  }
}
