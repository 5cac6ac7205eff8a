import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The sync-server the dev server proxies API calls to (the launcher sets PUBLIC_SYNC_URL). */
const syncUrl = process.env.PUBLIC_SYNC_URL ?? 'http://localhost:8080';
const proxied = ['/api', '/v1', '/replicache', '/healthz'];
const port = Number(process.env.PWA_PORT ?? 5173);

export default defineConfig({
  plugins: [react()],
  server: {
    port,
    strictPort: true,
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: syncUrl, changeOrigin: false }])),
  },
  preview: { port: 4173, strictPort: true },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
