/**
 * Shared by the server (server/match/filter.ts) and the in-page Local master (src/ui/session/clients.ts).
 * What a client may receive (STACK.md hole 1). boardgame.io 0.50.2 applies `playerView` to `state.G` only, and
 * sends `initialState` untouched: the whole setup G and the random generator's seed and state. Here every state a
 * socket gets (sync state, sync initialState, updates) is rebuilt from a whitelist:
 * - G is `viewFor(G, seat)` (spectators: the public view, seat null);
 * - ctx is kept (it holds no secret: the game keeps everything in G);
 * - plugins keep their public data only; `random` (seed, prngstate) never leaves the server;
 * - no deltalog, undo/redo history or transients.
 * Log entries are rebuilt too: args of another seat's redacted (secret) moves become null, as boardgame.io's
 * redactLog does, and nothing else of an entry is passed on (no `metadata`, no `patch`).
 */
import type { LogEntry, State } from 'boardgame.io';
import { Local } from 'boardgame.io/multiplayer';
import { viewerOf } from './index';
import type { GameState } from './rules';
import { viewFor } from './rules/view';

/** Plugins whose data a client may keep. Anything else (random above all) is sent without data. */
const PUBLIC_PLUGIN_DATA = new Set(['log', 'events', 'mint-guard']);

function publicPlugins(plugins: State['plugins'] | undefined): State['plugins'] {
  const out: State['plugins'] = {};
  if (!plugins || typeof plugins !== 'object') return out;
  for (const name of Object.keys(plugins)) {
    const data = PUBLIC_PLUGIN_DATA.has(name) ? (plugins[name] as { data?: unknown } | undefined)?.data : undefined;
    out[name] = data === undefined ? {} as State['plugins'][string] : { data } as State['plugins'][string];
  }
  return out;
}

/** The state as `playerID` (null: spectator) may see it. */
export function filterState(state: State<GameState>, playerID: string | null): State<GameState> {
  return {
    G: viewFor(state.G, viewerOf(state.G, playerID)), // solo: the bot's seat sees what a spectator sees
    ctx: state.ctx,
    plugins: publicPlugins(state.plugins),
    _undo: [],
    _redo: [],
    _stateID: state._stateID,
  };
}

/** Log entries as `playerID` may see them. */
export function filterLog(log: LogEntry[] | undefined, playerID: string | null): LogEntry[] {
  if (!Array.isArray(log)) return [];
  return log.map((entry) => {
    const action = entry.action as { type: string; payload?: { type?: unknown; args?: unknown; playerID?: unknown } };
    const p = action.payload ?? {};
    const own = playerID !== null && p.playerID === playerID;
    const hidden = entry.redact === true && !own;
    const out: LogEntry = {
      action: {
        type: action.type,
        payload: { type: p.type, args: hidden ? null : p.args, playerID: p.playerID },
      } as LogEntry['action'],
      _stateID: entry._stateID,
      turn: entry.turn,
      phase: entry.phase,
    };
    if (entry.redact === true && own) out.redact = true;
    if (entry.automatic === true) out.automatic = true;
    return out;
  });
}

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

