/** Build the app once for every e2e test file (vite build → dist/). */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM } from './enabled';

export default function setup(): void {
  if (process.env.MINT_E2E_SKIP_BUILD) return;
  if (!existsSync(CHROMIUM) && !process.env.CI) return; // the tests will skip: no build needed
  // NODE_ENV=production: vitest sets 'test', which would make vite bundle React's development build (915 kB
  // instead of 564 kB): the browser tests measure the page players get (tests/e2e/a11y.test.ts first load).
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
