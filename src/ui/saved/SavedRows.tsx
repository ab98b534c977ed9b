/**
 * The rows of a list of saved games and the question before one is deleted: Mint's (./SavedGames.tsx,
 * ./NewGameDialog.tsx) and Imperios' (../imperios/SavedImperios.tsx). Apart, so that Imperios' chunk takes them
 * without Mint's content.
 */
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { ConfirmDialog } from '../dialog/Dialog';
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

/** "Delete this saved game?" in the page's dialog (never window.confirm); `line` says which, `more` what is lost. */
export function DeleteSavedDialog({ line, more = '', testId, onCancel, onConfirm }: {
  line: string; more?: ReactNode; testId: string; onCancel(): void; onConfirm(): void;
}) {
  return (
    <ConfirmDialog title="Delete this saved game?" danger testId={testId}
      text={<p>{line}. A deleted game cannot be resumed or brought back{more}.</p>}
      confirmLabel="Delete it" cancelLabel="Keep it" onCancel={onCancel} onConfirm={onConfirm} />
  );
}
