/**
 * `npm start`: one command from a fresh clone to a playable lobby. npm compiles this file and the server to
 * dist-server/ first (scripts/build-server.mjs) and runs the JavaScript. Builds the front end (`vite build` into dist/)
 * if dist/ is missing or older than its sources, then starts the game server (server/main.ts), which serves the
 * front end, the lobby and the game sockets from one origin, and prints the URL.
 * It lives in server/ (not src/cli/) because it starts the server: nothing under src/ imports server/
 * (tests/ai/import-graph.test.ts).
 * Configuration: the server's environment variables (docs/SERVER.md), e.g. PORT=9000 npm start.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

// The project folder: one up from server/start.ts and from the compiled dist-server/start.js alike.
const root = resolve(import.meta.dirname, '..');
const dist = join(root, process.env.STATIC_DIR || 'dist');

/** Newest modification time (ms) of a file or of the files under a folder. */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let t = st.mtimeMs;
  for (const name of readdirSync(path)) t = Math.max(t, newest(join(path, name)));
  return t;
}

/** What goes into the bundle: the UI, the rules it imports, the page and the build configuration. */
const SOURCES = ['src/ui', 'src/game', 'index.html', 'vite.config.ts', 'package.json'].map((p) => join(root, p));

function needsBuild(): string | null {
  const index = join(dist, 'index.html');
  if (!existsSync(index)) return `${index} is missing`;
  const built = statSync(index).mtimeMs;
  const changed = SOURCES.find((p) => newest(p) > built);
  return changed ? `${changed} changed since the last build` : null;
}

const why = needsBuild();
if (why) {
  console.log(`Building the front end (${why})…`);
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const r = spawnSync(process.execPath, [vite, 'build', '--outDir', dist], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('The front-end build failed (see above).');
    process.exit(r.status ?? 1);
  }
}

process.env.STATIC_DIR = dist;
const { main } = await import('./main');
const server = await main();
console.log(`\n  Open ${server.url}/ in your browser to play. Ctrl-C stops the server.\n`);
