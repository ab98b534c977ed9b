/**
 * What the server keeps about the table around a match, in its metadata (written with the state: ./hub.ts):
 * the turn clock (./clock.ts), since when each seat is away (`players[i].awaySince`, set when its last socket
 * closed), and the hand-overs of a seat to the server bot (who played which decisions). `tableView` is what every
 * socket of the match gets as 'mint:table' (matchID, view): nothing secret (no credentials, no game state).
 */
import type { Server } from 'boardgame.io';
import { SEATS, seatMetadata, type SeatID } from './auth';
import { clockView, type ClockState } from './clock';

/** A seat played by the server bot for its owner from state `from` (inclusive) until `to` (the state taken back). */
export interface Handover {
  seat: SeatID;
  from: number;
  to?: number;
  why: 'time' | 'away';
}

export type TableMetadata = Server.MatchData & { clock?: ClockState; handovers?: Handover[] };

export interface TableView {
  serverNow: number;
  clock?: ReturnType<typeof clockView>;
  /** Seats away (no socket) since when (server ms). */
  away: Partial<Record<SeatID, number>>;
  /** How long a seat must be away before its opponent may hand it to the bot. */
  abandonMs: number;
  handovers: Handover[];
}

/** The disconnect limit of a match: the decision limit with a turn clock, else the server's (default 3 min). */
export function abandonLimit(m: TableMetadata, serverDefault: number): number {
  return m.clock?.kind === 'turn' ? m.clock.perDecisionMs! : serverDefault;
}

export function awaySince(m: Server.MatchData, seat: SeatID): number | undefined {
  const p = seatMetadata(m, seat) as { awaySince?: unknown; isConnected?: boolean } | undefined;
  return p && p.isConnected !== true && typeof p.awaySince === 'number' ? p.awaySince : undefined;
}

/** null for a match with nothing to show (no clock, nobody away, no hand-over): plain matches cost nothing. */
export function tableView(m: TableMetadata, now: number, abandonDefault: number): TableView | null {
  const away: Partial<Record<SeatID, number>> = {};
  for (const id of SEATS) {
    const t = awaySince(m, id);
    if (t !== undefined) away[id] = t;
  }
  if (!m.clock && !m.handovers?.length && Object.keys(away).length === 0) return null;
  const view: TableView = { serverNow: now, away, abandonMs: abandonLimit(m, abandonDefault), handovers: m.handovers ?? [] };
  if (m.clock) view.clock = clockView(m.clock, now);
  return view;
}
