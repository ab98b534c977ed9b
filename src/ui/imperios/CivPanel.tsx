/**
 * One civilization's panel (issue 23 item 5): its marker and Metropolis, Age with its goals (IM11.2), Census and
 * armies (IM2.3), chits in hand, reserve, discard and cup (open, G48: only the cup's order is hidden), technologies,
 * trade goods and wonder, and a live estimate of its score if the game ended now (IM13, scoreCiv).
 */
import styled from 'styled-components';
import { AGES, type AgeId } from '../../games/imperios/content/ages';
import { COLOURS } from '../../games/imperios/content/colours';
import { GOODS } from '../../games/imperios/content/goods';
import { TECHS, techOf, type Tier } from '../../games/imperios/content/techs';
import { WONDERS } from '../../games/imperios/content/wonders';
import { goalCounts, scoreCiv, type Seat } from '../../games/imperios/rules';
import { colors } from '../theme';
import { ChitRow, CHIT_STYLE } from './Chits';
import { asCore, type ImperiosView } from './core';
import { SeatMark } from './SeatMark';
import { seatLook, seatName } from './seats';
import { territoryName } from './wording';

const Card = styled.section<{ $c: string; $on: boolean }>`
  border: 1px solid ${colors.border};
  border-left: 6px solid ${(p) => p.$c};
  border-radius: 8px;
  background: ${(p) => (p.$on ? colors.surface2 : colors.surface)};
  padding: 6px 8px;
  display: grid;
  gap: 3px;
  font-size: 12px;
  ${(p) => (p.$on ? `box-shadow: 0 0 0 2px ${colors.highlight};` : '')}
  h3 { margin: 0; font-size: 14px; display: flex; align-items: center; gap: 6px; flex-wrap: wrap; }
  dl { margin: 0; display: grid; grid-template-columns: auto 1fr; gap: 2px 8px; align-items: center; }
  dt { color: ${colors.muted}; }
  dd { margin: 0; }
`;

const Tag = styled.span`
  font-size: 11px;
  font-weight: 600;
  padding: 0 6px;
  border-radius: 8px;
  border: 1px solid ${colors.border};
  color: ${colors.text};
`;

const TIERS: Tier[] = ['basic', 'advanced', 'special'];
const TIER_MARK: Record<Tier, string> = { basic: 'I', advanced: 'II', special: 'III' };

function Techs({ owned }: { owned: readonly string[] }) {
  return (
    <span style={{ display: 'inline-flex', gap: 6, flexWrap: 'wrap' }}>
      {COLOURS.map((c) => (
        <span key={c} style={{ display: 'inline-flex', gap: 1 }}>
          {TIERS.map((tier) => {
            const id = techOf(c, tier);
            const has = owned.includes(id);
            const s = CHIT_STYLE[c];
            return (
              <span key={tier} title={`${TECHS[id].name} (${tier})${has ? '' : ' — not owned'}`} data-tech={id} data-owned={has}
                style={{ fontSize: 10, fontWeight: 800, padding: '0 3px', borderRadius: 3, minWidth: 18, textAlign: 'center',
                  background: has ? s.bg : 'transparent', color: has ? s.fg : colors.muted, border: `1px ${has ? 'solid' : 'dashed'} ${has ? '#8792a8' : colors.border}` }}>
                {TIER_MARK[tier]}
              </span>
            );
          })}
        </span>
      ))}
    </span>
  );
}

function Goals({ view, seat, age }: { view: ImperiosView; seat: Seat; age: AgeId }) {
  const has = goalCounts(asCore(view), seat);
  const want = AGES[age].goals;
  const items = [['Capitals', has.capitals, want.capitals], ['Cities', has.cities, want.cities], ['Goods', has.goods, want.goods], ['Techs', has.techs, want.techs]] as const;
  return (
    <span>
      {items.map(([name, n, goal], i) => (
        <span key={name} style={{ color: n >= goal ? '#8fd18b' : colors.text }}>
          {i > 0 && ' · '}{name} {n}/{goal}{n >= goal ? ' ✓' : ''}
        </span>
      ))}
    </span>
  );
}

export function CivPanel({ view, seat, acting, viewer }: { view: ImperiosView; seat: Seat; acting: boolean; viewer: Seat | null }) {
  const civ = view.civs[seat];
  const score = scoreCiv(asCore(view), seat);
  const look = seatLook(seat);
  const age = AGES[civ.age];
  const senior = view.seniority.indexOf(seat) + 1;
  return (
    <Card $c={look.colour} $on={acting} data-civ={seat} aria-label={`${seatName(seat)}${seat === viewer ? ' (you)' : ''}`}>
      <h3>
        <SeatMark seat={seat} />
        <span style={{ color: look.colour }}>{seatName(seat)}</span>
        {seat === viewer && <Tag>you</Tag>}
        {view.firstPlayer === seat && view.phase !== 'setup' && <Tag title="First Player (IM2.4)">1st player</Tag>}
        {acting && <Tag style={{ borderColor: colors.highlight }}>to play</Tag>}
        <span style={{ marginLeft: 'auto', fontWeight: 800 }} data-score-estimate={score.total} title="If the game ended now (IM13)">≈ {score.total} pts</span>
      </h3>
      <dl>
        <dt>Capital</dt>
        <dd>{civ.metropolis ? territoryName(civ.metropolis) : '—'} · seniority {senior}</dd>
        <dt>Age</dt>
        <dd>{age.name} (hand {age.hand}, reserve {age.reserve}) → <Goals view={view} seat={seat} age={civ.age} /></dd>
        <dt>Census</dt>
        <dd>
          <meter min={0} max={12} value={civ.census} aria-label={`${seatName(seat)} census`} style={{ width: 80, verticalAlign: 'middle' }} />{' '}
          {civ.census}/12 ({civ.census * 2} coins)
        </dd>
        <dt>Armies</dt>
        <dd data-armies={civ.armies}>{civ.armies}{civ.balance > 0 && view.phase !== 'red' ? ` · ${civ.balance} actions bought` : ''}</dd>
        <dt>Hand</dt>
        <dd><ChitRow chits={civ.hand} label={`${seatName(seat)} hand`} /></dd>
        <dt>Reserve</dt>
        <dd><ChitRow chits={civ.reserve} label={`${seatName(seat)} reserve`} /></dd>
        <dt>Discard</dt>
        <dd><ChitRow chits={civ.discard} label={`${seatName(seat)} discard`} /></dd>
        <dt>Cup</dt>
        <dd>{COLOURS.reduce((n, c) => n + civ.cup[c], 0)} chits · totems left {civ.supply}</dd>
        <dt>Techs</dt>
        <dd><Techs owned={civ.techs} /></dd>
        <dt>Goods</dt>
        <dd>{civ.goods.length ? civ.goods.map((g) => `${GOODS[g].name} ${GOODS[g].value}`).join(', ') : '—'}</dd>
        <dt>Wonder</dt>
        <dd>{civ.wonder ? WONDERS[civ.wonder].name : '—'}</dd>
      </dl>
    </Card>
  );
}
