/**
 * The base a log delta patches (src/protocol/state-patch.ts): the audience's view of the state it was last sent.
 * The broadcaster (./broadcaster.ts) keeps each audience's last view for the next move; these say what of a view
 * can be trusted as that base.
 */
import type { State } from 'boardgame.io';

/**
 * A view kept as the base of the next move's log deltas. A game's G is never changed once made (a move makes a new
 * one; Mint's views may share its objects: src/game/filter.ts `filterStateShared`), but ctx and the plugins' data
 * are the master state's objects, and boardgame.io's next move changes one of them in place
 * (`ctx._activePlayersNumMoves`): those are kept as they are now, copied (once per object: `copies`, shared by
 * the views of one state).
 */
export function keptView(view: State, copies = new Map<unknown, unknown>()): State {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(view)) {
    const v = (view as unknown as Record<string, unknown>)[k];
    if (k === 'G' || typeof v !== 'object' || v === null) {
      out[k] = v;
      continue;
    }
    // `copies`: the same ctx in every audience's view of one state is copied once.
    let copy = copies.get(v);
    if (copy === undefined) copies.set(v, (copy = JSON.parse(JSON.stringify(v)) as unknown));
    out[k] = copy;
  }
  return out as unknown as State;
}

/**
 * The view of a state that was not kept, cut again as a delta's base: its G is what the audience holds, but the
 * state's ctx may have been changed in place since it was sent (see keptView), so everything but G is unknown and
 * the delta carries it whole.
 */
export function unknownCtx(view: State): State {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(view)) out[k] = k === 'G' ? view.G : undefined;
  return out as unknown as State;
}
