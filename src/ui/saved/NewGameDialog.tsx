/**
 * Issue 20 item 4 — a new game never silently replaces a saved one. When the player starts a hot-seat, bot or solo
 * game while games of that mode are saved, the start screen asks here first: resume one of them, keep them and
 * start the new game, or discard one (a second question: "this cannot be undone"). A mode keeps at most
 * MAX_SAVED_PER_MODE games: when its list is full, keeping them is not offered, and the oldest goes only if the
 * player says so (again with the second question).
 */
import { useState } from 'react';
import { Dialog, DialogActions } from '../dialog/Dialog';
import { ChoiceButton } from '../prompt/ChoiceButton';
import { colors } from '../theme';
import { savedLine } from './describeSaved';
import { MAX_SAVED_PER_MODE, type LocalMode, type SavedLocal } from './localSave';
import { SavedList, SavedRow, SavedSummary } from './SavedGames';

const WORDS: Record<LocalMode, [one: string, many: string, short: string]> = {
  hotseat: ['a saved hot-seat game', 'saved hot-seat games', 'hot-seat'],
  bot: ['a saved game against the bot', 'saved games against the bot', 'against-the-bot'],
  solo: ['a saved solo game', 'saved solo games', 'solo'],
};

const DANGER = { borderColor: colors.danger, background: '#3a1818' };

export function NewGameDialog({ mode, saves, onResume, onStartNew, onCancel }: {
  mode: LocalMode;
  /** The mode's saved games, the most recently played first. */
  saves: SavedLocal[];
  onResume(saved: SavedLocal): void;
  /** Start the new game, after deleting `drop` if given (the player confirmed it). */
  onStartNew(drop?: SavedLocal): void;
  onCancel(): void;
}) {
  const [dropping, setDropping] = useState<{ saved: SavedLocal; oldest: boolean } | null>(null);
  const [one, many, short] = WORDS[mode];
  const full = saves.length >= MAX_SAVED_PER_MODE;
  const oldest = saves[saves.length - 1];

  if (dropping) {
    return (
      <Dialog key="drop" title={dropping.oldest ? `Delete your oldest ${short} game?` : 'Discard this saved game?'}
        onCancel={() => setDropping(null)} testId="new-game-dialog">
        <p data-testid="dropping">{savedLine(dropping.saved)}.</p>
        <p>A discarded game cannot be resumed or brought back. The new game starts once it is gone.</p>
        <DialogActions>
          <ChoiceButton onClick={() => setDropping(null)} data-autofocus data-dialog="cancel">Back</ChoiceButton>
          <ChoiceButton $primary style={DANGER} onClick={() => onStartNew(dropping.saved)} data-new="confirm-drop">
            Discard it and start a new game
          </ChoiceButton>
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <Dialog key="choose" title={saves.length === 1 ? `You have ${one}` : `You have ${saves.length} ${many}`} onCancel={onCancel}
      testId="new-game-dialog">
      <p>
        {full
          ? `This device keeps up to ${MAX_SAVED_PER_MODE} ${short} games. Resume one, or make room for the new game: discard one of them, or the oldest.`
          : `Starting a new game keeps ${saves.length === 1 ? 'it' : 'them'}: you can resume ${saves.length === 1 ? 'it' : 'any of them'} later from the start screen.`}
      </p>
      <SavedList aria-label={`Your ${many}`}>
        {saves.map((s, i) => (
          <SavedRow key={s.id} data-saved={s.setup.mode} data-save-id={s.id}>
            <SavedSummary saved={s} />
            <ChoiceButton $primary onClick={() => onResume(s)} data-new="resume" data-autofocus={i === 0 ? true : undefined}
              aria-label={`Resume: ${savedLine(s)}`}>Resume</ChoiceButton>
            <ChoiceButton onClick={() => setDropping({ saved: s, oldest: false })} data-new="discard" aria-label={`Discard: ${savedLine(s)}`}>
              Discard…
            </ChoiceButton>
          </SavedRow>
        ))}
      </SavedList>
      <DialogActions>
        <ChoiceButton onClick={onCancel} data-dialog="cancel">Cancel</ChoiceButton>
        {full
          ? <ChoiceButton onClick={() => setDropping({ saved: oldest, oldest: true })} data-new="drop-oldest">Discard the oldest and start a new game…</ChoiceButton>
          : <ChoiceButton $primary onClick={() => onStartNew()} data-new="keep">Keep {saves.length === 1 ? 'it' : 'them'} and start a new game</ChoiceButton>}
      </DialogActions>
    </Dialog>
  );
}
