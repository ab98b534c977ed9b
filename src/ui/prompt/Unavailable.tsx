/**
 * Choices that are not available now stay visible, disabled, each with the rule that forbids it (issue 13 item 5):
 * "Move a fleet" when every fleet has your leader on it, a planned mission with no legal target, the base card at
 * the deployment cap. The reasons come from the core (src/game/rules/whyNot.ts), computed on the seat's own view,
 * so they tell nothing the seat may not know. The reason is visible text, not a tooltip: phones have no hover.
 */
import { useMemo } from 'react';
import styled from 'styled-components';
import type { Faction } from '../../game/content';
import { unavailableTypes, unavailableValues, whyNot, type Candidate, type GameState, type Reason } from '../../game/rules';
import { colors, phone } from '../theme';
import { FIELDS, valueKey, type Step } from './choices';
import { ChoiceButton } from './ChoiceButton';
import { TYPE_LABELS, optionLabel } from './wording';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 4px 0 0;
  display: flex;
  flex-direction: column;
  gap: 4px;
  border-top: 1px dashed ${colors.border};
`;

const Item = styled.li`
  display: flex;
  align-items: center;
  gap: 8px;
  min-width: 0;
  ${phone} { gap: 6px; }
`;

const Why = styled.span`
  color: ${colors.muted};
  font-size: 12.5px;
  line-height: 1.3;
  min-width: 0;
  ${phone} { font-size: 12px; }
`;

const Rule = styled.span`
  white-space: nowrap;
  font-weight: 600;
  color: #c9cfdb;
`;

export interface UnavailableEntry { key: string; label: string; reason: Reason }

/** The unavailable choices at this step of the decision, from the core's whyNot. */
export function unavailableAt(view: GameState, seat: Faction, step: Step): UnavailableEntry[] {
  if (step.kind === 'type') {
    return unavailableTypes(view, seat)
      .filter((u) => !step.types.includes(u.type))
      .map((u) => ({ key: `type-${u.type}`, label: TYPE_LABELS[u.type], reason: u.reason }));
  }
  if (step.kind !== 'field') return [];
  const fields = FIELDS[step.type];
  // This field's unavailable values, and those of earlier fields that were filled in automatically because
  // only one value was possible (the player never saw that question, so say why the others were not).
  const out: UnavailableEntry[] = [];
  const ask = (i: number, offered: Set<string>) => {
    const partial: Candidate = { type: step.type };
    for (let j = 0; j < i; j++) partial[fields[j].id] = step.chosen[j];
    for (const u of unavailableValues(view, seat, partial, fields[i].id)) {
      if (offered.has(valueKey(u.value))) continue;
      out.push({ key: `${fields[i].id}-${valueKey(u.value)}`, label: optionLabel(fields[i].kind, u.value, view, seat), reason: u.reason });
    }
  };
  step.chosen.forEach((v, i) => { if (step.auto[i]) ask(i, new Set([valueKey(v)])); });
  ask(step.index, new Set(step.options.map((o) => o.key)));
  return out;
}

/** Why a unit set the picker holds is not a legal group (R4.2.3 step 5: the escort rule), or null. */
export function unitsReason(view: GameState, seat: Faction | null, step: Step, units: { f: number; c: number; s: number }): Reason | null {
  if (!seat || step.kind !== 'field') return null;
  const fields = FIELDS[step.type];
  const partial: Candidate = { type: step.type };
  step.chosen.forEach((v, i) => { partial[fields[i].id] = v; });
  // step.actions: the legal actions with the values chosen so far, the only ones that could extend this set
  return whyNot(view, seat, { ...partial, [step.field.id]: units }, step.actions);
}

/** The rule id as written in a reason: "(R4.2.3)". A link into the rules reference can wrap it later. */
export function RuleRef({ rule }: { rule: string }) {
  return <Rule data-rule={rule}>({rule})</Rule>;
}

export function UnavailableChoices({ view, seat, step }: { view: GameState; seat: Faction; step: Step }) {
  const entries = useMemo(() => unavailableAt(view, seat, step), [view, seat, step]);
  if (entries.length === 0) return null;
  return (
    <List aria-label="Not available now" data-testid="unavailable">
      {entries.map((e) => {
        const id = `why-${e.key.replace(/[^A-Za-z0-9-]/g, '')}`;
        return (
          <Item key={e.key} data-unavailable={e.key}>
            <ChoiceButton disabled aria-describedby={id} style={{ flex: 'none' }}>{e.label}</ChoiceButton>
            <Why id={id}>{e.reason.text} <RuleRef rule={e.reason.rule} /></Why>
          </Item>
        );
      })}
    </List>
  );
}
