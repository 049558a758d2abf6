import { precompressAssets } from '@quire/vite-plugins';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { preactAliases } from './preact-aliases';
import { serverOnlyRouteFields } from './server-only-fields';
import { STAGED_CHUNK } from './src/chunks';

// Client bundle only: the server renders the same components from source (no SSR build step).
export default defineConfig({
  base: '/static/reader/',
  plugins: [react(), serverOnlyRouteFields(), precompressAssets()],
  resolve: { alias: preactAliases },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    rollupOptions: {
      input: 'src/entry-client.tsx',
      // The boot script calls the entry's exported `start` (apps/reader/src/boot-script.ts).
      preserveEntrySignatures: 'exports-only',
      // The tRPC client declares no side effects but has none: the links the app does not use (WebSocket) stay out.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]@trpc[\\/]client[\\/]/.test(id) },
      output: {
        codeSplitting: {
          // What every page runs comes in two files, the UI runtime (Preact, evaluated first, in a task of its own: see
          // boot-script.ts) and the app, instead of dozens of small shared chunks; a page's own chunks come beside.
          groups: [
            {
              name: STAGED_CHUNK,
              test: /[\\/]node_modules[\\/]preact[\\/]/,
              priority: 2,
            },
            { name: 'app', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
