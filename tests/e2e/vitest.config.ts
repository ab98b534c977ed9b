/**
 * End-to-end tests (npm run test:e2e): build the app once, then each test file serves dist/ on a free port and
 * drives Debian's Chromium with playwright-core. `npm test` runs them after the other tests; without Chromium
 * they are skipped with a message (tests/e2e/enabled.ts), except in CI where that is an error.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/globalSetup.ts'],
    testTimeout: 150_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // Two files at a time (each has its own static server or game server and its own Chromium): a file spends
    // much of its time waiting on the page, so two overlap well on the 2-core machines (docs/TESTING.md).
    maxWorkers: 2,
  },
});
