/** One worker of `npm run cluster` (./cluster.ts): a whole server (./main.ts) on the port the primary shares. */
import { main } from './main';

main().catch((err) => {
  console.error('Mint Imperium server failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
