import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { BOOT_ELEMENT_ID, DEFERRED_STYLE } from '../../core/pageMarkup.js';
import { isAppPath } from '../../core/routes.js';
import { byShort } from '../../core/languages.js';
import { previewLanguage } from '../../core/previewLanguage.js';
import { PREFS_COOKIES, STORAGE } from '../../core/storageKeys.js';
import { RENDER_AHEAD_HEADER } from '../lib/route.js';
import { firstStyles } from './firstStyles.js';
import { viewToken } from '../services/mobileViewer.js';

const gzip = promisify(zlib.gzip);

/** The built web app: static files, and index.html for every SPA route. */
export default fp(async (app) => {
  const dir = app.config.webDir;
  const index = path.join(dir, 'index.html');
  const hasWeb = fs.existsSync(index);
  // The page is read once; with MACHINE_EXPLORER on, a meta tag tells the app to offer /machines.
  let html = hasWeb ? fs.readFileSync(index, 'utf8') : '';
  if (app.config.machineExplorer) html = html.replace('</head>', '  <meta name="machine-explorer" content="on" />\n  </head>');
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dir,
      index: false,
      wildcard: false,
      // The build writes .br and .gz beside each asset (vite.config.ts): sent as they are.
      preCompressed: true,
      // Vite puts content hashes in asset names: they never change.
      setHeaders(reply, file) {
        if (file.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  const firstView = hasWeb ? await loadFirstView(app, dir) : null;
  const styled = firstView ? firstStyles(app, path.resolve(dir)) : undefined;
  const inlineScript = firstView ? readInlineScript(path.resolve(dir, '..', 'dist-ssr', 'first-paint.js')) : null;
  app.setNotFoundHandler(async (req, reply) => {
    // (A URL under /api that matches no route is the API scope's: server/plugins/api.ts.)
    if (req.method !== 'GET' && req.method !== 'HEAD') return reply.code(404).type('text/plain').send('Not Found');
    if (!hasWeb) return reply.code(503).type('text/plain').send('The web app is not built: run `npm run build`.');
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    // A path no route of the app matches gets the app all the same (it renders its not-found page, noindex),
    // answered 404: crawlers and link checkers see that the address is gone.
    const pathname = req.url.split('?')[0] ?? '';
    if (!isAppPath(pathname, { explorer: app.config.machineExplorer })) reply.code(404);
    // The home's first view rendered into the page, and for every page the languages chosen
    // (src/boot/serverRender.tsx); it depends on these.
    const page = firstView && req.method === 'GET' ? await firstView(req) : null;
    if (page) {
      reply.header('vary', 'accept-encoding, accept-language, cookie');
      // A chapter's page (its first pages preloaded) gets the script that draws them, allowed by its hash.
      const script = page.preload?.length ? inlineScript : null;
      // The page's inline styles (its style="" attributes, the chapter page's background) by hash.
      const styles = styleHashes(page.markup, script ? [CHAPTER_BACKGROUND] : []);
      let csp = String(reply.getHeader('content-security-policy') ?? '');
      if (styles) csp = csp.replace("style-src 'self'", `style-src 'self' ${styles}`);
      if (script) csp = csp.replace("script-src 'self'", `script-src 'self' '${script.hash}'`);
      reply.header('content-security-policy', csp);
      if (script) {
        // A chapter link opened in a new tab (or window) starts from an empty document without
        // this policy: with it the browser moves the page to a new browsing context group and
        // process, 50 ms and more before its first page (bench/viewer). Without it, a site that
        // opens a chapter can see its window, count its frames and navigate it, but reach none of
        // the reader's data. Every other page keeps the policy.
        reply.removeHeader('cross-origin-opener-policy');
      }
      // Answers made for one visitor's session are theirs alone.
      if (page.boot.session) reply.header('cache-control', 'private, no-cache');
      const body = withFirstView(html, page, script?.code, styled);
      // (@fastify/compress does not reach a not-found handler: this page is 100 KB and more.)
      if (!/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) return reply.send(body);
      return reply.header('content-encoding', 'gzip').send(await gzip(body, { level: 6 }));
    }
    // The SPA draws what a path shows (including its not-found page).
    return reply.send(html);
  });
});

/** What src/boot/serverRender.tsx exports (a separate build: dist-ssr/). */
interface FirstView {
  locale: string;
  markup: string;
  boot: { session?: string };
  /** Fetched at once by the browser (a chapter's first pages: an image, or bytes the page's script decrypts). */
  preload?: { href: string; as: 'image' | 'fetch' }[];
  /** Stylesheets of the screen's chunks (the app would load them with its code: the markup needs them first). */
  styles?: string[];
}

type Manifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;

/** The browser build's manifest (dist/.vite/manifest.json), or none. */
function readManifest(dir: string): Manifest {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return {};
  }
}

/** A source's chunk and every chunk it imports, from the manifest; a source the manifest lacks is reported to `missing`. */
function chunkGraph(manifest: Manifest, sources: string[], missing: (key: string) => void): Manifest[string][] {
  const out: Manifest[string][] = [];
  const seen = new Set<string>();
  const walk = (key: string) => {
    const m = manifest[key];
    if (!m) return missing(key);
    if (seen.has(key)) return;
    seen.add(key);
    out.push(m);
    for (const i of m.imports ?? []) walk(i);
  };
  for (const src of sources) walk(src);
  return out;
}

/**
 * The CSS files of each first view's screen and of the app's code, with the
 * chunks they import, by path. (Their scripts are not preloaded: on
 * HTTP/1.1's six connections they would hold the covers back.)
 */
function firstViewAssets(
  manifest: Manifest,
  modules: Record<string, string>,
  appModule: string,
  missing: (key: string) => void,
): Map<string, { styles: string[] }> {
  const out = new Map<string, { styles: string[] }>();
  for (const [p, src] of Object.entries(modules)) {
    const chunks = chunkGraph(manifest, [src, appModule], missing);
    out.set(p, { styles: [...new Set(chunks.flatMap((m) => (m.css ?? []).map((c) => `/${c}`)))] });
  }
  return out;
}

interface SsrModule {
  FIRST_VIEW_MODULES: Record<string, string>;
  APP_MODULE: string;
  renderFirstView(req: {
    path: string;
    acceptLanguage?: string | undefined;
    cookie?: string | undefined;
    get(pathAndQuery: string, headers?: Record<string, string>): Promise<Uint8Array>;
    viewToken?(chapterId: number): Promise<string>;
  }): Promise<FirstView | null>;
}

/** Headers of the page request that API answers may depend on (host: the image addresses; region, address, agent, cookies). */
function forwarded(req: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (
      v === undefined ||
      ['accept', 'accept-encoding', 'content-length', 'content-type', 'connection', 'if-none-match', 'if-modified-since'].includes(k)
    )
      continue;
    out[k] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

/**
 * A staff preview's page (`?preview=th`, core/previewLanguage.ts) is rendered in its language, as the
 * app draws it: its language cookies as the page reads them, after (over) the visitor's own.
 */
function withPreviewLanguage(cookie: string | undefined, url: string): string | undefined {
  const short = previewLanguage(url.split('?')[1]);
  const service = short && byShort(short)?.service;
  if (!short || !service) return cookie;
  const langs = `${PREFS_COOKIES[STORAGE.serviceLang]}=${service}; ${PREFS_COOKIES[STORAGE.contentLangs]}=${encodeURIComponent(JSON.stringify([short]))}`;
  return cookie ? `${cookie}; ${langs}` : langs;
}

/**
 * The server-rendering bundle, if built: a function that renders a path's
 * first view for a request from the API's own answers (app.inject: the same
 * routes, maintenance and region rules as the app's calls), or null to send
 * the page as it is. A failure is logged and the page sent as it is: the app
 * then starts as usual.
 */
async function loadFirstView(app: FastifyInstance, dir: string): Promise<((req: FastifyRequest) => Promise<FirstView | null>) | null> {
  const entry = path.resolve(dir, '..', 'dist-ssr', 'serverRender.js');
  if (!app.config.serverRender || !fs.existsSync(entry)) return null;
  let mod: SsrModule;
  try {
    mod = (await import(pathToFileURL(entry).href)) as SsrModule;
  } catch (err) {
    app.log.warn({ err }, 'server rendering off: dist-ssr/serverRender.js did not load');
    return null;
  }
  const manifest = readManifest(dir);
  // A stale key (a module renamed or moved) once dropped a view's styles without a word.
  const assets = firstViewAssets(manifest, mod.FIRST_VIEW_MODULES, mod.APP_MODULE, (key) =>
    app.log.error({ key }, 'server rendering: module not in the build manifest, its styles are not linked'),
  );
  return async (req) => {
    const pathname = req.url.split('?')[0] ?? '';
    const headers = forwarded(req);
    try {
      const view = await mod.renderFirstView({
        path: pathname,
        acceptLanguage: req.headers['accept-language'],
        cookie: withPreviewLanguage(req.headers.cookie, req.url),
        viewToken: (chapterId) => viewToken(app, chapterId),
        get: async (pathAndQuery, extra) =>
          (await app.inject({ method: 'GET', url: `/api${pathAndQuery}`, headers: { ...headers, ...extra, [RENDER_AHEAD_HEADER]: '1' } }))
            .rawPayload,
      });
      return view && { ...view, ...assets.get(pathname) };
    } catch (err) {
      req.log.error({ err }, 'first view not rendered');
      return null;
    }
  };
}

/**
 * The script that draws a chapter's first pages while its page is parsed
 * (src/boot/chapterStartScript.ts, built into dist-ssr/ by build:ssr) and its
 * CSP hash; none when it is not built (the entry then draws them itself).
 */
function readInlineScript(file: string): { code: string; hash: string } | null {
  if (!fs.existsSync(file)) return null;
  const code = fs.readFileSync(file, 'utf8').trim();
  if (/<\/script/i.test(code)) return null;
  return { code, hash: `sha256-${createHash('sha256').update(code).digest('base64')}` };
}

/** The chapter page's background while its stylesheets load (an inline style, allowed by its hash). */
const CHAPTER_BACKGROUND = 'html{background:#111}';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The CSP style-src sources a server-rendered page needs: the hashes of its
 * `<style>` elements' text and of its markup's style="" attributes (as the
 * browser reads them: entities decoded), those with 'unsafe-hashes' (CSP 3:
 * a hash allows exactly that attribute value, nothing else). Empty when none.
 */
function styleHashes(markup: string, elements: string[]): string {
  const decode = (v: string) =>
    v.replace(
      /&(quot|amp|lt|gt|#x27|#39);/g,
      (_m, e: string) => ({ quot: '"', amp: '&', lt: '<', gt: '>', '#x27': "'", '#39': "'" })[e] ?? '',
    );
  const attributes = new Set([...markup.matchAll(/\sstyle="([^"]*)"/g)].map((m) => decode(m[1] ?? '')));
  const sources = [...elements.map(sha256), ...[...attributes].map(sha256)];
  if (attributes.size) sources.unshift("'unsafe-hashes'");
  return sources.join(' ');
}

/** The page with a first view in its root element and the answers it came from beside it (then `script`, inlined). */
function withFirstView(html: string, v: FirstView, script?: string, styled?: (page: string, extra: string[]) => string | null): string {
  const boot = JSON.stringify(v.boot).replace(/</g, '\\u003c');
  const attr = (x: string) => x.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  // Ahead of the app's scripts: on HTTP/1.1's six connections they go first. No crossorigin: the
  // page's script shows a plain page as an <img> (no crossorigin either), and fetches an encrypted
  // one same-origin in no-cors mode with credentials (chapterStartDrawing.ts), what a preload
  // without it asks; WebKit reuses no CORS preload of a same-origin URL (it alone sends Origin on
  // it), so with crossorigin it downloaded the first page twice.
  const preloads = (v.preload ?? [])
    .map((p) => `<link rel="preload" as="${p.as}" href="${attr(p.href)}"${p.as === 'image' ? ' fetchpriority="high"' : ''}>`)
    .join('');
  const extra = (v.styles ?? []).filter((href) => !html.includes(`"${href}"`));
  const bootElement = `<script id="${BOOT_ELEMENT_ID}" type="application/json">${boot}</script>`;
  // With the first-page script: both ahead of the stylesheet (an inline script waits for the
  // stylesheets before it) and the app's scripts, right after the first pages' preloads.
  const head = script ? `${preloads}${bootElement}<script>${script}</script>` : preloads;
  // Drawn ahead, a chapter's pages wait for no stylesheet: the stylesheets load without holding
  // the first frame (media=print until the entry applies them, before the app renders anything
  // they style: src/boot/deferredStyles.ts), under the viewer's background.
  const page = script
    ? html
        .replace(/<link rel="stylesheet"(?![^>]*\bmedia=)/g, `<link rel="stylesheet" media="print" ${DEFERRED_STYLE}`)
        .replace('</head>', `<style>${CHAPTER_BACKGROUND}</style></head>`)
    : html;
  // A chapter's page keeps its links (deferred above); another's are one file (./firstStyles.ts).
  const linked =
    (!script && styled?.(page, extra)) ||
    page.replace('</head>', `${extra.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join('')}</head>`);
  return linked
    .replace(/<html lang="[^"]*"/, `<html lang="${v.locale}"`)
    .replace('<script type="module"', () => `${head}<script type="module"`)
    .replace('<div id="root"></div>', () => `<div id="root">${v.markup}</div>${script ? '' : bootElement}`);
}
