import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ZipArchive } from 'archiver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importChapter } from '../../server/catalog/import.js';
import { ImportError } from '../../server/catalog/pageProblem.js';
import { xorWithKey } from '../../server/images/crypto.js';
import { PageType } from '../../core/gen/manga/v1/viewer_pb.js';
import { BACKENDS, setup, type TestApp } from './helpers.js';
import { T } from './fixtures.js';

/** Page images: portrait pages, with page 3 a landscape spread. */
async function makeFolder(dir: string, n = 5) {
  fs.mkdirSync(dir, { recursive: true });
  for (let i = 1; i <= n; i++) {
    const w = i === 3 ? 1500 : 700;
    await sharp({ create: { width: w, height: 1000, channels: 3, background: { r: 25 * i, g: 90, b: 160 } } })
      .jpeg()
      .toFile(path.join(dir, `page${i}.jpg`));
  }
}

function zipFolder(dir: string, out: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const a = new ZipArchive();
    const s = fs.createWriteStream(out);
    s.on('close', () => resolve());
    a.on('error', reject);
    a.pipe(s);
    a.directory(dir, false);
    void a.finalize();
  });
}

for (const backend of BACKENDS) {
  describe(`chapter import (${backend})`, () => {
    let t: TestApp;
    let work: string;
    let dataDir: string;
    beforeAll(async () => {
      t = await setup(backend, 'import');
      work = fs.mkdtempSync(path.join(os.tmpdir(), 'import-src-'));
      dataDir = t.app.config.dataDir;
      // Natural order: page10 comes after page9, not after page1.
      await makeFolder(path.join(work, 'folder'), 10);
    });
    afterAll(async () => {
      await t.close();
      fs.rmSync(work, { recursive: true, force: true });
    });

    const counts = async () => ({
      chapters: Number(
        (
          await t.db
            .selectFrom('chapters')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirst()
        )?.n,
      ),
      pages: Number(
        (
          await t.db
            .selectFrom('pages')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirst()
        )?.n,
      ),
      files: fs.existsSync(path.join(dataDir, 'img')) ? fs.readdirSync(path.join(dataDir, 'img'), { recursive: true }).length : 0,
    });

    it('a folder round-trips: rows, natural order, a DOUBLE spread, served pages decrypt to the announced sizes', async () => {
      const res = await importChapter(t.db, t.app.clock, {
        source: path.join(work, 'folder'),
        titleId: T.bladeEn,
        chapterName: '#900',
        dataDir,
      });
      expect(res.pages).toBe(10);
      expect(res.doubles).toBe(1);
      const pages = await t.db.selectFrom('pages').selectAll().where('chapter_id', '=', res.chapterId).orderBy('idx').execute();
      expect(pages.map((p) => p.type)).toEqual(pages.map((_, i) => (i === 2 ? PageType.DOUBLE : PageType.SINGLE)));
      for (const [q, w] of [
        ['low', 480],
        ['high', 960],
        ['super_high', 1440],
      ] as const) {
        for (const idx of [0, 2]) {
          const r = await t.app.inject({ method: 'GET', url: `/img/page/${res.chapterId}/${idx}/${q}.webp` });
          expect(r.statusCode).toBe(200);
          const meta = await sharp(xorWithKey(r.rawPayload, pages[idx].encryption_key)).metadata();
          expect(meta.format).toBe('webp');
          expect(meta.width).toBe(idx === 2 ? w * 2 : w);
        }
      }
      // Natural sort: the second page is page2 (red 50), not page10 (red 250).
      const second = await t.app.inject({ method: 'GET', url: `/img/page/${res.chapterId}/1/low.webp` });
      const { data } = await sharp(xorWithKey(second.rawPayload, pages[1].encryption_key)).raw().toBuffer({ resolveWithObject: true });
      expect(Math.abs(data[0] - 50)).toBeLessThan(15);
    });

    it('a .cbz round-trips into a new title', async () => {
      const cbz = path.join(work, 'ch.cbz');
      await zipFolder(path.join(work, 'folder'), cbz);
      const res = await importChapter(t.db, t.app.clock, {
        source: cbz,
        newTitle: { name: 'Imported Tale', author: 'A. Author', language: 'fr' },
        chapterName: '#001',
        dataDir,
      });
      const title = await t.db.selectFrom('titles').selectAll().where('id', '=', res.titleId).executeTakeFirstOrThrow();
      expect(title.name).toBe('Imported Tale');
      expect(res.pages).toBe(10);
      const viewer = await t.app.inject({
        method: 'GET',
        url: `/api/manga_viewer?chapter_id=${res.chapterId}&split=yes&img_quality=high&format=json`,
      });
      expect(viewer.statusCode).toBe(200);
    });

    it('a webtoon strip (800 x 20,000) keeps its width at every quality, its bands in place', async () => {
      const strip = path.join(work, 'strip');
      fs.mkdirSync(strip, { recursive: true });
      // Four bands of 5,000 px: red, green, blue, yellow.
      const bands = [
        [220, 30, 30],
        [30, 200, 40],
        [30, 40, 220],
        [230, 220, 30],
      ];
      const raw = Buffer.alloc(800 * 20000 * 3);
      for (let y = 0; y < 20000; y++) {
        const c = bands[Math.floor(y / 5000)];
        for (let x = 0; x < 800; x++) raw.set(c, (y * 800 + x) * 3);
      }
      await sharp(raw, { raw: { width: 800, height: 20000, channels: 3 } })
        .png()
        .toFile(path.join(strip, '001.png'));
      const res = await importChapter(t.db, t.app.clock, { source: strip, titleId: T.bladeEn, chapterName: '#905', dataDir });
      expect(res).toMatchObject({ pages: 1, doubles: 0 });
      const [page] = await t.db.selectFrom('pages').selectAll().where('chapter_id', '=', res.chapterId).execute();
      expect([page.type, page.width, page.height]).toEqual([PageType.SINGLE, 960, 24000]);
      for (const [q, w] of [
        ['low', 480],
        ['high', 960],
        ['super_high', 1440],
      ] as const) {
        const r = await t.app.inject({ method: 'GET', url: `/img/page/${res.chapterId}/0/${q}.webp` });
        expect(r.statusCode).toBe(200);
        const img = sharp(xorWithKey(r.rawPayload, page.encryption_key), { limitInputPixels: false });
        const meta = await img.metadata();
        // Over WebP's 16,383 px the strip is a JPEG (the viewer decodes either).
        expect([meta.width, meta.height, meta.format]).toEqual([w, w * 25, w * 25 > 16383 ? 'jpeg' : 'webp']);
        const { data, info } = await img.raw().toBuffer({ resolveWithObject: true });
        bands.forEach((c, k) => {
          const y = Math.round(((k + 0.5) * info.height) / 4);
          const at = (y * info.width + info.width / 2) * info.channels;
          expect(
            [...data.subarray(at, at + 3)].every((v, j) => Math.abs(v - c[j]) < 20),
            `${q} band ${k}`,
          ).toBe(true);
        });
      }
    });

    it('bad input is rejected with a clear message and nothing written', async () => {
      const bad = path.join(work, 'bad');
      await makeFolder(bad, 2);
      fs.writeFileSync(path.join(bad, 'notes.txt'), 'not an image');
      const empty = path.join(work, 'empty');
      fs.mkdirSync(empty, { recursive: true });
      const corrupt = path.join(work, 'corrupt.cbz');
      fs.writeFileSync(corrupt, Buffer.from('PK\x03\x04 this is not really a zip archive at all'));
      const before = await counts();
      const cases: Array<[string, Parameters<typeof importChapter>[2], RegExp]> = [
        ['non-image file', { source: bad, titleId: T.bladeEn, chapterName: '#901', dataDir }, /notes\.txt is not an image/],
        ['corrupt archive', { source: corrupt, titleId: T.bladeEn, chapterName: '#902', dataDir }, /corrupt|not a readable/],
        ['empty folder', { source: empty, titleId: T.bladeEn, chapterName: '#903', dataDir }, /holds no images/],
        [
          'unknown language',
          { source: path.join(work, 'folder'), newTitle: { name: 'X', author: 'Y', language: 'xx' }, chapterName: '#1', dataDir },
          /unknown language "xx"/,
        ],
        [
          'duplicate chapter',
          { source: path.join(work, 'folder'), titleId: T.bladeEn, chapterName: '#900', dataDir },
          /already has a chapter named #900/,
        ],
        ['missing title', { source: path.join(work, 'folder'), titleId: 999999, chapterName: '#904', dataDir }, /there is no title 999999/],
      ];
      for (const [what, opts, msg] of cases) {
        await expect(importChapter(t.db, t.app.clock, opts), what).rejects.toThrow(ImportError);
        await expect(importChapter(t.db, t.app.clock, opts), what).rejects.toThrow(msg);
      }
      expect(await counts()).toEqual(before);
    });
  });
}
