/**
 * The legend (issue 13 item 9): what every symbol on the board means — production tabs, sector dots, planet
 * types, unit shapes, leader chips and attribute icons, and the markers (loyalty, disrupt, destroyed, base,
 * probe marks). Shown in the detail sheet, one tap away from the grid ("Legend" button above it).
 */
import type { ReactElement } from 'react';
import styled from 'styled-components';
import type { Attribute, Faction, UnitType } from '../../../game/content';
import { ATTRIBUTE_NAMES, UNIT_NAMES } from '../../format';
import { colors, phone } from '../../theme';
import { UnitShape } from '../UnitIcons';
import { AttributeIcon } from './AttributeIcon';
import { MARKERS, type Marker, type Subject } from './describe';

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: 4px;
  h3 { margin: 4px 0 2px; font-size: 12px; text-transform: uppercase; letter-spacing: 0.05em; color: ${colors.muted}; }
`;

const Row = styled.div`
  display: grid;
  grid-template-columns: 92px 1fr;
  gap: 8px;
  align-items: center;
  font-size: 13px;
  ${phone} { grid-template-columns: 78px 1fr; }
`;

const Sym = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 3px;
  flex-wrap: wrap;
`;

const Badge = styled.span<{ $bg?: string; $fg?: string }>`
  display: inline-block;
  padding: 0 4px;
  border-radius: 3px;
  font-size: 11px;
  font-weight: 700;
  background: ${(p) => p.$bg ?? colors.surface2};
  color: ${(p) => p.$fg ?? colors.text};
  white-space: nowrap;
`;

const MarkerRow = styled.button.attrs({ type: 'button' })`
  display: grid;
  grid-template-columns: 92px 1fr;
  gap: 8px;
  align-items: center;
  width: 100%;
  min-height: 32px;
  padding: 2px 0;
  border: none;
  border-bottom: 1px solid ${colors.surface2};
  background: none;
  text-align: left;
  font-size: 13px;
  cursor: pointer;
  &:hover { background: ${colors.surface2}; }
  ${phone} { grid-template-columns: 78px 1fr; min-height: 40px; }
`;

function TabShape({ unit, c }: { unit: 'f' | 'c'; c: string }) {
  return (
    <svg width="11" height="11" viewBox="0 0 10 10" aria-hidden="true">
      {unit === 'f' ? <rect x="1" y="1" width="8" height="8" fill={c} /> : <polygon points="3,0 7,0 10,3 10,7 7,10 3,10 0,7 0,3" fill={c} />}
    </svg>
  );
}

const Stripe = () => (
  <span style={{ display: 'inline-block', width: 34, height: 6, background: `repeating-linear-gradient(135deg, ${colors.disrupt} 0 6px, #1a1205 6px 12px)` }} />
);

const MARKER_SYMBOLS: [Marker, ReactElement][] = [
  ['loyalty', <Badge key="l" $bg={colors.rebel}>⚑ Loyal</Badge>],
  ['disrupt', <Sym key="d"><Badge $bg={colors.disrupt} $fg="#1a1205">⚡ Disrupted</Badge><Stripe /></Sym>],
  ['destroyed', <Badge key="x" $bg="#000">✕ Destroyed</Badge>],
  ['baseRevealed', <Badge key="b" $bg={colors.rebel}>⚐ BASE</Badge>],
  ['ownBase', <Badge key="o" $bg="#4a1e1e">⌂ Your base</Badge>],
  ['probed', <Badge key="p" $bg="#173d27">◎ Probed</Badge>],
  ['cleared', <Badge key="c">∅ No base</Badge>],
  ['combat', <Badge key="k" $bg={colors.highlight} $fg="#1a1205">⚔ Combat</Badge>],
];

export function Legend({ open }: { open(s: Subject): void }) {
  return (
    <div data-testid="legend" style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
      <Section aria-label="Production tabs">
        <h3>Production tab (what a planet builds)</h3>
        <Row><Sym><TabShape unit="f" c={colors.muted} />→1</Sym><span>1 starfighter (square) onto build-queue spot 1: it arrives at this round's Deploy.</span></Row>
        <Row><Sym><TabShape unit="c" c={colors.muted} />→2</Sym><span>1 capital ship (octagon) onto spot 2: it arrives one round later.</span></Row>
        <Row><Sym><TabShape unit="f" c={colors.rebel} /><TabShape unit="f" c={colors.imperial} /><TabShape unit="f" c={colors.muted} /></Sym>
          <span>Red: Rebel units only · green: Imperial only (Imperium) · grey: for whichever side the planet is aligned with. Builds happen when time reaches a space with a hammer (the game's build spaces, R7.9).</span></Row>
      </Section>
      <Section aria-label="Sectors and planet types">
        <h3>Sector and type</h3>
        <Row><Sym>• &nbsp;•• &nbsp;•••</Sym><span>Sector 1, 2 or 3 (the planet's row).</span></Row>
        <Row><Sym><Badge>Production</Badge></Sym><span>Builds for the side it is aligned with.</span></Row>
        <Row><Sym><Badge>Rebel Loyal</Badge></Sym><span>A red tab: builds Rebel units only; starts with a loyalty marker.</span></Row>
        <Row><Sym><Badge>Remote</Badge></Sym><span>Builds nothing.</span></Row>
      </Section>
      <Section aria-label="Units">
        <h3>Units (tap a planet to see its units' dice)</h3>
        {(['R', 'I'] as Faction[]).map((f) => (
          <Row key={f}>
            <Sym>{(f === 'R' ? ['f', 'c'] : ['f', 'c', 's'] as UnitType[]).map((t) => <UnitShape key={t} type={t as UnitType} faction={f} size={18} />)}</Sym>
            <span>{f === 'R' ? 'Rebel (red, letter R, solid frame)' : 'Imperial (green, letter I, dashed frame)'}: square = {UNIT_NAMES.f[0]}, octagon = {UNIT_NAMES.c[0]}{f === 'I' ? ', star = Star Fortress' : ''}. The number next to a shape is how many.</span>
          </Row>
        ))}
      </Section>
      <Section aria-label="Leaders">
        <h3>Leaders and attribute icons</h3>
        <Row><Sym><span style={{ display: 'inline-flex', width: 22, height: 22, borderRadius: 11, border: `2px solid ${colors.rebel}`, alignItems: 'center', justifyContent: 'center', fontSize: 9, fontWeight: 700 }}>NQ</span></Sym>
          <span>A leader's initials in their side's colour; a dashed, struck-through ring is a captured leader.</span></Row>
        {(['D', 'I', 'F'] as Attribute[]).map((a) => (
          <Row key={a}><Sym><AttributeIcon attr={a} size={18} /></Sym><span>{ATTRIBUTE_NAMES[a]}: adds 1 in attempts of {ATTRIBUTE_NAMES[a]} missions on the leader's planet.</span></Row>
        ))}
      </Section>
      <Section aria-label="Markers">
        <h3>Markers (tap one for more)</h3>
        {MARKER_SYMBOLS.map(([m, sym]) => (
          <MarkerRow key={m} onClick={() => open({ k: 'marker', marker: m })} data-marker={m}>
            <Sym>{sym}</Sym><span>{MARKERS[m].title}</span>
          </MarkerRow>
        ))}
      </Section>
    </div>
  );
}
