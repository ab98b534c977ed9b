/**
 * An online game: the Board fed by this browser's socket client (its own seat's view only), or the public view for
 * a spectator; a strip under the header with the connection status, the opponent's name and presence, and the
 * invite / spectator links; "Play again" on the end screen (the lobby's playAgain: both players land in the same
 * rematch, in the same seats). A solo match (RULES §9) adds the rival panel of the solo board (src/ui/solo), for the
 * human and for spectators; the human's prompt waits until the rival's last step is shown. The strip's "Chat" opens
 * the match's chat (./ChatPanel.tsx) when the opponent is a person, and always for spectators. A seated player
 * has "Report a problem" (./ReportProblem.tsx) in the strip during the game and on the end screen. On this seat's
 * decision the page title says "Your turn" (and a notification, if allowed, while the page is hidden: ./turnAlert.ts).
 */
import { HintsNote, onlineHints } from './hints';
import { useState } from 'react';
import styled from 'styled-components';
import { Board } from '../board/Board';
import { ChoiceButton } from '../prompt/ChoiceButton';
import { sendAction } from '../session/clients';
import { colors, factionName } from '../theme';
import { Loading } from '../screens/Loading';
import { ErrorText } from './forms';
import { RivalPanel, rivalLines } from '../solo/RivalPanel';
import { usePaced } from '../solo/SoloScreen';
import type { GameState } from '../../game/rules';
import { isBot, isRival, type Joined, type Lobby, type PublicPlayer } from './lobbyApi';
import { useRematch } from './rematch';
import { seatOfID } from '../../protocol';
import { onlineMoment, OnlineReplayButton } from '../replay/ReplayButtons';
import { useOnlineSession, type ConnectionStatus, type TableView } from './socketClient';
import { ChatDock } from './ChatPanel';
import { askNotifications, notificationPermission, useTurnAlert } from './turnAlert';
import { TableBar } from './TableBar';
import { ReportProblem } from './ReportProblem';

const Strip = styled.div`
  display: flex;
  gap: 12px;
  align-items: center;
  flex-wrap: wrap;
  padding: 3px 12px;
  font-size: 12px;
  color: ${colors.muted};
  background: ${colors.bg};
  border-bottom: 1px solid ${colors.border};
`;

const Dot = styled.span<{ $c: string }>`
  display: inline-block;
  width: 9px;
  height: 9px;
  border-radius: 50%;
  background: ${(p) => p.$c};
  margin-right: 5px;
`;

const LinkBox = styled.input`
  width: 260px;
  max-width: 40vw;
  font-size: 11px;
  padding: 2px 6px;
  border-radius: 6px;
  border: 1px solid ${colors.border};
  background: ${colors.surface};
  color: ${colors.text};
`;

const STATUS: Record<ConnectionStatus, [string, string]> = {
  connecting: ['Connecting…', colors.highlight],
  connected: ['Connected', colors.imperial],
  reconnecting: ['Reconnecting…', colors.danger],
};

export function ConnectionBadge({ status }: { status: ConnectionStatus }) {
  const [text, c] = STATUS[status];
  return <span role="status" data-connection={status}><Dot $c={c} />{text}</span>;
}

export function matchLink(matchID: string, watch = false): string {
  const url = new URL(window.location.href);
  url.search = '';
  url.hash = '';
  url.searchParams.set('match', matchID);
  if (watch) url.searchParams.set('watch', '1');
  return url.toString();
}

function CopyLink({ label, link, testid }: { label: string; link: string; testid: string }) {
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('Copied');
    } catch {
      setCopied('Select the link and copy it');
    }
    setTimeout(() => setCopied(null), 2500);
  };
  return (
    <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
      {label}
      <LinkBox readOnly value={link} data-testid={testid} aria-label={label} onFocus={(e) => e.target.select()} />
      <ChoiceButton $small style={{ minHeight: 24, padding: '0 8px', fontSize: 12 }} onClick={copy} data-online={`copy-${testid}`}>
        {copied ?? 'Copy'}
      </ChoiceButton>
    </span>
  );
}

