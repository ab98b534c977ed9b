/**
 * Unit shapes as inline SVG (BOARD-DESIGN "Identity"): square = starfighter, octagon = capital ship,
 * star = Star Fortress. Rebel shapes are filled red, Imperial shapes green with a white rim, and each carries
 * its faction letter, so they read in greyscale too.
 */
import styled from 'styled-components';
import type { Faction, UnitType } from '../../game/content';
import { unitTooltip } from '../format';
import { colors, factionColor } from '../theme';

const OCTAGON = '30,4 70,4 96,30 96,70 70,96 30,96 4,70 4,30';
const STAR = '50,2 62,36 98,38 70,60 80,96 50,76 20,96 30,60 2,38 38,36';

export function UnitShape({ type, faction, size = 18 }: { type: UnitType; faction: Faction; size?: number }) {
  const fill = factionColor(faction);
  const stroke = faction === 'I' ? '#e6e9ef' : '#2a0d0d';
  const common = { fill, stroke, strokeWidth: faction === 'I' ? 8 : 6 };
  return (
    <svg width={size} height={size} viewBox="0 0 100 100" aria-hidden="true" focusable="false" style={{ flex: 'none' }}>
      {type === 'f' && <rect x="8" y="8" width="84" height="84" {...common} />}
      {type === 'c' && <polygon points={OCTAGON} {...common} />}
      {type === 's' && <polygon points={STAR} {...common} />}
      <text x="50" y={type === 's' ? 64 : 66} textAnchor="middle" fontSize={type === 's' ? 30 : 46} fontWeight="700"
        fill={faction === 'I' ? '#08210f' : '#fff'} fontFamily="system-ui, sans-serif">
        {faction}
      </text>
    </svg>
  );
}

const Group = styled.span<{ $f: Faction }>`
  display: inline-flex;
  align-items: center;
  gap: 3px;
  padding: 1px 4px;
  border-radius: 4px;
  background: ${(p) => (p.$f === 'R' ? 'rgba(214,69,69,0.16)' : 'rgba(63,174,106,0.16)')};
  border: 1px ${(p) => (p.$f === 'R' ? 'solid' : 'dashed')} ${(p) => factionColor(p.$f)};
  color: ${colors.text};
  font-weight: 600;
  flex-wrap: wrap;
`;

const Item = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 1px;
`;

export interface UnitCounts { f: number; c: number; s: number }

/** One faction's units at a location: a shape and a count per type, with a text alternative. */
export function UnitGroup({ faction, units, size = 16 }: { faction: Faction; units: UnitCounts; size?: number }) {
  const types = (['f', 'c', 's'] as const).filter((t) => units[t] > 0);
  if (types.length === 0) return null;
  const name = faction === 'R' ? 'Rebel' : 'Imperial';
  const text = types.map((t) => unitTooltip(faction, t, units[t])).join('\n');
  return (
    <Group $f={faction} title={text} data-units={faction}>
      <span className="sr-only">{name} units: </span>
      {types.map((t) => (
        <Item key={t} title={unitTooltip(faction, t, units[t])}>
          <UnitShape type={t} faction={faction} size={size} />
          <span>{units[t]}</span>
        </Item>
      ))}
    </Group>
  );
}
