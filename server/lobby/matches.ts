/** Stored matches as the lobby reads them: what a listing shows, who holds which seat, the bot, the solo setup. */
import type { Server } from 'boardgame.io';
import { soloFromSetupData } from '../../src/game';
import type { ListedClock, PublicMatch } from '../../src/protocol';
import type { SoloSetup } from '../../src/game/content';
import { seatIDs, seatMetadata, type SeatID } from '../seats/credentials';
import { botKindOf, publicPlayers } from '../match/hub';
import { botKindIn, type HostedGame } from '../match/hosted-game';
import type { TableMetadata } from '../table/state';
import type { BotSpec } from './checks';

/** A seat as stored: boardgame.io's, plus `left` once its player left (the seat is never reopened). */
export type Seat = Server.PlayerMetadata & { left?: boolean };

export const isOver = (m: Server.MatchData) => m.gameover !== undefined && m.gameover !== null;

/** The solo setup a stored match was created with, or undefined (a 2-player match). */
export function soloOf(m: Server.MatchData): SoloSetup | undefined {
  const r = soloFromSetupData((m as { setupData?: unknown }).setupData);
  return r && !('error' in r) ? r : undefined;
}

/**
 * A match as the lobby shows it: never credentials, setupData or anything a client stored. `hosted`: its game, whose
 * bots name the bot seats' kinds.
 */
export function publicMatch(matchID: string, m: Server.MatchData, hosted?: HostedGame): PublicMatch {
  const out: PublicMatch = {
    matchID,
    gameName: m.gameName,
    players: publicPlayers(m, hosted?.bots),
    unlisted: !!m.unlisted,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
  };
  if (m.gameover !== undefined && m.gameover !== null) out.gameover = m.gameover;
  const solo = soloOf(m);
  if (solo) out.solo = solo;
  const clock = (m as TableMetadata).clock;
  if (clock) {
    // parseClockOption filled every field of its kind when the match was created.
    out.clock = (clock.kind === 'live'
      ? { kind: 'live', bankMs: clock.bankMs, incrementMs: clock.incrementMs }
      : { kind: 'turn', perDecisionMs: clock.perDecisionMs }) as ListedClock;
  }
  const hints = (m as TableMetadata).hints;
  if (hints) out.hints = { limit: hints.limit };
  // Never nextMatchID: it is shown to a seat holder only (see ./routes/match.ts), so strangers cannot find the rematch.
  return out;
}

/**
 * Seats a human holds now (joined, not left, not a bot; a seat handed to the bot is still its owner's; a rematch seat
 * whose player has not asked for it is nobody's yet).
 */
export function humanSeats(m: Server.MatchData): SeatID[] {
  const unclaimed = (m as TableMetadata).unclaimed ?? [];
  return seatIDs(m).filter((id) => {
    const p = seatMetadata(m, id);
    return p && typeof p.credentials === 'string' && !unclaimed.includes(id)
      && (!botKindOf(p) || (p.data as { handedOver?: unknown }).handedOver === true);
  });
}

/**
 * The bot seats of a bot match of `hosted`'s game (their kinds by their current names). A seat handed to the bot is
 * its owner's (issue 19 item 6: not carried into a rematch).
 */
export function botsOf(m: Server.MatchData, hosted: HostedGame): BotSpec[] {
  const out: BotSpec[] = [];
  for (const id of seatIDs(m)) {
    const p = seatMetadata(m, id);
    if ((p?.data as { handedOver?: unknown } | undefined)?.handedOver === true) continue;
    const kind = botKindIn(hosted.bots, botKindOf(p));
    if (kind) out.push({ playerID: id, kind });
  }
  return out;
}

/** The setupData of a stored match of a game's own (../match/hosted-game.ts `setup`), for its rematch; not solo's. */
export function ownSetupOf(m: Server.MatchData, hosted: HostedGame): unknown {
  return hosted.setup ? (m as { setupData?: unknown }).setupData : undefined;
}
