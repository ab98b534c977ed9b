/**
 * Mission, objective and probe cards. A face-down card shows only its back (and the leader on it, which is
 * public); a card the viewer may choose glows and is a button.
 */
import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { MISSIONS, OBJECTIVES, PLANETS, type LeaderId, type LetterId, type MissionId, type ObjectiveId } from '../../game/content';
import type { Reason } from '../../game/rules';
import { isHidden } from '../../game/rules/view';
import { ATTRIBUTE_NAMES, missionTooltip, objectiveTooltip } from '../format';
import { colors, factionColor, glow, phone } from '../theme';
import { LeaderChip } from './LeaderChip';
import { objectiveStatusText, type ObjectiveStatus } from './objectiveStatus';
import { AttributeIcon } from './details/AttributeIcon';
import { InfoButton, useOpenable } from './details/DetailSheet';
import type { Subject } from './details/describe';

const Face = styled.div<{ $edge: string; $glow: boolean; $back: boolean; $compact?: boolean }>`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: 2px;
  width: 118px;
  min-height: 62px;
  padding: 5px 6px;
  border-radius: 6px;
  border: 1px solid ${colors.border};
  border-left: 4px solid ${(p) => p.$edge};
  background: ${(p) => (p.$back ? `repeating-linear-gradient(45deg, ${colors.surface2} 0 6px, ${colors.surface} 6px 12px)` : colors.surface2)};
  color: ${colors.text};
  text-align: left;
  font-size: 12px;
  flex: none;
  ${(p) => p.$compact && css`width: 106px; min-height: 48px; padding: 3px 5px;`}
  ${(p) => p.$glow && css`${glow} cursor: pointer;`}
  ${phone} { width: 104px; min-height: 48px; }
`;

const Title = styled.span`
  font-weight: 700;
  line-height: 1.15;
`;

const Small = styled.span`
  font-size: 10px;
  color: ${colors.muted};
`;

const Tag = styled.span<{ $c?: string }>`
  align-self: flex-start;
  font-size: 10px;
  font-weight: 700;
  padding: 0 4px;
  border-radius: 3px;
  background: ${(p) => p.$c ?? colors.bg};
  color: ${(p) => (p.$c === colors.highlight ? '#1a1205' : colors.text)};
`;

interface Clickable {
  clickable?: boolean;
  onClick?: () => void;
}

/**
 * A clickable card is a button named by its content plus a spoken prefix (no aria-label: the name must contain
 * the visible text, WCAG 2.5.3); a card that is not a choice is a labelled group that opens its details.
 */
function shell(clickable: boolean | undefined, onClick: (() => void) | undefined, label: string, openable: Record<string, unknown>) {
  return clickable
    ? { as: 'button' as const, type: 'button' as const, onClick, 'data-choice': 'card', 'data-label': `${label} — choose` }
    : { role: 'group' as const, ...(Object.keys(openable).length ? {} : { 'aria-label': label }), ...openable };
}

function Spoken({ clickable, label }: { clickable?: boolean; label: string }) {
  return clickable ? <span className="sr-only">{label} — choose: </span> : null;
}

/** A card and, when the card is a choice now (its click chooses it), the "i" that opens its details. */
const Holder = styled.div`
  position: relative;
  display: inline-flex;
  flex: none;
  & > :first-child { padding-right: 20px; }
  & > button[data-detail] { top: 2px; right: 2px; }
`;

function WithInfo({ clickable, subject, label, children }: { clickable?: boolean; subject: Subject; label: string; children: ReactNode }) {
  if (!clickable) return <>{children}</>;
  return <Holder>{children}<InfoButton subject={subject} label={label} /></Holder>;
}

