/**
 * "Play again" after an online game, for every game's board (Mint's ./OnlineGame.tsx, Imperios'
 * src/ui/imperios/online): whether another player already asked for the rematch (the match has a `nextMatchID`,
 * which the server tells a seat holder only), and the call that makes or joins it (the platform's playAgain: the
 * same players in the same seats, each handed their own seat's new credentials).
 */
import { useEffect, useRef, useState } from 'react';
import { lobbyError, type Joined, type PublicMatch } from './lobbyApi';

/** What the rematch needs of a game's lobby client. */
export interface RematchLobby {
  /** The match as its seat holder sees it (credentials in headers): `nextMatchID` once a rematch exists. */
  get(matchID: string, seat: Joined): Promise<PublicMatch>;
  /** Make or join the rematch: this player's seat in it. */
  playAgain(j: Joined): Promise<Joined>;
}

export interface Rematch {
  /** Another player (or this one, from another tab) has started the rematch. */
  offered: boolean;
  busy: boolean;
  error: string | null;
  /** Make or join the rematch, then `onRematch` with this player's seat in it. */
  start(): Promise<void>;
}

/** Once `over`, asks every 3 s whether a rematch is offered, and makes or joins it on `start`. */
export function useRematch(lobby: RematchLobby, joined: Joined, over: boolean, onRematch: (j: Joined) => void): Rematch {
  const [offered, setOffered] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The seat as a ref: a page may rebuild the same seat's object on every render (read from localStorage).
  const seat = useRef(joined);
  seat.current = joined;
  const { matchID } = joined;
  useEffect(() => {
    if (!over) return undefined;
    let live = true;
    const poll = () => {
      lobby.get(matchID, seat.current).then((m) => { if (live && typeof m.nextMatchID === 'string') setOffered(true); }, () => {});
    };
    poll();
    const t = setInterval(poll, 3000);
    return () => {
      live = false;
      clearInterval(t);
    };
  }, [lobby, matchID, over]);
  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      onRematch(await lobby.playAgain(seat.current));
    } catch (err) {
      setError(lobbyError(err));
    } finally {
      setBusy(false);
    }
  };
  return { offered, busy, error, start };
}
