/**
 * Each player's turning points (their biggest drops by the bot's estimate): the move played, the move the bot
 * preferred and the points it cost, each a button into the replay — also the chart's keyboard alternative.
 */
import styled from 'styled-components';
import type { TurningPoint } from '../../ai/analysis';
import type { Faction } from '../../game/content';
import { colors, factionColor, factionName } from '../theme';
import { points } from './marks';
import { TurnMarker } from './TurnMarker';

const List = styled.ol`
  margin: 2px 0 8px;
  padding: 0;
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: 3px;
`;

const Item = styled.button.attrs({ type: 'button' })`
  width: 100%;
  text-align: left;
  padding: 3px 6px;
  border: 1px solid ${colors.border};
  border-radius: 6px;
  background: ${colors.surface2};
  color: ${colors.text};
  font-size: 12.5px;
  line-height: 1.3;
  cursor: pointer;
  &:hover { filter: brightness(1.2); }
`;

const Move = styled.q`
  font-weight: 600;
  quotes: '“' '”';
`;

export function TurningPoints({ seat, list, onJump }: { seat: Faction; list: TurningPoint[]; onJump(action: number): void }) {
  const who = factionName(seat);
  return (
    <section aria-label={`${who}'s turning points`} data-testid={`turning-${seat}`}>
      <h3 style={{ margin: '2px 0', fontSize: 13, color: factionColor(seat) }}>
        <TurnMarker seat={seat} /> {who}&apos;s turning points
      </h3>
      {list.length === 0
        ? <p style={{ margin: '2px 0 8px', fontSize: 12.5, color: colors.muted }}>None: no {who} move fell below the bot&apos;s choice.</p>
        : (
          <List>
            {list.map((t, i) => (
              <li key={t.decision}>
                <Item onClick={() => onJump(t.action)} data-turning-point={t.action}>
                  <strong>{i + 1}.</strong> Round {t.round}: played <Move>{t.played.label}</Move>; the bot preferred{' '}
                  <Move>{t.best.label}</Move> — <strong style={{ color: factionColor(seat) }}>−{points(t.drop)} points</strong>
                </Item>
              </li>
            ))}
          </List>
        )}
    </section>
  );
}
