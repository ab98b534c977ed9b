/**
 * Imperios Milenarios online (issue 23 item 7), a lazy chunk opened from "Play online": its lobby (create a match of
 * 4–7 seats with the mode and some server-bot seats, the open matches to join or watch), the join screen of an
 * invite link, and the match itself on the hot-seat board's components (../ImperiosBoard.tsx).
 *
 * The match runs on Mint's socket client (../../online/socketClient.ts: sync and updates, log deltas when the server
 * sends them, `mint:error` refusals, `mint:table`, reconnection), given Imperios' Game. The server sends each socket
 * its seat's view (the public view, IM14.1: no generator); a spectator gets the same. A seat acts on the decisions the
 * core lists for it (`legalActions`: its turn, and out of turn the block offers, defence questions and mustering),
 * through the one move `act`; the strip says who the game waits for, each seat's player and presence, and whether a
 * seat is played by the server bot; an away seat can be handed to the bot, and one's own seat taken back.
 *
 * The table (`mint:table`) also brings an open question's time limit (IM15.1, IM15.2: `answers`), counted down here
 * from the server's time as Mint's clocks are (../../online/TableBar.tsx), and a chess clock (G59): each seat's bank
 * (live) or the time left of the running decision (turn), every seat the game waits for counting down at once, and
 * "Claim the win" over each seat out of time.
 *
 * The lobby's parts (create, open matches, the invite screen) are ./ImperiosLobbyView.tsx; "My matches" and the end's
 * "Play again" (issue 23, on the platform's shared list and rematch) are ./ImperiosHeld.tsx.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { ImperiosGame, IMPERIOS_MIN_PLAYERS } from '../../../games/imperios/game';
import { awaitedSeats, type Action, type Seat } from '../../../games/imperios/rules';
import { clockExpired, clockRuns } from '../../../protocol/table';
import { ConfirmDialog } from '../../dialog/Dialog';
import { ChoiceButton } from '../../prompt/ChoiceButton';
import { Loading } from '../../screens/Loading';
import { colors } from '../../theme';
import { ChatDock, type ChatSender } from '../../online/ChatPanel';
import { ErrorText } from '../../online/forms';
import { isBot, type PublicPlayer } from '../../online/lobbyApi';
import { ConnectionBadge } from '../../online/OnlineGame';
import { formatClock } from '../../online/TableBar';
import { useOnlineSession, type ConnectionStatus, type OnlineGameDef, type OnlineSession, type TableSnapshot } from '../../online/socketClient';
import { useTurnAlert } from '../../online/turnAlert';
import { asCore, type ImperiosView } from '../core';
import { ImperiosBoard } from '../ImperiosReplay';
import { SeatMark } from '../SeatMark';
import { seatLook, seatName } from '../seats';
import { forgetImperiosSeat, ImperiosLobby, loadImperiosSeat, saveImperiosSeat, type ImperiosTableAction, type Joined } from './imperiosLobby';
import { ImperiosMyMatches, ImperiosRematch, imperiosReplayHref } from './ImperiosHeld';
import { CreateImperios, Main, MatchEntry, OpenMatches } from './ImperiosLobbyView';

/** The Game the socket client runs: the server is the authority, the client only sends `act` (client: false). */
const IMPERIOS_DEF: OnlineGameDef = { game: ImperiosGame, numPlayers: IMPERIOS_MIN_PLAYERS };

export type ImperiosOnlineRoute = { matchID?: string; watch?: boolean };

const Strip = styled.div`
  display: flex;
  gap: 10px;
  align-items: center;
  flex-wrap: wrap;
  font-size: 12px;
  color: ${colors.muted};
  ul { display: flex; gap: 10px; flex-wrap: wrap; list-style: none; margin: 0; padding: 0; }
  li { display: inline-flex; gap: 4px; align-items: center; }
  li[data-awaited='true'] { color: ${colors.text}; font-weight: 700; }
  [data-clock-active='yes'] { color: ${colors.highlight}; font-weight: 700; }
`;

/** Read by screen readers only (the countdown's announcement). */
const SrOnly = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

/** This page's time, every half second while `on` (the countdowns). */
function useTick(on: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return undefined;
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(t);
  }, [on]);
  return now;
}

