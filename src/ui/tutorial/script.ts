/**
 * The guided first game (issue 12 item 1): a real game of the core with a fixed seed, the player as the Rebel, and
 * an Imperial opponent that follows a short script in round 1 so that each lesson comes up, then hands over to the
 * ordinary bot. Everything here is computed from a seat's view and the core's legal actions: the script never
 * decides a rule, it only picks among the answers legalActions() offers.
 *
 * The seed (picked by simulating the intended line over seeds; tests/unit/tutorial.test.ts replays it) deals: the Rebel's objective Frontier
 * Friends (O1-7, loyalty on 2 sector-3 planets), the Rebel starting planet above a sector-3 planet that is not
 * Brightmoor (L, already loyal), the Imperial starting planet next to the Rebel's, and dice that let the player's
 * opposition win and give the player a critical hit to assign (R5.7) in the combat. The intended line:
 * plan Rally Support (R-S1) with Nessa Quill; move one starfighter down; oppose the Imperial's Muster (I-S4);
 * reveal Rally Support on the planet below (unopposed: loyalty there); the Imperial attacks the starfighter left
 * behind (a combat); pass, reveal Frontier Friends at the end of Operations; it is scored; Refresh deploys.
 */
import { iconCount, MISSIONS, type LeaderId, type LetterId, type MissionId, type PlanetId } from '../../game/content';
import type { Action, GameState } from '../../game/rules';
import { board } from '../../game/rules';

export const TUTORIAL_SEED = 'tutorial-871';

/** The planets the lessons use, read from the deal (all public: R3.6 starting planets and the grid). */
export interface TutorialPlaces {
  /** R3.6 — the Rebel starting planet (two starfighters). */
  rebelStart: LetterId;
  /** The sector-3 planet below it: one starfighter goes there, then Rally Support. */
  below: PlanetId;
  imperialStart: LetterId;
}

export function placesOf(view: GameState): TutorialPlaces {
  const i = view.grid.indexOf(view.start.R);
  return { rebelStart: view.start.R, below: view.grid[i + 5] ?? view.start.R, imperialStart: view.start.I };
}

/** The suggested mission and leaders of the intended line. */
export const PLAN_CARD: MissionId = 'R-S1';
export const PLAN_LEADER: LeaderId = 'LD-R1';
export const IMPERIAL_CARD: MissionId = 'I-S4';
const IMPERIAL_PLAN_LEADER: LeaderId = 'LD-I1';

/** R3.9 — the base the tutorial hides for the player: the planet farthest from the Imperial start (grid order). */
export function tutorialBase(view: GameState, legal: Action[]): Action | null {
  const choices = legal.filter((a): a is Extract<Action, { type: 'chooseBase' }> => a.type === 'chooseBase');
  if (choices.length === 0) return null;
  const { rebelStart, below } = placesOf(view);
  const far = (a: { planet: LetterId }) => board.distance(view, a.planet, view.start.I);
  const fine = choices.filter((a) => a.planet !== rebelStart && a.planet !== below);
  const pool = fine.length > 0 ? fine : choices;
  return pool.reduce((best, a) => (far(a) > far(best) ? a : best), pool[0]);
}

const first = <T extends Action['type']>(legal: Action[], type: T) =>
  legal.find((a): a is Extract<Action, { type: T }> => a.type === type) ?? null;

/**
 * The scripted Imperial of round 1 (the tutorial's lessons), or null from round 2 on: the ordinary bot plays then.
 * `view` is the Imperial's own view; `legal` its legal actions (decisionActions on that view).
 */
export function scriptedImperial(view: GameState, legal: Action[]): Action | null {
  if (view.round > 1 || legal.length === 0) return null;
  const p = view.pending;
  if (!p) return null;
  switch (p.kind) {
    case 'imperialSetup':
      // R3.7 — the capital ship and 3 starfighters on Imperium, the Star Fortress and 2 on the starting planet.
      return legal.find((a) => a.type === 'imperialSetup' && a.capitalOn === 'IMP' && a.fightersOnImperium === 3) ?? legal[0];
    case 'plan': {
      // R4.1.3 — one mission, Muster, so that the player can oppose it (R4.2.5).
      if (view.planned.I.length === 0) {
        const plan = legal.find((a) => a.type === 'planMission' && a.card === IMPERIAL_CARD && a.leader === IMPERIAL_PLAN_LEADER);
        if (plan) return plan;
      }
      return first(legal, 'endPlanning') ?? legal[0];
    }
    case 'turn': {
      // First reveal Muster (on Imperium when it can), then attack the nearest Rebel units, then pass.
      const reveals = legal.filter((a): a is Extract<Action, { type: 'revealMission' }> => a.type === 'revealMission');
      if (reveals.length > 0) return reveals.find((a) => a.target === 'IMP') ?? reveals[0];
      if (!view.log.some((e) => e.e === 'combatStarted' && e.round === 1)) {
        const attack = legal
          .filter((a): a is Extract<Action, { type: 'moveFleet' }> => a.type === 'moveFleet' && board.unitsOf(view, a.to, 'R') > 0)
          .reduce<Extract<Action, { type: 'moveFleet' }> | null>((best, a) => (!best || board.total(a.units) > board.total(best.units) ? a : best), null);
        if (attack) return attack;
      }
      return first(legal, 'pass') ?? legal[0];
    }
    case 'oppose':
      // The player's own mission goes unopposed: the lesson is revealing it (and Frontier Friends depends on it).
      return first(legal, 'declineOpposition') ?? legal[0];
    default:
      // Hits, deployment, hand limit: the first legal answer (the core lists them in a fixed order).
      return legal[0];
  }
}

