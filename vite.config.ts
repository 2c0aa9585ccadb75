import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Writes .br and .gz beside every built script, style and SVG, so the server
 * sends them as they are (@fastify/static preCompressed) instead of
 * compressing each asset again on every request. (index.html is left out: the
 * server sends it from memory, with its own additions.)
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle(opts, bundle) {
      const dir = opts.dir ?? 'dist';
      const files = Object.keys(bundle).filter((f) => /\.(?:js|css|svg|json)$/.test(f));
      await Promise.all(
        files.map(async (f) => {
          const file = path.join(dir, f);
          const buf = await fs.readFile(file);
          if (buf.length < 1024) return;
          await fs.writeFile(`${file}.gz`, zlib.gzipSync(buf, { level: 9 }));
          await fs.writeFile(`${file}.br`, zlib.brotliCompressSync(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
        }),
      );
    },
  };
}

const api = process.env.API_ORIGIN ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), precompress()],
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
