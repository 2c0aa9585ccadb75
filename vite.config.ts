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
    // The browser's build only (not the server-rendering bundle).
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
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

/**
 * Lists the browser build's files in sw-assets.json: what src/features/offline/offlineStore.ts
 * saves so that the app itself opens offline (src/sw/offlineWorker.ts).
 */
function offlineFiles(): Plugin {
  return {
    name: 'offline-files',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    // After Vite's own generateBundle, which drops the chunks that only carried CSS: listed, their names
    // answered 404 and no chapter could be saved.
    enforce: 'post',
    generateBundle(_opts, bundle) {
      // What only the console's entry reaches stays out: the reader's offline copy carries no console code.
      const reach = (entries: string[]) => {
        const seen = new Set<string>();
        const visit = (f: string) => {
          if (seen.has(f)) return;
          seen.add(f);
          const c = bundle[f];
          if (c?.type !== 'chunk') return;
          [...c.imports, ...c.dynamicImports].forEach(visit);
          c.viteMetadata?.importedCss.forEach((x) => seen.add(x));
          c.viteMetadata?.importedAssets.forEach((x) => seen.add(x));
        };
        entries.forEach(visit);
        return seen;
      };
      const entries = Object.values(bundle).filter((c) => c.type === 'chunk' && c.isEntry);
      const reader = reach(entries.filter((c) => c.name !== 'console').map((c) => c.fileName));
      const consoleOnly = [...reach(entries.filter((c) => c.name === 'console').map((c) => c.fileName))].filter((f) => !reader.has(f));
      const files = Object.keys(bundle).filter((f) => f.startsWith('assets/') && !/harness/i.test(f) && !consoleOnly.includes(f));
      this.emitFile({ type: 'asset', fileName: 'sw-assets.json', source: JSON.stringify(files.map((f) => `/${f}`)) });
    },
  };
}

/** The entry's own modules and the first-page hand-over's (see codeSplitting below). */
const BOOT_MODULES =
  /[\\/]src[\\/](?:boot[\\/](?:acceptServerView|pageData|chapterStartHandOver|viewerServices)|api[\\/](?:query|pageAnswers)|lib[\\/](?:prefs|storage)|i18n[\\/]index|viewer[\\/](?:prefetch|decodePool|textureLimit))\.tsx?$|[\\/]core[\\/](?:languages|storageKeys|languageChoice|pageMarkup|viewer[\\/](?:chapterQuery|imageQuality|viewerMode))\.ts$/;

const api = process.env.API_ORIGIN ?? 'http://localhost:8080';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), precompress(), offlineFiles()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    // Which styles each screen's chunk brings: the server links those of a first view it renders.
    manifest: !isSsrBuild,
    // Every browser the app supports preloads modules itself (Chromium 66, Safari 17, Firefox 115): the polyfill
    // was one more script, in a chunk of its own since the console's page became a second entry, before the
    // app's boot code on every first view.
    modulePreload: { polyfill: false },
    rolldownOptions: isSsrBuild
      ? {}
      : {
          // The app's page, the publisher's console (console.html, served at /console; the reader's pages load
          // none of its code), and the viewer's test harness (src/viewer/testing/harness.ts): its own entry,
          // sharing the session's modules with the app, that only browser tests load (tests/e2e/viewerHarness.ts).
          input: {
            index: 'index.html',
            console: 'console.html',
            viewerHarness: 'src/viewer/testing/harness.ts',
            swOffline: 'src/sw/offlineWorker.ts',
          },
          output: {
            // The service worker's offline part keeps a fixed name beside public/sw.js, which loads it.
            entryFileNames: (chunk) => (chunk.name === 'swOffline' ? 'sw-offline.js' : 'assets/[name]-[hash].js'),
            codeSplitting: {
              groups: [
                // What the entry runs before the app's code (with the hand-over of a chapter's first
                // pages, src/boot/chapterStartHandOver.ts) in one file: on HTTP/1.1's six connections a dozen
                // small files beside the page's first images took longer than the code itself.
                { name: 'boot', test: BOOT_MODULES, priority: 10 },
              ],
            },
          },
        },
    // The server-rendering bundle (dist-ssr/) is code only: public/ is the browser build's.
    copyPublicDir: !isSsrBuild,
  },
  worker: { format: 'es' },
  server: {
    port: 5173,
    proxy: { '/api': api, '/img': api, '/push': api },
  },
  // The server-rendering bundle carries its dependencies, React's production build included
  // (the server runs without NODE_ENV; React's development build renders several times slower).
  ssr: { noExternal: true },
  define: {
    ...(isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {}),
    // The machine explorer is on in development; production builds opt in.
    __MACHINE_EXPLORER__: JSON.stringify(process.env.NODE_ENV !== 'production' || process.env.MACHINE_EXPLORER === '1'),
  },
}));
