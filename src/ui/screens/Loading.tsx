import styled from 'styled-components';
import { colors } from '../theme';

const Box = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  height: 100vh;
  color: ${colors.muted};
`;

export function Loading({ text = 'Setting up the game…' }: { text?: string }) {
  return <Box role="status">{text}</Box>;
}
