/**
 * The log delta of one audience for one move (src/protocol/log-delta.ts): what a socket that asked for deltas gets
 * instead of the whole view. Its entries are the audience's view's own (`filterState` → `viewFor`), less those the
 * audience already holds (the log of its view of the state before), so a seat is never sent an entry its view
 * would not hold, and the log it rebuilds is exactly its view's log. The
 * rest of the view is a patch on the view the audience was last sent (src/protocol/state-patch.ts): only what the
 * move changed of it.
 */
import type { State } from 'boardgame.io';
import type { GameState } from '../../src/game/rules';
import { diffState, type LogDeltaUpdate, type LogRun } from '../../src/protocol';
import { entryJson, sharedPrefix } from './state-json';

/**
 * Paths down to a planet, a leader, `ctx.turn`: below that a changed part goes whole (a planet's units are a few
 * bytes; a deeper path would cost as much as it saves).
 */
const PATCH_DEPTH = 3;

/** The log goes as runs (logRuns), not in the patch. */
const isLog = (path: string) => path === 'G.log';

/**
 * The delta from `prevView` (the audience's view of `prev`, the state it was last sent) to `view` (its view of
 * `next`). The server's views share the state's public objects (src/game/filter.ts `filterStateShared`), and a move
 * shares what it left alone, so an unchanged planet is the same object in both views and is passed over at once.
 */
export function logDeltaUpdate(prev: State<GameState>, prevView: State<GameState>, view: State<GameState>): LogDeltaUpdate {
  const patch = diffState(prevView, view, PATCH_DEPTH, isLog);
  // G sent whole (its keys changed in an order a patch cannot give): its log goes as runs, not twice.
  if (patch.set.G) patch.set.G = { ...(patch.set.G as GameState), log: [] };
  return { base: prev._stateID, patch, log: logRuns(prevView.G.log, view.G.log) };
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
