/**
 * The table around an online match (server 'mint:table', server/table-state.ts), under the online strip: both
 * seats' clocks (live: the bank, counting down on the running decision; turn-based: the time left for the running
 * decision), counted down here from the server's snapshot (the server decides); and what a player may do about
 * the other seat: claim the win or hand the seat to the bot once the opponent's time ran out, hand an abandoned
 * seat (away longer than the limit) to the bot; take one's own seat back from the bot. Nothing for a plain match.
 */
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { ChoiceButton } from '../prompt/ChoiceButton';
import { colors, factionColor, factionName } from '../theme';
import { isSeatID, otherSeat, SEATS, seatOfID, type SeatID, type TableAction, type TableView } from '../../protocol';
import type { TableSnapshot } from './socketClient';

export type { TableAction };

const Bar = styled.div`
  display: flex;
  gap: 12px;
  align-items: center;
  flex-wrap: wrap;
  padding: 3px 12px;
  font-size: 13px;
  background: ${colors.bg};
  border-bottom: 1px solid ${colors.border};
`;

export function formatClock(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h >= 1) return `${h} h ${String(m).padStart(2, '0')} min`;
  return `${m}:${String(sec).padStart(2, '0')}`;
}

/** What `seat` has left at this page's time `localNow` (the server's rule, from its snapshot). */
export function remaining(snap: TableSnapshot, seat: SeatID, localNow: number): number {
  const c = snap.view.clock;
  if (!c || c.stopped) return Infinity;
  const serverNow = snap.view.serverNow + (localNow - snap.receivedAt);
  const running = c.running?.seat === seat ? serverNow - c.running.since : 0;
  if (c.kind === 'live') return (c.banks?.[seat] ?? 0) - running;
  return c.running?.seat === seat ? (c.perDecisionMs ?? 0) - running : Infinity;
}

function useTick(on: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return undefined;
    const t = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(t);
  }, [on]);
  return now;
}

/** Which actions the viewer (seat `me`) may take now, by the same rules as the server. */
export function tableOptions(view: TableView, snap: TableSnapshot, me: string | null, localNow: number): TableAction[] {
  if (!isSeatID(me)) return []; // a spectator
  const opp = otherSeat(me);
  const out: TableAction[] = [];
  const mineWithBot = view.handovers.some((h) => h.seat === me && h.to === undefined);
  if (mineWithBot) return ['takeBack'];
  const oppWithBot = view.handovers.some((h) => h.seat === opp && h.to === undefined);
  if (oppWithBot) return [];
  // The server's word (pushed when it happens: server/table-timer.ts), or this page's count-down of its snapshot.
  const late = view.clock?.expired === opp || (view.clock?.running?.seat === opp && remaining(snap, opp, localNow) <= 0);
  if (late) out.push('claimWin', 'handToBot');
  const away = view.away[opp];
  const gone = view.abandoned?.includes(opp)
    || (away !== undefined && snap.view.serverNow + (localNow - snap.receivedAt) - away >= view.abandonMs);
  if (!late && gone) out.push('handToBot');
  return out;
}

/**
 * Issue 20 item 7 — the opponent is away but not yet for the limit: how long until the viewer may hand their seat
 * to the bot (ms), from this page's count-down of the server's snapshot; null when there is nothing to count.
 */
export function botOfferIn(view: TableView, snap: TableSnapshot, me: string | null, localNow: number): number | null {
  if (!isSeatID(me)) return null; // a spectator
  const opp = otherSeat(me);
  const away = view.away[opp];
  if (away === undefined || view.abandoned?.includes(opp) || view.handovers.some((h) => h.seat === opp && h.to === undefined)) return null;
  const left = view.abandonMs - (snap.view.serverNow + (localNow - snap.receivedAt) - away);
  return left > 0 ? left : null;
}

const LABELS: Record<TableAction, string> = {
  claimWin: 'Claim the win',
  handToBot: 'Hand their seat to the bot',
  takeBack: 'Take your seat back',
};

export function TableBar({ snap, me, over, onAction }: {
  snap: TableSnapshot | null; me: string | null; over: boolean; onAction?(a: TableAction): Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const running = !!snap?.view.clock?.running && !snap.view.clock.stopped && !over;
  const now = useTick(running || Object.keys(snap?.view.away ?? {}).length > 0);
  if (!snap) return null;
  const { view } = snap;
  const options = over || !onAction ? [] : tableOptions(view, snap, me, now);
  const botSeats = view.handovers.filter((h) => h.to === undefined).map((h) => h.seat);
  const offerIn = over ? null : botOfferIn(view, snap, me, now);
  if (!view.clock && options.length === 0 && botSeats.length === 0 && !view.abandoned?.length && offerIn === null) return null;
  const act = async (a: TableAction) => {
    setBusy(true);
    setError(null);
    try {
      await onAction!(a);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Bar data-testid="table-bar">
      {view.clock && SEATS.map((id) => {
        const left = remaining(snap, id, now);
        const active = view.clock!.running?.seat === id && !view.clock!.stopped;
        const seat = seatOfID(id);
        return (
          <span key={id} data-clock-seat={id} data-clock-active={active ? 'yes' : 'no'}
            style={{ color: factionColor(seat), fontWeight: active ? 700 : 400 }}>
            {factionName(seat)}{id === me ? ' (you)' : ''}: <span data-clock-time="">{view.clock!.kind === 'turn' && !active ? 'waiting' : formatClock(left)}</span>
            {active && left <= 0 && <strong style={{ color: colors.danger }}> out of time</strong>}
          </span>
        );
      })}
      {view.clock && <span style={{ color: colors.muted }}>{view.clock.stopped ? 'clock stopped' : view.clock.paused ? 'clock paused while the bot plays' : view.clock.kind === 'live' ? 'live clock' : 'per-turn clock'}</span>}
      {isSeatID(me) && !over && view.abandoned?.includes(otherSeat(me)) && (
        <span data-testid="opponent-abandoned">Your opponent has been away for too long.</span>
      )}
      {offerIn !== null && (
        <span data-testid="bot-offer-countdown" data-ms={Math.round(offerIn)}>
          Your opponent is away. If they are not back in {formatClock(offerIn)}, you can hand their seat to the bot.
        </span>
      )}
      {botSeats.map((id) => (
        <span key={id} data-testid="bot-plays">The server bot plays the {factionName(seatOfID(id))} seat{id === me ? ' for you' : ''}.</span>
      ))}
      {options.map((a) => (
        <ChoiceButton key={a} $small $primary={a === 'takeBack'} disabled={busy} onClick={() => void act(a)} data-table-action={a}>
          {LABELS[a]}
        </ChoiceButton>
      ))}
      {error && <span role="alert" style={{ color: colors.danger }}>{error}</span>}
    </Bar>
  );
}