function Opponent({ p }: { p: PublicPlayer | undefined }) {
  if (!p || p.name === undefined) return <span data-opponent-status="waiting">Waiting for an opponent to join…</span>;
  if (isBot(p)) return <span data-opponent-status="bot">Opponent: {p.name} (server bot)</span>;
  if (isRival(p)) return <span data-opponent-status="rival">Opponent: the rival deck (solo)</span>;
  return (
    <span data-opponent-status={p.isConnected ? 'online' : 'offline'}>
      Opponent: {p.name} <Dot $c={p.isConnected ? colors.imperial : colors.muted} style={{ marginLeft: 4 }} />
      {p.isConnected ? 'online' : 'offline'}
    </span>
  );
}

function Fatal({ error, onBack }: { error: string; onBack(): void }) {
  const text = error === 'unauthorized' || error === 'seat released'
    ? 'This seat is no longer yours (it was left, or the match was reset).'
    : error === 'match not found' || error === 'match deleted' ? 'This match does not exist any more.' : `The server refused: ${error}.`;
  return (
    <main style={{ maxWidth: 520, margin: '12vh auto', padding: 16, display: 'flex', flexDirection: 'column', gap: 12 }}>
      <ErrorText role="alert" data-testid="online-fatal" style={{ fontSize: 16 }}>{text}</ErrorText>
      <ChoiceButton $primary onClick={onBack}>Back to the lobby</ChoiceButton>
    </main>
  );
}

/** Solo (RULES §9): the rival's steps, one by one as on the solo board; `ready` once there is a state. */
function useRivalPace(G: GameState | undefined): number {
  return usePaced(G?.solo ? rivalLines(G).length : 0, 700, !!G);
}

/** On the end screen (issue 10): the seats the server bot played to the end, and since when (the table's hand-overs). */
export function FinishedByBot({ handovers, me }: { handovers: TableView['handovers']; me: string | null }) {
  return (
    <>
      {handovers.filter((h) => h.to === undefined).map((h) => (
        <span key={h.seat} data-testid="finished-by-bot">
          The server bot finished this game for {me === null ? 'the' : h.seat === me ? 'you as the' : 'your opponent, the'} {factionName(seatOfID(h.seat))}
          {' '}(from {h.why === 'time' ? 'when their time ran out' : 'when they had been away too long'}).
        </span>
      ))}
    </>
  );
}

