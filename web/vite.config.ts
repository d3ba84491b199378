import { vitePlugin as remix } from '@remix-run/dev';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// Types loaders and actions for single fetch (turbo-stream) instead of JSON serialisation.
declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  // Assets are served under the same base path as the site (one origin: /mbl and /mbl/api).
  base: '/mbl/',
  // Mirrors tsconfig's "~/*" path (no extra plugin needed for a single alias).
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  build: {
    rollupOptions: {
      output: {
        // React, React DOM and Remix's runtime load on every page: one chunk, so a new route sharing only part of
        // them cannot make Rollup cut them into several files (each with its own wrapper and compression window).
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|@remix-run\/(react|router))\//.test(id)) return 'runtime';
          return undefined;
        },
      },
    },
  },
  plugins: [
    // Tailwind must see the CSS before Remix's plugin processes routes.
    tailwindcss(),
    remix({
      // No trailing slash: with '/mbl/' the bare '/mbl' answers 404.
      basename: '/mbl',
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
});
