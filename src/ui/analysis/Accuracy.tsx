/** Each player's accuracy: the share of their decisions within 5 points of the bot's best (src/ai/analysis). */
import type { Faction } from '../../game/content';
import { colors, factionColor, factionName } from '../theme';

export function Accuracy({ accuracy }: { accuracy: Record<Faction, number | null> }) {
  return (
    <div data-testid="accuracy">
      <div style={{ display: 'flex', gap: 16, alignItems: 'baseline', flexWrap: 'wrap' }}>
        {(['R', 'I'] as const).map((seat) => {
          const a = accuracy[seat];
          return (
            <span key={seat} data-accuracy={seat}>
              <span style={{ color: factionColor(seat), fontWeight: 700 }}>{factionName(seat)}</span> accuracy{' '}
              <strong style={{ fontSize: 17 }}>{a === null ? '—' : `${Math.round(a * 100)}%`}</strong>
              {a === null && <span style={{ color: colors.muted }}> (no decisions)</span>}
            </span>
          );
        })}
      </div>
      <p style={{ margin: '2px 0 6px', fontSize: 12, color: colors.muted }}>
        Accuracy is the share of a player&apos;s decisions within 5 points of the bot&apos;s best move, judged from what
        that player could see at the time.
      </p>
    </div>
  );
}
