/** A choice of bot difficulty (easy / normal / hard), as radio buttons styled like the board's choice buttons. */
import styled from 'styled-components';
import { DIFFICULTIES, DIFFICULTY_NAMES, type Difficulty } from '../bot/Bot';
import { colors, phone } from '../theme';

const Set = styled.fieldset`
  border: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  align-items: center;
  legend { font-weight: 700; padding: 0; margin-bottom: 4px; }
`;

const Option = styled.label<{ $on: boolean }>`
  display: flex;
  align-items: center;
  gap: 6px;
  min-height: 36px;
  padding: 4px 12px;
  border-radius: 8px;
  border: ${(p) => (p.$on ? `2px solid ${colors.highlight}` : `1px solid ${colors.border}`)};
  background: ${(p) => (p.$on ? '#3a3214' : colors.surface2)};
  font-weight: 600;
  cursor: pointer;
  small { font-weight: 400; color: ${colors.muted}; }
  input { accent-color: ${colors.highlight}; margin: 0; }
  &:focus-within { outline: 3px solid #7fb2ff; outline-offset: 2px; }
  ${phone} { min-height: 44px; }
`;

const HINTS: Record<Difficulty, string> = { easy: 'quick, forgiving', normal: 'a fair fight', hard: 'thinks longer' };

export function DifficultyPicker({ legend, name, value, onChange }: {
  legend: string; name: string; value: Difficulty; onChange(d: Difficulty): void;
}) {
  return (
    <Set>
      <legend>{legend}</legend>
      {DIFFICULTIES.map((d) => (
        <Option key={d} $on={value === d}>
          <input type="radio" name={name} value={d} data-difficulty={d} checked={value === d} onChange={() => onChange(d)} />
          {DIFFICULTY_NAMES[d]} <small>{HINTS[d]}</small>
        </Option>
      ))}
    </Set>
  );
}
