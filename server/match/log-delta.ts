/**
 * The log delta of one audience for one move (src/protocol/log-delta.ts): what a socket that asked for deltas gets
 * instead of the whole view. Its entries are the audience's view's own (`filterState` → `viewFor`), cut after the
 * entries the audience already holds: the base state's visible log (`visibleLog`, the filter viewFor applies), so
 * a seat is never sent an entry its view would not hold, and the log it rebuilds is exactly its view's log.
 */
import type { State } from 'boardgame.io';
import { viewerOf } from '../../src/game';
import type { GameState } from '../../src/game/rules';
import { VIEW_FIELDS, visibleLog } from '../../src/game/rules/view';
import type { KeptField, LogDeltaUpdate } from '../../src/protocol';
import { sharedPrefix } from './state-json';

/** G's fields viewFor copies as they are for everyone (src/game/rules/view.ts). */
const PUBLIC_FIELDS = (Object.keys(VIEW_FIELDS) as (keyof GameState)[])
  .filter((k): k is Exclude<keyof GameState, 'log'> => VIEW_FIELDS[k] === 'public' && k !== 'log');

const isObject = (x: unknown): x is object => typeof x === 'object' && x !== null;
const isRecord = (x: unknown): x is Record<string, unknown> => isObject(x) && !Array.isArray(x);

/**
 * The delta from `prev` (the state the audience was last sent) to `view` (`filterState(next, playerID)`), both
 * master states' log entries shared with the views (viewFor filters, never copies, them).
 */
export function logDeltaUpdate(prev: State<GameState>, next: State<GameState>, view: State<GameState>,
  playerID: string | null): LogDeltaUpdate<State<GameState>> {
  const held = visibleLog(prev.G, viewerOf(prev.G, playerID));
  const log = view.G.log;
  const keep = sharedPrefix(held, log);
  // A public field (viewFor copies it as it is) that the move left alone is the same object in both master states
  // (immer shares what a move did not touch): the audience holds it already. Sent as null, taken from the base; in a
  // record (the board's planets, the leaders…) the same one entry at a time.
  const kept: KeptField[] = [];
  const G = { ...view.G, log: [] as GameState['log'] } as unknown as Record<string, unknown>;
  for (const f of PUBLIC_FIELDS) {
    const before = prev.G[f] as unknown;
    const after = next.G[f] as unknown;
    if (!isObject(before) || !isObject(after)) continue;
    if (before === after) {
      kept.push(f);
      G[f] = null;
    } else if (isRecord(before) && isRecord(after) && isRecord(G[f])) {
      let part: Record<string, unknown> | null = null;
      for (const k of Object.keys(after)) {
        if (before[k] !== after[k] || !isObject(after[k]) || !Object.prototype.hasOwnProperty.call(G[f], k)) continue;
        part ??= { ...(G[f] as Record<string, unknown>) };
        part[k] = null;
        kept.push(`${f}.${k}`);
      }
      if (part) G[f] = part;
    }
  }
  return { base: prev._stateID, state: { ...view, G: G as unknown as GameState }, keep, entries: log.slice(keep), ...(kept.length > 0 ? { kept } : {}) };
}