/** The server's time at this page's `localNow`, from the table's snapshot (the offset Mint's clocks use). */
function serverTime(snap: TableSnapshot, localNow: number): number {
  return snap.view.serverNow + (localNow - snap.receivedAt);
}

/** What seat `id` has left on the clock (ms; Infinity without a limit), by the server's rule (server/clock.ts). */
export function seatClockLeft(snap: TableSnapshot, id: string, localNow: number): number {
  const c = snap.view.clock;
  if (!c || c.stopped) return Infinity;
  // G59: every seat the game waits for spends its own time, several at once.
  const run = clockRuns(c).find((r) => r.seat === id);
  const running = run ? serverTime(snap, localNow) - run.since : 0;
  if (c.kind === 'live') return ((c.banks as Record<string, number> | undefined)?.[id] ?? 0) - running;
  return run ? (c.perDecisionMs ?? 0) - running : Infinity;
}

const QUESTIONS: Record<string, { what: string; rule: string; limit: string }> = {
  block: { what: 'Block offer', rule: 'IM15.1', limit: '60 seconds' },
  defend: { what: 'Defence question', rule: 'IM15.2', limit: '45 seconds' },
};

const seatList = (seats: string[]) => seats.map((s) => seatName(Number(s))).join(', ');

/**
 * An open question with a time limit (`answers`, IM15.1, IM15.2): who still owes an answer and the seconds left,
 * counted down from `until` at the server's time. Screen readers hear it once when the question opens (a polite
 * status region whose text changes only with the question), not every second.
 */
function AnswersCountdown({ snap, seat }: { snap: TableSnapshot | null; seat: Seat | null }) {
  const answers = snap?.view.answers;
  const now = useTick(!!answers);
  const q = answers ? QUESTIONS[answers.kind] ?? { what: 'Question', rule: 'IM15', limit: 'a time limit' } : null;
  // The announcement is fixed when the question opens (its kind and deadline), so it is read once.
  const key = answers ? `${answers.kind}:${answers.until}` : '';
  const said = useRef<{ key: string; text: string }>({ key: '', text: '' });
  if (said.current.key !== key) {
    said.current = {
      key,
      text: answers && q ? `${q.what} open: ${seatList(answers.seats)} to answer within ${q.limit} (${q.rule}).${seat !== null && answers.seats.includes(String(seat)) ? ' You must answer.' : ''}` : '',
    };
  }
  const left = answers && snap ? Math.max(0, answers.until - serverTime(snap, now)) : 0;
  return (
    <>
      <SrOnly role="status" aria-live="polite" data-testid="imp-answers-announce">{said.current.text}</SrOnly>
      {answers && q && (
        <span data-testid="imp-answers-countdown" data-kind={answers.kind} data-seconds={Math.ceil(left / 1000)} aria-hidden="true"
          style={{ color: colors.highlight, fontWeight: 700 }}>
          {q.what} ({q.rule}): {seatList(answers.seats)} to answer — {formatClock(left)} left
        </span>
      )}
    </>
  );
}

function address(route: ImperiosOnlineRoute): void {
  if (typeof window === 'undefined' || !window.history?.replaceState) return;
  const url = new URL(window.location.href);
  url.search = '';
  // The lobby's address is Mint's with the game (../../online/route.ts): a reload opens the Imperios lobby again.
  if (!route.matchID) url.searchParams.set('online', '1');
  url.searchParams.set('game', 'imperios');
  if (route.matchID) url.searchParams.set('match', route.matchID);
  if (route.matchID && route.watch) url.searchParams.set('watch', '1');
  window.history.replaceState(null, '', url.toString());
}

export function imperiosLink(matchID: string, watch = false): string {
  const url = new URL(window.location.href);
  url.search = '';
  url.hash = '';
  url.searchParams.set('match', matchID);
  url.searchParams.set('game', 'imperios');
  if (watch) url.searchParams.set('watch', '1');
  return url.toString();
}