type Of<T extends Action['type']> = Extract<Action, { type: T }>;
const all = <T extends Action['type']>(legal: Action[], type: T) => legal.filter((a): a is Of<T> => a.type === type);

/**
 * The leaders the coach suggests for a fleet move, best first: the Spymaster of the intended line, and Captain
 * Tarek Vonn last, since his Force icon is the one that helps against the Imperial's Muster (R4.2.6).
 */
const MOVE_LEADERS: LeaderId[] = ['LD-R3', 'LD-R1', 'LD-R2'];

const byLeaderPreference = (moves: Of<'moveFleet'>[]) =>
  MOVE_LEADERS.map((l) => moves.find((a) => a.leader === l)).find((a) => !!a) ?? moves[0] ?? null;

/**
 * R4.2.5 — the leader the coach suggests against the revealed mission: a leader from the pool before one taken
 * off a planned mission (that would send the plan back to hand and end the reveal lesson), and among those the
 * one with the most matching icons (R4.2.6).
 */
function bestOpposer(view: GameState, legal: Action[]): Of<'oppose'> | null {
  const attr = view.mission ? MISSIONS[view.mission.card]?.attribute ?? null : null;
  const score = (a: Of<'oppose'>) => (view.leaders[a.leader].at === 'pool' ? 10 : 0) + (attr ? iconCount(a.leader, attr) : 0);
  return all(legal, 'oppose').reduce<Of<'oppose'> | null>((best, a) => (!best || score(a) > score(best) ? a : best), null);
}

/**
 * What the coach suggests to the Rebel now, as one of the legal actions (null: nothing in particular, or the
 * choice is the player's). The coach highlights it and its words are built from it (./lessons.ts), so when the
 * player has played differently (another card planned, a leader already used) the suggestion and the words follow
 * the game as it is; the tests play it to follow the instructions.
 */
export function suggestedRebel(view: GameState, legal: Action[]): Action | null {
  const p = view.pending;
  if (!p || p.seat !== 'R' || legal.length === 0) return null;
  const { rebelStart, below } = placesOf(view);
  switch (p.kind) {
    case 'chooseBase': return tutorialBase(view, legal);
    case 'plan': {
      if (view.planned.R.length > 0) return first(legal, 'endPlanning');
      const plans = all(legal, 'planMission');
      return plans.find((a) => a.card === PLAN_CARD && a.leader === PLAN_LEADER) ?? plans.find((a) => a.card === PLAN_CARD) ?? plans[0] ?? null;
    }
    case 'turn': {
      const moved = view.log.some((e) => e.e === 'fleetMoved' && e.faction === 'R' && e.round === view.round);
      if (!moved) {
        // The intended move (one starfighter down to the planet below), with whichever leader is free; else any move.
        const moves = all(legal, 'moveFleet');
        const intended = moves.filter((a) => a.from === rebelStart && a.to === below && a.units.f === 1 && a.units.c === 0);
        // With no fleet able to move, a reveal keeps a lesson going where a pass would end both.
        return byLeaderPreference(intended) ?? byLeaderPreference(moves) ?? first(legal, 'revealMission') ?? first(legal, 'pass');
      }
      const reveals = all(legal, 'revealMission');
      return reveals.find((a) => a.card === PLAN_CARD && a.target === below) ?? reveals.find((a) => a.target === below)
        ?? reveals[0] ?? first(legal, 'pass');
    }
    case 'oppose': return bestOpposer(view, legal);
    case 'objective': return legal.find((a) => a.type === 'revealObjective' && a.card !== null) ?? first(legal, 'revealObjective');
    case 'baseMoves': return first(legal, 'endBaseMoves');
    default: return legal[0];
  }
}
