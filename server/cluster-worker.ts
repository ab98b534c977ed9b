/**
 * One worker of `npm run cluster` (./cluster.ts): a whole server (./main.ts) whose connections come from the
 * primary (@socket.io/sticky: a long-polling session always reaches the worker that holds it).
 *
 * A worker started again after one died is in the primary's round-robin from its fork on, seconds before its
 * server listens. A connection passed to it meanwhile is closed at once, so its client tries again (socket.io's
 * reconnection) and reaches a worker that serves it; kept unanswered, it hung until the client's connect timeout
 * (measured with `loadtest --fail process@S`, docs/SERVER.md).
 */
import { setupWorker } from '@socket.io/sticky';
import { main } from './main';

const refuse = (message: unknown, handle: unknown) => {
  const type = (message as { type?: unknown } | null)?.type;
  if (type === 'sticky:connection') (handle as { destroy?(): void } | undefined)?.destroy?.();
};
process.on('message', refuse);

main().then((server) => {
  process.off('message', refuse);
  setupWorker(server.transport.io as never);
  // Only now can this worker take the connections the primary passes it.
  process.send?.({ type: 'mint:ready' });
}, (err) => {
  console.error('Mint Imperium server failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
