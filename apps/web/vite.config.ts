import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const API = 'http://localhost:3000';

/** In development, fill the brand placeholder the API fills in production (apps/api/src/plugins/web.ts). */
const brandName = (): Plugin => ({
  name: 'proxydesk-brand-name',
  apply: 'serve',
  transformIndexHtml: (html) => html.replaceAll('__BRAND_NAME__', process.env.BRAND_NAME ?? 'ProxyDesk'),
});

export default defineConfig({
  plugins: [react(), brandName()],
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  server: {
    port: 5173,
    proxy: Object.fromEntries(['/v1', '/docs', '/healthz', '/sandbox'].map((path) => [path, API])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The bench reads the manifest to report first-load JS per route.
    manifest: true,
    chunkSizeWarningLimit: 400,
  },
});
