/**
 * `npm run cluster -- --processes N`: N server processes on one port of this machine, sharing the matches through
 * PostgreSQL (DATABASE_URL) and Redis (REDIS_URL). The server's other settings come from the environment as for
 * `npm run server` (docs/SERVER.md). See ./cluster.ts and docs/DEPLOY.md.
 */
import { availableParallelism } from 'node:os';
import { runCluster } from './cluster';

function parseProcesses(argv: string[]): number {
  const i = argv.findIndex((a) => a === '--processes' || a.startsWith('--processes='));
  if (i < 0) return Math.max(2, availableParallelism());
  const raw = argv[i].includes('=') ? argv[i].split('=')[1] : argv[i + 1];
  return /^\d+$/.test(raw ?? '') ? Number(raw) : NaN;
}

if (process.argv.includes('--help')) {
  console.log('npm run cluster -- [--processes N]   (default: one per core, at least 2; needs DATABASE_URL=postgres://… and REDIS_URL)');
} else {
  runCluster({ processes: parseProcesses(process.argv.slice(2)) });
}
