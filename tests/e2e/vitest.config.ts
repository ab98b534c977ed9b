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
    // One file at a time (2026-12-05): two at a time overlapped well while the games were short, but with the event
    // cards of issue 20 the clicked games grew and two Chromiums with their servers starved each other on two cores
    // (an online game took 25 s alone and over 300 s beside another file). docs/TESTING.md.
    maxWorkers: 1,
  },
});
