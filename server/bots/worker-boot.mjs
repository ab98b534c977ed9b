// Plain-JS entry of the bot worker threads: loads tsx, then the TypeScript worker. It works the same under
// `tsx server/main.ts`, under vitest, and in any other Node process that has tsx installed.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);
