/**
 * Whether the browser tests can run here. They need Debian's Chromium (`apt-get install chromium`; .ci/run
 * installs it). Without it they are skipped with this message on a developer machine, and fail in CI (CI=true),
 * where a missing browser is a broken set-up, not a reason to skip.
 */
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function e2eEnabled(): boolean {
  if (existsSync(CHROMIUM)) return true;
  if (process.env.CI) throw new Error(`Chromium not found at ${CHROMIUM}: .ci/run must install it (apt-get install chromium)`);
  console.warn(`[e2e] SKIPPED: no Chromium at ${CHROMIUM}. Install it with "apt-get install -y chromium" to run the browser tests.`);
  return false;
}
