/**
 * The start screen's saved local games (issue 13 item 6, issue 20 item 4): every game this browser keeps, the most
 * recently played first, each with its mode, sides, round, moves played and date, "Resume" and "Delete" — which
 * asks first, in the page's own dialog. Says nothing of any seat's secrets (./describeSaved.ts).
 */
import { useState } from 'react';
import { ChoiceButton } from '../prompt/ChoiceButton';
import { describeSaved, savedLine } from './describeSaved';
import { deleteSaved, type SavedLocal } from './localSave';
import { DeleteSavedDialog, SavedList, SavedRow } from './SavedRows';

export { SavedList, SavedRow };

/** One saved game's words: its title, then the sides, then the round, the moves and the date. */
export function SavedSummary({ saved }: { saved: SavedLocal }) {
  const t = describeSaved(saved);
  return (
    <div>
      <strong>{t.title}</strong>
      <small>{t.sides}.</small>
      <small data-testid="saved-progress">{t.progress} · {t.when}</small>
    </div>
  );
}

export function SavedGames({ saves, onResume, onDeleted }: {
  saves: SavedLocal[];
  onResume(saved: SavedLocal): void;
  /** After a saved game was deleted (the caller lists them again). */
  onDeleted(): void;
}) {
  const [asking, setAsking] = useState<SavedLocal | null>(null);
  if (saves.length === 0) return null;
  return (
    <section aria-labelledby="saved-games-title" style={{ display: 'flex', flexDirection: 'column', gap: 8 }} data-testid="saved-games">
      <h2 id="saved-games-title" style={{ margin: 0, fontSize: 17 }}>Your saved games</h2>
      <SavedList>
        {saves.map((s) => {
          const mode = s.setup.mode;
          return (
            <SavedRow key={s.id} data-saved={mode} data-save-id={s.id}>
              <SavedSummary saved={s} />
              <ChoiceButton $primary onClick={() => onResume(s)} data-start={`resume-${mode}`} aria-label={`Resume: ${savedLine(s)}`}>Resume</ChoiceButton>
              <ChoiceButton onClick={() => setAsking(s)} data-start={`delete-${mode}`} aria-label={`Delete: ${savedLine(s)}`}>Delete</ChoiceButton>
            </SavedRow>
          );
        })}
      </SavedList>
      {asking && (
        <DeleteSavedDialog line={savedLine(asking)} testId="delete-dialog" onCancel={() => setAsking(null)}
          onConfirm={() => { deleteSaved(asking.id); setAsking(null); onDeleted(); }} />
      )}
    </section>
  );
}