/** A chat line's sender: the player's name and seat ("Ana (Player 1)") in the seat's colour, or a spectator. */
export const imperiosSender: ChatSender = (line) => {
  const seat = typeof line.sender === 'string' && /^[0-6]$/.test(line.sender) ? Number(line.sender) : null;
  if (seat === null) return { label: 'Spectator', color: colors.muted };
  return { label: line.payload.name ? `${line.payload.name} (${seatName(seat)})` : seatName(seat), color: seatLook(seat).colour };
};

/** A seat's player in words: the name, "(server bot)", online or away, or a free seat. */
function who(p: PublicPlayer | undefined, botSeat: boolean): string {
  if (!p || p.name === undefined || p.name === null) return 'free seat';
  if (isBot(p)) return `${p.name} (server bot)`;
  return `${p.name}${botSeat ? ' (played by the server bot)' : p.isConnected ? '' : ' (away)'}`;
}

export interface ImperiosTableProps {
  view: ImperiosView;
  /** This browser's seat, or null for a spectator. */
  seat: Seat | null;
  players: PublicPlayer[];
  status: ConnectionStatus;
  table: TableSnapshot | null;
  /** Sends an action of this seat; absent while nothing can be sent (reconnecting, the seat with the bot). */
  act?: (a: Action) => void;
  onExit(): void;
  /**
   * A seated player leaving a running match ends it for everyone (G56): set, the exit asks first in the page's own
   * dialog (never window.confirm: tests/ui/words.test.tsx), and only "Leave" calls it; `onExit` stays for a finished
   * match.
   */
  onLeave?: () => void;
  matchID: string;
  /** The server's state number of the view shown (boardgame.io's _stateID): the tests read it off the strip. */
  stateID?: number;
  /** The socket session, for the chat (absent in the component tests). */
  session?: OnlineSession;
  /** A seated player's table actions: hand an away seat to the bot, take one's own back (IM15.5), claim the win (G59). */
  onTable?: (action: ImperiosTableAction, seat?: string) => Promise<void>;
  /** Shown in the strip once the game is over (a seated player's "Play again"). */
  endActions?: ReactNode;
}

