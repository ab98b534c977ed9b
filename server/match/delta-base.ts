/**
 * The base a log delta patches (src/protocol/state-patch.ts): the audience's view of the state it was last sent.
 * The broadcaster (./broadcaster.ts) keeps each audience's last view for the next move; these say what of a view
 * can be trusted as that base.
 */
import type { State } from 'boardgame.io';

/**
 * A view kept as the base of the next move's log deltas. A game's view has a G of its own (Mint's viewFor copies),
 * but ctx and the plugins' data are the master state's objects, and boardgame.io's next move changes one of them in
 * place (`ctx._activePlayersNumMoves`): those are kept as they are now, copied.
 */
export function keptView(view: State): State {
  const { G, ...rest } = view;
  return { G, ...(JSON.parse(JSON.stringify(rest)) as Omit<State, 'G'>) };
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
