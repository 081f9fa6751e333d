import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Builds the viewer's UI into dist/web/ui, where `quorum ui` serves it
 * from (src/web/server/ui-dir.ts). The manifest marks the folder as a
 * finished build. `npm run build` (and so `npm ci`) runs this.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('../../../dist/web/ui', import.meta.url)),
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    // One small app: a single chunk loads faster than a waterfall of them.
    chunkSizeWarningLimit: 800,
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8470' } },
});
