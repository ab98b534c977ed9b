// Plain-JS entry of the simulation worker threads: loads tsx, then the TypeScript worker named in workerData.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);
