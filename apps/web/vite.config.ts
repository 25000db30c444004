import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
// The contracts package is TypeScript source the config loader does not bundle: its constants file
// (no imports) is taken by path.
// Vite loads this file natively: relative imports name the file, .ts included (tsconfig's
// allowImportingTsExtensions).
import { PRODUCT_NAME } from '../../packages/contracts/src/constants.ts';
import { shellStringsPlugin } from './src/shared/i18n/shell-strings-plugin.ts';

const api = process.env.ATRIUM_API ?? 'http://localhost:3000';

/**
 * Source maps are off by default: a production build ships none. WEB_SOURCEMAPS=hidden writes them
 * (for an error tracker) without the comment that points browsers at them; the server never serves
 * a .map file either way.
 */
const sourcemap = process.env.WEB_SOURCEMAPS === 'hidden' ? 'hidden' : false;

export default defineConfig({
  plugins: [
    react(),
    shellStringsPlugin(),
    // The installable app: its web app manifest and the service worker of src/sw.ts (app shell offline,
    // web push). Registered by src/shared/pwa/register.ts after the first paint, never in dev.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'icons/*.png'],
      manifest: {
        id: '/',
        name: PRODUCT_NAME,
        short_name: PRODUCT_NAME,
        description: `${PRODUCT_NAME}: your workplace, in one place.`,
        lang: 'en-GB',
        start_url: '/home',
        scope: '/',
        display: 'standalone',
        // Mantine's default primary (indigo 7, shared/theme DEFAULT_PRIMARY) and its light body.
        theme_color: '#3b5bdb',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/apple-touch-icon-180.png', sizes: '180x180', type: 'image/png' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      injectManifest: {
        // The build's code, styles and icons; not index.html (a fresh CSP nonce per answer, see sw.ts),
        // not the .br/.gz copies the server picks from, not source maps.
        globPatterns: ['**/*.{js,css,svg,png,woff2,webmanifest}'],
        globIgnores: ['**/*.map', 'index.html', '**/*.br', '**/*.gz'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        // The worker is registered as a classic script (virtual:pwa-register), so it is built as one
        // script, not as an ES module with its imports inlined (Rolldown's deprecated option).
        rollupFormat: 'iife',
      },
      devOptions: { enabled: false },
    }),
    // Brotli and gzip copies beside each asset, which the server sends to browsers that accept them
    // (@fastify/static preCompressed): compressed once at build time, not on every answer.
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      exclude: [/\.(png|jpg|jpeg|webp|woff2|ico|map)$/, /index\.html$/],
      threshold: 1024,
    }),
  ],
  // The server puts a fresh nonce here in every answer (apps/server/src/http/web-app.ts); the app reads
  // it from the csp-nonce meta tag for the <style> elements Mantine adds (docs/decisions/015).
  html: { cspNonce: '__ATRIUM_CSP_NONCE__' },
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // Every `zod` of the bundle (the contracts' too) parses without eval, as the CSP requires.
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/shared/csp/zod-jitless.ts', import.meta.url)) },
    ],
  },
  server: {
    port: 5173,
    proxy: {
      // The API, the refresh cookie's path and the real-time hub all live under /core.
      '/core': { target: api, changeOrigin: true, ws: true },
    },
  },
  build: {
    manifest: true,
    // The page preloads the entry's own imports, but a lazy chunk's imports load when it does: listing
    // every lazy chunk's imports up front cost the first load 4.4 KB of file names, and Lighthouse
    // scores the pages the same either way (docs/decisions/024).
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    sourcemap,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The Mantine pieces the sign-in page shows (inputs with everything they import: Box, the
          // styles API...; buttons, alert, checkbox, text and layout) in one
          // chunk: the sign-in page loads all of them anyway, and as a score of small chunks (split apart
          // by the other pages that share some of them) they cost more than the budget allows (issue 30).
          groups: [
            {
              name: 'mantine-basics',
              test: /@mantine[\\/]core[\\/]esm[\\/]components[\\/](InputBase|Input[\\/]use-input-props|TextInput|PasswordInput|InlineInput|Checkbox|Button|ActionIcon|Alert|Transition|Title|Text|Anchor|Group|Stack|Center|Divider|ThemeIcon)[\\/]/,
            },
          ],
        },
      },
      treeshake: {
        // The contracts package only declares constants, tables and schemas: a module of it whose exports
        // the app does not use (the zod schemas of other modules, say) can be left out of the bundle.
        moduleSideEffects: (id) => (/[\\/]packages[\\/]contracts[\\/]src[\\/]/.test(id) ? false : undefined),
      },
    },
  },
});
