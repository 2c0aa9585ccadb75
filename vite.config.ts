import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = process.env.API_ORIGIN ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
  },
  worker: { format: 'es' },
  server: {
    port: 5173,
    proxy: { '/api': api, '/img': api, '/push': api },
  },
  define: {
    // The machine explorer is on in development; production builds opt in.
    __MACHINE_EXPLORER__: JSON.stringify(process.env.NODE_ENV !== 'production' || process.env.MACHINE_EXPLORER === '1'),
  },
});
