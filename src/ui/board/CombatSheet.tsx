/**
 * The combat side sheet (BOARD-DESIGN "Combat"): both sides' units with their HP, the wave, the dice as dice,
 * the hits still to assign, and — when the viewer must assign a hit — the units that may take it, glowing.
 * Not a modal: the board stays visible and usable beside it.
 */
import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import styled, { css } from 'styled-components';
import { unitDef, type Faction } from '../../game/content';
import type { CombatUnit, GameState } from '../../game/rules';
import { planetLabel, UNIT_NAMES, unitTooltip } from '../format';
import { colors, factionColor, factionName, glow, phone, reservedTop } from '../theme';
import { UnitShape } from './UnitIcons';

/** Below the header, and below a panel that reserves the top of the screen (the tutorial's coach, RESERVED_TOP). */
const sheetTop = `calc(max(56px, ${reservedTop} + 8px))`;

const Sheet = styled.aside`
  position: fixed;
  right: 8px;
  top: ${sheetTop};
  width: 276px;
  max-height: calc(100vh - ${sheetTop} - 164px);
  overflow: auto;
  z-index: 20;
  padding: 10px;
  border-radius: 10px;
  background: ${colors.surface2};
  border: 2px solid ${colors.highlight};
  box-shadow: 0 8px 30px rgba(0, 0, 0, 0.6);
  ${phone} {
    /* Above the phone's toasts (40): below a reserved top the sheet reaches down to the prompt bar, where toasts
       appear, and its units are what the hit question is about. Still under a panel reserving the top (45). */
    z-index: 41;
    left: 6px;
    right: 6px;
    top: calc(${reservedTop} + 4px);
    width: auto;
    /* Never taller than the room between the reserved top and the prompt bar (at most 42vh). */
    max-height: min(52vh, calc(58vh - ${reservedTop} - 8px));
  }
`;

const Side = styled.div<{ $f: Faction }>`
  margin-top: 8px;
  padding: 6px;
  border-radius: 6px;
  border-left: 4px solid ${(p) => factionColor(p.$f)};
  background: ${colors.surface};
`;

const Units = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin-top: 4px;
`;

const UnitBox = styled.div<{ $glow: boolean; $dead: boolean }>`
  display: inline-flex;
  flex-direction: column;
  align-items: center;
  gap: 2px;
  min-width: 44px;
  min-height: 44px;
  padding: 3px;
  border-radius: 6px;
  border: 1px solid ${colors.border};
  background: ${colors.surface2};
  color: ${colors.text};
  opacity: ${(p) => (p.$dead ? 0.45 : 1)};
  ${(p) => p.$glow && css`${glow} cursor: pointer;`}
`;

const Pips = styled.span`
  display: flex;
  gap: 2px;
`;

const Pip = styled.span<{ $on: boolean }>`
  width: 7px;
  height: 7px;
  border-radius: 50%;
  background: ${(p) => (p.$on ? colors.text : 'transparent')};
  border: 1px solid ${colors.text};
`;

/**
 * A die and its result label. Only the die itself tumbles (src/ui/motion animates the svg of a `data-die-roll` face):
 * the label under it never fades, so it keeps its contrast (WCAG AA, ≥ 4.5:1 on the sheet, DIE_LABEL_COLOURS) from
 * the first frame — an audit or a reader looking while the dice still roll saw "hit"/"miss" at 20 % opacity (≈ 2:1).
 */
const Die = styled.span`
  display: inline-flex;
  flex-direction: column;
  align-items: center;
  font-size: 10px;
`;

const DieBody = styled.svg`
  display: block;
`;

/** Label colours by result, on the sheet's surface2 (#232d42): highlight 8.2:1, muted 5.5:1. */
export const DIE_LABEL_COLOURS = { hit: colors.highlight, miss: colors.muted } as const;

const DieLabel = styled.span<{ $hit: boolean }>`
  color: ${(p) => (p.$hit ? DIE_LABEL_COLOURS.hit : DIE_LABEL_COLOURS.miss)};
