/**
 * A short, plain label for a move (the analysis's lists and charts; the board has its own sentences in src/ui,
 * which a module of src/ai may not import). Ids are the rules' (planets A…N and IMP, missions R-S1…, leaders LD-…).
 */
import type { Action, UnitSet } from '../../game/rules';

const units = (u: UnitSet): string =>
  [u.f ? `${u.f} starfighter${u.f > 1 ? 's' : ''}` : '', u.c ? `${u.c} capital ship${u.c > 1 ? 's' : ''}` : '', u.s ? 'the Star Fortress' : '']
    .filter(Boolean).join(' + ') || 'no units';

const UNIT: Record<string, string> = { f: 'starfighter', c: 'capital ship', s: 'Star Fortress' };

export function moveLabel(a: Action): string {
  switch (a.type) {
    case 'imperialSetup': return `set up: capital ship on ${a.capitalOn}, ${a.fightersOnImperium} starfighters on IMP`;
    case 'chooseBase': return `hide the base on ${a.planet}`;
    case 'planMission': return `plan ${a.card} with ${a.leader}`;
    case 'endPlanning': return 'end planning';
    case 'moveFleet': return `move ${units(a.units)} ${a.from} → ${a.to} (${a.leader}${a.captive ? ', with the captive' : ''})`;
    case 'revealMission': return `reveal ${a.card} on ${a.target}`;
    case 'pass': return 'pass';
    case 'oppose': return `oppose with ${a.leader}`;
    case 'declineOpposition': return 'do not oppose';
    case 'assignHit': return `hit: ${UNIT[a.unit] ?? a.unit} with ${a.hp} HP`;
    case 'secretPlans': return a.use ? 'show Secret Plans' : 'keep Secret Plans hidden';
    case 'revealObjective': return a.card === null ? 'reveal no objective' : `reveal objective ${a.card}`;
    case 'detainLeader': return `detain ${a.leader}`;
    case 'removeToken': return `remove a ${a.token} token`;
    case 'patrolPlanet': return `patrol ${a.planet}`;
    case 'pursue': return `pursue to ${a.to} with ${units(a.units)}`;
    case 'slipstream': return `slipstream ${units(a.units)} to ${a.to}`;
    case 'sabotageQueue': return `sabotage the ${UNIT[a.unit]} in queue spot ${a.spot}`;
    case 'interceptMission': return `intercept ${a.card}`;
    case 'keepObjective': return `keep objective ${a.card}`;
    case 'relocateBase': return a.planet === null ? 'leave the base where it is' : `relocate the base to ${a.planet}`;
    case 'discardMission': return `discard ${a.card}`;
    case 'allocateBuild': return `build ${a.counts.join('/')}`;
    case 'deployUnit': return `deploy a ${UNIT[a.unit]} to ${a.to}`;
    case 'baseMove': return `move a ${UNIT[a.unit]} from the base to ${a.to}`;
    case 'endBaseMoves': return 'end base moves';
    case 'undo': return 'take back';
  }
}
