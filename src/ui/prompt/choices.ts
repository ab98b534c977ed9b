/**
 * Step-by-step choices over the core's legal actions. Nothing here knows a rule: every option offered is a
 * value that some action of `legalActions(view, seat)` has, filtered by the values already chosen, so an illegal
 * combination can never be built. A decision is a path: the action type, then the type's fields in order
 * (e.g. Move a Fleet: source → destination → units → prisoner → leader).
 */
import type { Action, ActionType } from '../../game/rules';
import { CARD_FIELDS } from '../cards';
import { f, type FieldSpec } from './fields';

export type { FieldKind, FieldSpec } from './fields';

/** The fields of each action type, in the order they are asked. */
export const FIELDS: Record<ActionType, FieldSpec[]> = {
  imperialSetup: [
    f('capitalOn', 'planet', 'Choose the planet for the capital ship (the Star Fortress takes the other one)'),
    f('fightersOnImperium', 'count', 'How many of the 5 starfighters start on Imperium? (the rest go to your starting planet)'),
  ],
  chooseBase: [f('planet', 'planet', 'Choose the planet that hides your base')],
  planMission: [f('card', 'mission', 'Choose a mission card to plan'), f('leader', 'leader', 'Choose the leader to put on it')],
  endPlanning: [],
  moveFleet: [
    f('from', 'planet', 'Choose the planet your fleet leaves from'),
    f('to', 'planet', 'Choose an adjacent planet to move to'),
    f('units', 'units', 'Choose the units that move'),
    f('captive', 'bool', 'Take the captured Rebel leader along?'),
    f('leader', 'leader', 'Choose the leader who leads the fleet (placed on the destination)'),
  ],
  revealMission: [f('card', 'mission', 'Choose a planned mission to reveal'), f('target', 'planet', 'Choose its target planet')],
  pass: [],
  oppose: [f('leader', 'leader', 'Choose a leader to send as opposition')],
  declineOpposition: [],
  assignHit: [f('hit', 'hit', 'Choose the enemy unit that takes the hit', (a) => (a.type === 'assignHit' ? { unit: a.unit, hp: a.hp } : null))],
  secretPlans: [f('use', 'bool', 'Use Secret Plans?')],
  revealObjective: [f('card', 'objective', 'Choose an objective to reveal, or none')],
  removeToken: [f('token', 'token', 'Choose the token to remove')],
  discardMission: [f('card', 'mission', 'Choose a deck mission to discard')],
  allocateBuild: [f('counts', 'counts', 'Choose how many units each build spot gets')],
  deployUnit: [f('unit', 'unitType', 'Choose an arriving unit to deploy'), f('to', 'dest', 'Choose where it lands')],
  baseMove: [f('unit', 'unitType', 'Choose a unit on the base card'), f('to', 'planet', 'Choose the planet it moves to')],
  endBaseMoves: [],
  undo: [], // never a step: the prompt bar shows its own Undo button (useDecision keeps it apart)
  ...CARD_FIELDS, // the bespoke cards' answers (src/ui/cards/)
};

/** A stable string for a field value (values are plain JSON with fixed key order). */
export const valueKey = (v: unknown): string => JSON.stringify(v ?? null);

export interface Selection {
  type: ActionType | null;
  /** Chosen values, one per field of `type`, in order. */
  values: unknown[];
}

export const EMPTY_SELECTION: Selection = { type: null, values: [] };

export interface Option {
  value: unknown;
  key: string;
}

export type Step =
  | { kind: 'type'; types: ActionType[]; actions: Action[] }
  | {
      kind: 'field'; type: ActionType; field: FieldSpec; index: number; options: Option[]; chosen: unknown[];
      /** Per chosen value: true if it was the only possible one and filled in without asking. */
      auto: boolean[];
      actions: Action[];
    }
  | { kind: 'ready'; action: Action }
  | { kind: 'none' };

function distinct(actions: Action[], field: FieldSpec): Option[] {
  const seen = new Map<string, Option>();
  for (const a of actions) {
    const value = field.get(a);
    const key = valueKey(value);
    if (!seen.has(key)) seen.set(key, { value, key });
  }
  return [...seen.values()];
}

export function typesOf(actions: Action[]): ActionType[] {
  const out: ActionType[] = [];
  for (const a of actions) if (!out.includes(a.type)) out.push(a.type);
  return out;
}

