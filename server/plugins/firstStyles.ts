import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** Where a first view's one stylesheet is served (beside the build's assets: their url()s are absolute). */
const PREFIX = '/assets/first-';

interface Combined {
  css: Buffer;
  gzip: Buffer;
  br: Buffer;
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
  app.get<{ Params: { name: string } }>(`${PREFIX}:name`, (req, reply) => {
    const f = files.get(req.params.name);
    if (!f) return reply.code(404).type('text/plain').send('Not Found');
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=31536000, immutable').header('vary', 'accept-encoding');
    const accepts = String(req.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(f.br);
    if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(f.gzip);
    return reply.send(f.css);
  });

  /** The one file for these stylesheets (paths under the build's folder), made the first time; null when one is missing. */
  function combined(hrefs: string[]): string | null {
    const key = hrefs.join('\n');
    const known = byList.get(key);
    if (known) return known;
    const parts: Buffer[] = [];
    for (const href of hrefs) {
      const file = path.join(dir, href);
      if (!file.startsWith(dir + path.sep) || !fs.existsSync(file)) return null;
      parts.push(fs.readFileSync(file), Buffer.from('\n'));
    }
    const css = Buffer.concat(parts);
    const name = `${createHash('sha256').update(css).digest('hex').slice(0, 16)}.css`;
    files.set(name, {
      css,
      gzip: zlib.gzipSync(css, { level: 9 }),
      br: zlib.brotliCompressSync(css, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    });
    const href = PREFIX + name;
    byList.set(key, href);
    return href;
  }

  /**
   * The page's head with its stylesheet links (the page's own and `extra`) as
   * one link to their combined file and a disabled link naming each; unchanged
   * when a file is missing.
   */
  return (page: string, extra: string[]): string => {
    const own = [...page.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)].map((m) => m[1] ?? '');
    const hrefs = [...new Set([...own, ...extra])];
    const href = hrefs.length ? combined(hrefs) : null;
    const named = (h: string) => `<link rel="stylesheet" crossorigin href="${h}" disabled>`;
    if (!href) return page.replace('</head>', `${extra.map((h) => `<link rel="stylesheet" crossorigin href="${h}">`).join('')}</head>`);
    const links = `<link rel="stylesheet" crossorigin href="${href}">${extra
      .filter((h) => !own.includes(h))
      .map(named)
      .join('')}`;
    return page
      .replace(/<link rel="stylesheet" crossorigin href="([^"]+)">/g, (_m, h: string) => named(h))
      .replace('</head>', `${links}</head>`);
  };
}
