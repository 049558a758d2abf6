import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Client bundle only: the server renders the same components from source (no SSR build step).
export default defineConfig({
  base: '/static/reader/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    rollupOptions: {
      input: 'src/entry-client.tsx',
      // The boot script calls the entry's exported `start` (apps/reader/src/boot-script.ts).
      preserveEntrySignatures: 'exports-only',
    },
  },
});
