/**
 * The header: round, the four phases with the current one marked, whose seat this screen shows, the time track,
 * Rules and Leave. Leaving asks first, in the page's own dialog (issue 20 item 10), never with window.confirm.
 */
import { useState } from 'react';
import styled from 'styled-components';
import type { Faction } from '../../game/content';
import type { GameState } from '../../game/rules';
import { ConfirmDialog } from '../dialog/Dialog';
import { useRules } from '../rules/RulesContext';
import { colors, factionColor, factionName, phone } from '../theme';
import { TimeTrack } from './TimeTrack';

const Bar = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 6px 12px;
  background: ${colors.surface};
  border-bottom: 1px solid ${colors.border};
  flex-wrap: wrap;
  ${phone} { padding: 4px 6px; gap: 4px; }
`;

const Phases = styled.ol`
  display: flex;
  gap: 6px;
  list-style: none;
  margin: 0;
  padding: 0;
  align-items: center;
  font-size: 13px;
  ${phone} { font-size: 11px; gap: 3px; }
  li + li + li::before { content: '▸ '; color: ${colors.muted}; font-weight: 400; }
`;

const Phase = styled.li<{ $on: boolean }>`
  color: ${(p) => (p.$on ? colors.text : colors.muted)};
  font-weight: ${(p) => (p.$on ? 800 : 400)};
  text-transform: ${(p) => (p.$on ? 'uppercase' : 'none')};
`;

const Seat = styled.span<{ $c: string }>`
  padding: 2px 8px;
  border-radius: 10px;
  border: 2px solid ${(p) => p.$c};
  font-weight: 700;
  font-size: 12px;
`;

const PHASES = [['planning', 'Planning'], ['operations', 'Operations'], ['objective', 'Objective'], ['refresh', 'Refresh']] as const;

const Leave = styled.button.attrs({ type: 'button' })`
  min-height: 32px;
  padding: 2px 10px;
  border-radius: 8px;
  border: 1px solid ${colors.border};
  background: transparent;
  color: ${colors.muted};
  cursor: pointer;
  ${phone} { min-height: 44px; }
`;

/** What leaving does to a game on this device (the default): an online screen passes its own words. */
export const LOCAL_LEAVE_NOTE = 'The game stays saved on this device: resume it, or delete it, from the start screen.';

export function TopBar({ view, seat, onLeave, label, leaveNote = LOCAL_LEAVE_NOTE }: {
  view: GameState; seat: Faction | null; onLeave?: () => void; label?: string; leaveNote?: string;
}) {
  const rules = useRules();
  const [leaving, setLeaving] = useState(false);
  return (
    <Bar>
      <Phases aria-label="Round and phase">
        <li style={{ fontWeight: 700, marginRight: 4 }}>{view.phase === 'setup' ? 'Setup' : `Round ${view.round}`}</li>
        {PHASES.map(([id, name]) => (
          <Phase key={id} $on={view.phase === id} aria-current={view.phase === id ? 'step' : undefined}>{name}</Phase>
        ))}
      </Phases>
      <Seat $c={seat ? factionColor(seat) : colors.muted} data-seat={seat ?? 'spectator'}>
        {label ?? (seat ? `You: ${factionName(seat)}` : 'Spectator (public view)')}
      </Seat>
      <TimeTrack view={view} />
      <Leave onClick={() => rules.openRule()} aria-haspopup="dialog" data-testid="rules-button">Rules</Leave>
      {onLeave && !view.winner && (
        <Leave onClick={() => setLeaving(true)} aria-haspopup="dialog" data-testid="leave-button">Leave</Leave>
      )}
      {leaving && onLeave && (
        <ConfirmDialog title="Leave this game?" text={leaveNote} confirmLabel="Leave" cancelLabel="Stay"
          onConfirm={() => { setLeaving(false); onLeave(); }} onCancel={() => setLeaving(false)} testId="leave-dialog" />
      )}
    </Bar>
  );
}
