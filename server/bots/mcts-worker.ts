/**
 * Worker thread body: the server's search bot (./mcts.ts) for ./worker-pool.ts, one request at a time.
 * Protocol: `{ id, kind, view, seat, opts }` in (`view` = viewFor(state, seat), never the full state), `{ id, choice }`
 * or `{ id, error }` out.
 */
import { parentPort } from 'node:worker_threads';
import type { Faction } from '../../src/game/content';
import type { GameState } from '../../src/game/rules';
import { searchMove, type MctsOptions, type SearchBotKind } from './mcts';

interface Request { id: number; kind: SearchBotKind; view: GameState; seat: Faction; opts: MctsOptions }

parentPort!.on('message', (req: Request) => {
  searchMove(req.kind, req.view, req.seat, req.opts).then(
    (choice) => parentPort!.postMessage({ id: req.id, choice }),
    (err: unknown) => parentPort!.postMessage({ id: req.id, error: String(err) }),
  );
});
parentPort!.postMessage({ ready: true });
