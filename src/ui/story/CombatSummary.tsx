/**
 * A finished combat or strike told whole (issue 13 item 3): every wave with each side's dice and the hits they
 * gave, the units removed, the losses of both sides and the winner. Built from the log (./combats.ts); it stays
 * until dismissed and the log's "Summary" buttons open it again.
 */
import styled from 'styled-components';
import type { Faction, UnitType } from '../../game/content';
import { planetLabel, UNIT_NAMES, units as unitsText } from '../format';
import { ChoiceButton } from '../prompt/ChoiceButton';
import { colors, factionColor, factionName, phone } from '../theme';
import type { CombatStory, Roll } from './combats';

export const Card = styled.section<{ $c: string }>`
  padding: 8px 10px 10px;
  border-radius: 10px;
  background: ${colors.surface2};
  border: 1px solid ${colors.border};
  border-top: 4px solid ${(p) => p.$c};
  box-shadow: 0 4px 16px rgba(0, 0, 0, 0.35);
  font-size: 12.5px;
  h2 { margin: 0; font-size: 14px; display: flex; align-items: center; gap: 6px; }
`;

export const Head = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 6px;
`;

const WaveBox = styled.div`
  margin-top: 6px;
  padding-top: 4px;
  border-top: 1px solid rgba(255, 255, 255, 0.07);
  h3 { margin: 0 0 2px; font-size: 11px; text-transform: uppercase; letter-spacing: 0.05em; color: ${colors.muted}; }
`;

const RollRow = styled.div<{ $f: Faction }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 3px 6px;
  padding: 2px 0 2px 6px;
  border-left: 3px solid ${(p) => factionColor(p.$f)};
  margin: 2px 0;
`;

const Tag = styled.span<{ $bg: string }>`
  display: inline-block;
  padding: 1px 7px;
  border-radius: 999px;
  font-weight: 700;
  background: ${(p) => p.$bg};
  color: #fff;
`;

export const Close = styled(ChoiceButton)`
  min-height: 32px;
  min-width: 32px;
  padding: 2px 8px;
  font-size: 12px;
  ${phone} { min-height: 44px; min-width: 44px; }
`;

const PIPS: Record<number, [number, number][]> = {
  1: [[50, 50]], 2: [[28, 28], [72, 72]], 3: [[28, 28], [50, 50], [72, 72]],
  4: [[28, 28], [72, 28], [28, 72], [72, 72]], 5: [[28, 28], [72, 28], [50, 50], [28, 72], [72, 72]],
  6: [[28, 25], [72, 25], [28, 50], [72, 50], [28, 75], [72, 75]],
};

function MiniDie({ colour, value }: { colour: 'w' | 'b'; value: number }) {
  const white = colour === 'w';
  const result = value === 6 ? 'critical hit' : value >= 4 ? 'hit' : 'miss';
  return (
    <svg width="18" height="18" viewBox="0 0 100 100" role="img" aria-label={`${white ? 'white' : 'black'} ${value}, ${result}`}>
      <title>{`${white ? 'White' : 'Black'} die: ${value} (${result})`}</title>
      <rect x="5" y="5" width="90" height="90" rx="18" fill={white ? '#f4f4f4' : '#111'} stroke={value >= 4 ? colors.highlight : '#666'} strokeWidth="8" />
      {PIPS[value]?.map(([x, y], i) => <circle key={i} cx={x} cy={y} r="10" fill={white ? '#111' : '#f4f4f4'} />)}
    </svg>
  );
}

const other = (f: Faction): Faction => (f === 'R' ? 'I' : 'R');

/** R5.6–R5.8 — what a roll did: each hit on an enemy unit, and the hits no unit could take (lost). */
function hitsText(r: Roll): string {
  const rolled = r.dice.filter((d) => d.value >= 4).length;
  if (rolled === 0) return 'no hit';
  const enemy = factionName(other(r.by));
  const given = r.hits.map((h) => `${enemy} ${UNIT_NAMES[h.unit][0]} ${h.hpLeft === 0 ? 'destroyed' : `to ${h.hpLeft} HP`}`);
  const lost = rolled - r.hits.length;
  if (lost > 0) given.push(`${lost} ${lost === 1 ? 'hit' : 'hits'} lost: no unit ${lost === 1 ? 'it' : 'they'} may hit (R5.8)`);
  return given.join(', ');
}

function lossText(losses: Partial<Record<UnitType, number>>): string {
  const parts = (['f', 'c', 's'] as const).filter((t) => (losses[t] ?? 0) > 0).map((t) => unitsText(losses[t]!, t));
  return parts.length ? parts.join(', ') : 'nothing';
}

function who(f: Faction, viewer: Faction | null): string {
  return f === viewer ? `You (${factionName(f)})` : `The ${factionName(f)}`;
}

export function CombatSummary({ story, viewer, onClose }: { story: CombatStory; viewer: Faction | null; onClose(): void }) {
  const s = story;
  const where = planetLabel(s.planet);
  const colour = s.winner === 'R' || s.winner === 'I' ? factionColor(s.winner) : colors.highlight;
  const result = s.kind === 'strike'
    ? `${who(s.attacker, viewer)} struck at ${where}.`
    : s.winner === 'none' ? `Both sides were wiped out on ${where}.` : `${who(s.winner as Faction, viewer)} won and ${s.winner === viewer ? 'hold' : 'holds'} ${where}.`;
  return (
    <Card $c={colour} aria-label={`${s.kind === 'combat' ? 'Combat' : 'Strike'} summary`} data-testid="combat-summary"
      data-planet-summary={s.planet} data-winner={s.winner ?? 'strike'}>
      <Head>
        <div>
          <h2>{s.kind === 'combat' ? '⚔ Combat' : '✸ Strike'} on {where}</h2>
          <div style={{ color: colors.muted }}>
            Round {s.round} · {s.kind === 'combat' ? `${factionName(s.attacker)} attacked · ${s.waves.length} ${s.waves.length === 1 ? 'wave' : 'waves'}` : `${factionName(s.attacker)} rolled`}
          </div>
        </div>
        <Close onClick={onClose} aria-label="Close the combat summary" data-story="close-combat">✕</Close>
      </Head>
      <div style={{ marginTop: 6, display: 'flex', alignItems: 'center', gap: 6 }}>
        {s.kind === 'combat' && <Tag $bg={colour === colors.highlight ? '#6b5a22' : colour}>{s.winner === 'none' ? 'No winner' : `Winner: ${factionName(s.winner as Faction)}`}</Tag>}
        <span>{result}</span>
      </div>
      <div style={{ marginTop: 4 }}>
        <strong>Losses</strong> · {(['R', 'I'] as const).map((f, i) => (
          <span key={f} data-losses={f}>{i ? ' · ' : ''}<strong style={{ color: factionColor(f) }}>{factionName(f)}:</strong> {lossText(s.losses[f])}</span>
        ))}
      </div>
      {s.waves.map((w) => (
        <WaveBox key={w.wave}>
          {s.kind === 'combat' && <h3>Wave {w.wave}</h3>}
          {w.rolls.map((r, i) => (
            <RollRow key={i} $f={r.by}>
              <strong style={{ minWidth: 52 }}>{factionName(r.by)}</strong>
              <span style={{ display: 'inline-flex', gap: 2 }}>{r.dice.map((d, j) => <MiniDie key={j} colour={d.colour} value={d.value} />)}</span>
              <span>→ {hitsText(r)}{r.secretPlans ? ' (Secret Plans shown)' : ''}</span>
            </RollRow>
          ))}
        </WaveBox>
      ))}
    </Card>
  );
}
