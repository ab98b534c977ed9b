/**
 * What the prompt bar says: one sentence for every pending decision of the core (state.ts `Pending`), worded
 * for the seat that must answer and for everyone else ("… — waiting"), and a label for every option.
 * The waiting sentences only use what the pending decision shows publicly.
 */
import { MISSIONS, OBJECTIVES, type Faction, type LeaderId, type MissionId, type ObjectiveId, type UnitType } from '../../game/content';
import type { ActionType, GameState, Pending } from '../../game/rules';
import { factionName } from '../theme';
import {
  UNIT_NAMES, leaderName, missionName, objectiveName, planetLabel, unitSetText, units,
} from '../format';
import { CARD_TYPE_LABELS, CARD_WAITING, cardAsk, isCardPending } from '../cards';
import type { FieldKind } from './choices';

const hitKind = (v: GameState): string => {
  const r = v.combat?.roll;
  if (!r) return 'a';
  if (r.black > 0) return 'a black basic';
  if (r.white > 0) return 'a white basic';
  return 'a critical';
};

const WINDOWS = { operations: 'end of Operations', refresh: 'end of Refresh', combat: 'after the combat' } as const;

function arrivalsText(v: GameState, f: Faction): string {
  return unitSetText(v.arrivals[f]);
}

/** The sentence for the seat that must answer `p`. */
export function askSentence(v: GameState, p: Pending): string {
  const F = factionName(p.seat);
  const m = v.mission;
  const target = m ? planetLabel(m.target) : '';
  if (isCardPending(p)) return cardAsk(v, p, target); // the bespoke cards' prompts (src/ui/cards/)
  switch (p.kind) {
    case 'imperialSetup':
      return `Imperial: set up your fleet. The capital ship goes on Imperium or ${planetLabel(v.start.I)}, the Star Fortress on the other.`;
    case 'chooseBase': return 'Rebel: secretly choose the planet that hides your base.';
    case 'plan': return `${F}: plan missions — put a mission card face down with a leader on it, or finish planning.`;
    case 'turn': return `${F}, your turn: move a fleet, reveal a planned mission, or pass.`;
    case 'oppose':
      return `${F}: the ${factionName(m?.faction ?? 'R')} revealed ${m ? missionName(m.card) : 'a mission'} on ${target}. Send a leader to oppose it?`;
    case 'assignHit': return `${F}: assign ${hitKind(v)} hit — click an enemy unit that may take it.`;
    case 'secretPlans': return 'Rebel: the Star Fortress is down to 1 HP. Use Secret Plans to finish it?';
    case 'objective': return `Rebel: objective window (${WINDOWS[p.window]}). Reveal an objective?`;
    case 'subjugate': return `Imperial: Subjugate on ${target} — remove the loyalty marker or the disrupt token.`;
    case 'handLimit':
      return `${F}: you hold more than ${v.config.handLimit} mission${v.config.handLimit === 1 ? '' : 's'} — discard a deck mission.`;
    case 'shortfall':
      return `${F}: your supply has only ${units(p.available, p.unit)} for ${p.due.reduce((a, b) => a + b, 0)} due — choose which are built (${spotsHint(p.due.length)}).`;
    case 'deploy': return `${F}: deploy your arrivals (${arrivalsText(v, p.seat)} left) — choose a unit, then where it lands.`;
    case 'baseMoves': return 'Rebel: move units from the hidden base card to your planets, or finish.';
  }
}

/** The sentence for everyone else while `p` is pending. */
export function waitSentence(v: GameState, p: Pending): string {
  const F = `The ${factionName(p.seat)}`;
  const what: Record<Pending['kind'], string> = {
    imperialSetup: 'is setting up their fleet',
    chooseBase: 'is hiding their base',
    plan: 'is planning missions',
    turn: 'is taking their turn',
    oppose: 'may oppose the mission',
    assignHit: 'is assigning hits',
    secretPlans: 'is answering the Secret Plans prompt',
    objective: 'may reveal an objective',
    subjugate: 'is choosing a token to remove',
    handLimit: 'is discarding down to the hand limit',
    shortfall: 'is choosing which units to build',
    deploy: `is deploying arrivals (${arrivalsText(v, p.seat)})`,
    baseMoves: 'is moving units off the base card',
    ...CARD_WAITING, // the bespoke cards' decisions (src/ui/cards/)
  };
  return `${F} ${what[p.kind]} — waiting.`;
}

