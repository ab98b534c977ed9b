/**
 * Choosing a set of units among the legal sets: one stepper per unit type, starting at the largest legal set;
 * "Confirm" is enabled only while the counts form a legal set (e.g. the Imperial escort rule is never checked
 * here: an illegal set simply is not among the options).
 */
import { useMemo, useState } from 'react';
import styled from 'styled-components';
import type { Faction, UnitType } from '../../game/content';
import type { Reason } from '../../game/rules';
import { UNIT_NAMES } from '../format';
import { UnitShape } from '../board/UnitIcons';
import { valueKey, type Option } from './choices';
import { ChoiceButton } from './ChoiceButton';

type Set3 = { f: number; c: number; s: number };

const Wrap = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
`;

const Stepper = styled.div`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding: 2px 4px;
  border-radius: 6px;
  background: rgba(255, 255, 255, 0.06);
`;

export function UnitPicker({ options, faction, onPick, reasonFor }: {
  options: Option[]; faction: Faction; onPick(value: unknown): void;
  /** Why a set that is not among the options is illegal (from the core's whyNot), shown next to the button. */
  reasonFor?(units: Set3): Reason | null;
}) {
  const sets = options.map((o) => o.value as Set3);
  const keys = useMemo(() => new Set(sets.map((s) => valueKey({ f: s.f, c: s.c, s: s.s }))), [sets]);
  const largest = sets.reduce((a, b) => (b.f + b.c + b.s > a.f + a.c + a.s ? b : a), sets[0]);
  const [cur, setCur] = useState<Set3>({ f: largest.f, c: largest.c, s: largest.s });
  const types = (['f', 'c', 's'] as UnitType[]).filter((t) => sets.some((s) => s[t] > 0));
  const max = (t: UnitType) => Math.max(...sets.map((s) => s[t]));
  const legal = keys.has(valueKey(cur));
  const reason = legal ? null : reasonFor?.(cur) ?? null;
  const chosen = sets.find((s) => s.f === cur.f && s.c === cur.c && s.s === cur.s);
  return (
    <Wrap>
      {types.map((t) => (
        <Stepper key={t} aria-label={`${UNIT_NAMES[t][1]}: ${cur[t]}`}>
          <UnitShape type={t} faction={faction} size={18} />
          <ChoiceButton $small aria-label={`One ${UNIT_NAMES[t][0]} less`} disabled={cur[t] <= 0}
            onClick={() => setCur({ ...cur, [t]: cur[t] - 1 })} data-choice="stepper">−</ChoiceButton>
          <span style={{ minWidth: 16, textAlign: 'center' }}>{cur[t]}</span>
          <ChoiceButton $small aria-label={`One ${UNIT_NAMES[t][0]} more`} disabled={cur[t] >= max(t)}
            onClick={() => setCur({ ...cur, [t]: cur[t] + 1 })} data-choice="stepper">+</ChoiceButton>
        </Stepper>
      ))}
      <ChoiceButton $primary disabled={!legal} onClick={() => chosen && onPick(chosen)} data-choice="option">
        {legal ? 'Confirm units' : 'Not a legal group'}
      </ChoiceButton>
      {!legal && reason && (
        <span data-testid="units-reason" style={{ color: '#9aa4b5', fontSize: 12.5 }}>{reason.text} ({reason.rule})</span>
      )}
    </Wrap>
  );
}
