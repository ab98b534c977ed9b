/**
 * What the hub and the lobby say about a match and its seats: match IDs, the players as clients see them, the
 * bot and rival markers of a seat.
 */
import type { Server } from 'boardgame.io';
import type { PublicPlayer } from '../../src/protocol';
import { seatIDs, seatMetadata } from '../seats/credentials';
import { botKindIn, type HostedBots } from './hosted-game';

export const MATCH_ID_RE = /^[A-Za-z0-9_-]{1,64}$/;

export function isMatchID(x: unknown): x is string {
  return typeof x === 'string' && MATCH_ID_RE.test(x);
}

/**
 * Players as clients see them (src/protocol/lobby.ts): no credentials, nothing but id, name, connection and the bot
 * marker (by its current name: `bots` of the match's game resolves older ones).
 */
export function publicPlayers(metadata: Server.MatchData, bots?: Pick<HostedBots, 'kinds' | 'aliases'>): PublicPlayer[] {
  const out: PublicPlayer[] = [];
  for (const id of seatIDs(metadata)) {
    const p = seatMetadata(metadata, id);
    if (!p) continue;
    const q: PublicPlayer = { id: Number(id) };
    if (typeof p.name === 'string') q.name = p.name;
    if (typeof p.isConnected === 'boolean') q.isConnected = p.isConnected;
    const bot = botKindOf(p);
    if (bot) q.data = { bot: botKindIn(bots, bot) ?? bot };
    else if (isRivalSeat(p)) q.data = { rival: true };
    out.push(q);
  }
  return out;
}

/**
 * The bot kind a seat's marker names (`data.bot`, written by the lobby or a hand-over) as stored, else null: whether a
 * server bot plays the seat. Which kinds a game has, and their older names, are the game's (./hosted-game.ts `bots`,
 * `botKindIn`).
 */
export function botKindOf(p: Server.PlayerMetadata | undefined): string | null {
  const bot = (p?.data as { bot?: unknown } | undefined)?.bot;
  return typeof bot === 'string' && bot !== '' ? bot : null;
}

/** The name the rival's seat of a solo match shows (RULES §9: the engine plays it; nobody can join it). */
export const RIVAL_NAME = 'Rival deck';

/** The seat of a solo match's rival deck: closed for good, no credentials, never driven by a server bot. */
export function isRivalSeat(p: Server.PlayerMetadata | undefined): boolean {
  return (p?.data as { rival?: unknown } | undefined)?.rival === true;
}
