/**
 * Issue 20 item 9 — the phone's prompt bar folds to its one sentence, so the board it covers (up to 42 % of the
 * screen during an opposition) can be looked at. The toggle is a native button (Tab, Enter, Space) that says what it
 * does and whether the bar is open (aria-expanded). Folding never hides that a decision waits: the folded line keeps
 * the question and, when it is the player's, a "Your decision" badge.
 */
import styled from 'styled-components';
import { colors } from '../theme';
import { ChoiceButton } from './ChoiceButton';

const Badge = styled.span`
  display: inline-block;
  margin-right: 6px;
  padding: 0 6px;
  border-radius: 4px;
  background: #3a3214;
  border: 1px solid ${colors.highlight};
  color: ${colors.highlight};
  font-size: 11px;
  font-weight: 700;
  text-transform: uppercase;
  letter-spacing: 0.04em;
  vertical-align: 1px;
`;

/** Shown in the folded line when the question is the viewer's. */
export function PendingBadge() {
  return <Badge data-testid="prompt-pending">Your decision</Badge>;
}

/** "Hide choices" / "Show choices" (or "Hide" / "Show" while the other side decides). */
export function FoldToggle({ folded, mine, controls, onToggle }: { folded: boolean; mine: boolean; controls: string; onToggle(): void }) {
  const what = mine ? 'choices' : 'details';
  return (
    <ChoiceButton $small onClick={onToggle} aria-expanded={!folded} aria-controls={controls} data-testid="prompt-fold"
      title={folded ? 'Open the prompt again' : 'Fold the prompt to see the board; the question stays here'}
      style={{ flex: 'none', padding: '2px 8px', fontSize: 12.5 }}>
      {folded ? `▴ Show ${what}` : `▾ Hide ${what}`}
    </ChoiceButton>
  );
}
