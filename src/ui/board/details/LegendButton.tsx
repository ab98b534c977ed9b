/** "Legend": opens the symbol legend in the detail sheet (issue 13 item 9). Nothing without a board around it. */
import styled from 'styled-components';
import { colors, phone } from '../../theme';
import { useDetail } from './DetailSheet';

const Button = styled.button.attrs({ type: 'button' })`
  align-self: flex-end;
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 28px;
  padding: 2px 12px;
  border-radius: 14px;
  border: 1px solid ${colors.border};
  background: ${colors.surface};
  color: ${colors.text};
  font-size: 12.5px;
  font-weight: 600;
  cursor: pointer;
  &:hover { border-color: ${colors.highlight}; }
  ${phone} { min-height: 44px; margin-right: 2px; }
`;

export function LegendButton() {
  const open = useDetail();
  if (!open) return null;
  return (
    <Button onClick={() => open({ k: 'legend' })} data-detail="legend" aria-haspopup="dialog">
      <span aria-hidden="true" style={{ font: 'italic 700 13px Georgia, serif' }}>i</span> Legend · tap any card for details
    </Button>
  );
}