export function PlayOnline({ lobby, joined, onLobby, onRematch, onSeatLost }: {
  lobby: Lobby; joined: Joined; onLobby(): void; onRematch(j: Joined): void; onSeatLost(): void;
}) {
  const { session, state, status, players, fatal } = useOnlineSession(lobby.server, joined.matchID, joined.playerID, joined.credentials);
  const seat = seatOfID(joined.playerID);
  const over = !!state?.G.winner;
  const rematch = useRematch(lobby, joined, over, onRematch);
  const shown = useRivalPace(state?.G);
  const forfeit = (state?.G.winner as { reason?: string } | null | undefined)?.reason === 'forfeit';
  // Hooks before any early return: the page title (and a notification when hidden) on this seat's decision.
  useTurnAlert(!over && !!state && state.G.pending?.seat === seat);
  const [permission, setPermission] = useState(notificationPermission);
  if (fatal) {
    // The seat or the match is gone for good: forget the stored credentials.
    return <Fatal error={fatal} onBack={() => { onSeatLost(); onLobby(); }} />;
  }
  if (!state || !session) return <Loading text="Connecting to the match…" />;
  const opponent = players.find((p) => String(p.id) !== joined.playerID);
  const table = session.table();
  const openHandovers = table?.view.handovers.filter((h) => h.to === undefined) ?? [];
  const mineWithBot = openHandovers.some((h) => h.seat === joined.playerID);
  const leave = async () => {
    if (!over) {
      try {
        await lobby.leave(joined);
      } catch {
        // Leaving a match that is gone is fine.
      }
      onSeatLost();
    }
    onLobby();
  };
  const extra = (
    <Strip data-testid="online-strip">
      <ConnectionBadge status={status} />
      <span>You: {joined.name} ({factionName(seat)})</span>
      <Opponent p={opponent} />
      {opponent && opponent.name === undefined && <CopyLink label="Invite link" link={matchLink(joined.matchID)} testid="invite-link" />}
      {!over && opponent?.name !== undefined && <CopyLink label="Spectator link" link={matchLink(joined.matchID, true)} testid="watch-link" />}
      {opponent && !isBot(opponent) && !isRival(opponent) && <ChatDock session={session} seatID={joined.playerID} matchID={joined.matchID} />}
      {!over && <ReportProblem server={lobby.server} seat={joined} />}
      {permission === 'default' && !over && (
        <ChoiceButton $small style={{ minHeight: 24, padding: '0 8px', fontSize: 12 }} data-online="notify"
          onClick={() => { void askNotifications().then(setPermission); }}>
          Notify me on my turn
        </ChoiceButton>
      )}
    </Strip>
  );
  const tableBar = <TableBar snap={table} me={joined.playerID} over={over} onAction={(a) => lobby.tableAction(joined, a)} />;
  const hints = onlineHints(table?.view.hints, joined.playerID, () => lobby.askHint(joined));
  // Solo: the rival panel under the strip; the human's prompt waits until the rival's last step is shown.
  const caughtUp = !state.G.solo || shown >= rivalLines(state.G).length;
  const panel = state.G.solo ? <RivalPanel view={state.G} shown={shown} /> : null;
  const endActions = (
    <>
      <ChoiceButton $primary onClick={() => void rematch.start()} disabled={rematch.busy} data-online="play-again">
        {rematch.busy ? 'Starting…' : rematch.offered ? 'Join the rematch' : 'Play again'}
      </ChoiceButton>
      <OnlineReplayButton matchID={joined.matchID} />
      <ReportProblem server={lobby.server} seat={joined} />
      {forfeit && <span data-testid="forfeit">{state?.G.winner?.faction === seat ? 'Your opponent left the match.' : 'You left the match.'}</span>}
      {rematch.offered && <span data-testid="rematch-offer">Your opponent has started a rematch.</span>}
      <FinishedByBot handovers={openHandovers} me={joined.playerID} />
      <HintsNote hints={table?.view.hints} />
      {rematch.error && <ErrorText role="alert">{rematch.error}</ErrorText>}
    </>
  );
  return (
    // While reconnecting nothing can be sent: the board shows the last view, without choices.
    <Board view={state.G} seat={seat}
      onAction={status === 'connected' && caughtUp && !mineWithBot ? (a) => sendAction(session.client, a) : undefined}
      onExit={leave} leaveNote="Leaving ends this match: your opponent wins by forfeit, and your seat closes for good."
      extra={<>{extra}{tableBar}{panel}</>} endActions={endActions} momentLink={onlineMoment(joined.matchID)} hints={hints} />
  );
}

export function WatchOnline({ lobby, matchID, onLobby }: { lobby: Lobby; matchID: string; onLobby(): void }) {
  const { session, state, status, players, fatal } = useOnlineSession(lobby.server, matchID, null);
  const shown = useRivalPace(state?.G);
  if (fatal) return <Fatal error={fatal} onBack={onLobby} />;
  if (!state || !session) return <Loading text="Connecting to the match…" />;
  const names = players.map((p) => `${factionName(seatOfID(p.id))}: ${p.name ?? '(free seat)'}`).join(' · ');
  const extra = (
    <Strip data-testid="online-strip">
      <ConnectionBadge status={status} />
      <span>Watching · {names}</span>
      <ChatDock session={session} seatID={null} matchID={matchID} />
    </Strip>
  );
  const panel = state.G.solo ? <RivalPanel view={state.G} shown={shown} /> : null;
  const table = session.table();
  const tableBar = <TableBar snap={table} me={null} over={!!state.G.winner} />;
  const endActions = (
    <>
      <OnlineReplayButton matchID={matchID} />
      <FinishedByBot handovers={table?.view.handovers ?? []} me={null} />
      <HintsNote hints={table?.view.hints} />
    </>
  );
  // A spectator sees the hints in the log, never a Hint button (no seat: Board offers none).
  const notes = table?.view.hints ? onlineHints(table.view.hints, null, async () => 'spectators cannot ask for hints') : undefined;
  return <Board hints={notes} view={state.G} seat={null} onExit={onLobby} leaveNote="The match goes on without you: you can watch it again from the lobby."
    extra={<>{extra}{tableBar}{panel}</>} endActions={endActions} momentLink={onlineMoment(matchID)} />;
}
