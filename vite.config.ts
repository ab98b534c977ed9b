import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// index.html lives at the repo root; the production build goes to dist/.
export default defineConfig({
  root: '.',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
