import { precompressAssets } from '@quire/vite-plugins';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/static/editor/',
  plugins: [react(), precompressAssets()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
});