/** The online match on the Imperios board: the seat's view, the strip of seats, who decides, the table's actions. */
export function ImperiosTable({ view, seat, players, status, table, act, onExit, onLeave, matchID, stateID, session, onTable, endActions }: ImperiosTableProps) {
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const awaited = view.result ? [] : awaitedSeats(asCore(view));
  const withBot = new Set((table?.view.handovers ?? []).filter((h) => h.to === undefined).map((h) => h.seat as string));
  const abandoned = new Set((table?.view.abandoned ?? []) as string[]);
  const mineWithBot = seat !== null && withBot.has(String(seat));
  const free = players.some((p) => p.name === undefined || p.name === null);
  const clock = table?.view.clock;
  // G59: every running clock (all seats owing at once), and every seat out of time.
  const ticking = new Set<string>(clock && !clock.stopped ? clockRuns(clock).map((r) => r.seat) : []);
  const outOfTime = new Set<string>(clock ? clockExpired(clock) : []);
  const now = useTick(!!clock?.running && !clock.stopped && !view.result);
  const tableAction = (action: ImperiosTableAction, s?: string) => {
    setError(null);
    onTable?.(action, s).catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  };
  const byID = new Map(players.map((p) => [String(p.id), p]));
  const strip = (
    <Strip data-testid="imp-online-strip" data-match={matchID} data-state-id={stateID}>
      <ConnectionBadge status={status} />
      {session && <ChatDock session={session} seatID={seat === null ? null : String(seat)} matchID={matchID} sender={imperiosSender} />}
      {seat === null ? <span>Watching</span> : <span>You: {who(byID.get(String(seat)), false)} as <SeatMark seat={seat} /> {seatName(seat)}</span>}
      <ul aria-label="Seats">
        {view.civs.map((c) => {
          const id = String(c.seat);
          const p = byID.get(id);
          return (
            <li key={id} data-seat={id} data-awaited={awaited.includes(c.seat)} data-player={isBot(p) ? 'bot' : p?.name === undefined ? 'free' : p.isConnected ? 'online' : 'away'}>
              <SeatMark seat={c.seat} size={14} /> {seatName(c.seat)}: {who(p, withBot.has(id))}
              {awaited.includes(c.seat) && <span> — to decide</span>}
              {clock && table && (clock.kind === 'live' || ticking.has(id)) && (
                <span data-clock-seat={id} data-clock-active={ticking.has(id) ? 'yes' : 'no'}>
                  {' '}{ticking.has(id) ? '⏱ ' : '· '}{formatClock(seatClockLeft(table, id, now))}
                </span>
              )}
              {outOfTime.has(id) && <strong data-testid={`imp-out-of-time-${id}`} style={{ color: colors.danger }}> out of time</strong>}
              {onTable && seat !== null && id !== String(seat) && outOfTime.has(id) && !withBot.has(id) && !view.result && (
                <ChoiceButton $small $primary data-online={`claim-win-${id}`} onClick={() => tableAction('claimWin', id)}>Claim the win</ChoiceButton>
              )}
              {onTable && seat !== null && id !== String(seat) && (abandoned.has(id) || outOfTime.has(id)) && !withBot.has(id) && !view.result && (
                <ChoiceButton $small data-online={`hand-to-bot-${id}`} onClick={() => tableAction('handToBot', id)}>Hand to the bot</ChoiceButton>
              )}
            </li>
          );
        })}
      </ul>
      {clock && (
        <span data-testid="imp-clock" data-clock={clock.kind}>
          {clock.stopped ? 'Clock stopped' : clock.paused ? 'Clock paused while the bot plays'
            : clock.kind === 'live' ? `Live clock: + ${formatClock(clock.incrementMs ?? 0)} per decision` : `Clock: ${formatClock(clock.perDecisionMs ?? 0)} per decision`}
        </span>
      )}
      <AnswersCountdown snap={view.result ? null : table} seat={seat} />
      {free && <span>Invite link: <input readOnly aria-label="Invite link" data-testid="imp-invite-link" value={imperiosLink(matchID)} onFocus={(e) => e.target.select()} style={{ width: 240 }} /></span>}
      {view.result && <a href={imperiosReplayHref(matchID)} data-testid="imp-replay-link" style={{ color: colors.highlight }}>Watch the replay</a>}
      {view.result && endActions}
      {!free && !view.result && <span>Spectator link: <input readOnly aria-label="Spectator link" data-testid="imp-watch-link" value={imperiosLink(matchID, true)} onFocus={(e) => e.target.select()} style={{ width: 240 }} /></span>}
      {mineWithBot && onTable && (
        <span data-testid="imp-mine-with-bot">The server bot plays your seat. <ChoiceButton $small data-online="take-back" onClick={() => tableAction('takeBack')}>Take my seat back</ChoiceButton></span>
      )}
      {seat !== null && !view.result && awaited.includes(seat) && !mineWithBot && <strong data-testid="imp-your-decision" style={{ color: colors.highlight }}>Your decision</strong>}
      {error && <ErrorText role="alert">{error}</ErrorText>}
    </Strip>
  );
  // Nothing can be sent while reconnecting or while the bot holds this seat: the board then offers no choice.
  const send = act && !mineWithBot ? act : null;
  const exit = onLeave && !view.result ? () => setLeaving(true) : onExit;
  return (
    <>
      <ImperiosBoard view={view} seat={seat} readOnly={!send} act={send ?? (() => {})} onExit={exit} extra={strip} />
      {leaving && onLeave && !view.result && (
        <ConfirmDialog title="Leave this match?" text="Leaving ends this match for everyone: you are ranked last (G56)." confirmLabel="Leave" cancelLabel="Stay"
          onConfirm={() => { setLeaving(false); onLeave(); }} onCancel={() => setLeaving(false)} testId="leave-dialog" danger />
      )}
    </>
  );
}

function Fatal({ error, onBack }: { error: string; onBack(): void }) {
  const text = error === 'unauthorized' || error === 'seat released'
    ? 'This seat is no longer yours (it was left, or the match was reset).'
    : error === 'match not found' || error === 'match deleted' ? 'This match does not exist any more.' : `The server refused: ${error}.`;
  return (
    <Main>
      <ErrorText role="alert" data-testid="online-fatal" style={{ fontSize: 16 }}>{text}</ErrorText>
      <ChoiceButton $primary onClick={onBack}>Back to the Imperios lobby</ChoiceButton>
    </Main>
  );
}

