/**
 * The log delta of one audience for one move (src/protocol/log-delta.ts): what a socket that asked for deltas gets
 * instead of the whole view. Its entries are the audience's view's own (`filterState` → `viewFor`), less those the
 * audience already holds: the base state's visible log (`visibleLog`, the filter viewFor applies), so a seat is
 * never sent an entry its view would not hold, and the log it rebuilds is exactly its view's log. The
 * rest of the view is a patch on the view the audience was last sent (src/protocol/state-patch.ts): only what the
 * move changed of it.
 */
import type { State } from 'boardgame.io';
import { viewerOf } from '../../src/game';
import type { GameState } from '../../src/game/rules';
import { VIEW_FIELDS, visibleLog } from '../../src/game/rules/view';
import { diffState, type LogDeltaUpdate, type LogRun } from '../../src/protocol';
import { entryJson, sharedPrefix } from './state-json';

/**
 * Paths down to a planet, a leader, `ctx.turn`: below that a changed part goes whole (a planet's units are a few
 * bytes; a deeper path would cost as much as it saves).
 */
const PATCH_DEPTH = 3;

const isPublic = (f: string) => VIEW_FIELDS[f as keyof GameState] === 'public';

/**
 * The delta from `prevView` (the audience's view of `prev`, the state it was last sent) to `view` (its view of
 * `next`). `prev` and `next` are the master states: a public field of G (viewFor copies it as it is), or an entry
 * of one that is a record (a planet), that is the same object in both (a move shares what it left alone) is
 * unchanged in the views too, so it is not compared.
 */
export function logDeltaUpdate(prev: State<GameState>, next: State<GameState>, prevView: State<GameState>,
  view: State<GameState>, playerID: string | null): LogDeltaUpdate {
  const held = visibleLog(prev.G, viewerOf(prev.G, playerID));
  const before = prev.G as unknown as Record<string, Record<string, unknown> | undefined>;
  const after = next.G as unknown as Record<string, Record<string, unknown> | undefined>;
  const unchanged = (path: string): boolean => {
    if (!path.startsWith('G.')) return false;
    const dot = path.indexOf('.', 2);
    const f = dot < 0 ? path.slice(2) : path.slice(2, dot);
    if (f === 'log') return true; // sent as keep and entries
    if (!isPublic(f)) return false;
    if (dot < 0) return before[f] === after[f] && before[f] !== undefined;
    const k = path.slice(dot + 1);
    const a = before[f];
    const b = after[f];
    return typeof a === 'object' && a !== null && typeof b === 'object' && b !== null && a[k] === b[k]
      && typeof a[k] === 'object' && a[k] !== null;
  };
  const patch = diffState(prevView, view, PATCH_DEPTH, unchanged);
  // G sent whole (its keys changed in an order a patch cannot give): its log goes as entries, not twice.
  if (patch.set.G) patch.set.G = { ...(patch.set.G as GameState), log: [] };
  return { base: prev._stateID, patch, log: logRuns(held, view.G.log) };
}

/**
 * `log` as runs of `held` and new entries (src/protocol/log-delta.ts). A move appends entries after all those
 * held, a take-back keeps a prefix: the shared prefix and what follows. At the end of the game the log held is a
 * part of the whole log, in order, whose hidden entries now come between: those are sent, not the whole log again.
 */
export function logRuns(held: GameState['log'], log: GameState['log']): LogRun[] {
  const keep = sharedPrefix(held, log);
  if (keep === held.length || log.length <= held.length) return [keep, log.slice(keep)];
  const runs: LogRun[] = [keep];
  let i = keep;
  let added: GameState['log'] = [];
  for (let j = keep; j < log.length; j++) {
    if (i < held.length && (held[i] === log[j] || entryJson(held[i]) === entryJson(log[j]))) {
      if (added.length > 0) {
        runs.push(added, 0);
        added = [];
      }
      runs[runs.length - 1] = (runs.at(-1) as number) + 1;
      i++;
    } else {
      added.push(log[j]!);
    }
  }
  if (added.length > 0) runs.push(added);
  return runs;
}