/** Labels of the first-step buttons (the action types). */
export const TYPE_LABELS: Record<ActionType, string> = {
  imperialSetup: 'Set up fleet', chooseBase: 'Hide base', planMission: 'Plan a mission', endPlanning: 'Done planning',
  moveFleet: 'Move a fleet', revealMission: 'Reveal a mission', pass: 'Pass', oppose: 'Oppose',
  declineOpposition: "Don't oppose", assignHit: 'Assign hit', secretPlans: 'Secret Plans', revealObjective: 'Reveal objective',
  removeToken: 'Remove token', discardMission: 'Discard', allocateBuild: 'Build', deployUnit: 'Deploy', baseMove: 'Move from base',
  endBaseMoves: 'Done moving', undo: 'Undo',
  ...CARD_TYPE_LABELS, // the bespoke cards' answers (src/ui/cards/)
};

/** Types whose button ends a sequence (the e2e player prefers them to keep random games short). */
export const ENDING_TYPES: ActionType[] = ['pass', 'endPlanning', 'declineOpposition', 'endBaseMoves'];

/**
 * R4.4.6–R4.4.7 — when a unit on build-queue spot k arrives, said from the shortfall choice, which is made in the
 * Refresh before its Deploy: spot 1 arrives at this Refresh's Deploy, spot 2 a round later… (issue 20 item 10).
 */
export function spotArrival(spot: number): string {
  return spot <= 1 ? 'this round' : spot === 2 ? 'next round' : `in ${spot - 1} rounds`;
}

/** "build-queue spot 1 arrives this round, spot 2 next round, spot 3 in 2 rounds" for `n` spots. */
function spotsHint(n: number): string {
  return Array.from({ length: n }, (_, i) => `${i === 0 ? 'build-queue spot' : 'spot'} ${i + 1}${i === 0 ? ' arrives' : ''} ${spotArrival(i + 1)}`).join(', ');
}

/** A shortfall option: "Build 1 starfighter arriving this round (spot 1) and 1 arriving next round (spot 2)". */
export function buildCountsLabel(counts: number[], unit?: 'f' | 'c'): string {
  const first = counts.findIndex((n) => n > 0);
  if (first < 0) return 'Build none of them';
  // The unit is named once, on the first part.
  const parts = counts.flatMap((n, i) => (n > 0 ? [`${i === first && unit ? units(n, unit) : n} arriving ${spotArrival(i + 1)} (spot ${i + 1})`] : []));
  return `Build ${parts.join(' and ')}`;
}

/** A button label for one option value of a field. */
export function optionLabel(kind: FieldKind, value: unknown, v: GameState, seat: Faction | null): string {
  switch (kind) {
    case 'planet':
    case 'dest':
      if (value === null) return 'Keep the base where it is';
      return planetLabel(value as string);
    case 'mission': return missionName(value as MissionId);
    case 'objective': return value === null ? 'Reveal none' : objectiveName(value as ObjectiveId);
    case 'leader': {
      const l = value as LeaderId;
      const fromPlan = v.leaders[l]?.at === 'plan';
      return `${leaderName(l)}${fromPlan ? ' (pulled from a planned mission)' : ''}`;
    }
    case 'units': return unitSetText(value as { f: number; c: number; s: number });
    case 'count': return `${value} on Imperium`;
    case 'bool': return value ? 'Yes' : 'No';
    case 'unitType': return UNIT_NAMES[value as UnitType][0];
    case 'token': return value === 'loyalty' ? 'Loyalty marker' : 'Disrupt token';
    case 'hit': {
      const h = value as { unit: UnitType; hp: number };
      const enemy = seat === 'R' ? 'Imperial' : 'Rebel';
      return `${enemy} ${UNIT_NAMES[h.unit][0]} (${h.hp} HP)`;
    }
    case 'queueUnit': {
      const q = value as { spot: number; unit: 'f' | 'c' };
      return `${UNIT_NAMES[q.unit][0]} on spot ${q.spot}`;
    }
    case 'counts': return buildCountsLabel(value as number[], v.pending?.kind === 'shortfall' ? v.pending.unit : undefined);
  }
}

/** Full text for a mission or objective option's tooltip. */
export function optionTitle(kind: FieldKind, value: unknown): string | undefined {
  if (kind === 'mission' && typeof value === 'string' && MISSIONS[value as MissionId]) return MISSIONS[value as MissionId].text;
  if (kind === 'objective' && typeof value === 'string' && OBJECTIVES[value as ObjectiveId]) return OBJECTIVES[value as ObjectiveId].text;
  return undefined;
}
