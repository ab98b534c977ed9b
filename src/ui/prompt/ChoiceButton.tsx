/** The buttons of the prompt bar: ≥44 px touch targets on phones, a visible focus ring, a glow when primary. */
import styled, { css } from 'styled-components';
import { colors, phone } from '../theme';

export const ChoiceButton = styled.button.attrs({ type: 'button' })<{ $primary?: boolean; $small?: boolean }>`
  min-height: 36px;
  min-width: ${(p) => (p.$small ? '32px' : '44px')};
  padding: 4px 12px;
  border-radius: 8px;
  border: 1px solid ${colors.border};
  background: ${colors.surface2};
  color: ${colors.text};
  font-weight: 600;
  cursor: pointer;
  ${(p) => p.$primary && css`
    background: #3a3214;
    border: 2px solid ${colors.highlight};
  `}
  &:hover:not(:disabled) { filter: brightness(1.2); }
  &:focus-visible { outline: 3px solid #7fb2ff; outline-offset: 2px; }
  &:disabled { opacity: 0.45; cursor: not-allowed; }
  ${phone} { min-height: 44px; min-width: 44px; }
`;
