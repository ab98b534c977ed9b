/**
 * The start screen's saved local games (issue 13 item 6): for each mode with a record, "Resume" and "Abandon this
 * game" (which deletes the record). Says nothing of any seat's secrets: only the mode, the sides and the count.
 */
import { useState } from 'react';
import styled from 'styled-components';
import { ChoiceButton } from '../prompt/ChoiceButton';
import { colors } from '../theme';
import { clearLocal, loadLocal, LOCAL_MODES, type SavedLocal } from './localSave';

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  padding: 10px 12px;
  border: 2px solid ${colors.highlight};
  border-radius: 10px;
  background: #2a2716;
  div { flex: 1; min-width: 0; }
  small { display: block; color: ${colors.muted}; font-size: 13px; }
`;

function describe(s: SavedLocal): [string, string] {
  const moves = `${s.moves.length} ${s.moves.length === 1 ? 'move' : 'moves'} played`;
  switch (s.setup.mode) {
    case 'hotseat': return ['Your hot-seat game', `Both players on this device · ${moves}.`];
    case 'bot': return ['Your game against the bot', `You play the ${s.setup.human === 'R' ? 'Rebel' : 'Imperial'} against the ${s.setup.difficulty} bot · ${moves}.`];
    case 'solo': return ['Your solo game', `Against the ${s.setup.solo.bot === 'R' ? 'Rebel' : 'Imperial'} rival deck (${s.setup.solo.difficulty}) · ${moves}.`];
  }
}

export function SavedGames({ onResume }: { onResume(saved: SavedLocal): void }) {
  const [saved, setSaved] = useState(() => LOCAL_MODES.map(loadLocal).filter((s): s is SavedLocal => s !== null));
  if (saved.length === 0) return null;
  return (
    <section aria-label="Saved games" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      {saved.map((s) => {
        const [title, text] = describe(s);
        const mode = s.setup.mode;
        return (
          <Row key={mode} data-saved={mode}>
            <div><strong>{title}</strong><small>{text}</small></div>
            <ChoiceButton $primary onClick={() => onResume(s)} data-start={`resume-${mode}`}>Resume</ChoiceButton>
            <ChoiceButton onClick={() => { clearLocal(mode); setSaved((all) => all.filter((x) => x !== s)); }}
              data-start={`abandon-${mode}`} aria-label={`Abandon this game: ${title.toLowerCase()}`}>
              Abandon this game
            </ChoiceButton>
          </Row>
        );
      })}
    </section>
  );
}
