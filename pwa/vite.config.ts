import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { zodWithoutJsonSchema } from './build/zod-without-json-schema';

/** The sync-server the dev server proxies API calls to (the launcher sets PUBLIC_SYNC_URL). */
const syncUrl = process.env.PUBLIC_SYNC_URL ?? 'http://127.0.0.1:8080';
const proxied = ['/api', '/v1', '/replicache', '/healthz', '/share'];
const port = Number(process.env.PWA_PORT ?? 5173);
/** The edge's public URL (the launcher sets it): the editor's short-link addresses open there in dev. */
const edgeUrl = process.env.PUBLIC_EDGE_URL;
/** Never cached by the service worker: every request to these goes to the network. */
const API_DENYLIST = [
  /^\/api(\/|$)/,
  /^\/v1(\/|$)/,
  /^\/replicache(\/|$)/,
  /^\/healthz/,
  /^\/webhooks(\/|$)/,
  // shared dashboards: static HTML from the sync-server, never the editor's shell
  /^\/share(\/|$)/,
];

export default defineConfig({
  plugins: [
    react(),
    zodWithoutJsonSchema(),
    {
      // Dev server only: sync-server adds the same tag to the built shell it serves (routes/pwa-static.ts).
      name: 'linkhub-edge-url',
      apply: 'serve',
      transformIndexHtml: () =>
        edgeUrl
          ? [{ tag: 'meta', attrs: { name: 'linkhub-edge-url', content: edgeUrl }, injectTo: 'head' }]
          : [],
    },
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['icons/*.png'],
      manifest: {
        name: 'LinkHub editor',
        short_name: 'LinkHub',
        description: 'Bio pages, branded short links and dynamic QR codes: works offline.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#1e293b',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,png,svg,webmanifest}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: API_DENYLIST,
        cleanupOutdatedCaches: true,
        // The first install takes over the open tab at once, so it works offline without a reload.
        clientsClaim: true,
        // No runtimeCaching: /api, /v1 and /replicache always go to the network.
      },
    }),
  ],
  server: {
    port,
    strictPort: true,
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: syncUrl, changeOrigin: false }])),
  },
  preview: { port: 4173, strictPort: true },
  build: { outDir: process.env.PWA_OUT_DIR ?? 'dist', emptyOutDir: true, sourcemap: true },
});