export function MissionCard({ card, leader, clickable, onClick, compact, blocked, where }: {
  card: MissionId | string; leader?: LeaderId; compact?: boolean;
  /** Where the card lies, for its detail view. */
  where?: 'hand' | 'planned' | 'revealed' | 'discard';
  /** Why this planned mission cannot be revealed now (whyNot), shown as a tag. */
  blocked?: Reason | null;
} & Clickable) {
  const hidden = isHidden(card);
  const d = hidden ? null : MISSIONS[card as MissionId];
  const title = missionTooltip(card);
  const label = d ? `Mission ${d.name}` : 'Face-down mission';
  const subject: Subject = { k: 'mission', card, leader, where };
  const openable = useOpenable(subject, label);
  return (
    <WithInfo clickable={clickable} subject={subject} label={label}>
    <Face $edge={d ? factionColor(d.faction) : colors.muted} $glow={!!clickable} $back={hidden} $compact={compact} title={title}
      data-card={hidden ? 'hidden' : card} {...shell(clickable, onClick, label, openable)}>
      <Spoken clickable={clickable} label={label} />
      {d ? (
        <>
          <Title>{d.name}</Title>
          <Small>
            {d.attribute && <AttributeIcon attr={d.attribute} size={11} />} {d.attribute ? ATTRIBUTE_NAMES[d.attribute] : 'Cannot be opposed'}{d.starting ? ' · starting' : ''}
          </Small>
          {blocked && <Tag title={`${blocked.text} (${blocked.rule})`} data-blocked={blocked.rule}>✕ no target now</Tag>}
        </>
      ) : (
        <Small>Mission (face down)</Small>
      )}
      {leader && <span style={{ marginTop: 'auto' }}><LeaderChip id={leader} size={20} /></span>}
    </Face>
    </WithInfo>
  );
}

const TIMING = { operations: 'End of Operations', refresh: 'End of Refresh', combat: 'After a combat' } as const;

/**
 * `status` (./objectiveStatus.ts): "now" while its window is open and it may be revealed — the only time the
 * card says so —, "met" when its condition holds but the game checks it only later.
 */
export function ObjectiveCard({ card, status, clickable, onClick }: { card: ObjectiveId | string; status?: ObjectiveStatus } & Clickable) {
  const hidden = isHidden(card);
  const d = hidden ? null : OBJECTIVES[card as ObjectiveId];
  const label = d ? `Objective ${d.name}${status ? ` (${objectiveStatusText(status, d.timing)})` : ''}` : 'Secret objective';
  const subject: Subject = { k: 'objective', card };
  const openable = useOpenable(subject, label);
  return (
    <WithInfo clickable={clickable} subject={subject} label={label}>
    <Face $edge={colors.rebel} $glow={!!clickable} $back={hidden} title={objectiveTooltip(card)}
      data-card={hidden ? 'hidden' : card} {...shell(clickable, onClick, label, openable)}>
      <Spoken clickable={clickable} label={label} />
      {d ? (
        <>
          <Title>{d.name}</Title>
          <Small>{TIMING[d.timing]}</Small>
          {status === 'now' && <Tag $c={colors.highlight} data-objective-status="now">✓ reveal now</Tag>}
          {status === 'met' && <Tag data-objective-status="met" title={objectiveStatusText(status, d.timing)}>condition met · wait</Tag>}
        </>
      ) : (
        <Small>Objective (secret)</Small>
      )}
    </Face>
    </WithInfo>
  );
}

const Probe = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 26px;
  height: 26px;
  padding: 0 4px;
  border-radius: 4px;
  border: 1px solid ${colors.imperial};
  background: #173d27;
  font-weight: 700;
`;

export function ProbeCard({ letter }: { letter: LetterId | string }) {
  const hidden = isHidden(letter);
  const title = hidden ? 'A secret probe card' : `Probe card ${letter}: the Rebel base is not on ${PLANETS[letter as LetterId].name}.`;
  const openable = useOpenable({ k: 'probe', letter }, hidden ? 'Secret probe card' : `Probe card ${letter}`);
  return <Probe title={title} data-card={hidden ? 'hidden' : `probe-${letter}`} {...openable}>{hidden ? '?' : letter}</Probe>;
}
