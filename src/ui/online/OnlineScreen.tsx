/**
 * "Play online": the lobby (my matches, open matches, refresh, create, join, watch), the join screen of an invite link
 * (?match=ID), a game (?match=ID with this browser's seat in localStorage: a reload reconnects to it) and the
 * spectator view (?match=ID&watch=1). The address bar always holds the link that reopens the current screen.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { ChoiceButton } from '../prompt/ChoiceButton';
import { colors, factionColor, factionName } from '../theme';
import { Loading } from '../screens/Loading';
import { CreateForm, ErrorText, JoinForm, LobbyMain } from './forms';
import { clockText, freeSeat, isBot, isRival, listedClockText, Lobby, lobbyError, type Joined, type PublicMatch } from './lobbyApi';
import { seatOfID } from '../../protocol';
import { PlayOnline, WatchOnline } from './OnlineGame';
import { forgetSeat, lastName, loadSeat, saveSeat } from './seats';
import { FinishedMatches } from '../replay/FinishedMatches';
import { MyMatches } from './MyMatches';
import type { OnlineRoute } from './route';

export { routeFromLocation, type OnlineRoute } from './route';

// A chunk of its own: the lobby does not load the Statistics page's charts until it is opened.
const StatsPage = lazy(() => import('../stats/StatsPage').then((m) => ({ default: m.StatsPage })));
// Imperios Milenarios online: its lobby and board, a chunk of their own (src/ui/imperios/online).
const ImperiosOnline = lazy(() => import('../imperios/online/ImperiosOnline').then((m) => ({ default: m.ImperiosOnline })));


const Main = LobbyMain;

const Row = styled.li`
  display: flex;
  gap: 10px;
  align-items: center;
  flex-wrap: wrap;
  padding: 8px 10px;
  border: 1px solid ${colors.border};
  border-radius: 8px;
  background: ${colors.surface};
`;

/** An Imperios address (./route.ts: the same routes with `game=imperios`) as the Imperios route, else the route. */
export function imperiosRoute(route: OnlineRoute, search: string): OnlineRoute {
  if (new URLSearchParams(search).get('game') !== 'imperios') return route;
  if (route.kind === 'match' || route.kind === 'watch') return { kind: 'imperios', matchID: route.matchID, watch: route.kind === 'watch' };
  if (route.kind === 'play') return { kind: 'imperios', matchID: route.joined.matchID };
  return route.kind === 'lobby' ? { kind: 'imperios' } : route;
}

function setAddress(route: OnlineRoute): void {
  // Imperios' screens keep the address themselves (?game=imperios…).
  if (typeof window === 'undefined' || !window.history?.replaceState || route.kind === 'imperios') return;
  const url = new URL(window.location.href);
  url.search = '';
  if (route.kind === 'lobby') url.searchParams.set('online', '1');
  else if (route.kind === 'stats') url.searchParams.set('stats', '1');
  else if (route.kind === 'play') url.searchParams.set('match', route.joined.matchID);
  else {
    url.searchParams.set('match', route.matchID);
    if (route.kind === 'watch') url.searchParams.set('watch', '1');
  }
  window.history.replaceState(null, '', url.toString());
}


function MatchRow({ m, onJoin, onWatch }: { m: PublicMatch; onJoin(seat: 'R' | 'I'): void; onWatch(): void }) {
  const free = freeSeat(m);
  return (
    <Row data-match={m.matchID}>
      {[...m.players].sort((a, b) => a.id - b.id).map((p) => (
        <span key={p.id} style={{ color: factionColor(seatOfID(p.id)) }}>
          {factionName(seatOfID(p.id))}: <strong>{p.name ?? 'free'}</strong>{isBot(p) ? ' (bot)' : ''}
          {isRival(p) && m.solo ? ` (solo, ${m.solo.difficulty})` : ''}
        </span>
      ))}
      <span style={{ flex: 1 }} />
      <span data-testid="match-clock" data-clock={m.clock?.kind ?? 'none'} style={{ color: colors.muted }}>{listedClockText(m.clock)}</span>
      {!m.solo && <span data-testid="match-hints" style={{ color: colors.muted }}>{m.hints ? `hints allowed (${m.hints.limit} each)` : 'no hints'}</span>}
      {free && <ChoiceButton $primary onClick={() => onJoin(free)} data-online="join-listed">Join as {factionName(free)}</ChoiceButton>}
      <ChoiceButton onClick={onWatch} data-online="watch-listed">Watch</ChoiceButton>
    </Row>
  );
}

