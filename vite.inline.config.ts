import { defineConfig } from 'vite';

/**
 * The script the server inlines in /viewer/{id} pages to draw a chapter's
 * first pages while the page is parsed (src/boot/chapterStartScript.ts):
 * one classic script with its few dependencies, beside the server-rendering
 * bundle (dist-ssr/first-paint.js: the name server/plugins/web.ts reads). Run after `vite build --ssr`, which
 * empties dist-ssr/.
 */
export default defineConfig({
  publicDir: false,
  build: {
    outDir: 'dist-ssr',
    emptyOutDir: false,
    target: 'es2022',
    sourcemap: false,
    lib: {
      entry: 'src/boot/chapterStartScript.ts',
      formats: ['iife'],
      name: 'mangaReaderChapterStart',
      fileName: () => 'first-paint.js',
    },
  },
});
