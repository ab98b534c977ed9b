/**
 * Issue 20 item 2 — one event that changed the game, shown large over the board until the player acknowledges it
 * (./moments.ts). While it is up the player's choices wait (src/ui/board/Board.tsx), so nothing happens to them
 * unseen; the card sits in the upper middle of the screen, never over the prompt bar or the player's hand, and
 * its planet glows on the board. "OK" (focused, Enter) shows the next one, if any.
 */
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { colors, phone } from '../theme';
import { ChoiceButton } from '../prompt/ChoiceButton';
import type { Moment } from './moments';

const Card = styled.div`
  position: fixed;
  left: 50%;
  top: 22%;
  transform: translateX(-50%);
  z-index: 45;
  width: min(520px, calc(100vw - 24px));
  padding: 18px 22px;
  border-radius: 14px;
  background: ${colors.surface2};
  border: 3px solid ${colors.highlight};
  box-shadow: 0 12px 40px rgba(0, 0, 0, 0.6);
  display: flex;
  flex-direction: column;
  gap: 10px;
  ${phone} { top: 12%; padding: 14px 16px; }
`;

const Title = styled.h2`
  margin: 0;
  font-size: 24px;
  ${phone} { font-size: 20px; }
`;

const Count = styled.span`
  color: ${colors.muted};
  font-size: 13px;
`;

export function MomentCard({ moment, left, onOk }: { moment: Moment; left: number; onOk(): void }) {
  const ok = useRef<HTMLButtonElement>(null);
  useEffect(() => { ok.current?.focus(); }, [moment.index]);
  return (
    <Card role="alertdialog" aria-modal="false" aria-labelledby="moment-title" aria-describedby="moment-text"
      data-testid="moment" data-moment-kind={moment.kind} data-planet={moment.planet}>
      <Title id="moment-title">{moment.title}</Title>
      <p id="moment-text" style={{ margin: 0, fontSize: 17 }}>{moment.text}</p>
      <div style={{ display: 'flex', alignItems: 'center', gap: 10, justifyContent: 'space-between' }}>
        <Count>{left > 1 ? `${left - 1} more after this one` : ''}</Count>
        <ChoiceButton ref={ok} $primary onClick={onOk} data-choice="moment-ok">OK</ChoiceButton>
      </div>
    </Card>
  );
}
