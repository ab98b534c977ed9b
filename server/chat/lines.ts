/**
 * Chat lines of a match, carried by boardgame.io's own chat protocol (client `sendChatMessage` → socket event
 * `chat` (matchID, { id, sender, payload }, credentials); every reader gets `chat` (matchID, message)), checked
 * here before the hub stores and sends them (./room.ts, for ../match/hub.ts `chat`):
 * - the sender is the seat the socket's sync proved with credentials (re-checked against the credentials sent with
 *   the line), or null for a spectator: whatever `sender` or `id` the client claims is ignored;
 * - two channels: 'players' (written and read by the two seats only) and 'spectators' (written by spectators, read
 *   by spectators, and by a player who opened it: ./room.ts); a spectator can never write into the players'
 *   channel;
 * - text only: line breaks become spaces, then what the text policy forbids (src/protocol/text-policy.ts: controls, C1,
 *   bidirectional marks, zero widths) is removed; at most MAX_CHAT_CHARS characters (code points) after that, at
 *   least one visible one.
 *   Nothing is ever interpreted as HTML (the UI renders text nodes); `<b>` stays the five characters `<b>`;
 * - a chat line is only what somebody typed: the server adds the seat, the name shown in the lobby and the time,
 *   never anything of the game state (RULES §8 secrets stay where they are).
 */
import { randomBytes } from 'node:crypto';
import { MAX_CHAT_CHARS, type ChatChannel, type ChatLine } from '../../src/protocol';
import type { SeatID } from '../seats/credentials';
import { stripForbidden } from '../../src/protocol/text-policy';

// The wire types and limits are shared with the board (src/protocol/chat.ts).
export { CHAT_HISTORY, MAX_CHAT_CHARS, type ChatChannel, type ChatLine } from '../../src/protocol';
/**
 * Lines kept per match and channel (older ones of that channel are deleted as new ones come); CHAT_HISTORY of them
 * are sent on a (re)connect. Per channel (issue 19 item 3): spectators can never push the players' lines out.
 */
export const CHAT_KEEP = 200;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const VISIBLE = /(?![\p{Default_Ignorable_Code_Point}\u2800])[\p{L}\p{N}\p{P}\p{S}]/u;

/** The text of a chat line as it will be stored and shown, or what is wrong with it. */
export function cleanChatText(raw: unknown): { text: string } | { error: string } {
  if (typeof raw !== 'string') return { error: 'chat text must be a string' };
  // Far too long before cleaning: refused without walking it.
  if (raw.length > MAX_CHAT_CHARS * 4) return { error: `chat lines have at most ${MAX_CHAT_CHARS} characters` };
  const text = stripForbidden(raw.replace(LONE_SURROGATE, '').normalize('NFC').replace(/[\r\n\t\u2028\u2029]+/g, ' '))
    .replace(/ {2,}/g, ' ').trim();
  if ([...text].length > MAX_CHAT_CHARS) return { error: `chat lines have at most ${MAX_CHAT_CHARS} characters` };
  if (!VISIBLE.test(text)) return { error: 'empty chat line' };
  return { text };
}

/**
 * The client's payload: a string (the sender's own channel) or `{ text, channel? }` and nothing else. Returns the
 * cleaned text and the channel asked for (undefined: the sender's own).
 */
export function parseChatPayload(message: unknown): { text: string; channel?: ChatChannel } | { error: string } {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return { error: 'bad chat message' };
  const payload = (message as { payload?: unknown }).payload;
  let raw: unknown = payload;
  let channel: ChatChannel | undefined;
  if (typeof payload === 'object' && payload !== null && !Array.isArray(payload)) {
    const keys = Object.keys(payload);
    if (keys.some((k) => k !== 'text' && k !== 'channel')) return { error: 'bad chat message' };
    const c = (payload as { channel?: unknown }).channel;
    if (c !== undefined && c !== 'players' && c !== 'spectators') return { error: 'bad chat channel' };
    channel = c;
    raw = (payload as { text?: unknown }).text;
  }
  const cleaned = cleanChatText(raw);
  if ('error' in cleaned) return cleaned;
  return channel ? { text: cleaned.text, channel } : { text: cleaned.text };
}

/** Who may write into a channel: the players' channel is the seats', the spectators' channel the spectators'. */
export function mayWrite(seat: SeatID | null, channel: ChatChannel): boolean {
  return channel === 'players' ? seat !== null : seat === null;
}

export function chatLine(seat: SeatID | null, name: string | undefined, text: string, channel: ChatChannel, at: number): ChatLine {
  const payload: ChatLine['payload'] = { text, channel, at };
  if (seat !== null && name) payload.name = name;
  return { id: randomBytes(9).toString('base64url'), sender: seat, payload };
}
