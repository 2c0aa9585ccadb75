import type { DB } from '../db/index.js';

/** Data the image routes need: pages and what demo art draws (names, languages). */
export function imagesRepo(db: DB) {
  return {
    async page(chapterId: number, idx: number) {
      const row = await db
        .selectFrom('pages as p')
        .innerJoin('chapters as c', 'c.id', 'p.chapter_id')
        .innerJoin('titles as t', 't.id', 'c.title_id')
        .select([
          'p.type',
          'p.width',
          'p.height',
          'p.encryption_key',
          'p.source',
          'c.name as chapter_name',
          'c.is_vertical_only',
          't.name as title_name',
          't.language',
        ])
        .where('p.chapter_id', '=', chapterId)
        .where('p.idx', '=', idx)
        .executeTakeFirst();
      if (!row) return undefined;
      const n = await db
        .selectFrom('pages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('chapter_id', '=', chapterId)
        .executeTakeFirstOrThrow();
      return { ...row, page_count: Number(n.n) };
    },

    /** A chapter's pages in order, with what a thumbnail sheet is drawn from (server/images/thumbSheet.ts). */
    async chapterPages(chapterId: number) {
      const rows = await db
        .selectFrom('pages')
        .select(['idx', 'type', 'width', 'height', 'encryption_key', 'source'])
        .where('chapter_id', '=', chapterId)
        .orderBy('idx')
        .execute();
      const c = await db
        .selectFrom('chapters as c')
        .innerJoin('titles as t', 't.id', 'c.title_id')
        .select(['c.name as chapter_name', 'c.is_vertical_only', 't.name as title_name', 't.language'])
        .where('c.id', '=', chapterId)
        .executeTakeFirst();
      return c && { ...c, pages: rows };
    },

    title(id: number) {
      return db.selectFrom('titles').select(['id', 'name', 'author', 'series_id', 'language']).where('id', '=', id).executeTakeFirst();
    },

    /** The name of a series' title in a language (a banner drawn in that language names the title as its readers know it). */
    async seriesTitleName(seriesId: number, language: number): Promise<string | undefined> {
      const r = await db
        .selectFrom('titles')
        .select('name')
        .where('series_id', '=', seriesId)
        .where('language', '=', language)
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      return r?.name;
    },

    chapter(id: number) {
      return db
        .selectFrom('chapters as c')
        .innerJoin('titles as t', 't.id', 'c.title_id')
        .select(['c.id', 'c.name', 'c.sub_title', 'c.start_ts', 't.series_id', 't.name as title_name', 't.language'])
        .where('c.id', '=', id)
        .executeTakeFirst();
    },

    banner(id: number) {
      return db.selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirst();
    },

    popup(id: number) {
      return db.selectFrom('popups').selectAll().where('id', '=', id).executeTakeFirst();
    },

    publisher(id: number) {
      return db.selectFrom('publishers').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
    },
  };
}
export type ImagesRepo = ReturnType<typeof imagesRepo>;
