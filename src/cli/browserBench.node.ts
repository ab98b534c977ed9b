/**
 * Node's side of `npm run bench:browser` (src/cli/browserBench.ts): a child process started in a session of its
 * own, like Chromium (so the kernel's per-session CPU sharing, "autogroups", treats both sides alike), which runs
 * the same searches as the bench worker. Requests arrive by IPC with `serialization: 'advanced'` (structured
 * clone, like the worker's messages). Argument: an optional path to the bench worker's bundle, to run the very code
 * Chromium runs instead of the sources (through tsx, like `npm run bench:bot`).
 */
import { pathToFileURL } from 'node:url';
import * as sources from './browserBench.worker';

type Impl = Pick<typeof sources, 'benchDecide' | 'measureClock'>;

const bundle = process.argv[2];
const impl: Impl = bundle ? ((await import(pathToFileURL(bundle).href)) as Impl) : sources;
if (typeof impl.benchDecide !== 'function') throw new Error(`${bundle} exports no benchDecide`);

process.on('message', (m: sources.BenchRequest) => {
  try {
    const answer = m.decide ? impl.benchDecide(m.decide) : m.clock ? impl.measureClock() : null;
    process.send!({ id: m.id, answer });
  } catch (err) {
    process.send!({ id: m.id, error: String((err as Error)?.stack ?? err) });
  }
});
process.on('disconnect', () => process.exit(0));
process.send!({ id: 0, answer: 'ready' });
