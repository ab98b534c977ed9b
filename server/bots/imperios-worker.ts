/**
 * Worker thread body: Imperios' search bot (src/games/imperios/ai/searchBot.ts) for ./worker-pool.ts, one request
 * at a time, so even its hard level (seconds a decision) never holds up the server's event loop.
 * Protocol: `{ id, view, seat, level, budgetMs, seed }` in (`view`: the public view, IM14.1, never the state with
 * its generator; `seed`: drawn by the server from the operating system's generator), `{ id, choice }` (a core
 * `Action`) or `{ id, error }` out.
 */
import { parentPort } from 'node:worker_threads';
import { chooseImperiosAction } from '../../src/games/imperios/ai/searchBot';
import type { LevelName } from '../../src/games/imperios/ai/searchLevels';
import type { PublicState, Seat } from '../../src/games/imperios/rules';

interface Request { id: number; view: PublicState; seat: Seat; level: LevelName; budgetMs: number; seed: number }

parentPort!.on('message', (req: Request) => {
  try {
    const choice = chooseImperiosAction(req.view, req.seat, { level: req.level, budgetMs: req.budgetMs, seed: req.seed });
    parentPort!.postMessage({ id: req.id, choice });
  } catch (err) {
    parentPort!.postMessage({ id: req.id, error: String(err) });
  }
});
parentPort!.postMessage({ ready: true });
