/**
 * The Imperios start screen's saved hot-seat games (./localSaves.ts): each with its players, mode, round and date,
 * "Resume" (or "Open" once over), "Download" (its record, once over: IM14.1) and "Delete", which asks first in the page's own dialog
 * (docs/UI.md "The page's own dialogs"). Mint's list (../saved/SavedGames.tsx) lends its rows.
 */
import { useState } from 'react';
import { ChoiceButton } from '../prompt/ChoiceButton';
import { DeleteSavedDialog, SavedList, SavedRow } from '../saved/SavedRows';
import { colors } from '../theme';
import { deleteImperiosSave, downloadImperiosRecord, saveLine, type ImperiosSave } from './localSaves';

export function SavedImperios({ saves, unreadable, onResume, onDeleted }: {
  saves: ImperiosSave[];
  /** How many saves this page cannot read (kept on the device, never deleted here). */
  unreadable: number;
  onResume(save: ImperiosSave): void;
  onDeleted(): void;
}) {
  const [asking, setAsking] = useState<ImperiosSave | null>(null);
  if (saves.length === 0 && unreadable === 0) return null;
  return (
    <section aria-labelledby="imp-saved-title" style={{ display: 'grid', gap: 8 }} data-testid="imp-saves">
      <h2 id="imp-saved-title" style={{ margin: 0, fontSize: 18 }}>Your saved games</h2>
      {unreadable > 0 && (
        <p role="status" style={{ margin: 0, color: colors.muted }} data-testid="imp-saves-unreadable">
          {unreadable === 1 ? 'One saved game cannot be read' : `${unreadable} saved games cannot be read`} by this page (damaged, or from
          another version). {unreadable === 1 ? 'It is' : 'They are'} kept on this device as {unreadable === 1 ? 'it is' : 'they are'}.
        </p>
      )}
      <SavedList>
        {saves.map((s) => (
          <SavedRow key={s.id} data-save-id={s.id}>
            <div>
              <strong>{s.over ? 'Finished game' : 'Game in progress'}</strong>
              <small data-testid="imp-save-line">{saveLine(s)}</small>
            </div>
            <ChoiceButton $primary onClick={() => onResume(s)} data-save="resume" aria-label={`${s.over ? 'Open' : 'Resume'}: ${saveLine(s)}`}>
              {s.over ? 'Open' : 'Resume'}
            </ChoiceButton>
            {/* A finished game's only: a running game's record holds the seed, which tells every future draw (IM14.1). */}
            {s.over && (
              <ChoiceButton onClick={() => downloadImperiosRecord(s.record)} data-save="download" aria-label={`Download the record: ${saveLine(s)}`}>
                Download
              </ChoiceButton>
            )}
            <ChoiceButton onClick={() => setAsking(s)} data-save="delete" aria-label={`Delete: ${saveLine(s)}`}>Delete</ChoiceButton>
          </SavedRow>
        ))}
      </SavedList>
      {asking && (
        <DeleteSavedDialog line={saveLine(asking)} more={asking.over ? "; download its record first to keep it" : ""} testId="imp-delete-dialog"
          onCancel={() => setAsking(null)} onConfirm={() => { deleteImperiosSave(asking.id); setAsking(null); onDeleted(); }} />
      )}
    </section>
  );
}
