import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// index.html lives at the repo root; the production build goes to dist/.
export default defineConfig({
  root: '.',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // boardgame.io, React and the rules core make one ~500 kB chunk (160 kB gzipped); the bot runs in its own
    // worker chunk. Nothing to split for a single-screen app.
    chunkSizeWarningLimit: 1024,
    // No modulepreload polyfill in the first load (≈ 0.3 kB gzip of the 200 kB budget, tests/e2e/a11y.test.ts):
    // every browser of the last two years preloads modules itself; an older one still loads each lazy chunk, only
    // without fetching its imports ahead.
    modulePreload: { polyfill: false },
  },
});
