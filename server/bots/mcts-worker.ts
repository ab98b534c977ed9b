/** Worker thread body: MCTS searches for the server bot (./worker-pool.ts), one request at a time. */
import { parentPort } from 'node:worker_threads';
import type { Faction } from '../../src/game/content';
import type { GameState } from '../../src/game/rules';
import { searchMove, type MctsOptions } from './mcts';

/** `kind` names the search asked for; only 'mcts' (the default) exists so far. */
interface Request { id: number; kind?: string; view: GameState; seat: Faction; opts: MctsOptions }

parentPort!.on('message', (req: Request) => {
  searchMove(req.view, req.seat, req.opts).then(
    (choice) => parentPort!.postMessage({ id: req.id, choice }),
    (err: unknown) => parentPort!.postMessage({ id: req.id, error: String(err) }),
  );
});
parentPort!.postMessage({ ready: true });
