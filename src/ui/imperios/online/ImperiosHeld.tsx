/**
 * Imperios' "My matches" and "Play again" (issue 23), on the platform's shared parts: the held-seats list of
 * ../../online/MyMatches.tsx (POST /my-matches, this browser's Imperios seats only) and the rematch of
 * ../../online/rematch.ts (playAgain: the same players and bots, each player's own seat). In the Imperios chunk.
 */
import { useCallback } from 'react';
import { IMPERIOS_NAME } from '../../../games/imperios/game';
import { ChoiceButton } from '../../prompt/ChoiceButton';
import { colors } from '../../theme';
import { ErrorText } from '../../online/forms';
import { HeldMatches, type HeldWords } from '../../online/MyMatches';
import { useRematch } from '../../online/rematch';
import type { MyMatch } from '../../online/lobbyApi';
import { SeatMark } from '../SeatMark';
import { seatName } from '../seats';
import { IMPERIOS_SEATS, type ImperiosLobby, type Joined } from './imperiosLobby';

const ORDINALS = ['1st', '2nd', '3rd', '4th', '5th', '6th', '7th'];

const WORDS: HeldWords = {
  waiting: 'Waiting for players',
  othersTurn: 'Others\u2019 decision',
  // IM13 ranks every civilization (G56: a leaver last): the place says more than "lost" among up to seven.
  result: (m: MyMatch) => (m.won ? 'You won' : m.place ? `You finished ${ORDINALS[m.place - 1] ?? `#${m.place}`}` : 'You lost'),
  // The server bots' seats are named by their kind ("Bot", "Random bot"): the names say it.
  others: (m: MyMatch) => (m.opponent ? `with ${m.opponent}` : 'no other player yet'),
};

const who = (m: MyMatch, seat: Joined) => {
  const n = Number(m.playerID);
  return <span><SeatMark seat={n} size={14} /> {seat.name} as {seatName(n)}</span>;
};

export const imperiosReplayHref = (matchID: string) => `/replay/imperios/${encodeURIComponent(matchID)}`;

/** The Imperios seats this browser holds; Open resumes the seat (a finished one shows its final scoring). */
export function ImperiosMyMatches({ lobby, onOpen }: { lobby: ImperiosLobby; onOpen(j: Joined): void }) {
  const mine = useCallback((seats: Joined[]) => lobby.mine(seats), [lobby]);
  return <HeldMatches seats={IMPERIOS_SEATS} mine={mine} gameName={IMPERIOS_NAME} words={WORDS} who={who} replayHref={imperiosReplayHref} onOpen={onOpen} />;
}

/**
 * At the end of a match, for a seated player: "Play again" (or "Join the rematch" once another player has made it),
 * landing on this player's seat of the rematch.
 */
export function ImperiosRematch({ lobby, joined, onRematch }: { lobby: ImperiosLobby; joined: Joined; onRematch(j: Joined): void }) {
  const rematch = useRematch(lobby, joined, true, onRematch);
  return (
    <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
      <ChoiceButton $small $primary onClick={() => void rematch.start()} disabled={rematch.busy} data-imp-online="play-again">
        {rematch.busy ? 'Starting…' : rematch.offered ? 'Join the rematch' : 'Play again'}
      </ChoiceButton>
      {rematch.offered && (
        <span data-testid="imp-rematch-offer" style={{ color: colors.highlight }}>
          A rematch is offered: the same players and bots, each in their seat.
        </span>
      )}
      {rematch.error && <ErrorText role="alert">{rematch.error}</ErrorText>}
    </span>
  );
}
