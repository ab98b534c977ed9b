import { defineConfig } from 'vitest/config';
import SlowFirst from './tests/slowFirst';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: ['tests/e2e/**', 'node_modules/**'], // browser tests: npm run test:e2e (tests/e2e/vitest.config.ts)
    environment: 'node',
    testTimeout: 60000,
    pool: 'forks',
    // Two files at a time. Vitest's default in `run` is one worker per core less one: a single worker on the
    // project's 2-core machines, which left one core idle while a file waited on its servers' sockets and child
    // processes. Files are independent (ephemeral ports, temporary SQLite files, a PostgreSQL schema per run),
    // so they may overlap (docs/TESTING.md).
    maxWorkers: 2,
    // The slowest files first, also on a clean clone that has no timings yet (tests/slowFirst.ts).
    sequence: { sequencer: SlowFirst },
  },
});
