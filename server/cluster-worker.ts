/**
 * One worker of `npm run cluster` (./cluster.ts): a whole server (./main.ts) whose connections come from the
 * primary (@socket.io/sticky: a long-polling session always reaches the worker that holds it).
 */
import { setupWorker } from '@socket.io/sticky';
import { main } from './main';

main().then((server) => {
  setupWorker(server.transport.io as never);
  // Only now can this worker take the connections the primary passes it.
  process.send?.({ type: 'mint:ready' });
}, (err) => {
  console.error('Mint Imperium server failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
