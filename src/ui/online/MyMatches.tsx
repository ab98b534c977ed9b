/**
 * "My matches" in the lobby (issue 10 item 4): every match this browser holds a seat in (./seats.ts), as the server
 * sees it (POST /my-matches): in progress, with "Your turn" marked; waiting for an opponent; finished (with a link to
 * its replay, /replay/<matchID>: src/ui/replay/routes.ts). A seat the
 * server no longer knows (the match was deleted, or the seat left) is forgotten. Refreshed every 20 s.
 * `HeldMatches` is the list for any game (issue 23: Imperios' lobby lists its own seats with it); `MyMatches` is
 * Mint's.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { ChoiceButton } from '../prompt/ChoiceButton';
import { colors, factionColor, factionName } from '../theme';
import { ErrorText } from './forms';
import { GAME_NAME, lobbyError, type Joined, type Lobby, type MyMatch } from './lobbyApi';
import { seatOfID } from '../../protocol';
import { MINT_SEATS, type SeatStore } from './seats';
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

/** The words a game's list uses (two seats: "an opponent"; more: "players"). */
export interface HeldWords {
  waiting: string;
  othersTurn: string;
  /** A finished match's result for this seat. */
  result(m: MyMatch): string;
  /** The other seats' players ("vs Bob (bot)"). */
  others(m: MyMatch): string;
}

const MINT_WORDS: HeldWords = {
  waiting: 'Waiting for an opponent',
  othersTurn: 'Opponent’s turn',
  result: (m) => (m.won ? 'You won' : 'You lost'),
  others: (m) => {
    if (!m.opponent) return 'vs no opponent yet';
    if (m.opponentKind === 'rival') return 'vs the rival deck (solo)';
    return `vs ${m.opponentKind === 'bot' ? `${m.opponent} (bot)` : m.opponent}`;
  },
};

interface RowProps {
  m: MyMatch;
  words: HeldWords;
  who: ReactNode;
  replay: string;
  onOpen(): void;
  onForget(): void;
}

function MyRow({ m, words, who, replay, onOpen, onForget }: RowProps) {
  return (
    <Row data-my-match={m.matchID} data-status={m.status} data-your-turn={m.yourTurn ? 'yes' : 'no'} $turn={m.yourTurn}>
      {who}
      <span style={{ color: colors.muted }}>{words.others(m)}</span>
      {m.status === 'playing' && (m.yourTurn
        ? <strong style={{ color: colors.highlight }} data-testid="your-turn">Your turn</strong>
        : <span style={{ color: colors.muted }}>{words.othersTurn}</span>)}
      {m.status === 'finished' && <span data-testid="my-result">{words.result(m)}</span>}
      {m.status === 'finished' && m.rematch && <strong data-testid="rematch-offered" style={{ color: colors.highlight }}>Rematch offered</strong>}
      <span style={{ flex: 1 }} />
      <ChoiceButton $primary={m.yourTurn} onClick={onOpen} data-online="open-mine">{m.status === 'finished' ? 'View' : 'Open'}</ChoiceButton>
      {m.status === 'finished' && (
        <ChoiceButton as="a" href={replay} data-online="replay-mine"
          style={{ display: 'inline-flex', alignItems: 'center', textDecoration: 'none' }}>
          Replay
        </ChoiceButton>
      )}
      {m.status === 'finished' && <ChoiceButton onClick={onForget} data-online="forget-mine">Remove</ChoiceButton>}
    </Row>
  );
}

export interface HeldMatchesProps {
  /** This game's held seats (./seats.ts). */
  seats: SeatStore;
  /** POST /my-matches for these seats. */
  mine(seats: Joined[]): Promise<MyMatch[]>;
  /** The game these seats are of: an answer naming another game is not listed here (it opens on another board). */
  gameName: string;
  words: HeldWords;
  /** The seat in words ("Ana as the Rebel"). */
  who(m: MyMatch, seat: Joined): ReactNode;
  /** The finished match's replay address. */
  replayHref(matchID: string): string;
  onOpen(j: Joined): void;
}

/** The held seats of one game, grouped: in progress (Your turn first), waiting, finished. */
export function HeldMatches({ seats: held, mine: ask, gameName, words, who, replayHref: replayOf, onOpen }: HeldMatchesProps) {
  const [seats, setSeats] = useState<Joined[]>(() => held.all());
  const [mine, setMine] = useState<MyMatch[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = useCallback(async () => {
    const all = held.all();
    setSeats(all);
    if (all.length === 0) {
      setMine([]);
      return;
    }
    try {
      const answer = await ask(all);
      for (const m of answer) if (m.status === 'gone') held.forget(m.matchID);
      // An older server names no game: its answers are this game's seats, as asked.
      setMine(answer.filter((m) => m.status !== 'gone' && (m.gameName === undefined || m.gameName === gameName)));
      setSeats(held.all());
      setError(null);
    } catch (err) {
      setError(lobbyError(err));
    }
  }, [held, ask, gameName]);
  useEffect(() => {
    void refresh();
    const t = setInterval(() => { void refresh(); }, 20_000);
    return () => clearInterval(t);
  }, [refresh]);
  if (seats.length === 0 && !error) return null;
  const seatOf = (id: string) => seats.find((s) => s.matchID === id);
  const ordered = (status: MyMatch['status']) => (mine ?? []).filter((m) => m.status === status && seatOf(m.matchID))
    .sort((a, b) => Number(!!b.yourTurn) - Number(!!a.yourTurn) || (b.updatedAt ?? 0) - (a.updatedAt ?? 0));
  const groups: { status: MyMatch['status']; title: string }[] = [
    { status: 'playing', title: 'In progress' },
    { status: 'waiting', title: words.waiting },
    { status: 'finished', title: 'Finished' },
  ];
  return (
    <section aria-label="My matches" data-testid="my-matches" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <h2 style={{ margin: 0, fontSize: 18 }}>My matches</h2>
      {error && <ErrorText role="alert">{error}</ErrorText>}
      {mine === null && !error && <p style={{ margin: 0, color: colors.muted }}>Looking up your matches…</p>}
      {groups.map(({ status, title }) => {
        const rows = ordered(status);
        if (rows.length === 0) return null;
        return (
          <div key={status} data-my-group={status}>
            <h3 style={{ margin: '4px 0', fontSize: 14, color: colors.muted }}>{title}</h3>
            <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 6 }}>
              {rows.map((m) => (
                <MyRow key={m.matchID} m={m} words={words} who={who(m, seatOf(m.matchID)!)}
                  replay={replayOf(m.matchID)} onOpen={() => onOpen(seatOf(m.matchID)!)}
                  onForget={() => { held.forget(m.matchID); void refresh(); }} />
              ))}
            </ul>
          </div>
        );
      })}
    </section>
  );
}

const mintWho = (m: MyMatch, seat: Joined) => {
  const side = seatOfID(m.playerID);
  return <span style={{ color: factionColor(side) }}>{seat.name} as {factionName(side)}</span>;
};
const mintReplay = (matchID: string) => replayHref({ kind: 'server', matchID });

/** Mint Imperium's "My matches". */
export function MyMatches({ lobby, onOpen }: { lobby: Lobby; onOpen(j: Joined): void }) {
  const mine = useCallback((seats: Joined[]) => lobby.mine(seats), [lobby]);
  return <HeldMatches seats={MINT_SEATS} mine={mine} gameName={GAME_NAME} words={MINT_WORDS} who={mintWho} replayHref={mintReplay} onOpen={onOpen} />;
}
