/**
 * "My matches" in the lobby (issue 10 item 4): every match this browser holds a seat in (./seats.ts), as the server
 * sees it (POST /my-matches): in progress, with "Your turn" marked; waiting for an opponent; finished (with a link to
 * its replay, /replay/<matchID>: src/ui/replay/routes.ts). A seat the
 * server no longer knows (the match was deleted, or the seat left) is forgotten. Refreshed every 20 s.
 */
import { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import { ChoiceButton } from '../prompt/ChoiceButton';
import { colors, factionColor, factionName } from '../theme';
import { ErrorText } from './forms';
import { lobbyError, type Joined, type Lobby, type MyMatch } from './lobbyApi';
import { seatOfID } from '../../protocol';
import { allSeats, forgetSeat } from './seats';
import { replayHref } from '../replay/routes';

const Row = styled.li<{ $turn?: boolean }>`
  display: flex;
  gap: 10px;
  align-items: center;
  flex-wrap: wrap;
  padding: 8px 10px;
  border: 1px solid ${(p) => (p.$turn ? colors.highlight : colors.border)};
  border-radius: 8px;
  background: ${colors.surface};
`;

const GROUPS: { status: MyMatch['status']; title: string }[] = [
  { status: 'playing', title: 'In progress' },
  { status: 'waiting', title: 'Waiting for an opponent' },
  { status: 'finished', title: 'Finished' },
];

function opponentText(m: MyMatch): string {
  if (!m.opponent) return 'no opponent yet';
  if (m.opponentKind === 'rival') return 'the rival deck (solo)';
  return m.opponentKind === 'bot' ? `${m.opponent} (bot)` : m.opponent;
}

function MyRow({ m, seat, onOpen, onForget }: { m: MyMatch; seat: Joined; onOpen(): void; onForget(): void }) {
  const side = seatOfID(m.playerID);
  return (
    <Row data-my-match={m.matchID} data-status={m.status} data-your-turn={m.yourTurn ? 'yes' : 'no'} $turn={m.yourTurn}>
      <span style={{ color: factionColor(side) }}>{seat.name} as {factionName(side)}</span>
      <span style={{ color: colors.muted }}>vs {opponentText(m)}</span>
      {m.status === 'playing' && (m.yourTurn
        ? <strong style={{ color: colors.highlight }} data-testid="your-turn">Your turn</strong>
        : <span style={{ color: colors.muted }}>Opponent&rsquo;s turn</span>)}
      {m.status === 'finished' && <span>{m.won ? 'You won' : 'You lost'}</span>}
      <span style={{ flex: 1 }} />
      <ChoiceButton $primary={m.yourTurn} onClick={onOpen} data-online="open-mine">{m.status === 'finished' ? 'View' : 'Open'}</ChoiceButton>
      {m.status === 'finished' && (
        <ChoiceButton as="a" href={replayHref({ kind: 'server', matchID: m.matchID })} data-online="replay-mine"
          style={{ display: 'inline-flex', alignItems: 'center', textDecoration: 'none' }}>
          Replay
        </ChoiceButton>
      )}
      {m.status === 'finished' && <ChoiceButton onClick={onForget} data-online="forget-mine">Remove</ChoiceButton>}
    </Row>
  );
}

export function MyMatches({ lobby, onOpen }: { lobby: Lobby; onOpen(j: Joined): void }) {
  const [seats, setSeats] = useState<Joined[]>(() => allSeats());
  const [mine, setMine] = useState<MyMatch[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = useCallback(async () => {
    const held = allSeats();
    setSeats(held);
    if (held.length === 0) {
      setMine([]);
      return;
    }
    try {
      const answer = await lobby.mine(held);
      for (const m of answer) if (m.status === 'gone') forgetSeat(m.matchID);
      setMine(answer.filter((m) => m.status !== 'gone'));
      setSeats(allSeats());
      setError(null);
    } catch (err) {
      setError(lobbyError(err));
    }
  }, [lobby]);
  useEffect(() => {
    void refresh();
    const t = setInterval(() => { void refresh(); }, 20_000);
    return () => clearInterval(t);
  }, [refresh]);
  if (seats.length === 0 && !error) return null;
  const seatOf = (id: string) => seats.find((s) => s.matchID === id);
  const ordered = (status: MyMatch['status']) => (mine ?? []).filter((m) => m.status === status && seatOf(m.matchID))
    .sort((a, b) => Number(!!b.yourTurn) - Number(!!a.yourTurn) || (b.updatedAt ?? 0) - (a.updatedAt ?? 0));
  return (
    <section aria-label="My matches" data-testid="my-matches" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <h2 style={{ margin: 0, fontSize: 18 }}>My matches</h2>
      {error && <ErrorText role="alert">{error}</ErrorText>}
      {mine === null && !error && <p style={{ margin: 0, color: colors.muted }}>Looking up your matches…</p>}
      {GROUPS.map(({ status, title }) => {
        const rows = ordered(status);
        if (rows.length === 0) return null;
        return (
          <div key={status} data-my-group={status}>
            <h3 style={{ margin: '4px 0', fontSize: 14, color: colors.muted }}>{title}</h3>
            <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 6 }}>
              {rows.map((m) => (
                <MyRow key={m.matchID} m={m} seat={seatOf(m.matchID)!} onOpen={() => onOpen(seatOf(m.matchID)!)}
                  onForget={() => { forgetSeat(m.matchID); void refresh(); }} />
              ))}
            </ul>
          </div>
        );
      })}
    </section>
  );
}
