import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  // Relative asset URLs, so the built app works from any path (e.g. a static file host).
  base: './',
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 1700,
  },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
