import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, setup, call as apiCall, type TestApp } from './helpers.js';
import { T } from './fixtures.js';
import { msg, msgs, num, str } from './wireReader.js';

/**
 * Third-party clients decode our answers with their own schemas. This reader
 * knows only the field numbers and wire types of ../shared/wire-format.md
 * (no generated code): it walks Response → SuccessResult → view and must
 * find the same values the generated decoder finds (tests/server/wireReader.ts).
 */
for (const backend of BACKENDS) {
  describe(`wire compatibility (${backend})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await setup(backend, 'wire');
    });
    afterAll(() => t.close());

    it('title_detailV3: Response.1 → SuccessResult.8 → TitleDetailView fields by number', async () => {
      const a = await apiCall(t.app, { method: 'GET', url: `/api/title_detailV3?title_id=${T.bladeEn}` });
      const success = msg(new Uint8Array(a.body), 1)!;
      const view = msg(success, 8)!;
      const gen =
        a.res.result.case === 'success' && a.res.result.value.data.case === 'titleDetailView' ? a.res.result.value.data.value : undefined;
      expect(gen).toBeDefined();
      const title = msg(view, 1)!;
      expect(num(title, 1)).toBe(gen!.title!.titleId);
      expect(str(title, 2)).toBe(gen!.title!.name);
      expect(str(title, 3)).toBe(gen!.title!.author);
      expect(str(view, 3)).toBe(gen!.overview);
      expect(num(view, 6)).toBe(gen!.updateTiming);
      expect(num(view, 18)).toBe(Number(gen!.numberOfViews));
      const first = msgs(view, 9);
      expect(first.map((c) => num(c, 2))).toEqual(gen!.firstChapterList.map((c) => c.chapterId));
      expect(first.map((c) => str(c, 3))).toEqual(gen!.firstChapterList.map((c) => c.name));
      expect(first.map((c) => num(c, 6))).toEqual(gen!.firstChapterList.map((c) => Number(c.startTimeStamp)));
    });

    it('manga_viewer: Response.1 → SuccessResult.10 → MangaViewer pages by number', async () => {
      const a = await apiCall(t.app, { method: 'GET', url: '/api/manga_viewer?chapter_id=4001&split=yes&img_quality=high' });
      const view = msg(msg(new Uint8Array(a.body), 1)!, 10)!;
      const gen =
        a.res.result.case === 'success' && a.res.result.value.data.case === 'mangaViewer' ? a.res.result.value.data.value : undefined;
      expect(gen).toBeDefined();
      expect(num(view, 2)).toBe(gen!.chapterId);
      expect(str(view, 5)).toBe(gen!.titleName);
      expect(str(view, 6)).toBe(gen!.chapterName);
      expect(num(view, 9)).toBe(gen!.titleId);
      const pages = msgs(view, 1);
      expect(pages.length).toBe(gen!.pages.length);
      const manga = pages.map((p) => msg(p, 1)).filter((x): x is Uint8Array => !!x);
      const genManga = gen!.pages.flatMap((p) => (p.data.case === 'mangaPage' ? [p.data.value] : []));
      expect(manga.map((p) => str(p, 1))).toEqual(genManga.map((p) => p.imageUrl));
      expect(manga.map((p) => [num(p, 2), num(p, 3), num(p, 4)])).toEqual(genManga.map((p) => [p.width, p.height, p.type]));
      expect(manga.map((p) => str(p, 5))).toEqual(genManga.map((p) => p.encryptionKey));
      expect(manga.every((p) => /^[0-9a-f]+$/.test(str(p, 5)))).toBe(true);
    });

    it('errors: Response.2 → ErrorResult action, popups with a numeric code, debug info', async () => {
      const a = await apiCall(t.app, { method: 'GET', url: '/api/manga_viewer?chapter_id=999999&split=yes' });
      const err = msg(new Uint8Array(a.body), 2)!;
      expect(num(err, 1)).toBe(0); // DEFAULT
      expect(str(msg(err, 2)!, 2)).toMatch(/\(\d+\)$/); // English popup body
      expect(str(msg(err, 3)!, 2)).toMatch(/\(\d+\)$/); // Spanish popup body
      expect(str(err, 4).length).toBeGreaterThan(0);
    });
  });
}
