import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageType } from '../../core/gen/manga/v1/viewer_pb.js';
import { THUMB_CELL_WIDTH, THUMB_HEIGHT, THUMBS_PER_SHEET } from '../../core/viewer/pageThumbs.js';
import { xorWithKey } from '../../server/images/crypto.js';
import { BACKENDS, setup, type TestApp } from './helpers.js';
import { KEY_HEX } from './fixtureIds.js';

/**
 * Issue 48: a chapter's page thumbnails, drawn by the server into sheets of
 * 40 (core/viewer/pageThumbs.ts), encrypted with the sheet's first page's
 * key, locked like the pages (403 before the chapter is out and after it
 * ends), cached like them, one spelling per sheet.
 */
describe.each(BACKENDS)('page thumbnail sheets on %s', (backend) => {
  let t: TestApp;
  const PAGES = 45;
  beforeAll(async () => {
    t = await setup(backend, `thumbs_${backend}`);
    // 1007 (readable): 45 drawn pages, page 3 a spread; 1003 (ended) and 1008 (not out yet): one page each.
    await t.db.deleteFrom('pages').where('chapter_id', 'in', [1007, 1003, 1008]).execute();
    await t.db
      .insertInto('pages')
      .values([
        ...Array.from({ length: PAGES }, (_, idx) => ({
          chapter_id: 1007,
          idx,
          type: idx === 3 ? PageType.DOUBLE : PageType.SINGLE,
          width: idx === 3 ? 1920 : 960,
          height: 1380,
          encryption_key: idx === 40 ? 'ffee' : KEY_HEX,
          source: 'demo:7',
        })),
        ...[1003, 1008].map((id) => ({
          chapter_id: id,
          idx: 0,
          type: 0,
          width: 960,
          height: 1380,
          encryption_key: KEY_HEX,
          source: 'demo:7',
        })),
      ])
      .execute();
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('draws each sheet of a readable chapter, encrypted with its first page key, cached like a page', async () => {
    const r = await get('/img/thumbs/1007/0.webp');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('image/webp');
    expect(r.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
    // Encrypted: not a WebP until decrypted with page 0's key.
    expect(r.rawPayload.subarray(0, 4).toString()).not.toBe('RIFF');
    const plain = xorWithKey(r.rawPayload, KEY_HEX);
    const meta = await sharp(plain).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', (THUMBS_PER_SHEET + 1) * THUMB_CELL_WIDTH, THUMB_HEIGHT]);
    // The second sheet: the last five pages, with page 40's key.
    const second = await get('/img/thumbs/1007/1.webp');
    expect(second.statusCode).toBe(200);
    expect((await sharp(xorWithKey(second.rawPayload, 'ffee')).metadata()).width).toBe((PAGES - THUMBS_PER_SHEET) * THUMB_CELL_WIDTH);
    // Revalidated by its ETag.
    expect((await get('/img/thumbs/1007/0.webp', { 'if-none-match': String(r.headers.etag) })).statusCode).toBe(304);
  });

  it('draws the pages, not an empty sheet: every cell has the page paper in its middle', async () => {
    const r = await get('/img/thumbs/1007/0.webp');
    const { data, info } = await sharp(xorWithKey(r.rawPayload, KEY_HEX)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => data[(y * info.width + x) * 3];
    for (let cell = 0; cell < 5; cell++) {
      const x0 = cell * THUMB_CELL_WIDTH + (cell > 3 ? THUMB_CELL_WIDTH : 0);
      // The page's top margin is paper (light), not the dark background...
      expect(at(x0 + THUMB_CELL_WIDTH / 2, 1), `page ${cell + 1}'s margin`).toBeGreaterThan(150);
      // ...and its panels are drawn: many shades down its middle.
      const shades = new Set(Array.from({ length: THUMB_HEIGHT }, (_, y) => at(x0 + THUMB_CELL_WIDTH / 2, y)));
      expect(shades.size, `page ${cell + 1}'s panels`).toBeGreaterThan(8);
    }
  });

  it('refuses a chapter not out yet or ended (403), and every other spelling or sheet (404)', async () => {
    for (const id of [1003, 1008]) expect((await get(`/img/thumbs/${id}/0.webp`)).statusCode, `${id}`).toBe(403);
    for (const url of [
      '/img/thumbs/1007/2.webp',
      '/img/thumbs/1007/01.webp',
      '/img/thumbs/1007/0.png',
      '/img/thumbs/1007/0/x.webp',
      '/img/thumbs/01007/0.webp',
      '/img/thumbs/999999/0.webp',
    ])
      expect((await get(url)).statusCode, url).toBe(404);
  });
});
