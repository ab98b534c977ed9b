/**
 * What the hub and the lobby say about a match and its seats: match IDs, the players as clients see them, the
 * bot and rival markers of a seat.
 */
import type { Server } from 'boardgame.io';
import type { PublicPlayer } from '../../src/protocol';
import { SEATS, seatMetadata } from '../seats/credentials';

export const MATCH_ID_RE = /^[A-Za-z0-9_-]{1,64}$/;

export function isMatchID(x: unknown): x is string {
  return typeof x === 'string' && MATCH_ID_RE.test(x);
}

/** Players as clients see them (src/protocol/lobby.ts): no credentials, nothing but id, name, connection and the bot marker. */
export function publicPlayers(metadata: Server.MatchData): PublicPlayer[] {
  const out: PublicPlayer[] = [];
  for (const id of SEATS) {
    const p = seatMetadata(metadata, id);
    if (!p) continue;
    const q: PublicPlayer = { id: Number(id) };
    if (typeof p.name === 'string') q.name = p.name;
    if (typeof p.isConnected === 'boolean') q.isConnected = p.isConnected;
    const bot = botKindOf(p);
    if (bot) q.data = { bot };
    else if (isRivalSeat(p)) q.data = { rival: true };
    out.push(q);
  }
  return out;
}

/** What may hold a server-bot seat: the ISMCTS bot at a difficulty (src/ai `createBot`), or random play. */
export const BOT_KINDS = ['ismcts-easy', 'ismcts-normal', 'ismcts-hard', 'random'] as const;
export type BotKind = (typeof BOT_KINDS)[number];
export const DEFAULT_BOT_KIND: BotKind = 'ismcts-normal';
/** Older names still accepted from clients and found in stored matches. */
const BOT_KIND_ALIASES: Record<string, BotKind> = { mcts: 'ismcts-normal' };

/** A bot kind by its name or an old alias, else null. */
export function parseBotKind(x: unknown): BotKind | null {
  if (typeof x !== 'string') return null;
  if ((BOT_KINDS as readonly string[]).includes(x)) return x as BotKind;
  return Object.hasOwn(BOT_KIND_ALIASES, x) ? BOT_KIND_ALIASES[x] : null;
}

/** The bot kind of a seat filled by a server bot, else null. */
export function botKindOf(p: Server.PlayerMetadata | undefined): BotKind | null {
  return parseBotKind((p?.data as { bot?: unknown } | undefined)?.bot);
}

/** The name the rival's seat of a solo match shows (RULES §9: the engine plays it; nobody can join it). */
export const RIVAL_NAME = 'Rival deck';

/** The seat of a solo match's rival deck: closed for good, no credentials, never driven by a server bot. */
export function isRivalSeat(p: Server.PlayerMetadata | undefined): boolean {
  return (p?.data as { rival?: unknown } | undefined)?.rival === true;
}
