import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { DB } from '../db/index.js';
import { dialectOf } from '../db/dialect.js';
import { noticeSql } from '../cluster/notices.js';
import { LabelCode, Rating, ReleaseSchedule, TitleUpdateStatus, UpdateTiming } from '../../core/gen/manga/v1/common_pb.js';

/** A chapter to write (server/catalog/import.ts prepares its pages). */
export interface NewChapter {
  /** An existing title, or a new one (with its series) from newTitle. */
  titleId?: number;
  newTitle?: { name: string; author: string; language: number; overview?: string };
  chapterName: string;
  subTitle?: string;
  start: number;
  end: number;
  verticalOnly: boolean;
  horizontalOnly: boolean;
  pages: { type: number; width: number; height: number; key: string }[];
  now: number;
}

/**
 * The image URLs a new title's and chapter's rows carry, given by the importer
 * (server/images/assets.ts names them; the images sit above the repositories).
 */
export interface ImportUrls {
  titleImageUrl: (titleId: number, kind: 'portrait' | 'landscape' | 'title' | 'background' | 'favorite') => string;
  chapterThumbUrl: (chapterId: number) => string;
}

/** The chapter import's data access: checks before the work, and the rows written in one transaction. */
export function importsRepo(db: DB, { titleImageUrl, chapterThumbUrl }: ImportUrls) {
  return {
    async titleExists(id: number): Promise<boolean> {
      return !!(await db.selectFrom('titles').select(['id']).where('id', '=', id).executeTakeFirst());
    },

    /** The id of the title's chapter of that name, if any. */
    async chapterNamed(titleId: number, name: string): Promise<number | undefined> {
      const dup = await db.selectFrom('chapters').select('id').where('title_id', '=', titleId).where('name', '=', name).executeTakeFirst();
      return dup?.id;
    },

    /**
     * Writes the chapter (and its new title) in one transaction; `then` runs
     * inside it with the new ids, so that its failure rolls the rows back.
     * On PostgreSQL the commit also sends the 'published' notice to every node.
     */
    async writeChapter<T>(o: NewChapter, then: (ids: { titleId: number; chapterId: number }) => Promise<T>): Promise<T> {
      return db.transaction().execute(async (trx) => {
        const titleId = o.titleId ?? (await insertTitle(trx, o.newTitle!, o.now, titleImageUrl));
        const chapterId = await nextChapterId(trx);
        await insertChapter(trx, o, titleId, chapterId, chapterThumbUrl(chapterId));
        const result = await then({ titleId, chapterId });
        if (dialectOf(db) === 'postgres') await noticeSql({ kind: 'published', chapterId, titleId }).execute(trx);
        return result;
      });
    },
  };
}

/** One above the table's largest id, 1 when it has none. */
async function nextNumber(trx: Kysely<Database>, table: 'series' | 'titles'): Promise<number> {
  const row = await trx
    .selectFrom(table)
    .select((eb) => eb.fn.max('id').as('m'))
    .executeTakeFirst();
  return Number(row?.m ?? 0) + 1;
}

/** A new series of one title, with the importer's defaults (ongoing, no schedule, all ages); its title's id. */
async function insertTitle(
  trx: Kysely<Database>,
  nt: NonNullable<NewChapter['newTitle']>,
  now: number,
  titleImageUrl: ImportUrls['titleImageUrl'],
): Promise<number> {
  const sid = await nextNumber(trx, 'series');
  const titleId = await nextNumber(trx, 'titles');
  const slug = `${
    nt.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'series'
  }-${sid}`;
  await trx
    .insertInto('series')
    .values({
      id: sid,
      slug,
      label: LabelCode.OTHERS,
      status: 'ongoing',
      release_schedule: ReleaseSchedule.OTHER,
      update_timing: UpdateTiming.NOT_REGULARLY,
      rating: Rating.ALLAGE,
      is_simulpub: 0,
      plan_type: 'standard',
      publisher_id: 1,
      start_from_right: 0,
      region_code: '',
      created_at: now,
    })
    .execute();
  await trx
    .insertInto('titles')
    .values({
      id: titleId,
      series_id: sid,
      language: nt.language,
      name: nt.name,
      author: nt.author,
      overview: nt.overview ?? '',
      portrait_image_url: titleImageUrl(titleId, 'portrait'),
      landscape_image_url: titleImageUrl(titleId, 'landscape'),
      title_image_url: titleImageUrl(titleId, 'title'),
      background_image_url: titleImageUrl(titleId, 'background'),
      favorite_image_url: titleImageUrl(titleId, 'favorite'),
      view_count: 0,
      update_status: TitleUpdateStatus.NEW,
      viewing_period_description: '',
      non_appearance_info: '',
      is_new: 1,
      created_at: now,
    })
    .execute();
  return titleId;
}

/** The chapter, last in its title's order, and its pages. */
async function insertChapter(
  trx: Kysely<Database>,
  o: NewChapter,
  titleId: number,
  chapterId: number,
  thumbnailUrl: string,
): Promise<void> {
  const last = await trx
    .selectFrom('chapters')
    .select((eb) => eb.fn.max('seq').as('m'))
    .where('title_id', '=', titleId)
    .executeTakeFirst();
  await trx
    .insertInto('chapters')
    .values({
      id: chapterId,
      title_id: titleId,
      seq: Number(last?.m ?? 0) + 1,
      name: o.chapterName,
      sub_title: o.subTitle ?? '',
      thumbnail_url: thumbnailUrl,
      start_ts: o.start,
      end_ts: o.end,
      is_vertical_only: o.verticalOnly ? 1 : 0,
      is_horizontal_only: o.horizontalOnly ? 1 : 0,
      view_count: 0,
      ticket_end: 0,
      notified_at: 0,
    })
    .execute();
  await trx
    .insertInto('pages')
    .values(
      o.pages.map((r, idx) => ({
        chapter_id: chapterId,
        idx,
        type: r.type,
        width: r.width,
        height: r.height,
        encryption_key: r.key,
        source: 'file',
      })),
    )
    .execute();
}

/**
 * The next chapter id: above every chapter readers see and every console
 * draft, which takes its id before it reaches `chapters`.
 */
export async function nextChapterId(db: Kysely<Database>): Promise<number> {
  const max = async (t: 'chapters' | 'console_chapters') =>
    Number(
      (
        await db
          .selectFrom(t)
          .select((eb) => eb.fn.max('id').as('m'))
          .executeTakeFirst()
      )?.m ?? 0,
    );
  return Math.max(await max('chapters'), await max('console_chapters')) + 1;
}
