/**
 * Shared by the server (server/games/mint.ts) and the in-page Local master (src/ui/session/clients.ts).
 * What a client may receive (STACK.md hole 1); the game-agnostic half is src/platform/views.ts. boardgame.io
 * 0.50.2 applies `playerView` to `state.G` only, and sends `initialState` untouched: the whole setup G and the random generator's seed and state. Here every state a
 * socket gets (sync state, sync initialState, updates) is rebuilt from a whitelist:
 * - G is `viewFor(G, seat)` (spectators: the public view, seat null);
 * - ctx is kept (it holds no secret: the game keeps everything in G);
 * - plugins keep their public data only; `random` (seed, prngstate) never leaves the server;
 * - no deltalog, undo/redo history or transients.
 * Log entries are rebuilt too: args of another seat's redacted (secret) moves become null, as boardgame.io's
 * redactLog does, and nothing else of an entry is passed on (no `metadata`, no `patch`).
 */
import type { State } from 'boardgame.io';
// Our port of boardgame.io's Local, without the socket.io client its module carries (../platform/local-master.ts).
import { Local } from '../platform/local-master';
import { audienceLog, audienceState } from '../platform/views';
import { viewerOf } from './index';
import type { GameState } from './rules';
import { viewFor } from './rules/view';

/** Mint's own plugin whose data a client may keep (the guard's; boardgame.io's log and events are kept anyway). */
const MINT_PUBLIC_PLUGINS = ['mint-guard'];

/** The state as `playerID` (null: spectator) may see it. */
export function filterState(state: State<GameState>, playerID: string | null): State<GameState> {
  // Solo: the bot's seat sees what a spectator sees.
  return audienceState(state, viewFor(state.G, viewerOf(state.G, playerID)), MINT_PUBLIC_PLUGINS);
}

/**
 * `filterState`, the same JSON, for a view that is only encoded and never changed (the server's: its broadcaster
 * and sync): the public parts of G are the state's own objects, not copies (src/game/rules/view.ts `copyState` with `sharePublic`).
 */
export function filterStateShared(state: State<GameState>, playerID: string | null): State<GameState> {
  return audienceState(state, viewFor(state.G, viewerOf(state.G, playerID), { share: true }), MINT_PUBLIC_PLUGINS);
}

/** Log entries as `playerID` may see them (the game-agnostic cut: src/platform/views.ts). */
export const filterLog = audienceLog;

type LocalFactory = ReturnType<typeof Local>;
type TransportOpts = Parameters<LocalFactory>[0];
type TransportData = Parameters<TransportOpts['transportDataCallback']>[0];

/**
 * boardgame.io's Local transport, except that the `initialState` of a sync reaches each client filtered like
 * every other state (STACK.md hole 1: boardgame.io sends it whole, with every hand, deck order and the seed).
 */
export function filteredLocal(): LocalFactory {
  const local = Local();
  return (opts: TransportOpts) => {
    const seat = opts.playerID ?? null;
    return local({
      ...opts,
      transportDataCallback: (data: TransportData) => {
        if (data.type === 'sync') {
          const [matchID, info] = data.args;
          const initialState = info.initialState && filterState(info.initialState as State<GameState>, seat);
          opts.transportDataCallback({ ...data, args: [matchID, { ...info, initialState }] } as TransportData);
          return;
        }
        opts.transportDataCallback(data);
      },
    });
  };
}

