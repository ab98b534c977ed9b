/// <reference lib="webworker" />
/** The MCTS search off the page's thread: one request in, one move out. */
import { DEFAULT_SEARCH, searchMove, type SearchOptions } from '../../ai/mcts';
import type { Faction } from '../../game/content';
import type { GameState } from '../../game/rules';

interface Request { id: number; view: GameState; seat: Faction; opts: Partial<SearchOptions> & { seed: string } }

self.onmessage = async (e: MessageEvent<Request>) => {
  const { id, view, seat, opts } = e.data;
  try {
    const move = await searchMove(view, seat, { ...DEFAULT_SEARCH, ...opts });
    (self as unknown as Worker).postMessage({ id, move });
  } catch (err) {
    (self as unknown as Worker).postMessage({ id, error: String(err) });
  }
};
