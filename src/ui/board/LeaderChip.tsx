/**
 * A leader as a round chip with initials, in the faction's colour, and its attribute icons beside it (R7.2), so
 * a leader can be matched to a mission at a glance. With `interactive` (where it is not inside another button)
 * a tap, click or keyboard opens the leader's details.
 */
import styled from 'styled-components';
import { LEADERS, type LeaderId } from '../../game/content';
import { leaderInitials, leaderTooltip } from '../format';
import { colors, factionColor } from '../theme';
import { AttributeIcons } from './details/AttributeIcon';
import { useOpenable } from './details/DetailSheet';

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

const Wrap = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 1px;
  flex: none;
  border-radius: 12px;
`;

export function LeaderChip({ id, captured = false, size = 22, interactive = false }: {
  id: LeaderId; captured?: boolean; size?: number; interactive?: boolean;
}) {
  const title = leaderTooltip(id, captured);
  const openable = useOpenable({ k: 'leader', id }, LEADERS[id].name);
  return (
    <Wrap title={title} data-leader={id} {...(interactive ? openable : {})}>
      <Chip $c={factionColor(LEADERS[id].faction)} $captured={captured} $size={size} $square={LEADERS[id].faction === 'I'} role="img" aria-label={title}>
        {leaderInitials(id)}
      </Chip>
      <AttributeIcons attrs={LEADERS[id].icons} size={Math.max(9, Math.round(size * 0.5))} />
    </Wrap>
  );
}
