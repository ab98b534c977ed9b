/** The viewer's own mission hand, face up, cards glowing when they can be chosen now. */
import styled from 'styled-components';
import type { GameState } from '../../game/rules';
import type { Faction } from '../../game/content';
import { colors } from '../theme';
import { MissionCard } from './Cards';

const Strip = styled.section`
  display: flex;
  flex-direction: column;
  gap: 4px;
  padding: 8px;
  min-width: 0;
  background: ${colors.surface};
`;

const Cards = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  padding: 4px 2px;
  max-height: 150px;
  overflow-y: auto;
`;

export function HandStrip({ view, seat, clickable, onMission }: {
  view: GameState; seat: Faction; clickable: Set<string>; onMission(card: string): void;
}) {
  const hand = view.hands[seat];
  return (
    <Strip aria-label="Your mission hand" data-testid="hand">
      <strong style={{ fontSize: 13 }}>Your mission hand ({hand.length})</strong>
      <Cards>
        {hand.length === 0 && <span style={{ color: colors.muted }}>empty</span>}
        {hand.map((c, i) => (
          <MissionCard compact key={`${c}${i}`} card={c} where="hand" clickable={clickable.has(c)} onClick={() => onMission(c)} />
        ))}
      </Cards>
    </Strip>
  );
}
