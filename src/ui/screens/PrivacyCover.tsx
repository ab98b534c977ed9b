/**
 * Hot-seat privacy screen: a full-screen cover in the next player's colour. It is rendered INSTEAD of the board,
 * so nothing of either seat's secrets is in the DOM until the next player clicks.
 */
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import type { Faction } from '../../game/content';
import { factionDeep, factionName } from '../theme';
import { ChoiceButton } from '../prompt/ChoiceButton';

const Cover = styled.div<{ $c: string }>`
  position: fixed;
  inset: 0;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 20px;
  padding: 24px;
  text-align: center;
  background: ${(p) => p.$c};
  background-image: radial-gradient(circle at 50% 40%, rgba(255, 255, 255, 0.14), rgba(0, 0, 0, 0.35));
  color: #fff;
`;

export function PrivacyCover({ seat, onReady }: { seat: Faction; onReady(): void }) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => ref.current?.focus(), [seat]);
  const name = factionName(seat);
  return (
    <Cover $c={factionDeep(seat)} data-testid="privacy-cover" data-seat={seat} role="dialog" aria-modal="true" aria-labelledby="cover-title">
      <h1 id="cover-title" style={{ margin: 0, fontSize: 28, textShadow: '0 2px 6px rgba(0,0,0,0.5)' }}>
        Pass the device to the {name} player — click when ready
      </h1>
      <p style={{ margin: 0, maxWidth: 480 }}>The other player should look away: the next screen shows the {name} player&apos;s secrets.</p>
      <ChoiceButton ref={ref} $primary onClick={onReady} data-choice="ready" style={{ fontSize: 18, padding: '10px 24px' }}>
        I am the {name} player — show my board
      </ChoiceButton>
    </Cover>
  );
}
