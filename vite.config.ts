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
  },
});
