import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** Where a first view's one stylesheet is served (beside the build's assets: their url()s are absolute). */
const PREFIX = '/assets/first-';

/** A stylesheet link as the build writes them (index.html) and the server adds them. */
const LINK = /<link rel="stylesheet" crossorigin href="([^"]+)">/g;

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** A combined file, and its compressed forms (made off the event loop, once). */
interface Combined {
  css: Buffer;
  gzip: Promise<Buffer>;
  br: Promise<Buffer>;
}

/**
 * A server-rendered first view's stylesheets in one file. Styles live beside
 * their components (docs/CONVENTIONS.md), so the home's first view needs a
 * dozen small CSS files, and the browser paints nothing before every one of
 * them has arrived: on HTTP/1.1's six connections, beside the covers, that
 * held the first cover back (bench/home). The page links one file, their
 * text in the same order, made once per list and kept (immutable, by its
 * hash); each original is still named, by a `disabled` link that the browser
 * neither fetches nor applies, so that the app's code, which links a chunk's
 * styles unless a stylesheet link to them is already in the page, does not
 * load them again.
 */
export function firstStyles(app: FastifyInstance, dir: string) {
  const byList = new Map<string, string>();
  const files = new Map<string, Combined>();
  app.get<{ Params: { name: string } }>(`${PREFIX}:name`, async (req, reply) => {
    const f = files.get(req.params.name);
    if (!f) return reply.code(404).type('text/plain').send('Not Found');
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=31536000, immutable').header('vary', 'accept-encoding');
    const accepts = String(req.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(await f.br);
    if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(await f.gzip);
    return reply.send(f.css);
  });

  /** The one file for these stylesheets (paths under the build's folder), made the first time; null when one is missing. */
  function combined(hrefs: string[]): string | null {
    if (!hrefs.length) return null;
    const key = hrefs.join('\n');
    const known = byList.get(key);
    if (known !== undefined) return known || null;
    const parts: Buffer[] = [];
    for (const href of hrefs) {
      const file = path.join(dir, href);
      if (!file.startsWith(dir + path.sep) || !fs.existsSync(file)) {
        // Remembered too: a broken build is not looked for on disk again at every request.
        byList.set(key, '');
        return null;
      }
      parts.push(fs.readFileSync(file), Buffer.from('\n'));
    }
    const css = Buffer.concat(parts);
    const name = `${createHash('sha256').update(css).digest('hex').slice(0, 16)}.css`;
    // (Brotli at its best takes some 25 ms for the home's 28 KB: in the thread pool, not in a request.)
    files.set(name, {
      css,
      gzip: gzip(css, { level: 9 }),
      br: brotli(css, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    });
    const href = PREFIX + name;
    byList.set(key, href);
    return href;
  }

  /**
   * The page's head with its stylesheet links (the page's own and `extra`) as
   * one link to their combined file and a disabled link naming each; null
   * when a file is missing (the caller links them as they are).
   */
  return (page: string, extra: string[]): string | null => {
    const own = [...page.matchAll(LINK)].map((m) => m[1] ?? '');
    const href = combined([...new Set([...own, ...extra])]);
    if (!href) return null;
    const named = (h: string) => `<link rel="stylesheet" crossorigin href="${h}" disabled>`;
    const links = `<link rel="stylesheet" crossorigin href="${href}">${extra
      .filter((h) => !own.includes(h))
      .map(named)
      .join('')}`;
    return page.replace(LINK, (_m, h: string) => named(h)).replace('</head>', `${links}</head>`);
  };
}
