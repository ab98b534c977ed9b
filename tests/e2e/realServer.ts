/**
 * The real game server (server/index.ts startServer: ephemeral port, temporary SQLite file, serving the built
 * dist/) and a browser for one describe block of the online browser tests: started in beforeAll, closed in afterAll.
 * Read `server` and `browser` inside the tests; `serverErrors` collects whatever the server reports as an error.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startServer, type RunningServer, type StartServerOptions } from '../../server';
import { launch } from './harness';

export interface RealServer {
  readonly server: RunningServer;
  readonly browser: Browser;
  readonly serverErrors: string[];
}

export function useRealServer(name: string, options: Partial<StartServerOptions> = {}): RealServer {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let tmp: string | undefined;
  const serverErrors: string[] = [];
  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), `mint-e2e-${name}-`));
    server = await startServer({
      port: 0, databaseUrl: join(tmp, 'e2e.sqlite'), staticDir: resolve(__dirname, '../../dist'),
      cleanupIntervalMs: 0, rateLimit: false,
      onError: (err, where) => serverErrors.push(`${where}: ${err instanceof Error ? err.stack : String(err)}`),
      bots: { minDelayMs: 0, mcts: { budgetMs: 20 } },
      ...options,
    });
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });
  const started = <T>(x: T | undefined, what: string): T => {
    if (!x) throw new Error(`the ${what} is not started yet (use it inside a test)`);
    return x;
  };
  return {
    get server() { return started(server, 'server'); },
    get browser() { return started(browser, 'browser'); },
    serverErrors,
  };
}
