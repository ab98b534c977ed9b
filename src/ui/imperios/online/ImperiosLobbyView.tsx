/**
 * Imperios Milenarios online (issue 23 item 7): the lobby's parts — the create form (4–7 seats, the mode, server-bot
 * seats, a clock between players, G59), the open matches (each with its seats and its clock) to join or watch, and
 * the join screen of an invite link. The match itself and the routes between these: ./ImperiosOnline.tsx.
 */
import { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import { MODES, MODE_IDS, type ModeId } from '../../../games/imperios/content/modes';
import { ChoiceButton } from '../../prompt/ChoiceButton';
import { colors } from '../../theme';
import { ErrorText, LobbyMain } from '../../online/forms';
import { clockText, isBot, listedClockText } from '../../online/lobbyApi';
import { seatName } from '../seats';
import {
  BOT_KINDS, CLOCK_CHOICES, createProblem, ImperiosLobby, lastName, loadImperiosSeat,
  type BotKind, type ClockChoice, type Joined, type PublicMatch,
} from './imperiosLobby';

export const Main = styled(LobbyMain)`
  fieldset { border: none; margin: 0; padding: 0; display: flex; gap: 12px; flex-wrap: wrap; align-items: center; }
  label { display: inline-flex; gap: 4px; align-items: center; min-height: 40px; }
  input[type='text'] { min-height: 36px; padding: 2px 8px; border-radius: 6px; border: 1px solid ${colors.border}; background: ${colors.surface}; color: ${colors.text}; }
  select { min-height: 36px; border-radius: 6px; background: ${colors.surface}; color: ${colors.text}; }
`;

export function CreateImperios({ lobby, onJoined }: { lobby: ImperiosLobby; onJoined(j: Joined): void }) {
  const [name, setName] = useState(lastName);
  const [players, setPlayers] = useState(5);
  const [mode, setMode] = useState<ModeId>('normal');
  const [bots, setBots] = useState(3);
  const [botKind, setBotKind] = useState<BotKind>('greedy');
  const [chosenClock, setClock] = useState<ClockChoice>('none');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A clock is only between players (G59: the server refuses one with bot seats): offered with no bot seat.
  const clock = bots > 0 ? 'none' : chosenClock;
  const problem = createProblem({ players, mode, bots, botKind, clock }) ?? (name.trim() === '' ? 'Enter a name.' : null);
  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      const matchID = await lobby.create({ players, mode, bots, botKind, clock });
      onJoined(await lobby.join(matchID, name));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-label="New Imperios match" style={{ display: 'grid', gap: 8, border: `1px solid ${colors.border}`, borderRadius: 10, padding: 12 }}>
      <h2 style={{ margin: 0, fontSize: 18 }}>New match</h2>
      <label>Your name <input type="text" value={name} maxLength={32} onChange={(e) => setName(e.target.value)} data-imp-online="name" /></label>
      <fieldset>
        <legend>Seats (IM3.1.1)</legend>
        {[4, 5, 6, 7].map((n) => (
          <label key={n}><input type="radio" name="imp-online-players" checked={players === n} data-imp-players={n}
            onChange={() => { setPlayers(n); setBots((b) => Math.min(b, n - 1)); }} /> {n}</label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Mode (IM3.1.2)</legend>
        {MODE_IDS.map((m) => (
          <label key={m}><input type="radio" name="imp-online-mode" checked={mode === m} data-imp-mode={m} onChange={() => setMode(m)} /> {MODES[m].name}</label>
        ))}
      </fieldset>
      <fieldset>
        <label>Server bots (the last seats) <select value={bots} data-imp-online="bots" onChange={(e) => setBots(Number(e.target.value))}>
          {Array.from({ length: players }, (_, i) => <option key={i} value={i}>{i}</option>)}
        </select></label>
        <label>Bot <select value={botKind} data-imp-online="bot-kind" onChange={(e) => setBotKind(e.target.value as BotKind)}>
          {BOT_KINDS.map((k) => <option key={k.id} value={k.id}>{k.name}</option>)}
        </select></label>
      </fieldset>
      {bots === 0 ? (
        <fieldset>
          <legend>Clock (G59)</legend>
          {CLOCK_CHOICES.map(([k, label]) => (
            <label key={k}><input type="radio" name="imp-online-clock" value={k} data-imp-clock={k} checked={clock === k} onChange={() => setClock(k)} /> {label}</label>
          ))}
        </fieldset>
      ) : <p style={{ margin: 0, color: colors.muted }} data-testid="imp-no-clock">No clock with bot seats: clocks are for matches between players.</p>}
      <p style={{ margin: 0, color: colors.muted }}>{players - bots - 1 > 0 ? `${players - bots - 1} seat(s) stay free for friends: send them the invite link.` : 'You play against the bots.'}</p>
      <ChoiceButton $primary disabled={!!problem || busy} onClick={() => void create()} data-imp-online="create">
        {busy ? 'Creating…' : problem ?? `Create a ${players}-seat ${MODES[mode].name} match`}
      </ChoiceButton>
      {error && <ErrorText role="alert">{error}</ErrorText>}
    </section>
  );
}

export function OpenMatches({ lobby, onJoin, onWatch }: { lobby: ImperiosLobby; onJoin(matchID: string): void; onWatch(matchID: string): void }) {
  const [matches, setMatches] = useState<PublicMatch[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = useCallback(() => {
    lobby.list().then((m) => { setMatches(m); setError(null); }, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [lobby]);
  useEffect(refresh, [refresh]);
  return (
    <section aria-label="Open Imperios matches" style={{ display: 'grid', gap: 8 }}>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <h2 style={{ margin: 0, fontSize: 18, flex: 1 }}>Open matches</h2>
        <ChoiceButton onClick={refresh} data-imp-online="refresh">Refresh</ChoiceButton>
      </div>
      {error && <ErrorText role="alert">{error}</ErrorText>}
      {matches?.length === 0 && <p style={{ margin: 0, color: colors.muted }}>No open match.</p>}
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 6 }}>
        {matches?.map((m) => {
          const free = m.players.some((p) => p.name === undefined || p.name === null);
          const mine = loadImperiosSeat(m.matchID);
          return (
            <li key={m.matchID} data-imp-match={m.matchID} style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center', border: `1px solid ${colors.border}`, borderRadius: 8, padding: 8 }}>
              <span style={{ flex: 1 }}>{[...m.players].sort((a, b) => a.id - b.id).map((p) => `${seatName(p.id)}: ${p.name ?? 'free'}${isBot(p) ? ' (bot)' : ''}`).join(' · ')}</span>
              {/* G59: whether the match has a chess clock, and which, before one joins it. */}
              <span data-testid="imp-match-clock" data-clock={m.clock?.kind ?? 'none'} style={{ color: colors.muted }}>{listedClockText(m.clock)}</span>
              {(mine || free) && <ChoiceButton $primary onClick={() => onJoin(m.matchID)} data-imp-online="join-listed">{mine ? 'Open my seat' : 'Join'}</ChoiceButton>}
              <ChoiceButton onClick={() => onWatch(m.matchID)} data-imp-online="watch-listed">Watch</ChoiceButton>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** An invite link: the join form (the server gives the first free seat), or an offer to watch. */
export function MatchEntry({ lobby, matchID, onJoined, onWatch, onLobby }: {
  lobby: ImperiosLobby; matchID: string; onJoined(j: Joined): void; onWatch(): void; onLobby(): void;
}) {
  const [m, setM] = useState<PublicMatch | null>(null);
  const [name, setName] = useState(lastName);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    lobby.get(matchID).then((x) => { if (live) setM(x); }, (e: unknown) => { if (live) setError(e instanceof Error ? e.message : String(e)); });
    return () => { live = false; };
  }, [lobby, matchID]);
  const join = () => {
    setError(null);
    lobby.join(matchID, name).then(onJoined, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  };
  const free = m?.players.some((p) => p.name === undefined || p.name === null) && !m.gameover;
  return (
    <Main data-screen="imp-match-entry">
      <h1 style={{ margin: 0 }}>Imperios Milenarios online</h1>
      {!m && !error && <p role="status">Looking up the match…</p>}
      {m && free && <p style={{ margin: 0 }} data-testid="imp-match-clock" data-clock={m.clock?.kind ?? 'none'}>{clockText(m.clock)}</p>}
      {m && (free ? (
        <>
          <p style={{ margin: 0 }}>{m.players.filter((p) => p.name !== undefined && p.name !== null).map((p) => p.name).join(', ')} wait for players.</p>
          <label>Your name <input type="text" value={name} maxLength={32} onChange={(e) => setName(e.target.value)} data-imp-online="join-name" /></label>
          <ChoiceButton $primary disabled={name.trim() === ''} onClick={join} data-imp-online="join">Take a seat</ChoiceButton>
        </>
      ) : <p style={{ margin: 0 }}>{m.gameover ? 'This match is over.' : 'Every seat of this match is taken.'}</p>)}
      {error && <ErrorText role="alert">{error}</ErrorText>}
      <div style={{ display: 'flex', gap: 8 }}>
        <ChoiceButton onClick={onWatch} data-imp-online="watch">Watch as spectator</ChoiceButton>
        <ChoiceButton onClick={onLobby}>Imperios lobby</ChoiceButton>
      </div>
    </Main>
  );
}