function LobbyView({ lobby, onRoute, onExit }: { lobby: Lobby; onRoute(r: OnlineRoute): void; onExit(): void }) {
  const [matches, setMatches] = useState<PublicMatch[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const refresh = useCallback(async () => {
    setLoading(true);
    try {
      setMatches(await lobby.list());
      setError(null);
    } catch (err) {
      setError(lobbyError(err));
    } finally {
      setLoading(false);
    }
  }, [lobby]);
  useEffect(() => { void refresh(); }, [refresh]);
  const joined = (j: Joined) => { saveSeat(j); onRoute({ kind: 'play', joined: j }); };
  return (
    <Main data-screen="lobby">
      <div style={{ display: 'flex', alignItems: 'center', gap: 10 }}>
        <h1 style={{ margin: 0, flex: 1 }}>Play online</h1>
        <ChoiceButton onClick={() => onRoute({ kind: 'imperios' })} data-online="imperios">Imperios Milenarios</ChoiceButton>
        <ChoiceButton onClick={() => onRoute({ kind: 'stats' })} data-online="stats">Statistics</ChoiceButton>
        <ChoiceButton onClick={onExit} data-online="back">Back</ChoiceButton>
      </div>
      <CreateForm lobby={lobby} initialName={lastName()} onJoined={joined} />
      <MyMatches lobby={lobby} onOpen={(j) => onRoute({ kind: 'play', joined: j })} />
      <section aria-label="Open matches" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 10 }}>
          <h2 style={{ margin: 0, fontSize: 18, flex: 1 }}>Open matches</h2>
          <ChoiceButton onClick={() => void refresh()} disabled={loading} data-online="refresh">{loading ? 'Refreshing…' : 'Refresh'}</ChoiceButton>
        </div>
        {error && <ErrorText role="alert">{error}</ErrorText>}
        {matches && matches.length === 0 && <p style={{ margin: 0, color: colors.muted }}>No open match. Create one and send the invite link.</p>}
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 6 }}>
          {matches?.map((m) => (
            <MatchRow key={m.matchID} m={m}
              onJoin={() => onRoute(loadSeat(m.matchID) ? { kind: 'play', joined: loadSeat(m.matchID)! } : { kind: 'match', matchID: m.matchID })}
              onWatch={() => onRoute({ kind: 'watch', matchID: m.matchID })} />
          ))}
        </ul>
      </section>
      <FinishedMatches server={lobby.server} />
    </Main>
  );
}

/** An invite link: the join form for the free seat, or (full) an offer to watch. */
function MatchEntry({ lobby, matchID, onRoute }: { lobby: Lobby; matchID: string; onRoute(r: OnlineRoute): void }) {
  const [m, setM] = useState<PublicMatch | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    lobby.get(matchID).then((x) => { if (live) setM(x); }, (err) => { if (live) setError(lobbyError(err)); });
    return () => { live = false; };
  }, [lobby, matchID]);
  const toLobby = () => onRoute({ kind: 'lobby' });
  if (error) {
    return (
      <Main data-screen="match-entry">
        <ErrorText role="alert" style={{ fontSize: 16 }}>{error === 'match not found' ? 'This match does not exist (any more).' : error}</ErrorText>
        <ChoiceButton $primary onClick={toLobby}>Go to the lobby</ChoiceButton>
      </Main>
    );
  }
  if (!m) return <Loading text="Looking up the match…" />;
  const seat = freeSeat(m);
  const other = m.players.find((p) => p.name !== undefined);
  return (
    <Main data-screen="match-entry">
      <h1 style={{ margin: 0 }}>Mint Imperium online</h1>
      {seat && !m.gameover && <p style={{ margin: 0 }} data-testid="match-clock" data-clock={m.clock?.kind ?? 'none'}>{clockText(m.clock)}</p>}
      {seat && !m.gameover ? (
        <JoinForm lobby={lobby} matchID={matchID} seat={seat} opponent={other?.name} initialName={lastName()}
          onJoined={(j) => { saveSeat(j); onRoute({ kind: 'play', joined: j }); }} onCancel={toLobby} />
      ) : (
        <p style={{ margin: 0 }}>{m.gameover ? 'This match is over.' : 'Both seats of this match are taken.'}</p>
      )}
      <div style={{ display: 'flex', gap: 8 }}>
        <ChoiceButton onClick={() => onRoute({ kind: 'watch', matchID })} data-online="watch">Watch as spectator</ChoiceButton>
        <ChoiceButton onClick={toLobby}>Lobby</ChoiceButton>
      </div>
    </Main>
  );
}

export function OnlineScreen({ initial, onExit, lobby: given }: { initial?: OnlineRoute; onExit(): void; lobby?: Lobby }) {
  const lobby = useMemo(() => given ?? new Lobby(), [given]);
  const [route, setRoute] = useState<OnlineRoute>(() =>
    imperiosRoute(initial ?? { kind: 'lobby' }, typeof window === 'undefined' ? '' : window.location.search));
  useEffect(() => { setAddress(route); }, [route]);
  const exit = () => {
    if (typeof window !== 'undefined' && window.history?.replaceState) window.history.replaceState(null, '', window.location.pathname);
    onExit();
  };
  const toLobby = () => setRoute({ kind: 'lobby' });
  switch (route.kind) {
    case 'lobby':
      return <LobbyView lobby={lobby} onRoute={setRoute} onExit={exit} />;
    case 'stats':
      return <Suspense fallback={<Loading />}><StatsPage server={lobby.server} onBack={toLobby} /></Suspense>;
    case 'imperios':
      return (
        <Suspense fallback={<Loading />}>
          <ImperiosOnline server={lobby.server} initial={route.matchID ? { matchID: route.matchID, watch: route.watch } : {}} onExit={toLobby} />
        </Suspense>
      );
    case 'match':
      return <MatchEntry key={route.matchID} lobby={lobby} matchID={route.matchID} onRoute={setRoute} />;
    case 'watch':
      return <WatchOnline key={route.matchID} lobby={lobby} matchID={route.matchID} onLobby={toLobby} />;
    case 'play':
      return (
        <PlayOnline key={route.joined.matchID} lobby={lobby} joined={route.joined} onLobby={toLobby}
          onSeatLost={() => forgetSeat(route.joined.matchID)}
          onRematch={(j) => { saveSeat(j); setRoute({ kind: 'play', joined: j }); }} />
      );
  }
}
