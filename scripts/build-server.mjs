// `npm run build:server`: compiles the game server to plain JavaScript in dist-server/ (esbuild), so `npm start`
// runs `node dist-server/start.js` instead of TypeScript through tsx (issue 21 item 7, docs/SERVER.md).
// - The project's TypeScript (server/, src/) is bundled; packages stay in node_modules (imported at run time),
//   except boardgame.io: its subpath entries (`boardgame.io/server`, `/core`, …) are folders that Node's ESM loader
//   cannot import, so it is bundled, and its own `require`s go through createRequire.
// - Four entries: start.js (`npm start`: builds the board if needed, then the server), main.js (the server alone,
//   like `npm run server`), mcts-worker.js and imperios-worker.js (Mint's and Imperios' bot searches' worker
//   threads, which server/bots/worker-pool.ts loads beside the bundle when it runs compiled).
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// `--outdir DIR` (tests): somewhere else than dist-server/.
const at = process.argv.indexOf('--outdir');
const outdir = at > 0 ? process.argv[at + 1] : join(root, 'dist-server');

/** Bare imports stay external (node_modules at run time), except boardgame.io's. */
const packagesExternal = {
  name: 'packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path === 'boardgame.io' || args.path.startsWith('boardgame.io/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

rmSync(outdir, { recursive: true, force: true });
const started = Date.now();
await build({
  absWorkingDir: root,
  entryPoints: {
    start: 'server/start.ts',
    main: 'server/main.ts',
    'mcts-worker': 'server/bots/mcts-worker.ts',
    'imperios-worker': 'server/bots/imperios-worker.ts',
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [packagesExternal],
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
console.log(`Server built in dist-server/ (${Date.now() - started} ms).`);
