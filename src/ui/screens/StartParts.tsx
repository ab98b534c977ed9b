/** The start screen's building blocks, shared by its sections (src/ui/screens/StartScreen.tsx, src/ui/solo/SoloSetup.tsx). */
import styled from 'styled-components';
import { ChoiceButton } from '../prompt/ChoiceButton';
import { colors } from '../theme';

/** A big choice: a title line and a short explanation under it (`<small>`). */
export const Choice = styled(ChoiceButton)`
  width: 100%;
  min-height: 52px;
  text-align: left;
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 2px;
  font-size: 16px;
  small { font-weight: 400; font-size: 13px; color: ${colors.muted}; }
`;

/** An opened section: its title (h2) and its choices. */
export const Group = styled.section`
  display: flex;
  flex-direction: column;
  gap: 10px;
  padding: 12px;
  border: 1px solid ${colors.border};
  border-radius: 10px;
  background: ${colors.surface};
  h2 { margin: 0; font-size: 17px; }
`;
