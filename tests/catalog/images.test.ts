import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCatalog } from '../../server/catalog/index.js';
import { xorWithKey } from '../../server/images/crypto.js';
import { PageType } from '../../core/gen/manga/v1/viewer_pb.js';
import { setup, call, newToken, type TestApp } from '../server/helpers.js';

/** The demo catalog's page images as a reader's client gets them: encrypted, decryptable, of the announced size. */
describe('demo page images', () => {
  let t: TestApp;
  let chapterId = 0;
  beforeAll(async () => {
    t = await setup('sqlite', 'images', {}, false);
    const cat = (await ensureCatalog({ db: t.db, dialect: 'sqlite', config: t.app.config, log: () => {}, now: t.now }))!;
    // A published chapter with a DOUBLE spread.
    const doubles = new Set(cat.pages.filter((p) => p.type === Number(PageType.DOUBLE)).map((p) => p.chapter_id));
    chapterId = cat.chapters.find((c) => doubles.has(c.id) && c.start_ts <= t.now && (c.end_ts === 0 || c.end_ts > t.now))!.id;
  });
  afterAll(() => t.close());

  for (const q of ['low', 'high', 'super_high'] as const) {
    it(`${q}: every page decrypts with its key to a WebP of the announced width and height; served with an ETag, never immutable`, async () => {
      const a = await call(t.app, {
        method: 'GET',
        url: `/api/manga_viewer?chapter_id=${chapterId}&split=yes&img_quality=${q}`,
        token: newToken(),
      });
      const v =
        a.res.result.case === 'success' && a.res.result.value.data.case === 'mangaViewer' ? a.res.result.value.data.value : undefined;
      const pages = v!.pages.flatMap((p) => (p.data.case === 'mangaPage' ? [p.data.value] : [])).slice(0, 6);
      const withDouble = [
        ...pages,
        ...v!.pages
          .flatMap((p) => (p.data.case === 'mangaPage' && p.data.value.type === PageType.DOUBLE ? [p.data.value] : []))
          .slice(0, 1),
      ];
      for (const p of withDouble) {
        const r = await t.app.inject({ method: 'GET', url: new URL(p.imageUrl, 'http://x').pathname });
        expect(r.statusCode).toBe(200);
        expect(r.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
        expect(r.headers.etag).toBeTruthy();
        expect(Number(r.headers['content-length'])).toBe(r.rawPayload.length);
        // Encrypted: not a WebP as served.
        expect(r.rawPayload.subarray(0, 4).toString()).not.toBe('RIFF');
        const meta = await sharp(xorWithKey(r.rawPayload, p.encryptionKey)).metadata();
        expect(meta.format).toBe('webp');
        expect([meta.width, meta.height]).toEqual([p.width, p.height]);
        const again = await t.app.inject({
          method: 'GET',
          url: new URL(p.imageUrl, 'http://x').pathname,
          headers: { 'if-none-match': String(r.headers.etag) },
        });
        expect(again.statusCode).toBe(304);
      }
      expect(
        withDouble.some((p) => p.type === PageType.DOUBLE && p.width === 2 * pages.find((x) => x.type === PageType.SINGLE)!.width),
      ).toBe(true);
    });
  }
});
