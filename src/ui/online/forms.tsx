/** The lobby's forms: your name (checked with the server's rules), create a match, join a seat. */
import { DEFAULT_HINT_LIMIT } from '../../protocol';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { Faction } from '../../game/content';
import type { Difficulty } from '../bot/Bot';
import { ChoiceButton } from '../prompt/ChoiceButton';
import { DifficultyPicker } from '../screens/DifficultyPicker';
import { colors, factionColor, factionName } from '../theme';
import { lobbyError, MAX_NAME_LENGTH, nameProblem, type ClockChoice, type Joined, type Lobby } from './lobbyApi';

/** The page of a game's online lobby (Mint's and Imperios' own). */
export const LobbyMain = styled.main`
  max-width: 760px;
  margin: 0 auto;
  padding: 4vh 16px 32px;
  display: flex;
  flex-direction: column;
  gap: 14px;
`;

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 10px;
  padding: 14px;
  border: 1px solid ${colors.border};
  border-radius: 10px;
  background: ${colors.surface};
  fieldset { border: none; margin: 0; padding: 0; display: flex; gap: 12px; flex-wrap: wrap; align-items: center; }
  legend { font-weight: 700; margin-bottom: 4px; padding: 0; }
  label.radio { display: flex; gap: 6px; align-items: center; min-height: 36px; cursor: pointer; }
`;

const Input = styled.input`
  min-height: 36px;
  padding: 4px 10px;
  border-radius: 8px;
  border: 1px solid ${colors.border};
  background: ${colors.bg};
  color: ${colors.text};
  font-size: 15px;
  &[aria-invalid='true'] { border-color: ${colors.danger}; }
`;

/** ChoiceButton is type="button" by attrs; a form's submit button needs its own. */
const Submit = styled(ChoiceButton).attrs({ type: 'submit' })``;

export const ErrorText = styled.p`
  margin: 0;
  color: ${colors.danger};
  font-size: 13px;
