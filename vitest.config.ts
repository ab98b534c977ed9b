import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: ['tests/e2e/**', 'node_modules/**'], // browser tests: npm run test:e2e (tests/e2e/vitest.config.ts)
    environment: 'node',
    testTimeout: 60000,
    pool: 'forks',
  },
});
