/**
 * The small pieces of the board's story (issue 13 items 4, 7): the "last move" banner, the hot-seat "while you
 * were away" card, the planet highlights (a style sheet keyed on data-planet, so no planet component changes) and
 * the phone toasts for new log lines (the log is a hidden tab there; ./Toasts.tsx). Highlights and toasts never
 * take a click.
 */
import styled from 'styled-components';
import type { Faction, PlanetId } from '../../game/content';
import { colors, factionColor, factionName, phone, PHONE_MAX } from '../theme';
import { Card, Close, Head } from './CombatSummary';
import type { Act, Touch } from './recent';

const Banner = styled.div<{ $c: string; $fresh: boolean }>`
  display: flex;
  align-items: baseline;
  gap: 8px;
  min-height: 28px;
  padding: 4px 10px;
  border-left: 5px solid ${(p) => p.$c};
  background: ${(p) => (p.$fresh ? '#2c2a1c' : colors.surface)};
  border-bottom: 1px solid ${colors.border};
  font-size: 13px;
  color: ${(p) => (p.$fresh ? colors.text : colors.muted)};
  overflow: hidden;
  span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  ${phone} {
    font-size: 12px;
    padding: 3px 6px;
    span { white-space: normal; }
  }
`;

const Label = styled.strong<{ $fresh: boolean }>`
  flex: none;
  font-size: 11px;
  text-transform: uppercase;
  letter-spacing: 0.05em;
  color: ${(p) => (p.$fresh ? colors.highlight : colors.muted)};
`;

/** The opponent's latest act: bright until the viewer's next decision, muted afterwards (the layout never jumps). */
export function LastMoveBanner({ act, fresh, more, viewer }: { act: Act; fresh: boolean; more: number; viewer: Faction | null }) {
  return (
    <Banner $c={factionColor(act.by)} $fresh={fresh} data-testid="last-move" data-fresh={fresh ? 'true' : 'false'} data-by={act.by}
      role="status" aria-label={`Last move by the ${factionName(act.by)}`}>
      <Label $fresh={fresh}>{fresh ? (viewer ? `${factionName(act.by)} just did` : 'Last move') : 'Last move'}</Label>
      <span>{act.text}{fresh && more > 0 && <em style={{ color: colors.muted, fontStyle: 'normal' }}> · +{more} more in the log</em>}</span>
    </Banner>
  );
}

const MAX_AWAY = 14;

/** Hot-seat: what happened since this seat's last decision, as this seat may see it (its own log view). */
export function AwaySummary({ seat, lines, onClose }: { seat: Faction | null; lines: { text: string; private: boolean; round: number }[]; onClose(): void }) {
  const cut = Math.max(0, lines.length - MAX_AWAY);
  return (
    <Card $c={seat ? factionColor(seat) : colors.border} aria-label="While you were away" data-testid="away-summary" data-lines={lines.length}>
      <Head>
        <h2>While you were away</h2>
        <Close onClick={onClose} aria-label="Close the summary" data-story="close-away">✕</Close>
      </Head>
      <div style={{ color: colors.muted, marginBottom: 4 }}>What happened since your last decision{cut ? ` (the last ${MAX_AWAY} of ${lines.length} lines; the rest is in the log)` : ''}:</div>
      <ol style={{ margin: 0, paddingLeft: 18 }}>
        {lines.slice(cut).map((l, i) => (
          <li key={i} style={{ padding: '1px 0' }}>
            {l.private && <span style={{ fontSize: 10, fontWeight: 700, background: '#3a3350', borderRadius: 3, padding: '0 4px', marginRight: 4 }}>private</span>}
            {l.text}
          </li>
        ))}
      </ol>
    </Card>
  );
}

const TOUCH_TEXT: Record<Touch, string> = { in: '⇣ moved in', out: '⇡ moved out', mission: '✦ mission', combat: '⚔ fought' };

/** Planets touched since the mark: a dashed ring in the mover's colour and a text tag (not colour alone). */
export function Highlights({ touched }: { touched: Map<PlanetId, { touch: Touch; by: Faction | null }> }) {
  if (touched.size === 0) return null;
  const css = [...touched].map(([p, { touch, by }]) => {
    const c = by ? factionColor(by) : colors.highlight;
    const sel = `[data-planet="${p}"]`;
    return `${sel}::before { content: ''; position: absolute; inset: 1px; border: 2px dashed ${c}; border-radius: 7px; pointer-events: none; }
${sel}::after { content: '${TOUCH_TEXT[touch]}'; position: absolute; right: 3px; bottom: 3px; padding: 0 5px; border-radius: 4px;
  font-size: 10px; font-weight: 700; line-height: 15px; background: ${c}; color: #fff; pointer-events: none; }
@media (max-width: ${PHONE_MAX}px) { ${sel}::after { top: 2px; bottom: auto; right: 2px; font-size: 9px; line-height: 13px; padding: 0 3px; } }`;
  }).join('\n');
  return (
    <>
      <style data-testid="recent-highlights" data-planets={[...touched.keys()].join(' ')}>{css}</style>
      <span className="sr-only">Planets touched by the last moves: {[...touched].map(([p, t]) => `${p} (${TOUCH_TEXT[t.touch].slice(2)})`).join(', ')}.</span>
    </>
  );
}
