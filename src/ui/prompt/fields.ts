/**
 * A step of a decision: one field of an action type, with what it asks (prompt/choices.ts lists them per action type;
 * the card modules of src/ui/cards/ give their own answers' fields). Its own module so both can build them.
 */
import type { Action } from '../../game/rules';

export type FieldKind =
  | 'planet' // a PlanetId (or LetterId); null allowed for "none"
  | 'dest' // a PlanetId or 'BASE'
  | 'mission' // a MissionId
  | 'objective' // an ObjectiveId or null
  | 'leader'
  | 'units' // a UnitSet {f, c, s}
  | 'count' // a number
  | 'bool'
  | 'unitType' // 'f' | 'c' | 's'
  | 'token' // 'loyalty' | 'disrupt'
  | 'hit' // { unit, hp }
  | 'queueUnit' // { spot, unit }
  | 'counts'; // number[] (build shortfall)

export interface FieldSpec {
  id: string;
  kind: FieldKind;
  /** What this step asks, as a short instruction. */
  ask: string;
  get(a: Action): unknown;
}

export const f = (id: string, kind: FieldKind, ask: string, get?: (a: Action) => unknown): FieldSpec => ({
  id, kind, ask, get: get ?? ((a) => (a as unknown as Record<string, unknown>)[id]),
});
