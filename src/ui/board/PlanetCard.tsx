/**
 * One planet card of the 3×5 grid: letter and name, sector pips, type badge, production tab, loyalty banner,
 * disrupt stripe, destroyed crack, revealed-base flag, the viewer's own hidden base, probe marks (Imperial view),
 * units per faction and leader chips. A planet that is a legal choice glows and is a button.
 */
import styled, { css } from 'styled-components';
import { FACTION_LEADERS, LEADERS, PLANETS, type Faction, type LeaderId, type LetterId, type PlanetId } from '../../game/content';
import type { GameState } from '../../game/rules';
import { planetLabel, planetTooltip, planetTypeName, unitSetText, units as unitsText } from '../format';
import { colors, glow, phone } from '../theme';
import { LeaderChip } from './LeaderChip';
import { UnitGroup } from './UnitIcons';
import { InfoButton, useOpenable } from './details/DetailSheet';

const Card = styled.div<{ $glow: boolean; $selected: boolean; $destroyed: boolean; $imp: boolean }>`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: 3px;
  min-width: 0;
  min-height: 112px;
  padding: 5px 6px 6px;
  border-radius: 8px;
  background: ${(p) => (p.$imp ? '#1d2b26' : colors.surface)};
  border: 1px solid ${colors.border};
  color: ${colors.text};
  text-align: left;
  overflow: hidden;
  transition: transform 150ms; /* transform only: the compositor runs it (issue 12 item 3) */
  ${(p) => p.$destroyed && css`
    filter: grayscale(0.9) brightness(0.75);
    background-image: linear-gradient(120deg, transparent 46%, #0a0d14 47%, #0a0d14 49%, transparent 50%),
      linear-gradient(60deg, transparent 60%, #0a0d14 61%, transparent 62.5%);
  `}
  ${(p) => p.$selected && css`outline: 3px dashed ${colors.highlight}; outline-offset: 1px;`}
  ${(p) => p.$glow && css`
    ${glow}
    cursor: pointer;
    &:hover { transform: translateY(-1px); }
  `}
  ${phone} {
    min-height: 78px;
    padding: 3px;
    font-size: 11px;
  }
`;

const Top = styled.div<{ $info?: boolean }>`
  display: flex;
  align-items: baseline;
  gap: 4px;
  min-width: 0;
  ${(p) => p.$info && 'padding-right: 20px;'}
`;

const Letter = styled.span`
  font-size: 18px;
  font-weight: 800;
  line-height: 1;
  ${phone} { font-size: 15px; }
`;

const Name = styled.span`
  font-weight: 600;
  font-size: 13px;
  line-height: 1.1;
  overflow: hidden;
  flex: 1;
  ${phone} { display: none; }
`;

const Meta = styled.div`
  display: flex;
  gap: 4px;
  align-items: center;
  font-size: 11px;
  color: ${colors.muted};
  flex-wrap: wrap;
  ${phone} { font-size: 9px; gap: 2px; }
`;

const Badge = styled.span<{ $bg?: string; $fg?: string }>`
  display: inline-block;
  padding: 0 4px;
  border-radius: 3px;
  font-size: 10px;
  font-weight: 700;
  letter-spacing: 0.02em;
  background: ${(p) => p.$bg ?? colors.surface2};
  color: ${(p) => p.$fg ?? colors.text};
  white-space: nowrap;
  ${phone} { font-size: 9px; padding: 0 2px; }
`;

const Stripe = styled.div`
  position: absolute;
  left: 0;
  right: 0;
  bottom: 0;
  height: 6px;
  background: repeating-linear-gradient(135deg, ${colors.disrupt} 0 6px, #1a1205 6px 12px);
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 3px;
  align-items: center;
`;

/** On the phone the type badge shrinks to its first word, so the production tab fits beside it. */
const TypeBadge = styled.span`
  .long { display: inline; }
  .short { display: none; }
  ${phone} { .long { display: none; } .short { display: inline; } }
`;

/** The card and, when the card itself is a choice, its "i" button beside it (no button inside a button). */
const Cell = styled.div`
  position: relative;
  display: flex;
  flex-direction: column;
  min-width: 0;
  & > :first-child { flex: 1; }
`;

/** The production tab; on the phone too, smaller (issue 13 item 9). */
const TabBox = styled.span`
  white-space: nowrap;
  ${phone} { font-size: 9px; letter-spacing: -0.02em; }
`;

function Tab({ p }: { p: PlanetId }) {
  const d = PLANETS[p];
  if (d.tab.length === 0) return null;
  const c = d.tabFaction === 'R' ? colors.rebel : d.tabFaction === 'I' ? colors.imperial : colors.muted;
  const text = `Production: ${d.tab.map((t) => `${unitsText(t.count, t.unit)} → spot ${t.spot}`).join('; ')}`;
  return (
    <TabBox title={text} data-tab={p}>
      <span className="sr-only">{text}</span>
      {d.tab.map((t, i) => (
        <span key={i} aria-hidden="true" style={{ marginRight: 2, whiteSpace: 'nowrap' }}>
          <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true">
            {t.unit === 'f' ? <rect x="1" y="1" width="8" height="8" fill={c} /> : <polygon points="3,0 7,0 10,3 10,7 7,10 3,10 0,7 0,3" fill={c} />}
          </svg>
          →{t.spot}
        </span>
      ))}
    </TabBox>
  );
}

const SHORT_TYPE = { production: 'Prod.', loyal: 'Loyal', remote: 'Remote' } as const;

export interface PlanetCardProps {
  view: GameState;
  seat: Faction | null;
  id: PlanetId;
  clickable: boolean;
  selected?: boolean;
  onClick?: () => void;
}

function unitsSpoken(side: string, u: { f: number; c: number; s: number }): string {
  return u.f + u.c + u.s > 0 ? `${side} ${unitSetText(u)}` : '';
}

function leadersOn(view: GameState, id: PlanetId): { id: LeaderId; captured: boolean }[] {
  const out: { id: LeaderId; captured: boolean }[] = [];
  for (const f of ['R', 'I'] as Faction[]) {
    for (const l of FACTION_LEADERS[f]) {
      const s = view.leaders[l];
      if (s.at === id) out.push({ id: l, captured: s.captured });
    }
  }
  return out;
}

export function PlanetCard({ view, seat, id, clickable, selected = false, onClick }: PlanetCardProps) {
  const def = PLANETS[id];
  const st = view.planets[id];
  const letter = def.letter as LetterId | null;
  const revealedBase = view.base.revealed && view.base.planet === id;
  const ownHiddenBase = seat === 'R' && !view.base.revealed && view.base.planet === id;
  // The view names a hidden base only to the Rebel, and to everyone once the game is over (src/game/rules/view.ts)
  // or in the replay's "Everything": then it is marked for every viewer (issue 20 item 1).
  const shownHiddenBase = seat !== 'R' && !view.base.revealed && view.base.planet === id;
  const probed = seat === 'I' && letter !== null && view.probes.hand.includes(letter);
  const cleared = letter !== null && view.known.cleared.includes(letter) && !view.base.revealed;
  const combat = view.combat?.planet === id;
  const leaders = leadersOn(view, id);
  const marks: string[] = [];
  if (st.destroyed) marks.push('destroyed');
  if (st.loyalty) marks.push('Rebel loyalty marker');
  if (st.disrupt) marks.push('disrupt token (produces nothing, refuses most deployments)');
  if (revealedBase) marks.push('the revealed Rebel base');
  if (ownHiddenBase) marks.push(view.winner ? 'your base, never found' : 'your hidden base (only you know)');
  if (shownHiddenBase) marks.push(view.winner ? 'the Rebel base, never found' : 'the hidden Rebel base');
  if (probed) marks.push('your probe card: the base is not here');
  if (cleared) marks.push('shown not to hold the base');
  if (view.start.I === id) marks.push('Imperial starting planet');
  if (view.start.R === id) marks.push('Rebel starting planet');
  const title = `${planetTooltip(id)}${marks.length ? ` Marks: ${marks.join('; ')}.` : ''}`;
  // Screen readers hear what the eye sees (issue 12 item 4): units per side, leaders, marks; then "choose".
  const seen = [
    unitsSpoken('Rebel', st.R), unitsSpoken('Imperial', st.I),
    ...leaders.map((l) => `${LEADERS[l.id].name} (${LEADERS[l.id].faction === 'R' ? 'Rebel' : 'Imperial'}${l.captured ? ', captured' : ''})`),
    ...marks,
  ].filter(Boolean);
  const label = `${planetLabel(id)}${seen.length ? `: ${seen.join('; ')}` : ''}${clickable ? ' — choose' : ''}`;
  const openable = useOpenable({ k: 'planet', id }, label);
  const body = (
    <>
      <Top $info={clickable}>
        {letter && <Letter>{letter}</Letter>}
        <Name>{def.name}</Name>
      </Top>
      <Meta>
        <span aria-label={`sector ${def.sector}`} title={`Sector ${def.sector}`}>{'•'.repeat(def.sector)}</span>
        <Badge>
          <TypeBadge>
            <span className="long">{id === 'IMP' ? 'Imperium' : planetTypeName(id)}</span>
            <span className="short" aria-hidden="true">{id === 'IMP' ? 'Imp.' : SHORT_TYPE[PLANETS[id].type]}</span>
          </TypeBadge>
        </Badge>
        <Tab p={id} />
      </Meta>
      <Row>
        {st.loyalty && <Badge $bg={colors.rebelDeep} title="Rebel loyalty marker">⚑ Loyal</Badge>}
        {st.disrupt && (
          <Badge $bg={colors.disrupt} $fg="#1a1205" title="Disrupt token: produces nothing; most deployments refused (R6.3.2)">
            ⚡ Disrupted
          </Badge>
        )}
        {st.destroyed && <Badge $bg="#000" title="Destroyed by the Obliterator">✕ Destroyed</Badge>}
        {revealedBase && <Badge $bg={colors.rebelDeep} title="The Rebel base, revealed" data-base-mark="revealed">⚐ BASE</Badge>}
        {ownHiddenBase && <Badge $bg="#4a1e1e" title="Your base hides here — only you can see this">⌂ Your base</Badge>}
        {shownHiddenBase && <Badge $bg="#4a1e1e" title="The Rebel base hid here" data-base-mark="hidden">⌂ Base (hidden)</Badge>}
        {probed && <Badge $bg="#173d27" title="Your probe card: the base is not here">◎ Probed</Badge>}
        {cleared && !probed && <Badge title="Shown not to hold the base since the last relocation">∅ No base</Badge>}
        {combat && <Badge $bg={colors.highlight} $fg="#1a1205">⚔ Combat</Badge>}
      </Row>
      {/* Moves, arrivals and hits are drawn by the motion layer (src/ui/motion) on these chips. */}
      <Row>
        <UnitGroup faction="R" units={st.R} />
        <UnitGroup faction="I" units={st.I} />
      </Row>
      {leaders.length > 0 && (
        <Row>
          {leaders.map((l) => <LeaderChip key={l.id} id={l.id} captured={l.captured} size={20} />)}
        </Row>
      )}
      {st.disrupt && <Stripe title="Disrupt token" />}
    </>
  );
  const common = {
    $glow: clickable, $selected: selected, $destroyed: st.destroyed, $imp: id === 'IMP',
    title, 'data-planet': id, 'data-clickable': clickable ? 'true' : undefined,
  };
  if (clickable) {
    return (
      <Cell>
        {/* No aria-label on the button: its name is its visible text plus the spoken summary (WCAG 2.5.3). */}
        <Card as="button" type="button" {...common} onClick={onClick} data-choice="planet" data-label={label}>
          <span className="sr-only">{label}. </span>
          {body}
        </Card>
        <InfoButton subject={{ k: 'planet', id }} label={planetLabel(id)} />
      </Cell>
    );
  }
  // Not a choice now: a tap, click, Enter or Space opens its details (issue 13 item 1).
  return (
    <Cell>
      {Object.keys(openable).length
        ? <Card {...common} {...openable}><span className="sr-only">{label}. </span>{body}</Card>
        : <Card {...common} role="group" aria-label={label}>{body}</Card>}
    </Cell>
  );
}
