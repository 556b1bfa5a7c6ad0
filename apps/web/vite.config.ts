// Vite build of the web app: root apps/web, output dist/web (served by the gateway at /).
// `npm run build:web` builds; `npx vite --config apps/web/vite.config.ts` serves it with /api proxied
// to a back end on BACKEND_URL (default http://127.0.0.1:3300).
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');

export default defineConfig({
  root: here,
  base: '/',
  plugins: [react()],
  resolve: {
    alias: {
      '@kanban/access': path.join(repo, 'libs/access/src/index.ts'),
      '@kanban/contracts': path.join(repo, 'libs/contracts/src/index.ts'),
    },
  },
  build: {
    outDir: path.join(repo, 'dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    // dist/web/.vite/manifest.json: which chunks each module needs (load-tests/web-bundle.mjs reads it)
    manifest: true,
    chunkSizeWarningLimit: 800,
  },
  server: {
    proxy: { '/api': { target: process.env.BACKEND_URL ?? 'http://127.0.0.1:3300', changeOrigin: true } },
  },
});