function PlayImperios({ lobby, joined, onLobby, onRematch }: { lobby: ImperiosLobby; joined: Joined; onLobby(): void; onRematch(j: Joined): void }) {
  const { session, state, status, players, fatal } = useOnlineSession(lobby.server, joined.matchID, joined.playerID, joined.credentials, IMPERIOS_DEF);
  // The page title (and a notification, if allowed, while the page is hidden) on this seat's decision.
  const G = state?.G as unknown as ImperiosView | undefined;
  useTurnAlert(!!G && !G.result && awaitedSeats(asCore(G)).includes(Number(joined.playerID)), 'Imperios Milenarios');
  if (fatal) return <Fatal error={fatal} onBack={() => { forgetImperiosSeat(joined.matchID); onLobby(); }} />;
  if (!state || !session) return <Loading text="Connecting to the match…" />;
  const view = state.G as unknown as ImperiosView;
  const moves = (session.client as unknown as { moves: Record<string, (a: Action) => void> }).moves;
  const leave = async () => {
    await lobby.leave(joined).catch(() => {});
    forgetImperiosSeat(joined.matchID);
    onLobby();
  };
  return (
    <ImperiosTable view={view} seat={Number(joined.playerID)} players={players} status={status} table={session.table()}
      act={status === 'connected' ? (a) => moves.act(a) : undefined} onExit={onLobby} onLeave={() => void leave()} matchID={joined.matchID} stateID={state._stateID} session={session}
      onTable={(action, seat) => lobby.tableAction(joined, action, seat)}
      endActions={<ImperiosRematch lobby={lobby} joined={joined} onRematch={onRematch} />} />
  );
}

function WatchImperios({ lobby, matchID, onLobby }: { lobby: ImperiosLobby; matchID: string; onLobby(): void }) {
  const { session, state, status, players, fatal } = useOnlineSession(lobby.server, matchID, null, undefined, IMPERIOS_DEF);
  if (fatal) return <Fatal error={fatal} onBack={onLobby} />;
  if (!state || !session) return <Loading text="Connecting to the match…" />;
  return <ImperiosTable view={state.G as unknown as ImperiosView} seat={null} players={players} status={status} table={session.table()} onExit={onLobby} matchID={matchID} stateID={state._stateID} session={session} />;
}

/** The Imperios part of "Play online": its lobby, a match's join screen, a seat's match, a spectator's. */
export function ImperiosOnline({ server, initial, onExit }: { server: string; initial?: ImperiosOnlineRoute; onExit(): void }) {
  const lobby = useMemo(() => new ImperiosLobby(server), [server]);
  const [route, setRoute] = useState<ImperiosOnlineRoute>(initial ?? {});
  useEffect(() => address(route), [route]);
  const toLobby = () => setRoute({});
  const joined = (j: Joined) => { saveImperiosSeat(j); setRoute({ matchID: j.matchID }); };
  if (route.matchID && route.watch) return <WatchImperios key={route.matchID} lobby={lobby} matchID={route.matchID} onLobby={toLobby} />;
  if (route.matchID) {
    const seat = loadImperiosSeat(route.matchID);
    if (seat) return <PlayImperios key={route.matchID} lobby={lobby} joined={seat} onLobby={toLobby} onRematch={joined} />;
    const id = route.matchID;
    return <MatchEntry key={id} lobby={lobby} matchID={id} onJoined={joined} onWatch={() => setRoute({ matchID: id, watch: true })} onLobby={toLobby} />;
  }
  return (
    <Main data-screen="imp-lobby">
      <div style={{ display: 'flex', gap: 10, alignItems: 'center' }}>
        <h1 style={{ margin: 0, flex: 1 }}>Imperios Milenarios online</h1>
        <ChoiceButton onClick={onExit} data-imp-online="back">Back</ChoiceButton>
      </div>
      <CreateImperios lobby={lobby} onJoined={joined} />
      <ImperiosMyMatches lobby={lobby} onOpen={(j) => setRoute({ matchID: j.matchID })} />
      <OpenMatches lobby={lobby} onJoin={(id) => setRoute({ matchID: id })} onWatch={(id) => setRoute({ matchID: id, watch: true })} />
    </Main>
  );
}
