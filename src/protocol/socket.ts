/**
 * Our socket events beside boardgame.io's own (`sync`, `update`, `chat`, …): their names, and the body of a refusal.
 * The server (server/match/transport.ts, server/match/hub.ts) sends and reads them under these names only, and so does the board
 * (src/ui/online/socketClient.ts).
 */

/**
 * Our own socket events: `table` (matchID, TableView: ./table.ts), `chat` (matchID, SpectatorChatRequest: ./chat.ts),
 * `error` (matchID | null, RefusalBody), `update` (matchID, LogDeltaUpdate, deltalog: ./log-delta.ts; only to a
 * socket that asked for log deltas).
 */
export const SOCKET_EVENTS = { table: 'mint:table', chat: 'mint:chat', error: 'mint:error', update: 'mint:update' } as const;

/**
 * Why the server refused something on a socket (event `mint:error`, with the matchID or null): `event` names what
 * was refused ('connect', 'sync', 'update', 'chat', 'mint:chat', …), `error` says why in words.
 */
export interface RefusalBody {
  event: string;
  error: string;
}