/**
 * The next thing to ask, given the legal actions and what has been chosen. A field with a single possible value
 * is filled in automatically. The last field is filled in that way only once the player has clicked something in
 * this decision, so every decision is answered by at least one click: a prompt that is the only one possible —
 * e.g. one whose availability depends on a secret (R4.5.5: objective windows, Secret Plans, relocation) — is
 * still asked (then its first field, not a yes/no with only one answer). The type is chosen automatically when only one type is legal and it has fields.
 */
export function currentStep(actions: Action[], sel: Selection): Step {
  if (actions.length === 0) return { kind: 'none' };
  const types = typesOf(actions);
  let type = sel.type;
  if (type && !types.includes(type)) type = null;
  if (!type) {
    if (types.length === 1 && FIELDS[types[0]].length > 0) type = types[0];
    else return { kind: 'type', types, actions };
  }
  const fields = FIELDS[type];
  const ofType = actions.filter((a) => a.type === type);
  let matching = ofType;
  const chosen: unknown[] = [];
  const auto: boolean[] = [];
  const clicked = sel.type === type;
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i];
    if (i < sel.values.length) {
      const key = valueKey(sel.values[i]);
      const next = matching.filter((a) => valueKey(field.get(a)) === key);
      if (next.length > 0) {
        matching = next;
        chosen.push(sel.values[i]);
        auto.push(false);
        continue;
      }
      // A stale choice (the decision changed under it): ask this field again.
    }
    const options = distinct(matching, field);
    if (options.length === 1 && !clicked && i === fields.length - 1 && i > 0) {
      // Only one answer and nothing clicked yet: ask the first field (where to go, say) rather than a yes/no
      // that has only one answer.
      const first = fields[0];
      return { kind: 'field', type, field: first, index: 0, options: distinct(ofType, first), chosen: [], auto: [], actions: ofType };
    }
    if (options.length === 1 && (clicked || i < fields.length - 1)) {
      chosen.push(options[0].value);
      auto.push(true);
      matching = matching.filter((a) => valueKey(field.get(a)) === options[0].key);
      continue;
    }
    return { kind: 'field', type, field, index: i, options, chosen, auto, actions: matching };
  }
  return { kind: 'ready', action: matching[0] };
}

/** The selection after choosing `value` at the current step (the auto-filled values are kept). */
export function choose(step: Step, value: unknown): Selection {
  if (step.kind === 'type') return { type: value as ActionType, values: [] };
  if (step.kind === 'field') return { type: step.type, values: [...step.chosen, value] };
  return EMPTY_SELECTION;
}

/** The legal action a selection completes to, if it is complete. */
export function completed(actions: Action[], sel: Selection): Action | null {
  const step = currentStep(actions, sel);
  return step.kind === 'ready' ? step.action : null;
}

/** Actions of a type with no fields complete as soon as the type is chosen. */
export function actionOfType(actions: Action[], type: ActionType): Action | null {
  return FIELDS[type].length === 0 ? actions.find((a) => a.type === type) ?? null : null;
}

/** The planets that can be clicked at this step (the board glows them). */
export function clickablePlanets(step: Step): Set<string> {
  const out = new Set<string>();
  if (step.kind === 'field' && (step.field.kind === 'planet' || step.field.kind === 'dest')) {
    for (const o of step.options) if (typeof o.value === 'string' && o.value !== 'BASE') out.add(o.value);
  }
  if (step.kind === 'type' && step.types.includes('moveFleet')) {
    for (const a of step.actions) if (a.type === 'moveFleet') out.add(a.from);
  }
  return out;
}

/** The selection made by clicking planet `p` at this step, or null if it is not clickable. */
export function clickPlanet(step: Step, p: string): Selection | null {
  if (!clickablePlanets(step).has(p)) return null;
  if (step.kind === 'type') return { type: 'moveFleet', values: [p] };
  if (step.kind === 'field') return choose(step, p);
  return null;
}

/** The mission cards that can be clicked at this step (hand or planned cards glow). */
export function clickableMissions(step: Step): Set<string> {
  const out = new Set<string>();
  if (step.kind === 'field' && step.field.kind === 'mission') {
    for (const o of step.options) out.add(o.value as string);
  }
  if (step.kind === 'type') {
    for (const a of step.actions) if (a.type === 'revealMission' || a.type === 'planMission') out.add(a.card);
  }
  return out;
}

export function clickMission(step: Step, card: string): Selection | null {
  if (!clickableMissions(step).has(card)) return null;
  if (step.kind === 'type') {
    const a = step.actions.find((x) => (x.type === 'revealMission' || x.type === 'planMission') && x.card === card);
    return a ? { type: a.type, values: [card] } : null;
  }
  return choose(step, card);
}
