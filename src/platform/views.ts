/**
 * What a client of any hosted game may receive (STACK.md hole 1), the game-agnostic half: boardgame.io 0.50.2
 * applies `playerView` to `state.G` only and sends `initialState` whole, with the random generator's seed and
 * state. So every state a socket gets is rebuilt from a whitelist: G as the game cuts it for the audience, ctx,
 * plugins' public data only (`random` never leaves the server), no deltalog, undo/redo history or transients.
 * Log entries are rebuilt too: the args of another seat's redacted (secret) moves become null, as boardgame.io's
 * redactLog does, and nothing else of an entry is passed on (no `metadata`, no `patch`).
 * Mint's cut of G is src/game/filter.ts; a game registers its own (server/match/hosted-game.ts).
 */
import type { LogEntry, State } from 'boardgame.io';

/** boardgame.io's own plugins whose data a client may keep; a game adds its own public ones. */
const BGIO_PUBLIC_PLUGINS = ['log', 'events'];

function publicPlugins(plugins: State['plugins'] | undefined, extra: readonly string[]): State['plugins'] {
  const out: State['plugins'] = {};
  if (!plugins || typeof plugins !== 'object') return out;
  for (const name of Object.keys(plugins)) {
    const keep = BGIO_PUBLIC_PLUGINS.includes(name) || extra.includes(name);
    const data = keep ? (plugins[name] as { data?: unknown } | undefined)?.data : undefined;
    out[name] = data === undefined ? ({} as State['plugins'][string]) : ({ data } as State['plugins'][string]);
  }
  return out;
}

/** `state` with G replaced by the audience's `G` and everything else cut to what any client may hold. */
export function audienceState<G>(state: State<unknown>, G: G, publicPluginNames: readonly string[] = []): State<G> {
  return {
    G,
    ctx: state.ctx,
    plugins: publicPlugins(state.plugins, publicPluginNames),
    _undo: [],
    _redo: [],
    _stateID: state._stateID,
  };
}

/** Log entries as `playerID` (null: a spectator) may see them. */
export function audienceLog(log: LogEntry[] | undefined, playerID: string | null): LogEntry[] {
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