`;

const DIE_PIPS: Record<number, [number, number][]> = {
  1: [[50, 50]], 2: [[28, 28], [72, 72]], 3: [[28, 28], [50, 50], [72, 72]],
  4: [[28, 28], [72, 28], [28, 72], [72, 72]], 5: [[28, 28], [72, 28], [50, 50], [28, 72], [72, 72]],
  6: [[28, 25], [72, 25], [28, 50], [72, 50], [28, 75], [72, 75]],
};

/** `roll` ("wave-roller") lets the motion layer tumble each die of a new roll in turn (src/ui/motion). */
function DieFace({ colour, value, roll }: { colour: 'w' | 'b'; value: number; roll: string }) {
  const white = colour === 'w';
  const result = value === 6 ? 'critical hit' : value >= 4 ? 'hit' : 'miss';
  return (
    <Die data-die-roll={roll} title={`${white ? 'White' : 'Black'} die: ${value} (${result})`}>
      <DieBody width="30" height="30" viewBox="0 0 100 100" role="img" aria-label={`${white ? 'white' : 'black'} ${value}, ${result}`}>
        <rect x="4" y="4" width="92" height="92" rx="16" fill={white ? '#f4f4f4' : '#111'} stroke={value >= 4 ? colors.highlight : '#666'} strokeWidth="6" />
        {DIE_PIPS[value]?.map(([x, y], i) => <circle key={i} cx={x} cy={y} r="9" fill={white ? '#111' : '#f4f4f4'} />)}
      </DieBody>
      <DieLabel $hit={value >= 4}>{value === 6 ? 'crit' : value >= 4 ? 'hit' : 'miss'}</DieLabel>
    </Die>
  );
}

export interface CombatSheetProps {
  view: GameState;
  /** Hit options the viewer may choose now ({unit, hp}), else empty. */
  hitOptions: { unit: string; hp: number }[];
  onHit(option: { unit: string; hp: number }): void;
}

function SideUnits({ units, f, hitOptions, onHit, enemyOfRoller }: {
  units: CombatUnit[]; f: Faction; hitOptions: CombatSheetProps['hitOptions']; onHit: CombatSheetProps['onHit']; enemyOfRoller: boolean;
}) {
  const mine = units.filter((u) => u.f === f);
  if (mine.length === 0) return <span style={{ color: colors.muted }}>no units left</span>;
  return (
    <Units>
      {mine.map((u, i) => {
        const max = unitDef(u.f, u.t).hp;
        const option = enemyOfRoller ? hitOptions.find((o) => o.unit === u.t && o.hp === u.hp) : undefined;
        const label = `${factionName(u.f)} ${UNIT_NAMES[u.t][0]}, ${u.hp} of ${max} HP${u.hp === 0 ? ' (destroyed at the end of the wave)' : ''}`;
        const content = (
          <>
            <UnitShape type={u.t} faction={u.f} size={22} />
            <Pips aria-hidden="true">{Array.from({ length: max }, (_, k) => <Pip key={k} $on={k < u.hp} />)}</Pips>
          </>
        );
        return option ? (
          <UnitBox key={i} as="button" type="button" $glow $dead={false} title={`${unitTooltip(u.f, u.t)} Now ${u.hp} HP.`}
            aria-label={`${label} — give it the hit`} onClick={() => onHit(option)} data-choice="hit"
            data-combat-unit={`${u.f}${u.t}`} data-hp={u.hp}>
            {content}
          </UnitBox>
        ) : (
          <UnitBox key={i} $glow={false} $dead={u.hp === 0} title={`${unitTooltip(u.f, u.t)} Now ${u.hp} HP.`} role="img" aria-label={label}
            data-combat-unit={`${u.f}${u.t}`} data-hp={u.hp}>
            {content}
          </UnitBox>
        );
      })}
    </Units>
  );
}

/** What screen readers hear as the combat goes (issue 12 item 4): the wave, the roll and the hits, one status line. */
function combatAnnouncement(title: string, c: NonNullable<GameState['combat']>): string {
  const roll = c.roll;
  if (!roll) return `${title}.`;
  const dice = roll.dice.map((d) => `${d.colour === 'w' ? 'white' : 'black'} ${d.value}${d.value === 6 ? ' critical' : d.value >= 4 ? ' hit' : ''}`).join(', ');
  return `${title}. ${factionName(roll.by)} rolled ${dice}. Hits left to assign: ${roll.black} black, ${roll.white} white, ${roll.crit} critical.`;
}

/**
 * Phone: the fixed prompt bar's top edge, so that the sheet ends just above it (its height varies with the
 * question; 42vh is only its cap). Null where the prompt bar is not fixed (desktop) or absent. Measured after
 * every render and on resizes.
 */
function usePromptTop(): number | null {
  const [top, setTop] = useState<number | null>(null);
  const measure = useCallback(() => {
    const bar = document.querySelector('[data-testid="prompt"]');
    const next = bar && getComputedStyle(bar).position === 'fixed' ? Math.round(bar.getBoundingClientRect().top) : null;
    setTop((t) => (t === next ? t : next));
  }, []);
  useLayoutEffect(measure);
  useEffect(() => {
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure]);
  return top;
}

export function CombatSheet({ view, hitOptions, onHit }: CombatSheetProps) {
  const promptTop = usePromptTop();
  const c = view.combat;
  if (!c) return null;
  const roll = c.roll;
  const title = c.kind === 'combat'
    ? `Combat on ${planetLabel(c.planet)} — wave ${c.wave}`
    : `Strike roll on ${planetLabel(c.planet)} by the ${factionName(c.attacker)}`;
  const order: Faction[] = [c.attacker, c.attacker === 'R' ? 'I' : 'R'];
  return (
    <Sheet aria-label="Combat" data-combat={c.planet} tabIndex={0}
      style={promptTop !== null ? { maxHeight: `min(52vh, calc(${promptTop}px - ${reservedTop} - 10px))` } : undefined}>
      <strong>{title}</strong>
      <span className="sr-only" role="status" aria-live="polite" data-testid="combat-status">{combatAnnouncement(title, c)}</span>
      {c.kind === 'combat' && <div style={{ color: colors.muted, fontSize: 12 }}>Attacker: {factionName(c.attacker)}. Hits: 4–5 basic (black → starfighters, white → capital-class), 6 critical (any unit).</div>}
      {roll && (
        <div style={{ marginTop: 6 }}>
          <div>{factionName(roll.by)} rolled:</div>
          <div style={{ display: 'flex', gap: 4, flexWrap: 'wrap', marginTop: 3 }}>
            {roll.dice.map((d, i) => <DieFace key={`${c.wave}-${roll.by}-${i}`} roll={`${c.wave}-${roll.by}`} colour={d.colour} value={d.value} />)}
          </div>
          <div style={{ fontSize: 12, marginTop: 3 }}>
            Hits left to assign: {roll.black} black basic · {roll.white} white basic · {roll.crit} critical
          </div>
        </div>
      )}
      {order.map((f) => (
        <Side key={f} $f={f}>
          <strong>{factionName(f)}{f === c.attacker && c.kind === 'combat' ? ' (attacker)' : ''}</strong>
          <SideUnits units={c.units} f={f} hitOptions={hitOptions} onHit={onHit} enemyOfRoller={!!roll && roll.by !== f} />
        </Side>
      ))}
    </Sheet>
  );
}
