/**
 * The chat of a match on the wire (server/chat.ts checks and stores it; src/ui/online reads and writes it). It rides
 * on boardgame.io's own chat protocol: a client's `sendChatMessage(payload)` becomes socket event `chat` (matchID,
 * { id, sender, payload }, credentials), and every reader gets `chat` (matchID, line). A player opens or closes the
 * spectators' channel with socket event 'mint:chat' (matchID, { spectators: boolean }).
 */
/** Longest chat line, in characters (code points), after the server's cleaning. */
export const MAX_CHAT_CHARS = 500;
/** Lines of each channel the server sends again on every (re)connect. */
export const CHAT_HISTORY = 100;

/** 'players': the two seats only; 'spectators': written by spectators, read by them and by players who open it. */
export type ChatChannel = 'players' | 'spectators';

/** What a client sends: a text for its own channel, or the text and the channel. */
export type ChatPayload = string | { text: string; channel?: ChatChannel };

/** What every reader receives, as boardgame.io's ChatMessage ({ id, sender, payload }). The server sets every field. */
export interface ChatLine {
  id: string;
  /**
   * The seat that wrote it ('0' | '1', a SeatID), or null for a spectator. Typed as any string: a reader checks it
   * (isSeatID) before showing a seat, and shows anything else as a spectator.
   */
  sender: string | null;
  /** `name`: the writer's name in the lobby (players only); `at`: the server's time (ms). */
  payload: { text: string; channel: ChatChannel; at: number; name?: string };
}

/** The body of socket event 'mint:chat': a player opens (true) or closes the spectators' channel. */
export interface SpectatorChatRequest { spectators: boolean }

/** A chat line as a client must see it before showing it (what arrives is the server's, but checked all the same). */
export function isChatLine(x: unknown): x is ChatLine {
  const l = x as ChatLine | null;
  return typeof l === 'object' && l !== null && typeof l.id === 'string' && typeof l.payload === 'object' && l.payload !== null
    && typeof l.payload.text === 'string' && (l.payload.channel === 'players' || l.payload.channel === 'spectators');
}
