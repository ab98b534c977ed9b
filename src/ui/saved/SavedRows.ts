/**
 * The rows of a list of saved games: Mint's (./SavedGames.tsx, ./NewGameDialog.tsx) and Imperios'
 * (../imperios/SavedImperios.tsx). Apart, so that Imperios' chunk takes them without Mint's content.
 */
import styled from 'styled-components';
import { colors } from '../theme';

export const SavedRow = styled.li`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: 8px;
  padding: 10px 12px;
  border: 2px solid ${colors.highlight};
  border-radius: 10px;
  background: #2a2716;
  & > div { flex: 1; min-width: 200px; }
  small { display: block; color: ${colors.muted}; font-size: 13px; }
`;

export const SavedList = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 8px;
`;