`;

export function NameField({ value, onChange, error, id }: { value: string; onChange(v: string): void; error: string | null; id: string }) {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
      <label htmlFor={id} style={{ fontWeight: 700 }}>Your name</label>
      <Input id={id} name="playerName" value={value} autoComplete="nickname" maxLength={MAX_NAME_LENGTH * 4}
        aria-invalid={error ? 'true' : 'false'} aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)} placeholder={`1 to ${MAX_NAME_LENGTH} characters`} />
      {error && <ErrorText id={`${id}-error`} role="alert">{error}</ErrorText>}
    </div>
  );
}

/** Shared by both forms: name state, "checked once submitted", the pending call and its error. */
function useSubmit(initialName: string) {
  const [name, setName] = useState(initialName);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const problem = nameProblem(name);
  const run = async (e: FormEvent, call: () => Promise<void>) => {
    e.preventDefault();
    setTried(true);
    if (problem || busy) return;
    setBusy(true);
    setError(null);
    try {
      await call();
    } catch (err) {
      setError(lobbyError(err));
    } finally {
      setBusy(false);
    }
  };
  return { name, setName, nameError: tried || name !== initialName ? problem : null, busy, error, run };
}

/** The hints per player a creator may pick (the server takes 1 to MAX_HINT_LIMIT). */
const HINT_LIMITS = [1, 2, DEFAULT_HINT_LIMIT, 5, 10];

export function CreateForm({ lobby, initialName, onJoined }: { lobby: Lobby; initialName: string; onJoined(j: Joined): void }) {
  const f = useSubmit(initialName);
  const [side, setSide] = useState<Faction>('R');
  const [opponent, setOpponent] = useState<'friend' | 'bot' | 'solo'>('friend');
  const [difficulty, setDifficulty] = useState<Difficulty>('normal');
  const [clock, setClock] = useState<ClockChoice>('none');
  // Issue 22: hints are off unless the creator allows them, and the match sets how many each player may ask for.
  const [hints, setHints] = useState(false);
  const [hintLimit, setHintLimit] = useState(DEFAULT_HINT_LIMIT);
  const create = () => (opponent === 'solo'
    ? lobby.createSoloAndJoin(side, f.name, difficulty)
    : lobby.createAndJoin(side, f.name, opponent === 'bot' ? difficulty : null, opponent === 'friend' ? clock : 'none', hints ? hintLimit : 0));
  return (
    <Form aria-label="Create a match" data-form="create" onSubmit={(e) => f.run(e, async () => onJoined(await create()))}>
      <h2 style={{ margin: 0, fontSize: 18 }}>Create a match</h2>
      <NameField id="create-name" value={f.name} onChange={f.setName} error={f.nameError} />
      <fieldset>
        <legend>Your side</legend>
        {(['R', 'I'] as const).map((s) => (
          <label key={s} className="radio" style={{ color: factionColor(s) }}>
            <input type="radio" name="side" value={s} data-side={s} checked={side === s} onChange={() => setSide(s)} /> {factionName(s)}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Opponent</legend>
        <label className="radio">
          <input type="radio" name="opponent" value="friend" data-opponent="friend" checked={opponent === 'friend'} onChange={() => setOpponent('friend')} /> A friend (invite link)
        </label>
        <label className="radio">
          <input type="radio" name="opponent" value="bot" data-opponent="bot" checked={opponent === 'bot'} onChange={() => setOpponent('bot')} /> The server bot
        </label>
        <label className="radio">
          <input type="radio" name="opponent" value="solo" data-opponent="solo" checked={opponent === 'solo'} onChange={() => setOpponent('solo')} /> Solo against the rival deck
        </label>
      </fieldset>
      {opponent === 'friend' && (
        <fieldset>
          <legend>Clock</legend>
          {([['none', 'No clock'], ['live', 'Live: 10 min each + 20 s per turn'], ['turn', 'Over days: 24 h per turn']] as const).map(([k, label]) => (
            <label key={k} className="radio">
              <input type="radio" name="clock" value={k} data-clock={k} checked={clock === k} onChange={() => setClock(k)} /> {label}
            </label>
          ))}
        </fieldset>
      )}
      {opponent !== 'solo' && (
        <label className="radio">
          <input type="checkbox" data-create="hints" checked={hints} onChange={(e) => setHints(e.target.checked)} />
          {' '}Allow hints:{' '}
          <select aria-label="Hints per player" data-create="hint-limit" value={hintLimit} disabled={!hints} onChange={(e) => setHintLimit(Number(e.target.value))}>
            {HINT_LIMITS.map((n) => <option key={n} value={n}>{n}</option>)}
          </select>
          {' '}per player (the bot suggests moves from what you can see; both players see when one is asked)
        </label>
      )}
      {opponent === 'bot' && <DifficultyPicker legend="Bot difficulty" name="server-bot-difficulty" value={difficulty} onChange={setDifficulty} />}
      {opponent === 'solo' && <DifficultyPicker legend="Rival difficulty" name="solo-difficulty" value={difficulty} onChange={setDifficulty} />}
      {f.error && <ErrorText role="alert">{f.error}</ErrorText>}
      <Submit $primary disabled={f.busy} data-online="create">
        {f.busy ? 'Creating…' : 'Create match'}
      </Submit>
    </Form>
  );
}

export function JoinForm({ lobby, matchID, seat, opponent, initialName, onJoined, onCancel }: {
  lobby: Lobby; matchID: string; seat: Faction; opponent?: string; initialName: string; onJoined(j: Joined): void; onCancel?(): void;
}) {
  const f = useSubmit(initialName);
  return (
    <Form aria-label="Join the match" data-form="join" onSubmit={(e) => f.run(e, async () => onJoined(await lobby.join(matchID, seat, f.name)))}>
      <h2 style={{ margin: 0, fontSize: 18 }}>
        Join as the <span style={{ color: factionColor(seat) }}>{factionName(seat)}</span>
        {opponent ? <> against {opponent}</> : null}
      </h2>
      <NameField id="join-name" value={f.name} onChange={f.setName} error={f.nameError} />
      {f.error && <ErrorText role="alert">{f.error}</ErrorText>}
      <div style={{ display: 'flex', gap: 8 }}>
        <Submit $primary disabled={f.busy} data-online="join">{f.busy ? 'Joining…' : 'Join'}</Submit>
        {onCancel && <ChoiceButton onClick={onCancel}>Cancel</ChoiceButton>}
      </div>
    </Form>
  );
}
