import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.ATRIUM_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: {
      // The API, the refresh cookie's path and the real-time hub all live under /core.
      '/core': { target: api, changeOrigin: true, ws: true },
    },
  },
  build: {
    manifest: true,
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      treeshake: {
        // The contracts package only declares constants, tables and schemas: a module of it whose exports
        // the app does not use (the zod schemas of other modules, say) can be left out of the bundle.
        moduleSideEffects: (id) => (/[\\/]packages[\\/]contracts[\\/]src[\\/]/.test(id) ? false : undefined),
      },
    },
  },
});
