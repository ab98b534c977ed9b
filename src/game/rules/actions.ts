/**
 * Every answer a seat can give to a pending decision. `type` is also the boardgame.io move name; the other
 * fields are the move's single argument object. legalActions() lists them; apply() accepts only listed ones.
 */
import type { LeaderId, LetterId, MissionId, ObjectiveId, PlanetId, UnitType } from '../content';

export interface UnitSet { f: number; c: number; s: number }

export type Action =
  // R3.7 — capital ship on `capitalOn` (IMP or the Imperial starting planet), the SF on the other;
  // `fightersOnImperium` of the 5 starfighters on Imperium, the rest on the starting planet.
  | { type: 'imperialSetup'; capitalOn: PlanetId; fightersOnImperium: number }
  | { type: 'chooseBase'; planet: LetterId } // R3.9 (secret)
  | { type: 'planMission'; card: MissionId; leader: LeaderId } // R4.1.2 (card secret)
  | { type: 'endPlanning' }
  | { type: 'moveFleet'; from: PlanetId; to: PlanetId; units: UnitSet; captive: boolean; leader: LeaderId } // R4.2.3
  | { type: 'revealMission'; card: MissionId; target: PlanetId } // R4.2.4
  | { type: 'pass' } // R4.2.8
  | { type: 'oppose'; leader: LeaderId } // R4.2.5: from pool or from a planned mission
  | { type: 'declineOpposition' }
  | { type: 'assignHit'; unit: UnitType; hp: number } // R5.8: the first enemy unit of that type and HP
  | { type: 'secretPlans'; use: boolean } // R5.9
  | { type: 'revealObjective'; card: ObjectiveId | null } // R4.5.2 (null = none)
  | { type: 'detainLeader'; leader: LeaderId } // I-S1
  | { type: 'removeToken'; token: 'loyalty' | 'disrupt' } // I-S2
  | { type: 'patrolPlanet'; planet: LetterId } // I-S3
  | { type: 'pursue'; to: PlanetId; units: UnitSet; captive: boolean } // I-07
  | { type: 'slipstream'; to: PlanetId | 'BASE'; units: UnitSet }
  | { type: 'sabotageQueue'; spot: number; unit: 'f' | 'c' }
  | { type: 'interceptMission'; card: MissionId }
  | { type: 'keepObjective'; card: ObjectiveId } // R-09 (secret)
  | { type: 'relocateBase'; planet: LetterId | null } // R6.2.7 (secret)
  | { type: 'discardMission'; card: MissionId } // R4.4.2
  | { type: 'allocateBuild'; counts: number[] } // R4.4.6 shortfall: units per queue spot
  | { type: 'deployUnit'; unit: 'f' | 'c' | 's'; to: PlanetId | 'BASE' } // R4.4.7
  | { type: 'baseMove'; unit: 'f' | 'c'; to: PlanetId } // R4.4.8
  | { type: 'endBaseMoves' }
  // Issue 9 — take back this seat's last decision (src/game/rules/undo.ts); listed only when allowed.
  | { type: 'undo' };

export type ActionType = Action['type'];

export const ACTION_TYPES: ActionType[] = [
  'imperialSetup', 'chooseBase', 'planMission', 'endPlanning', 'moveFleet', 'revealMission', 'pass', 'oppose',
  'declineOpposition', 'assignHit', 'secretPlans', 'revealObjective', 'detainLeader', 'removeToken', 'patrolPlanet',
  'pursue', 'slipstream', 'sabotageQueue', 'interceptMission', 'keepObjective', 'relocateBase', 'discardMission',
  'allocateBuild', 'deployUnit', 'baseMove', 'endBaseMoves', 'undo',
];

/** Moves whose arguments would tell the opponent a secret: boardgame.io must redact them from the log. */
export const SECRET_ACTIONS: ActionType[] = ['chooseBase', 'planMission', 'keepObjective', 'relocateBase', 'interceptMission'];

/**
 * A canonical string for an action, built only from the fields its type defines (in a fixed order), so that
 * an action from the network matches a listed legal action whatever its key order. Unknown types give null.
 */
export function actionKey(a: Action): string {
  const u = (s: UnitSet) => `${s.f},${s.c},${s.s}`;
  switch (a.type) {
    case 'imperialSetup': return `${a.type}|${a.capitalOn}|${a.fightersOnImperium}`;
    case 'chooseBase': return `${a.type}|${a.planet}`;
    case 'planMission': return `${a.type}|${a.card}|${a.leader}`;
    case 'moveFleet': return `${a.type}|${a.from}|${a.to}|${u(a.units)}|${a.captive}|${a.leader}`;
    case 'revealMission': return `${a.type}|${a.card}|${a.target}`;
    case 'oppose': return `${a.type}|${a.leader}`;
    case 'assignHit': return `${a.type}|${a.unit}|${a.hp}`;
    case 'secretPlans': return `${a.type}|${a.use}`;
    case 'revealObjective': return `${a.type}|${a.card}`;
    case 'detainLeader': return `${a.type}|${a.leader}`;
    case 'removeToken': return `${a.type}|${a.token}`;
    case 'patrolPlanet': return `${a.type}|${a.planet}`;
    case 'pursue': return `${a.type}|${a.to}|${u(a.units)}|${a.captive}`;
    case 'slipstream': return `${a.type}|${a.to}|${u(a.units)}`;
    case 'sabotageQueue': return `${a.type}|${a.spot}|${a.unit}`;
    case 'interceptMission': return `${a.type}|${a.card}`;
    case 'keepObjective': return `${a.type}|${a.card}`;
    case 'relocateBase': return `${a.type}|${a.planet}`;
    case 'discardMission': return `${a.type}|${a.card}`;
    case 'allocateBuild': return `${a.type}|${a.counts.join(',')}`;
    case 'deployUnit': return `${a.type}|${a.unit}|${a.to}`;
    case 'baseMove': return `${a.type}|${a.unit}|${a.to}`;
    case 'endPlanning': case 'pass': case 'declineOpposition': case 'endBaseMoves': case 'undo': return a.type;
  }
}
