/**
 * What the server keeps about the table around a match, in its metadata (written with the state: ../match/hub.ts):
 * the turn clock (./clock.ts), since when each seat is away (`players[i].awaySince`, set when its last socket
 * closed), and the hand-overs of a seat to the server bot (who played which decisions). `tableView` is what every
 * socket of the match gets as 'mint:table' (matchID, view; its shape: src/protocol/table.ts): nothing secret (no
 * credentials, no game state).
 */
import type { Server } from 'boardgame.io';
import type { AnswersView, Handover, HintTable, PlayedBy, SeatID as MintSeatID, TableView } from '../../src/protocol';
import { seatIDs, seatMetadata, type SeatID } from '../seats/credentials';
import { clockView, type ClockState } from './clock';

export type TableMetadata = Server.MatchData & {
  clock?: ClockState;
  handovers?: Handover[];
  /**
   * A rematch (../lobby/routes/play-again.ts, issue 19 item 2): the reserved seats whose player has not asked for it yet. Until
   * none is left the match is not `seated`: no clock runs, no absence counts, and it expires unopened (./timer.ts).
   */
  unclaimed?: SeatID[];
  /** Since when (server ms) a rematch with `unclaimed` seats has waited: it expires unopened after the limit. */
  unclaimedSince?: number;
  /** A rematch: the match it follows (its `nextMatchID` is cleared when the rematch expires unopened). */
  rematchOf?: string;
  /** Issue 22: hints allowed (set at creation, kept for the match's life): limit, counts, the hints asked for. */
  hints?: HintTable;
  /**
   * A question with a time limit the game waits on (../match/hosted-game.ts `answersDue`): its key, kind, deadline
   * (server ms, fixed when it opened) and the seats still owing an answer. Written with each move's state
   * (../match/moves.ts); the table timer (./timer.ts) makes the default answers once it has passed. null: the last
   * one closed (the table is still sent, without it).
   */
  answers?: OpenAnswers | null;
};

export interface OpenAnswers extends AnswersView {
  key: string;
}

/**
 * Both seats are held by their players (issue 19 item 2): each has a name (a human who joined, a bot, the rival
 * deck), and no rematch seat is still waiting for its player's playAgain. Only then does a clock start and does an
 * absence count: a player waiting for an opponent is never "away" from a game that has not started.
 */
export function seated(m: Server.MatchData): boolean {
  const ids = seatIDs(m);
  return ids.length > 0 && ids.every((id) => typeof seatMetadata(m, id)?.name === 'string') && !((m as TableMetadata).unclaimed?.length);
}

/**
 * The match has just become `seated`: every human seat without a socket is away from now (a seat whose player never
 * opens a socket can be handed to the bot after the limit). Bot and rival seats have no presence.
 */
export function startAbsences(m: Server.MatchData, now: number): void {
  for (const id of seatIDs(m)) {
    const p = seatMetadata(m, id) as (Server.PlayerMetadata & { awaySince?: number }) | undefined;
    if (!p || typeof p.credentials !== 'string' || isBotSeat(m, id)) continue;
    if (p.isConnected === true) delete p.awaySince;
    else p.awaySince = now;
  }
}

/** The seats of a running game whose player has been away (no socket, or never connected) for the limit. */
export function abandonedSeats(m: TableMetadata, now: number, abandonDefault: number): SeatID[] {
  if (m.gameover !== undefined && m.gameover !== null) return [];
  const limit = abandonLimit(m, abandonDefault);
  return seatIDs(m).filter((id) => {
    const t = awaySince(m, id);
    return t !== undefined && now - t >= limit && !isBotSeat(m, id);
  });
}

/** A seat the server bot plays (a bot seat, or one handed over): its presence does not count. */
function isBotSeat(m: Server.MatchData, id: SeatID): boolean {
  return (seatMetadata(m, id)?.data as { bot?: unknown } | undefined)?.bot !== undefined;
}

/** The default for how long a rematch waits for a player's playAgain before it expires unopened (issue 19 item 2). */
export const DEFAULT_REMATCH_EXPIRY_MS = 30 * 60_000;

/**
 * When an unopened rematch expires (server ms), or null (not a rematch waiting for a player). A turn-clock rematch
 * (games that last days) waits at least its decision limit: its players need not be online at the same time.
 */
export function rematchExpiry(m: TableMetadata, expiryMs: number): number | null {
  if (!m.unclaimed?.length || typeof m.unclaimedSince !== 'number') return null;
  const turn = m.clock?.kind === 'turn' ? m.clock.perDecisionMs ?? 0 : 0;
  return m.unclaimedSince + Math.max(expiryMs, turn);
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
  // The table's protocol types name Mint's two seats; a game with more seats sends its other playerIDs the same way.
  const away: Partial<Record<MintSeatID, number>> = {};
  for (const id of seatIDs(m) as MintSeatID[]) {
    const t = awaySince(m, id);
    if (t !== undefined) away[id] = t;
  }
  if (!m.clock && !m.handovers?.length && !m.hints && m.answers === undefined && Object.keys(away).length === 0) return null;
  const view: TableView = {
    serverNow: now, away, abandonMs: abandonLimit(m, abandonDefault), abandoned: abandonedSeats(m, now, abandonDefault) as MintSeatID[],
    handovers: m.handovers ?? [],
  };
  if (m.clock) view.clock = clockView(m.clock, now);
  if (m.hints) view.hints = m.hints;
  if (m.answers) view.answers = { kind: m.answers.kind, until: m.answers.until, seats: m.answers.seats };
  return view;
}

/**
 * Who plays a move of `seat` (src/game/playedBy.ts), by the seat's hand-overs: a bot move of a seat with the bot
 * (`byBot`) is noted `bot`, its first one also `handedOver`; the owner's first move after taking the seat back is
 * noted `takenBack` (only if the bot had made a decision). `handovers` is the updated list when a first decision
 * was noted (written with the move's state). null: a plain move.
 */
export function playedNote(handovers: Handover[] | undefined, seat: SeatID, byBot: boolean): { played: PlayedBy; handovers?: Handover[] } | null {
  if (!handovers?.length) return null;
  const i = handovers.map((h) => h.seat as SeatID).lastIndexOf(seat);
  if (i < 0) return null;
  const h = handovers[i];
  const update = (x: Handover) => handovers.map((y, k) => (k === i ? x : y));
  if (byBot && h.to === undefined) {
    if (h.botMoved) return { played: { bot: true } };
    return { played: { bot: true, handedOver: h.why }, handovers: update({ ...h, botMoved: true }) };
  }
  if (!byBot && h.to !== undefined && h.botMoved && !h.ownerBack) {
    return { played: { takenBack: true }, handovers: update({ ...h, ownerBack: true }) };
  }
  return null;
}
