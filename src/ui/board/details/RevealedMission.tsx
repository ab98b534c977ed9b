/**
 * The revealed mission, face up, in the opposition prompt (issue 13 item 1, R4.2.5): its name, attribute icon,
 * text, target and revealing leader, the opposing leaders already on the target (they oppose whatever you do,
 * R4.2.4 step 5), and for the player deciding which of their leaders would add to the roll (R4.2.6). The mission
 * is public once revealed, so both seats see the same card.
 */
import styled from 'styled-components';
import { FACTION_LEADERS, LEADERS, MISSIONS, iconCount, type Faction, type LeaderId } from '../../../game/content';
import type { GameState } from '../../../game/rules';
import { ATTRIBUTE_NAMES, leaderName, planetLabel } from '../../format';
import { colors, factionColor, factionName, phone } from '../../theme';
import { LeaderChip } from '../LeaderChip';
import { AttributeIcon } from './AttributeIcon';
import { useDetail } from './DetailSheet';

const Card = styled.div<{ $c: string }>`
  display: flex;
  flex-direction: column;
  gap: 3px;
  padding: 6px 10px;
  border-radius: 8px;
  background: ${colors.surface2};
  border-left: 5px solid ${(p) => p.$c};
  font-size: 13px;
  ${phone} { font-size: 12.5px; padding: 5px 8px; }
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px;
  strong { font-size: 14.5px; }
`;

const Attr = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 3px;
  padding: 0 6px;
  border-radius: 10px;
  background: ${colors.bg};
  font-weight: 700;
  font-size: 12px;
`;

const More = styled.button.attrs({ type: 'button' })`
  margin-left: auto;
  min-height: 28px;
  padding: 0 10px;
  border-radius: 14px;
  border: 1px solid ${colors.border};
  background: ${colors.surface};
  font-size: 12px;
  cursor: pointer;
  ${phone} { min-height: 44px; }
`;

const Muted = styled.span`
  color: ${colors.muted};
`;

export function RevealedMission({ view, seat }: { view: GameState; seat: Faction | null }) {
  const open = useDetail();
  const m = view.mission;
  if (!m) return null;
  const d = MISSIONS[m.card];
  const opp: Faction = m.faction === 'R' ? 'I' : 'R';
  const there = FACTION_LEADERS[opp].filter((l) => view.leaders[l].at === m.target);
  const deciding = seat === opp && view.pending?.kind === 'oppose' && view.pending.seat === seat;
  const helpers: [LeaderId, number][] = deciding && d.attribute
    ? FACTION_LEADERS[opp]
      .filter((l) => !view.leaders[l].captured && (view.leaders[l].at === 'pool' || view.leaders[l].at === 'plan'))
      .map((l) => [l, iconCount(l, d.attribute!)] as [LeaderId, number])
    : [];
  return (
    <Card $c={factionColor(d.faction)} data-testid="revealed-mission" data-card={m.card}>
      <Head>
        <Muted>{factionName(d.faction)} mission revealed:</Muted>
        <strong>{d.name}</strong>
        <Attr data-attr={d.attribute ?? 'none'}>
          {d.attribute ? <><AttributeIcon attr={d.attribute} size={14} />{ATTRIBUTE_NAMES[d.attribute]}</> : 'Cannot be opposed'}
        </Attr>
        {open && <More onClick={() => open({ k: 'mission', card: m.card, where: 'revealed' })} aria-label={`Details: ${d.name}`}>Details</More>}
      </Head>
      <span data-testid="revealed-text">{d.text}</span>
      <span>
        <Muted>On </Muted>{planetLabel(m.target)}<Muted> by </Muted>{leaderName(m.leader)}{' '}
        <LeaderChip id={m.leader} size={18} />
      </span>
      {there.length > 0 && (
        <span>
          <Muted>Already there, opposing in any case (R4.2.4): </Muted>
          {there.map((l) => leaderName(l)).join(', ')}
        </span>
      )}
      {deciding && d.attribute && (
        <span data-testid="revealed-helpers">
          <Muted>Each {ATTRIBUTE_NAMES[d.attribute]} icon adds 1 to a roll (R4.2.6); ties go to the {factionName(d.faction)}. Yours: </Muted>
          {helpers.length === 0 ? 'no leader free to send' : helpers.map(([l, n]) => `${LEADERS[l].name} +${n}`).join(', ')}
        </span>
      )}
    </Card>
  );
}
