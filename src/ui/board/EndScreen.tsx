/** The end of the game: who won and why. */
import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { GameState } from '../../game/rules';
import { WIN_REASONS } from '../format';
import { colors, factionColor, factionName } from '../theme';
import { ChoiceButton } from '../prompt/ChoiceButton';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 50;
  display: flex;
  align-items: center;
  justify-content: center;
  background: rgba(5, 8, 14, 0.72);
  padding: 16px;
`;

const Box = styled.div<{ $c: string }>`
  max-width: 460px;
  width: 100%;
  padding: 24px;
  border-radius: 12px;
  background: ${colors.surface2};
  border: 3px solid ${(p) => p.$c};
  text-align: center;
  display: flex;
  flex-direction: column;
  gap: 12px;
  align-items: center;
`;

export function EndScreen({ view, onExit, actions }: { view: GameState; onExit?: () => void; actions?: ReactNode }) {
  const w = view.winner;
  if (!w) return null;
  return (
    <Backdrop>
      <Box $c={factionColor(w.faction)} role="dialog" aria-modal="false" aria-labelledby="end-title" data-testid="end-screen" data-winner={w.faction}>
        <h1 id="end-title" style={{ margin: 0 }}>The {factionName(w.faction)} wins!</h1>
        <p style={{ margin: 0 }}>
          Round {view.round}: {WIN_REASONS[w.reason] ?? w.reason}.
        </p>
        <p style={{ margin: 0, color: colors.muted }}>Time token {view.time} · objective token {view.objective}</p>
        {actions}
        {onExit && <ChoiceButton $primary onClick={onExit} data-choice="exit">Back to the start screen</ChoiceButton>}
      </Box>
    </Backdrop>
  );
}
