/** A leader as a round chip with initials, in the faction's colour; tooltip with the full name and icons. */
import styled from 'styled-components';
import { LEADERS, type LeaderId } from '../../game/content';
import { leaderInitials, leaderTooltip } from '../format';
import { colors, factionColor } from '../theme';

/** Rebel leaders are round, Imperial ones square: the side reads without colour (issue 12 item 4). */
const Chip = styled.span<{ $c: string; $captured: boolean; $size: number; $square: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${(p) => p.$size}px;
  height: ${(p) => p.$size}px;
  border-radius: ${(p) => (p.$square ? '3px' : '50%')};
  flex: none;
  font-size: ${(p) => Math.round(p.$size * 0.42)}px;
  font-weight: 700;
  color: ${colors.text};
  background: ${colors.surface2};
  border: 2px ${(p) => (p.$captured ? 'dashed' : 'solid')} ${(p) => p.$c};
  position: relative;
  ${(p) => (p.$captured ? `&::after { content: ''; position: absolute; inset: 40% -3px; border-top: 2px solid ${colors.text}; transform: rotate(-35deg); }` : '')}
`;

export function LeaderChip({ id, captured = false, size = 22 }: { id: LeaderId; captured?: boolean; size?: number }) {
  const title = leaderTooltip(id, captured);
  return (
    <Chip $c={factionColor(LEADERS[id].faction)} $captured={captured} $size={size} $square={LEADERS[id].faction === 'I'} title={title} role="img" aria-label={title}>
      {leaderInitials(id)}
    </Chip>
  );
}
