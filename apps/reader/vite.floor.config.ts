import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { preactAliases } from './preact-aliases';

// `pnpm bench` builds these two pages (bench/*.tsx) to weigh the libraries alone; nothing here ships.
export default defineConfig({
  plugins: [react()],
  resolve: { alias: preactAliases },
  logLevel: 'warn',
  build: {
    outDir: 'node_modules/.library-floor',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    rollupOptions: { input: ['bench/library-floor.tsx', 'bench/react-dom-only.tsx'] },
  },
});
